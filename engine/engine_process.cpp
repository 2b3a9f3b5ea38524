#include "engine/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>

namespace arbiter::engine {

EngineProcess::EngineProcess(const std::string& command) {
    // A write to an engine that died must fail with EPIPE, not kill the match.
    ::signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0)
        throw std::runtime_error("cannot create a pipe for the engine");
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        throw std::runtime_error("cannot create a pipe for the engine");
    }
    const std::string script = "exec " + command;
    pid_t pid = ::fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
        throw std::runtime_error("cannot start the engine process");
    }
    if (pid == 0) {
        // Child: only async-signal-safe calls until exec.
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        int devnull = ::open("/dev/null", O_WRONLY);
        if (devnull >= 0) ::dup2(devnull, 2);
        ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    pid_ = pid;
    ::close(in[0]);
    ::close(out[1]);
    toEngine_ = in[1];
    fromEngine_ = out[0];
    ::fcntl(fromEngine_, F_SETFL, ::fcntl(fromEngine_, F_GETFL) | O_NONBLOCK);
}

EngineProcess::~EngineProcess() {
    if (pid_ > 0) {
        send("quit");
        auto until = Clock::now() + std::chrono::milliseconds(300);
        int status = 0;
        bool reaped = false;
        while (Clock::now() < until) {
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                reaped = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (!reaped) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, &status, 0);
        }
    }
    if (toEngine_ >= 0) ::close(toEngine_);
    if (fromEngine_ >= 0) ::close(fromEngine_);
}

void EngineProcess::kill() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    eof_ = true;
}

bool EngineProcess::send(const std::string& line) {
    if (toEngine_ < 0) return false;
    std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(toEngine_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

bool EngineProcess::wait_for(const std::string& token, std::chrono::milliseconds timeout,
                             std::string* idName) {
    const auto deadline = Clock::now() + timeout;
    while (auto line = read_line(deadline)) {
        if (idName && line->rfind("id name ", 0) == 0) *idName = line->substr(8);
        if (*line == token || line->rfind(token + " ", 0) == 0) return true;
    }
    return false;
}

std::optional<std::string> EngineProcess::read_line(Clock::time_point deadline) {
    while (true) {
        auto newline = buffer_.find('\n');
        if (newline != std::string::npos) {
            std::string line = buffer_.substr(0, newline);
            buffer_.erase(0, newline + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (eof_) return std::nullopt;
        auto now = Clock::now();
        if (now >= deadline) return std::nullopt;
        auto waitMs = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        pollfd p{fromEngine_, POLLIN, 0};
        int r = ::poll(&p, 1, int(std::min<long long>(waitMs + 1, 1000)));
        if (r < 0 && errno != EINTR) {
            eof_ = true;
            return std::nullopt;
        }
        if (r <= 0) continue;
        char chunk[4096];
        ssize_t n = ::read(fromEngine_, chunk, sizeof chunk);
        if (n > 0)
            buffer_.append(chunk, std::size_t(n));
        else if (n == 0)
            eof_ = true;
        else if (errno != EAGAIN && errno != EINTR)
            eof_ = true;
        if (buffer_.size() > (1u << 20)) buffer_.clear();  // a runaway engine: drop the junk
    }
}

}  // namespace arbiter::engine
