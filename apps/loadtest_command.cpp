// `arbiter loadtest`: many concurrent two-player chess games of random legal moves over
// WebSockets, then a bare WebSocket echo on the same server as the reference ceiling.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

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

struct Stats {
    std::mutex mutex;
    std::vector<std::uint32_t> latenciesUs;
    std::atomic<std::uint64_t> done{0}, errors{0}, games{0};
    void add(std::vector<std::uint32_t>& local) {
        std::lock_guard lock(mutex);
        latenciesUs.insert(latenciesUs.end(), local.begin(), local.end());
        local.clear();
    }
};

struct Target {
    std::string host, port;
};

struct Shared {
    asio::io_context& ioc;
    tcp::endpoint endpoint;
    Target target;
    Stats& stats;
    std::atomic<bool>& running;
};

// One WebSocket connection of one seat; the game's two connections share a strand.
class Seat : public std::enable_shared_from_this<Seat> {
public:
    Seat(Shared& shared, asio::strand<asio::io_context::executor_type> strand, std::string path,
         std::string side, std::function<void()> onEnd)
        : s_(shared), ws_(strand), timer_(strand), path_(std::move(path)), side_(std::move(side)),
          onEnd_(std::move(onEnd)), random_(std::uint64_t(Clock::now().time_since_epoch().count())) {}

    void start() {
        beast::get_lowest_layer(ws_).async_connect(s_.endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->end(true);
            beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
            self->ws_.async_handshake(self->s_.target.host, self->path_, [self](beast::error_code ec) {
                if (ec) return self->end(true);
                self->read();
            });
        });
    }
    void stop() {
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->end(!self->over_);
            auto text = beast::buffers_to_string(self->buffer_.data());
            self->buffer_.consume(self->buffer_.size());
            self->on_message(text);
            if (!self->over_) self->read();
        });
    }

    void on_message(const std::string& text) {
        json::object m = json::parse(text).as_object();
        std::string_view type = m.at("type").as_string();
        if (type == "welcome") {
            const auto& view = m.at("view").as_object();
            seenEvents_ = view.at("events").to_number<std::uint64_t>();
            fen_ = std::string(view.at("fen").as_string());
            if (view.at("toMove").is_string() && view.at("toMove").as_string() == side_) play();
        } else if (type == "event") {
            const auto& e = m.at("event").as_object();
            if (e.at("seq").to_number<std::uint64_t>() < seenEvents_) return;
            std::string_view etype = e.at("type").as_string();
            if (etype == "move") {
                fen_ = std::string(e.at("fen").as_string());
                // The FEN's second field names the side to move.
                auto space = fen_.find(' ');
                bool whiteToMove = space != std::string::npos && fen_[space + 1] == 'w';
                if (whiteToMove == (side_ == "white")) play();
            } else if (etype == "result") {
                over_ = true;
                stop();
                end(false);
            }
        } else if (type == "ack") {
            auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_).count();
            if (s_.running) {
                latencies_.push_back(std::uint32_t(us));
                s_.stats.done++;
                if (latencies_.size() >= 256) s_.stats.add(latencies_);
            }
        } else if (type == "error") {
            s_.stats.errors++;
            // Refused (rate limit, or a race with the game's end): try again shortly.
            timer_.expires_after(std::chrono::milliseconds(20));
            timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
                if (!ec && !self->over_) self->play();
            });
        }
    }

    void play() {
        if (!s_.running) {
            over_ = true;
            stop();
            return end(false);
        }
        Position pos = Position::from_fen(fen_);
        auto moves = legal_moves(pos);
        if (moves.size() == 0) return;
        Move mv = moves[random_.uniform(std::uint32_t(moves.size()))];
        out_ = R"({"type":"action","id":)" + std::to_string(++id_) +
               R"(,"action":{"type":"move","move":")" + to_uci(pos, mv) + "\"}}";
        sent_ = Clock::now();
        ws_.text(true);
        ws_.async_write(asio::buffer(out_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) self->end(true);
        });
    }

    void end(bool failed) {
        if (ended_) return;
        ended_ = true;
        if (failed && s_.running) s_.stats.errors++;
        s_.stats.add(latencies_);
        if (onEnd_) onEnd_();
    }

    Shared& s_;
    websocket::stream<beast::tcp_stream> ws_;
    asio::steady_timer timer_;
    beast::flat_buffer buffer_;
    std::string path_, side_, fen_, out_;
    std::function<void()> onEnd_;
    referee::SeededRandom random_;
    std::uint64_t seenEvents_ = 0, id_ = 0;
    Clock::time_point sent_;
    bool over_ = false, ended_ = false;
    std::vector<std::uint32_t> latencies_;
};

// Creates a local game over HTTP, then plays it with two seats; starts a new one when it ends.
class GameLoop : public std::enable_shared_from_this<GameLoop> {
public:
    explicit GameLoop(Shared& shared)
        : s_(shared), strand_(asio::make_strand(shared.ioc)), stream_(strand_) {}

    void start() {
        if (!s_.running) return;
        stream_.async_connect(s_.endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return self->retry();
            self->req_ = {http::verb::post, "/api/games", 11};
            self->req_.set(http::field::host, self->s_.target.host);
            self->req_.set(http::field::content_type, "application/json");
            self->req_.body() = R"({"variant":"chess","opponent":"local","color":"white"})";
            self->req_.prepare_payload();
            http::async_write(self->stream_, self->req_, [self](beast::error_code ec, std::size_t) {
                if (ec) return self->retry();
                self->res_ = {};
                http::async_read(self->stream_, self->buffer_, self->res_, [self](beast::error_code ec, std::size_t) {
                    beast::error_code ignored;
                    self->stream_.socket().close(ignored);
                    if (ec || self->res_.result_int() != 201) return self->retry();
                    self->begin(json::parse(self->res_.body()).as_object());
                });
            });
        });
    }

private:
    void retry() {
        s_.stats.errors++;
        if (!s_.running) return;
        auto timer = std::make_shared<asio::steady_timer>(strand_, std::chrono::milliseconds(50));
        timer->async_wait([self = shared_from_this(), timer](beast::error_code) { self->start(); });
    }

    void begin(const json::object& created) {
        std::string id(created.at("id").as_string());
        auto self = shared_from_this();
        remaining_ = 2;
        auto onEnd = [self] {
            if (--self->remaining_ == 0) {
                self->s_.stats.games++;
                self->seats_.clear();
                asio::post(self->strand_, [self] { self->start(); });
            }
        };
        for (const char* side : {"white", "black"}) {
            std::string path = "/ws/games/" + id + "?token=" + std::string(created.at("tokens").at(side).as_string());
            seats_.push_back(std::make_shared<Seat>(s_, strand_, path, side, onEnd));
        }
        for (auto& seat : seats_) seat->start();
    }

    Shared& s_;
    asio::strand<asio::io_context::executor_type> strand_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    http::request<http::string_body> req_;
    http::response<http::string_body> res_;
    std::vector<std::shared_ptr<Seat>> seats_;
    int remaining_ = 0;
};

// One echo connection: send, wait for the echo, repeat.
class Echo : public std::enable_shared_from_this<Echo> {
public:
    Echo(Shared& shared) : s_(shared), ws_(asio::make_strand(shared.ioc)) {}
    void start() {
        beast::get_lowest_layer(ws_).async_connect(s_.endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
            self->ws_.async_handshake(self->s_.target.host, "/ws/echo", [self](beast::error_code ec) {
                if (!ec) self->send();
            });
        });
    }

private:
    void send() {
        if (!s_.running) {
            s_.stats.add(latencies_);
            beast::error_code ec;
            beast::get_lowest_layer(ws_).socket().close(ec);
            return;
        }
        sent_ = Clock::now();
        ws_.text(true);
        ws_.async_write(asio::buffer(message_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            self->ws_.async_read(self->buffer_, [self](beast::error_code ec, std::size_t) {
                if (ec) return;
                self->buffer_.consume(self->buffer_.size());
                if (self->s_.running) {
                    self->latencies_.push_back(std::uint32_t(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - self->sent_).count()));
                    self->s_.stats.done++;
                    if (self->latencies_.size() >= 256) self->s_.stats.add(self->latencies_);
                }
                self->send();
            });
        });
    }

    Shared& s_;
    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::string message_ = R"({"type":"action","id":1,"action":{"type":"move","move":"e2e4"}})";
    Clock::time_point sent_;
    std::vector<std::uint32_t> latencies_;
};

struct Figures {
    double perSecond = 0, p50Ms = 0, p99Ms = 0;
    std::uint64_t count = 0, errors = 0, games = 0;
};

template <typename Start>
Figures measure(const Target& target, int threads, int seconds, Start start) {
    asio::io_context ioc;
    tcp::resolver resolver(ioc);
    auto endpoint = *resolver.resolve(target.host, target.port).begin();
    Stats stats;
    std::atomic<bool> running{true};
    Shared shared{ioc, endpoint, target, stats, running};
    std::vector<std::shared_ptr<void>> keep;  // destroyed before the io_context
    auto began = Clock::now();
    start(shared, keep);
    asio::steady_timer stopTimer(ioc, std::chrono::seconds(seconds));
    double elapsed = 0;
    stopTimer.async_wait([&](beast::error_code) {
        running = false;
        elapsed = std::chrono::duration<double>(Clock::now() - began).count();
        // Give in-flight exchanges a moment, then stop everything.
        auto grace = std::make_shared<asio::steady_timer>(ioc, std::chrono::milliseconds(300));
        grace->async_wait([&ioc, grace](beast::error_code) { ioc.stop(); });
    });
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back([&] { ioc.run(); });
    ioc.run();
    for (auto& t : pool) t.join();
    Figures f;
    f.count = stats.done;
    f.errors = stats.errors;
    f.games = stats.games;
    f.perSecond = elapsed > 0 ? double(stats.done) / elapsed : 0;
    auto& l = stats.latenciesUs;
    if (!l.empty()) {
        std::sort(l.begin(), l.end());
        f.p50Ms = l[l.size() / 2] / 1000.0;
        f.p99Ms = l[std::min(l.size() - 1, l.size() * 99 / 100)] / 1000.0;
    }
    return f;
}

Target parse_url(const std::string& url) {
    std::string rest = url;
    if (rest.starts_with("ws://")) rest = rest.substr(5);
    else if (rest.starts_with("http://")) rest = rest.substr(7);
    else throw UsageError("--url must look like ws://127.0.0.1:8080");
    rest = rest.substr(0, rest.find('/'));
    auto colon = rest.rfind(':');
    if (colon == std::string::npos) return {rest, "80"};
    return {rest.substr(0, colon), rest.substr(colon + 1)};
}

}  // namespace

void add_loadtest_command(CLI::App& app, Registry& registry) {
    auto* cmd = app.add_subcommand("loadtest", "Play many concurrent random chess games against a running server");
    struct Options {
        std::string url = "ws://127.0.0.1:8080";
        int games = 500, seconds = 10, threads = 1;
    };
    auto o = std::make_shared<Options>();
    cmd->add_option("--url", o->url, "Server address")->capture_default_str();
    cmd->add_option("--games", o->games, "Concurrent games (two WebSockets each)")->capture_default_str();
    cmd->add_option("--seconds", o->seconds, "Duration of each of the two phases")->capture_default_str();
    cmd->add_option("--threads", o->threads, "Client threads")->capture_default_str();
    cmd->callback([&registry, o] {
        registry.action = [o] {
            if (o->games < 1 || o->seconds < 1 || o->threads < 1)
                throw UsageError("--games, --seconds and --threads must be positive");
            Target target = parse_url(o->url);
            Figures games = measure(target, o->threads, o->seconds, [&](Shared& s, auto& keep) {
                for (int i = 0; i < o->games; ++i) {
                    auto loop = std::make_shared<GameLoop>(s);
                    keep.push_back(loop);
                    loop->start();
                }
            });
            std::printf("games: %d concurrent, %llu finished, %.0f moves/s, latency p50 %.2f ms, p99 %.2f ms, %llu errors\n",
                        o->games, (unsigned long long)games.games, games.perSecond, games.p50Ms,
                        games.p99Ms, (unsigned long long)games.errors);
            Figures echo = measure(target, o->threads, o->seconds, [&](Shared& s, auto& keep) {
                for (int i = 0; i < 2 * o->games; ++i) {
                    auto e = std::make_shared<Echo>(s);
                    keep.push_back(e);
                    e->start();
                }
            });
            std::printf("echo:  %d connections, %.0f round trips/s, latency p50 %.2f ms, p99 %.2f ms\n",
                        2 * o->games, echo.perSecond, echo.p50Ms, echo.p99Ms);
            std::printf("moves/s as a share of the echo ceiling: %.0f%%\n",
                        echo.perSecond > 0 ? 100.0 * games.perSecond / echo.perSecond : 0.0);
            return 0;
        };
    });
}

}  // namespace arbiter::apps
