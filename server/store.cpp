#include "server/store.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include <boost/asio/post.hpp>

#include "server/log.h"
#include "server/loops.h"

namespace arbiter::server {

bool is_postgres_url(const std::string& where) {
    return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

std::unique_ptr<Db> open_db(const std::string& where, bool fullSync, const std::string& vfs,
                            const std::string& node) {
    if (is_postgres_url(where)) return open_postgres(where, node);
    return open_sqlite(where, fullSync, vfs);
}

std::string redacted_db(const std::string& where) {
    if (!is_postgres_url(where)) return where;
    // postgresql://user:password@host/db -> postgresql://user:***@host/db; query words too.
    std::string out = where;
    auto scheme = out.find("://") + 3;
    auto at = out.find('@', scheme);
    auto slash = out.find('/', scheme);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
        auto colon = out.find(':', scheme);
        if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
    }
    for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
        auto end = out.find('&', p);
        out.replace(p + 9, (end == std::string::npos ? out.size() : end) - p - 9, "***");
    }
    return out;
}

namespace {
std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}
constexpr auto Heartbeat = std::chrono::milliseconds(500);
}  // namespace

Store::Store(std::unique_ptr<Db> db) : db_(std::move(db)) {}

Store::Store(const std::string& where, bool fullSync, const std::string& vfs,
             const std::string& node)
    : db_(open_db(where, fullSync, vfs, node)) {}

Store::~Store() { stop(); }

void Store::start(std::function<void(std::function<void()>)> post) {
    post_ = std::move(post);
    writer_ = std::thread([this] { run(); });
}

void Store::submit(Job job, Done done) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back({std::move(job), std::move(done), current_loop()});
    }
    wake_.notify_one();
}

void Store::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (writer_.joinable()) {
        writer_.join();
        db_->leave(wall_ms());
    }
}

void Store::note_health(bool ok, const char* error) {
    // Logged once per incident, not once per failed write.
    bool was = healthy_.exchange(ok, std::memory_order_relaxed);
    if (was && !ok)
        log(LogLevel::Error, "storage unavailable: writes fail; games answer 503 until they work",
            {{"error", error}});
    else if (!was && ok)
        log(LogLevel::Info, "storage available again");
}

void Store::run() {
    std::vector<Queued> batch;
    auto lastMark = std::chrono::steady_clock::now();
    for (;;) {
        bool stopping;
        {
            std::unique_lock lock(mutex_);
            wake_.wait_until(lock, lastMark + Heartbeat,
                             [&] { return stopping_ || !queue_.empty(); });
            stopping = stopping_;
            batch.swap(queue_);
        }
        if (batch.empty() && !stopping && std::chrono::steady_clock::now() < lastMark + Heartbeat)
            continue;
        // Every transaction carries the heartbeat; an idle server writes it alone. A job that
        // wrote nothing (a game being read back) stands even if the COMMIT fails.
        std::vector<char> jobOk(batch.size(), 0), wrote(batch.size(), 0);
        std::string error;
        bool committed = true;
        // A batch of several jobs first runs without savepoints (two round trips fewer per job
        // on PostgreSQL); if any job fails, the whole transaction is rolled back and the batch
        // runs again with a savepoint per job, so that the failing job is undone alone. Jobs
        // only write what they captured, so running one again writes the same.
        bool guarded = batch.size() == 1;
        for (;;) {
            std::fill(jobOk.begin(), jobOk.end(), 0);
            std::fill(wrote.begin(), wrote.end(), 0);
            error.clear();
            committed = true;
            bool retry = false;
            try {
                db_->begin();
                for (std::size_t i = 0; i < batch.size() && !retry; ++i) {
                    std::uint64_t before = db_->rows_written();
                    try {
                        if (guarded) db_->savepoint();
                        batch[i].job(*db_);
                        if (guarded) db_->release();
                        jobOk[i] = 1;
                    } catch (const std::exception& e) {
                        if (!guarded) {
                            retry = true;
                            break;
                        }
                        db_->rollback_to_savepoint();
                        if (error.empty()) error = e.what();
                    }
                    wrote[i] = db_->rows_written() != before;
                }
                if (retry) {
                    db_->rollback();
                    guarded = true;
                    continue;
                }
                db_->mark_alive(wall_ms());
                db_->commit();
                ++transactions_;
            } catch (const std::exception& e) {
                db_->rollback();
                committed = false;
                if (error.empty()) error = e.what();
            }
            break;
        }
        lastMark = std::chrono::steady_clock::now();
        bool allOk = committed && std::find(jobOk.begin(), jobOk.end(), 0) == jobOk.end();
        // Down at the first failure; up again only when a real write commits (a heartbeat
        // can squeeze into a full disk where a move does not).
        if (!allOk)
            note_health(false, error.c_str());
        else if (std::find(wrote.begin(), wrote.end(), 1) != wrote.end())
            note_health(true, "");
        // One hand-over per loop and batch: each loop runs its completions in the order they
        // were queued.
        using Dones = std::vector<std::pair<Done, bool>>;
        std::vector<std::pair<boost::asio::io_context*, std::shared_ptr<Dones>>> byLoop;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (!batch[i].done) continue;
            auto it = std::find_if(byLoop.begin(), byLoop.end(),
                                   [&](const auto& g) { return g.first == batch[i].home; });
            if (it == byLoop.end())
                it = byLoop.insert(byLoop.end(), {batch[i].home, std::make_shared<Dones>()});
            it->second->emplace_back(std::move(batch[i].done),
                                     jobOk[i] && (committed || !wrote[i]));
        }
        batch.clear();
        for (auto& [home, dones] : byLoop) {
            auto run = [dones = dones] {
                for (auto& [done, ok] : *dones) done(ok);
            };
            if (home)
                boost::asio::post(*home, std::move(run));
            else
                post_(std::move(run));
        }
        if (stopping) {
            std::lock_guard lock(mutex_);
            if (queue_.empty()) return;  // stopping and drained; the last mark is the stop time
        }
    }
}

}  // namespace arbiter::server
