// A UCI engine running as a child process, talked to through pipes. Reads never block
// past a deadline, so a hung or dead engine cannot hang the caller; the destructor asks
// the engine to quit and kills it if it does not.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>

namespace arbiter::engine {

class EngineProcess {
  public:
    using Clock = std::chrono::steady_clock;

    // Runs `command` through /bin/sh; throws std::runtime_error if no process can be made.
    explicit EngineProcess(const std::string& command);
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Sends one line; false if the engine no longer reads its input.
    bool send(const std::string& line);
    // The next output line, or nothing once the deadline has passed or the output closed.
    std::optional<std::string> read_line(Clock::time_point deadline);
    // Reads until a line that is `token` or starts with `token` and a space; false on a
    // timeout or a closed output. Notes the text of an "id name" line on the way in *idName.
    bool wait_for(const std::string& token, std::chrono::milliseconds timeout,
                  std::string* idName = nullptr);
    // Whether the engine closed its output (it exited or crashed).
    bool closed() const { return eof_; }
    void kill();

  private:
    pid_t pid_ = -1;
    int toEngine_ = -1;
    int fromEngine_ = -1;
    std::string buffer_;
    bool eof_ = false;
};

}  // namespace arbiter::engine
