#include "server/analysis.h"

#include <boost/asio/post.hpp>

#include <cmath>

#include "server/analysis_game.h"
#include "server/log.h"

namespace arbiter::server {

namespace asio = boost::asio;

namespace {
// Retry-After when every analysis slot is taken: about one short game's analysis.
constexpr int BusyRetrySeconds = 10;
// Buckets of addresses that have not asked for a while are dropped past this many.
constexpr std::size_t BucketPrune = 10'000;

bool loopback(const std::string& address) {
    return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.");
}
}  // namespace

struct Analyses::Job {
    std::string id;
    std::string initialFen;
    std::vector<std::string> moves;
    std::uint64_t nodes = 0;
    std::unique_ptr<GameAnalyser> analyser;  // built on the pool
    std::atomic<std::size_t> done{0};
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::size_t total() const { return moves.size() + 1; }
};

Analyses::Analyses(asio::io_context& ioc, asio::thread_pool& pool, ViewGame view,
                   AnalysisLimits limits)
    : ioc_(ioc), pool_(pool), view_(std::move(view)), limits_(limits) {}

Analyses::~Analyses() = default;

Outcome Analyses::answer(const Entry& e) {
    if (e.result) return Outcome{200, nullptr, *e.result, "application/json"};
    return Outcome{
        202,
        json::object{
            {"status", "running"}, {"done", e.job->done.load()}, {"total", e.job->total()}},
        {},
        {}};
}

void Analyses::check_game(const std::string& id,
                          std::function<void(std::optional<Outcome>, json::object)> done) {
    view_(id, [done = std::move(done)](Outcome o) {
        if (o.status != 200 || !o.body.is_object()) return done(std::move(o), {});
        json::object& body = o.body.as_object();
        auto variant = body.if_contains("variant");
        auto status = body.if_contains("status");
        auto view = body.if_contains("view");
        if (!variant || !variant->is_string() || variant->as_string() != "chess")
            return done(
                api_error(409, "not-chess",
                          "computer analysis is given for chess games only, not for Chief & Spy "
                          "or Minesweeper Chess"),
                {});
        if (!status || !status->is_string() ||
            (status->as_string() != "finished" && status->as_string() != "aborted"))
            return done(api_error(409, "not-finished",
                                  "the game is not over: computer analysis is given only after "
                                  "the game"),
                        {});
        if (!view || !view->is_object())
            return done(api_error(409, "not-chess", "no chess view"), {});
        done(std::nullopt, std::move(view->as_object()));
    });
}

std::optional<Outcome> Analyses::take_token(const Client& client) {
    if (client.address.empty() || (loopback(client.address) && !limits_.limitLoopback))
        return std::nullopt;
    const double perSecond = limits_.perHour / 3600.0;
    auto now = std::chrono::steady_clock::now();
    if (buckets_.size() > BucketPrune)
        std::erase_if(buckets_, [&](const auto& kv) {
            const Bucket& b = kv.second;
            return b.tokens + perSecond * std::chrono::duration<double>(now - b.refilled).count() >=
                   limits_.perHour;
        });
    auto [it, fresh] = buckets_.try_emplace(client.address);
    Bucket& b = it->second;
    if (fresh) {
        b.tokens = limits_.perHour;
    } else {
        double elapsed = std::chrono::duration<double>(now - b.refilled).count();
        b.tokens = std::min(limits_.perHour, b.tokens + perSecond * elapsed);
    }
    b.refilled = now;
    if (b.tokens < 1) {
        int wait = int(std::ceil((1 - b.tokens) / perSecond));
        return retry_error(429, "too-many-analyses",
                           "this address has asked for as many analyses as it may this hour",
                           std::max(1, wait));
    }
    b.tokens -= 1;
    return std::nullopt;
}

void Analyses::request(const std::string& id, const Client& client, Reply reply) {
    if (auto it = entries_.find(id); it != entries_.end()) return reply(answer(it->second));
    check_game(id, [this, id, client, reply](std::optional<Outcome> error, json::object view) {
        if (error) return reply(std::move(*error));
        // Someone else may have started it while the game was loading.
        if (auto it = entries_.find(id); it != entries_.end()) return reply(answer(it->second));
        auto moves = view.if_contains("moves");
        if (!moves || !moves->is_array() || moves->as_array().empty())
            return reply(api_error(409, "no-moves", "the game has no moves to analyse"));
        if (running_ >= limits_.atOnce)
            return reply(retry_error(429, "analysis-busy",
                                     "the server is computing as many analyses as it can: "
                                     "try again shortly",
                                     BusyRetrySeconds));
        if (auto e = take_token(client)) return reply(std::move(*e));
        start(id, std::move(view), reply);
    });
}

void Analyses::fetch(const std::string& id, Reply reply) {
    if (auto it = entries_.find(id); it != entries_.end()) return reply(answer(it->second));
    check_game(id, [this, id, reply](std::optional<Outcome> error, json::object) {
        if (error) return reply(std::move(*error));
        if (auto it = entries_.find(id); it != entries_.end()) return reply(answer(it->second));
        // Not an error: the client asks this of every finished game it shows.
        reply(Outcome{200, json::object{{"status", "none"}}, {}, {}});
    });
}

void Analyses::start(const std::string& id, json::object view, Reply reply) {
    auto job = std::make_shared<Job>();
    job->id = id;
    job->nodes = limits_.nodes;
    if (auto f = view.if_contains("initialFen"); f && f->is_string())
        job->initialFen = std::string(f->as_string());
    else
        job->initialFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (const auto& m : view.at("moves").as_array())
        if (m.is_string()) job->moves.emplace_back(m.as_string());
    Entry& e = entries_[id];
    e.job = job;
    ++running_;
    log(LogLevel::Info, "analysis started", {{"game", id}, {"plies", job->moves.size()}});
    reply(answer(e));
    schedule(std::move(job));
}

// One position per task: the computer seats' moves queued meanwhile come in between.
void Analyses::schedule(std::shared_ptr<Job> job) {
    asio::post(pool_, [this, job = std::move(job)]() mutable {
        if (stopping_) return;
        SharedText text;
        bool failed = false;
        try {
            if (!job->analyser)
                job->analyser =
                    std::make_unique<GameAnalyser>(job->initialFen, job->moves, job->nodes);
            else
                job->analyser->step(&stopping_);
            if (stopping_) return;
            job->done = job->analyser->done();
            if (job->analyser->finished())
                text = std::make_shared<const std::string>(json::serialize(json::object{
                    {"status", "done"}, {"game", job->id}, {"analysis", job->analyser->result()}}));
        } catch (const std::exception& e) {
            log(LogLevel::Error, "analysis failed", {{"game", job->id}, {"error", e.what()}});
            failed = true;
        }
        if (!text && !failed) return schedule(std::move(job));
        job->analyser.reset();  // the table's memory goes back at once
        asio::post(ioc_, [this, job, text = std::move(text)] { finish(job, text); });
    });
}

void Analyses::finish(const std::shared_ptr<Job>& job, SharedText result) {
    --running_;
    auto it = entries_.find(job->id);
    if (it == entries_.end() || it->second.job != job) return;
    if (!result) {
        entries_.erase(it);
        return;
    }
    it->second.job.reset();
    it->second.result = std::move(result);
    log(LogLevel::Info, "analysis done",
        {{"game", job->id},
         {"plies", job->moves.size()},
         {"ms", std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - job->started)
                    .count()}});
    doneOrder_.push_back(job->id);
    while (doneOrder_.size() > std::max<std::size_t>(limits_.kept, 1)) {
        entries_.erase(doneOrder_.front());
        doneOrder_.pop_front();
    }
}

}  // namespace arbiter::server
