// Computer analysis of finished chess games, on request (docs/api.md, Analysis): the engine
// runs on the computer players' thread pool one position per task, so a computer seat waits
// at most one position's search; the event loop only books the results. Finished analyses
// are kept in memory (not stored: a restart computes them again on request), and each is
// computed once however many ask. Limited per client address and server-wide.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>

#include "server/lobby.h"

namespace arbiter::server {

struct AnalysisLimits {
    double perHour = 20;            // analyses one client address may start per hour
    int atOnce = 2;                 // analyses being computed at once, server-wide
    std::uint64_t nodes = 100'000;  // engine nodes per position
    std::size_t kept = 500;         // finished analyses kept in memory (oldest go first)
    bool limitLoopback = false;     // the per-address limit for loopback clients too
};

class Analyses {
  public:
    // A spectator's view of a game (GET /api/games/{id} without a token), answered on ioc.
    using ViewGame = std::function<void(const std::string& id, Reply)>;
    Analyses(boost::asio::io_context& ioc, boost::asio::thread_pool& pool, ViewGame view,
             AnalysisLimits limits);
    ~Analyses();

    // POST /api/games/{id}/analysis: starts the analysis of a finished chess game (or
    // answers the one already running or done). On the loop.
    void request(const std::string& id, const Client& client, Reply reply);
    // GET /api/games/{id}/analysis: the analysis, its progress, or why there is none.
    void fetch(const std::string& id, Reply reply);
    // Stops scheduling searches (before the pool is joined).
    void shutdown() { stopping_ = true; }

  private:
    struct Job;
    struct Entry {
        std::shared_ptr<Job> job;  // while running
        SharedText result;         // once done
    };
    struct Bucket {
        double tokens = 0;
        std::chrono::steady_clock::time_point refilled;
    };

    static Outcome answer(const Entry& e);
    // Checks the game through the lobby's spectator view; then done(error or the view).
    void check_game(const std::string& id,
                    std::function<void(std::optional<Outcome>, json::object view)> done);
    std::optional<Outcome> take_token(const Client& client);
    void start(const std::string& id, json::object view, Reply reply);
    void schedule(std::shared_ptr<Job> job);
    void finish(const std::shared_ptr<Job>& job, SharedText result);

    boost::asio::io_context& ioc_;
    boost::asio::thread_pool& pool_;
    ViewGame view_;
    AnalysisLimits limits_;
    std::unordered_map<std::string, Entry> entries_;
    std::deque<std::string> doneOrder_;  // finished analyses, oldest first
    std::unordered_map<std::string, Bucket> buckets_;
    int running_ = 0;
    std::atomic<bool> stopping_{false};
};

}  // namespace arbiter::server
