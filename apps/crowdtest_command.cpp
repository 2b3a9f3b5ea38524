// `arbiter crowdtest`: what a crowd of spectators costs the players. Creates one local chess
// game over HTTP, opens N spectator WebSockets on it, then plays M random legal moves over
// HTTP, one at a time, alternately as White and Black. For each move it measures the mover's
// acknowledgement (the POST round trip) and the time until the last spectator has the move's
// event, while GET /api/health is sampled. One io_context on one thread (C++20 coroutines);
// every connect, request and wait is bounded, and --seconds caps the whole run. The same
// thread reads every spectator socket, so it also prints its own CPU time per move: on a
// machine shared with the server, a large crowd's delivery time includes the reading.
#include <sys/resource.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "apps/commands.h"
#include "core/json.h"
#include "referee/random.h"
#include "variants/chess/uci.h"

namespace arbiter::apps {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using asio::awaitable;
using asio::use_awaitable;
using Ws = websocket::stream<beast::tcp_stream>;
// Awaits that give the error code back instead of throwing it.
constexpr auto NoThrow = asio::as_tuple(use_awaitable);

constexpr auto Step = std::chrono::seconds(10);            // one connect, handshake or request
constexpr auto MoveWait = std::chrono::seconds(30);        // one move reaching every spectator
constexpr auto ProbeEvery = std::chrono::milliseconds(5);  // under the per-connection rate

struct Options {
    std::string url = "ws://127.0.0.1:8080";
    int spectators = 1000, moves = 40, seconds = 120, parallel = 200;
    std::uint64_t seed = 1;
};

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// This process's CPU time so far (user + system), in ms.
double cpu_ms() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + double(u.ru_utime.tv_usec) +
            double(u.ru_stime.tv_usec)) /
           1000;
}

double percentile(std::vector<double> v, int p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, v.size() * std::size_t(p) / 100)];
}

// Everything the run saw; touched only from the one thread.
struct Crowd {
    Crowd(asio::io_context& ioc, Options o) : o(std::move(o)), wake(ioc) {}
    Options o;
    std::string host, port, gameId;
    tcp::endpoint endpoint;
    int connected = 0, tooMany = 0, busy = 0, failed = 0, dropped = 0, live = 0;
    int openersLeft = 0, played = 0, undelivered = 0;
    double joinSeconds = 0, movesCpuMs = 0;  // movesCpuMs: this client's CPU during the moves
    std::vector<int> received;               // per ply: spectators that have the move
    std::vector<Clock::time_point> lastAt;   // per ply: when the last of them got it
    std::vector<double> ackMs, deliveredMs, healthMs;
    bool probing = false, finished = false;
    std::string stopped;      // why the run ended early, if it did
    asio::steady_timer wake;  // cancelled whenever something the mover waits for happens

    bool delivered(int ply) const { return received[std::size_t(ply)] >= live; }
    void arrived(int ply, Clock::time_point at) {
        if (ply < 1 || std::size_t(ply) >= received.size()) return;
        ++received[std::size_t(ply)];
        lastAt[std::size_t(ply)] = at;
        if (delivered(ply)) wake.cancel();
    }
};

// One keep-alive HTTP/1.1 connection, opened again when the server has closed it.
class Api {
  public:
    Api(asio::io_context& ioc, Crowd& c) : stream_(ioc), c_(c) {}

    awaitable<http::response<http::string_body>> request(http::verb verb, std::string target,
                                                         std::string body = {},
                                                         std::string token = {}) {
        if (!open_) {
            stream_.expires_after(Step);
            co_await stream_.async_connect(c_.endpoint, use_awaitable);
            stream_.socket().set_option(tcp::no_delay(true));
            open_ = true;
        }
        http::request<http::string_body> req{verb, target, 11};
        req.set(http::field::host, c_.host);
        if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
        if (!body.empty()) req.set(http::field::content_type, "application/json");
        req.body() = std::move(body);
        req.prepare_payload();
        http::response<http::string_body> res;
        stream_.expires_after(Step);
        beast::error_code ec;
        std::tie(ec, std::ignore) = co_await http::async_write(stream_, req, NoThrow);
        if (!ec)
            std::tie(ec, std::ignore) = co_await http::async_read(stream_, buffer_, res, NoThrow);
        if (ec || !res.keep_alive()) close();
        if (ec) throw beast::system_error(ec);
        co_return res;
    }

  private:
    void close() {
        beast::error_code ignored;
        stream_.socket().close(ignored);
        buffer_.clear();
        open_ = false;
    }
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    Crowd& c_;
    bool open_ = false;
};

// The ply of a move event ({"type":"event","event":{…"type":"move","ply":N…}}), by a plain
// scan: the client reads N messages per move on one thread and must not be the bottleneck.
std::optional<int> move_ply(std::string_view text) {
    if (!text.starts_with(R"({"type":"event")") ||
        text.find(R"("type":"move")") == std::string_view::npos)
        return std::nullopt;
    auto at = text.find(R"("ply":)");
    if (at == std::string_view::npos) return std::nullopt;
    int ply = 0;
    for (std::size_t i = at + 6; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        ply = ply * 10 + (text[i] - '0');
    return ply;
}

// Reads a welcomed spectator's messages until its socket closes.
awaitable<void> watch(Crowd& c, std::shared_ptr<Ws> ws) {
    beast::flat_buffer buffer;
    for (;;) {
        auto [ec, n] = co_await ws->async_read(buffer, NoThrow);
        if (ec) break;
        auto at = Clock::now();
        auto data = buffer.cdata();
        if (auto ply = move_ply({static_cast<const char*>(data.data()), data.size()}))
            c.arrived(*ply, at);
        buffer.consume(buffer.size());
    }
    if (c.finished) co_return;
    ++c.dropped;
    --c.live;
    c.wake.cancel();
}

// Connects one spectator: WebSocket, hello, then welcome (true) or a refusal (counted).
awaitable<bool> join(Crowd& c, const std::shared_ptr<Ws>& ws) {
    auto& stream = beast::get_lowest_layer(*ws);
    auto [cec] = co_await stream.async_connect(c.endpoint, NoThrow);
    if (cec) {
        ++c.failed;
        co_return false;
    }
    stream.socket().set_option(tcp::no_delay(true));
    websocket::response_type res;
    auto [hec] = co_await ws->async_handshake(res, c.host, "/ws/games/" + c.gameId, NoThrow);
    if (hec) {
        ++(res.result_int() == 503 ? c.busy : c.failed);
        co_return false;
    }
    ws->text(true);
    beast::error_code ec;
    std::tie(ec, std::ignore) =
        co_await ws->async_write(asio::buffer(std::string_view(R"({"type":"hello"})")), NoThrow);
    beast::flat_buffer buffer;
    if (!ec) std::tie(ec, std::ignore) = co_await ws->async_read(buffer, NoThrow);
    if (ec) {
        ++c.failed;
        co_return false;
    }
    std::string text = beast::buffers_to_string(buffer.cdata());
    if (text.starts_with(R"({"type":"welcome")")) co_return true;
    ++(text.find(R"("code":"too-many-spectators")") != std::string::npos ? c.tooMany : c.failed);
    co_return false;
}

// One of --parallel workers taking the next spectator to connect, each within Step.
awaitable<void> opener(Crowd& c, int& next) {
    auto ex = co_await asio::this_coro::executor;
    while (next < c.o.spectators && !c.finished) {
        ++next;
        auto ws = std::make_shared<Ws>(ex);
        asio::steady_timer watchdog(ex, Step);
        watchdog.async_wait([weak = std::weak_ptr<Ws>(ws)](beast::error_code ec) {
            if (auto ws = weak.lock(); ws && !ec) beast::get_lowest_layer(*ws).close();
        });
        bool welcomed = co_await join(c, ws);
        watchdog.cancel();
        if (!welcomed) continue;
        ++c.connected;
        ++c.live;
        asio::co_spawn(ex, watch(c, ws), asio::detached);
    }
    if (--c.openersLeft == 0) c.wake.cancel();
}

// GET /api/health every ProbeEvery (at least once) until the move has reached everyone.
awaitable<void> probe(Crowd& c, std::shared_ptr<Api> api, int ply, Clock::time_point deadline) {
    asio::steady_timer pace(co_await asio::this_coro::executor);
    do {
        auto t = Clock::now();
        try {
            co_await api->request(http::verb::get, "/api/health");
            c.healthMs.push_back(ms(Clock::now() - t));
        } catch (const std::exception&) {
            break;
        }
        pace.expires_at(t + ProbeEvery);
        co_await pace.async_wait(NoThrow);
    } while (!c.finished && !c.delivered(ply) && Clock::now() < deadline);
    c.probing = false;
    c.wake.cancel();
}

// Waits (bounded) until done() holds; the events that can make it true cancel c.wake.
template <typename Done>
awaitable<bool> wait_until(Crowd& c, Clock::time_point deadline, Done done) {
    while (!done() && Clock::now() < deadline) {
        c.wake.expires_at(deadline);
        co_await c.wake.async_wait(NoThrow);
    }
    co_return done();
}

// A random legal move (fixed seed) that leaves the opponent a legal reply, so the game runs on.
std::optional<Move> pick(const Position& pos, referee::SeededRandom& random) {
    auto moves = legal_moves(pos);
    for (int tries = 0; tries < 32 && !moves.empty(); ++tries) {
        Move m = moves[int(random.uniform(std::uint32_t(moves.size())))];
        Position next = pos;
        next.do_move(m);
        if (!legal_moves(next).empty()) return m;
    }
    return std::nullopt;
}

awaitable<void> run(Crowd& c, asio::io_context& ioc) {
    // The probe's connection belongs to the probes too: one may outlive this coroutine.
    Api api(ioc, c);
    auto health = std::make_shared<Api>(ioc, c);
    auto res = co_await api.request(http::verb::post, "/api/games",
                                    R"({"variant":"chess","opponent":"local","color":"white"})");
    if (res.result_int() != 201) {
        c.stopped =
            "creating the game: HTTP " + std::to_string(res.result_int()) + " " + res.body();
        co_return;
    }
    json::object created = json::parse(res.body()).as_object();
    c.gameId = std::string(created.at("id").as_string());
    const auto& tokens = created.at("tokens").as_object();
    std::string token[2] = {std::string(tokens.at("white").as_string()),
                            std::string(tokens.at("black").as_string())};

    auto began = Clock::now();
    int next = 0;
    c.openersLeft = std::max(1, std::min(c.o.parallel, c.o.spectators));
    for (int i = 0, n = c.openersLeft; i < n; ++i)
        asio::co_spawn(ioc, opener(c, next), asio::detached);
    co_await wait_until(c, Clock::time_point::max(), [&] { return c.openersLeft == 0; });
    c.joinSeconds = std::chrono::duration<double>(Clock::now() - began).count();

    Position pos = Position::from_fen(StandardChessRules::StartFen);
    referee::SeededRandom random(c.o.seed);
    c.received.assign(std::size_t(c.o.moves) + 1, 0);
    c.lastAt.assign(std::size_t(c.o.moves) + 1, {});
    double cpu0 = cpu_ms();
    for (int ply = 1; ply <= c.o.moves; ++ply) {
        auto move = pick(pos, random);
        if (!move) {
            c.stopped = "no move keeps the game going at ply " + std::to_string(ply);
            break;
        }
        std::string body = R"({"type":"move","move":")" + to_uci(pos, *move) + "\"}";
        pos.do_move(*move);
        auto t0 = Clock::now();
        c.probing = true;
        asio::co_spawn(ioc, probe(c, health, ply, t0 + MoveWait), asio::detached);
        auto answer = co_await api.request(http::verb::post, "/api/games/" + c.gameId + "/actions",
                                           body, token[(ply - 1) % 2]);
        c.ackMs.push_back(ms(Clock::now() - t0));
        if (answer.result_int() != 200) {
            c.stopped = "move " + std::to_string(ply) + ": HTTP " +
                        std::to_string(answer.result_int()) + " " + answer.body();
            break;
        }
        ++c.played;
        bool all = co_await wait_until(c, t0 + MoveWait, [&] { return c.delivered(ply); });
        if (all && c.live > 0) c.deliveredMs.push_back(ms(c.lastAt[std::size_t(ply)] - t0));
        if (!all) ++c.undelivered;
        // The probe's own request is bounded by Step: it must be over before the next move.
        if (!co_await wait_until(c, t0 + MoveWait + Step + Step, [&] { return !c.probing; })) {
            c.stopped = "a health probe did not finish";
            break;
        }
    }
    c.movesCpuMs = cpu_ms() - cpu0;
}

tcp::endpoint resolve(asio::io_context& ioc, const std::string& url, Crowd& c) {
    std::string rest = url;
    if (rest.starts_with("ws://"))
        rest = rest.substr(5);
    else if (rest.starts_with("http://"))
        rest = rest.substr(7);
    else
        throw UsageError("--url must look like ws://127.0.0.1:8080");
    rest = rest.substr(0, rest.find('/'));
    auto colon = rest.rfind(':');
    c.host = colon == std::string::npos ? rest : rest.substr(0, colon);
    c.port = colon == std::string::npos ? "80" : rest.substr(colon + 1);
    tcp::resolver resolver(ioc);
    return *resolver.resolve(c.host, c.port).begin();
}

// Thousands of sockets: the soft open-file limit up to the hard one.
void raise_file_limit() {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
    }
}

int crowdtest(const Options& o) {
    raise_file_limit();
    asio::io_context ioc(1);
    Crowd c(ioc, o);
    c.endpoint = resolve(ioc, o.url, c);
    asio::co_spawn(ioc, run(c, ioc), [&](std::exception_ptr e) {
        try {
            if (e) std::rethrow_exception(e);
        } catch (const boost::system::system_error& x) {
            c.stopped = x.code().message();
        } catch (const std::exception& x) {
            c.stopped = x.what();
        }
        c.finished = true;
        ioc.stop();
    });
    asio::steady_timer cap(ioc, std::chrono::seconds(o.seconds));
    cap.async_wait([&](beast::error_code ec) {
        if (ec) return;
        c.stopped = "stopped by --seconds " + std::to_string(o.seconds);
        c.finished = true;
        ioc.stop();
    });
    ioc.run();

    int refused = c.tooMany + c.busy;
    std::printf(
        "crowdtest: game %s; spectators: %d asked, %d connected in %.2f s, %d refused "
        "(%d too-many-spectators, %d HTTP 503), %d failed, %d dropped\n",
        c.gameId.c_str(), o.spectators, c.connected, c.joinSeconds, refused, c.tooMany, c.busy,
        c.failed, c.dropped);
    std::printf("moves: %d of %d played; ack p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", c.played,
                o.moves, percentile(c.ackMs, 50), percentile(c.ackMs, 99),
                percentile(c.ackMs, 100));
    std::printf(
        "all spectators delivered: p50 %.2f ms, max %.2f ms (%d moves not delivered to "
        "all within %lld s)\n",
        percentile(c.deliveredMs, 50), percentile(c.deliveredMs, 100), c.undelivered,
        (long long)MoveWait.count());
    std::printf("health during delivery: %zu samples, p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                c.healthMs.size(), percentile(c.healthMs, 50), percentile(c.healthMs, 99),
                percentile(c.healthMs, 100));
    // The crowd is read by this same client on one thread: its own cost bounds what it can see.
    std::printf("client: %.2f ms of CPU per move (one thread reading every spectator socket)\n",
                c.played ? c.movesCpuMs / c.played : 0.0);
    if (!c.stopped.empty()) std::printf("stopped early: %s\n", c.stopped.c_str());
    return c.stopped.empty() ? 0 : 1;
}

}  // namespace

void add_crowdtest_command(CLI::App& app, Registry& registry) {
    auto* cmd = app.add_subcommand(
        "crowdtest", "Measure what N spectators of one game cost its players (move latency)");
    auto o = std::make_shared<Options>();
    cmd->add_option("--url", o->url, "Server address")->capture_default_str();
    cmd->add_option("--spectators", o->spectators, "Spectator WebSockets on the game")
        ->capture_default_str();
    cmd->add_option("--moves", o->moves, "Moves to play, one at a time")->capture_default_str();
    cmd->add_option("--seconds", o->seconds, "Cap on the whole run")->capture_default_str();
    cmd->add_option("--parallel", o->parallel, "Spectators connecting at once")
        ->capture_default_str();
    cmd->add_option("--seed", o->seed, "Seed of the random legal moves")->capture_default_str();
    cmd->callback([&registry, o] {
        registry.action = [o] {
            if (o->spectators < 0 || o->moves < 1 || o->seconds < 1 || o->parallel < 1)
                throw UsageError(
                    "--moves, --seconds and --parallel must be positive, --spectators not "
                    "negative");
            return crowdtest(*o);
        };
    });
}

}  // namespace arbiter::apps
