// Every core of a node: one event loop (an io_context and its thread) per core. A game lives on
// the loop its id hashes to, with everything of it: its lobby shard, its WebSockets and event
// streams, its timers. HTTP connections are spread over the loops and hand each request to
// the game's loop (and the answer back). Nothing is shared between loops but the store's
// writer, the computer pool and the connection table, which are thread-safe.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>
#include <thread>
#include <vector>

namespace arbiter::server {

class Lobby;

// Which of n loops holds a game (FNV-1a of its id: the same in every process).
std::size_t loop_of(std::string_view id, std::size_t n);

// The loop the calling thread runs, or null (the writer thread, a test's thread).
boost::asio::io_context* current_loop();

class Loops {
  public:
    explicit Loops(std::size_t n);
    ~Loops();
    Loops(const Loops&) = delete;
    Loops& operator=(const Loops&) = delete;

    std::size_t size() const { return loops_.size(); }
    boost::asio::io_context& ioc(std::size_t k) { return loops_[k]->ioc; }
    Lobby& lobby(std::size_t k) { return *loops_[k]->lobby; }
    void set_lobby(std::size_t k, Lobby* lobby) { loops_[k]->lobby = lobby; }
    std::size_t of_game(std::string_view id) const { return loop_of(id, size()); }
    // The next loop for a new connection, in turn.
    std::size_t next() { return turn_.fetch_add(1, std::memory_order_relaxed) % size(); }

    // Starts one thread per loop; each runs until stop().
    void run();
    // Runs queued work out, then ends the threads.
    void stop();

  private:
    struct Loop {
        boost::asio::io_context ioc{1};
        std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>>
            work;
        Lobby* lobby = nullptr;
        std::thread thread;
    };
    std::vector<std::unique_ptr<Loop>> loops_;
    std::atomic<std::size_t> turn_ = 0;
};

}  // namespace arbiter::server
