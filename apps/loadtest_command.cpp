// `arbiter loadtest`: many concurrent two-player chess games of random legal moves over
// WebSockets, then a bare WebSocket echo on the same server as the reference ceiling. With
// --accounts the games are rated games between accounts signed up beforehand.
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
#include <functional>
#include <mutex>
#include <random>
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
    std::atomic<std::uint64_t> done{0}, errors{0}, games{0}, rated{0};
    void add(std::vector<std::uint32_t>& local) {
        std::lock_guard lock(mutex);
        latenciesUs.insert(latenciesUs.end(), local.begin(), local.end());
        local.clear();
    }
};

struct Target {
    std::string host, port;
};

// An account of --accounts: what it sends as Authorization (a personal API token with `play`).
struct Account {
    std::string name, password, authorization;
};

struct Shared {
    asio::io_context& ioc;
    tcp::endpoint endpoint;
    Target target;
    Stats& stats;
    std::atomic<bool>& running;
    const std::vector<Account>* accounts = nullptr;  // none: local games without accounts
    std::atomic<std::uint64_t> pairings{0};
};

// One WebSocket connection of one seat; the game's two connections share a strand.
class Seat : public std::enable_shared_from_this<Seat> {
  public:
    // onEnd(true) once the game's result arrived, onEnd(false) when the seat stopped before.
    Seat(Shared& shared, asio::strand<asio::io_context::executor_type> strand, std::string path,
         std::string side, std::function<void(bool)> onEnd)
        : s_(shared),
          ws_(strand),
          timer_(strand),
          path_(std::move(path)),
          side_(std::move(side)),
          onEnd_(std::move(onEnd)),
          random_(std::uint64_t(Clock::now().time_since_epoch().count())) {}

    void start() {
        beast::get_lowest_layer(ws_).async_connect(
            s_.endpoint, [self = shared_from_this()](beast::error_code ec) {
                if (ec) return self->end(true);
                beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
                self->ws_.async_handshake(self->s_.target.host, self->path_,
                                          [self](beast::error_code ec) {
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
                over_ = resulted_ = true;
                stop();
                end(false);
            }
        } else if (type == "ack") {
            auto us =
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_).count();
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
        if (moves.empty()) return;
        Move mv = moves[random_.uniform(std::uint32_t(moves.size()))];
        out_ = R"({"type":"action","id":)" + std::to_string(++id_) +
               R"(,"action":{"type":"move","move":")" + to_uci(pos, mv) + "\"}}";
        sent_ = Clock::now();
        ws_.text(true);
        ws_.async_write(asio::buffer(out_),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) self->end(true);
                        });
    }

    void end(bool failed) {
        if (ended_) return;
        ended_ = true;
        if (failed && s_.running) s_.stats.errors++;
        s_.stats.add(latencies_);
        if (onEnd_) onEnd_(resulted_);
    }

    Shared& s_;
    websocket::stream<beast::tcp_stream> ws_;
    asio::steady_timer timer_;
    beast::flat_buffer buffer_;
    std::string path_, side_, fen_, out_;
    std::function<void(bool)> onEnd_;
    referee::SeededRandom random_;
    std::uint64_t seenEvents_ = 0, id_ = 0;
    Clock::time_point sent_;
    bool over_ = false, ended_ = false, resulted_ = false;
    std::vector<std::uint32_t> latencies_;
};

// Creates a game over HTTP, then plays it with two seats; starts a new one when it ends. Without
// accounts the game is local (one request gives both seat tokens); with them, a rated game
// made by one account and joined (by its invite) by another, each seat then played by its token.
class GameLoop : public std::enable_shared_from_this<GameLoop> {
  public:
    explicit GameLoop(Shared& shared)
        : s_(shared), strand_(asio::make_strand(shared.ioc)), stream_(strand_) {}

    void start() {
        if (!s_.running) return;
        if (!s_.accounts) {
            return request("/api/games",
                           R"({"variant":"chess","opponent":"local","color":"white"})", "",
                           [self = shared_from_this()](int status, json::object created) {
                               if (status != 201) return self->retry();
                               std::string id(created.at("id").as_string());
                               const auto& tokens = created.at("tokens");
                               self->begin(id, std::string(tokens.at("white").as_string()),
                                           std::string(tokens.at("black").as_string()));
                           });
        }
        // Two distinct accounts of the pool, a different pair (and colours) each time.
        const auto& pool = *s_.accounts;
        std::uint64_t n = s_.pairings++;
        std::size_t white = n % pool.size();
        std::size_t black = (white + 1 + (n / pool.size()) % (pool.size() - 1)) % pool.size();
        std::string blackAuth = pool[black].authorization;
        request("/api/games",
                R"({"variant":"chess","opponent":"human","color":"white","rated":true})",
                pool[white].authorization,
                [self = shared_from_this(), blackAuth](int status, json::object created) {
                    if (status != 201) return self->retry();
                    std::string id(created.at("id").as_string());
                    std::string whiteToken(created.at("token").as_string());
                    json::object join{{"invite", created.at("invite")}};
                    self->request("/api/games/" + id + "/join", json::serialize(join), blackAuth,
                                  [self, id, whiteToken](int status, json::object joined) {
                                      if (status != 200) return self->retry();
                                      self->begin(id, whiteToken,
                                                  std::string(joined.at("token").as_string()));
                                  });
                });
    }

  private:
    using Done = std::function<void(int, json::object)>;

    // One POST on a fresh connection; done(status, body) on the strand, status 0 if it failed.
    void request(const std::string& target, std::string body, const std::string& authorization,
                 Done done) {
        req_ = {http::verb::post, target, 11};
        req_.set(http::field::host, s_.target.host);
        req_.set(http::field::content_type, "application/json");
        if (!authorization.empty()) req_.set(http::field::authorization, authorization);
        req_.body() = std::move(body);
        req_.prepare_payload();
        buffer_.clear();  // nothing left over from an earlier connection
        stream_.async_connect(s_.endpoint, [self = shared_from_this(),
                                            done = std::move(done)](beast::error_code ec) {
            if (ec) return done(0, {});
            http::async_write(
                self->stream_, self->req_, [self, done](beast::error_code ec, std::size_t) {
                    if (ec) return done(0, {});
                    self->res_ = {};
                    http::async_read(self->stream_, self->buffer_, self->res_,
                                     [self, done](beast::error_code ec, std::size_t) {
                                         beast::error_code ignored;
                                         self->stream_.socket().close(ignored);
                                         if (ec) return done(0, {});
                                         json::object answer;
                                         try {
                                             answer = json::parse(self->res_.body()).as_object();
                                         } catch (const std::exception&) {
                                             return done(0, {});
                                         }
                                         done(int(self->res_.result_int()), std::move(answer));
                                     });
                });
        });
    }

    void retry() {
        s_.stats.errors++;
        if (!s_.running) return;
        auto timer = std::make_shared<asio::steady_timer>(strand_, std::chrono::milliseconds(50));
        timer->async_wait([self = shared_from_this(), timer](beast::error_code) { self->start(); });
    }

    void begin(const std::string& id, const std::string& whiteToken,
               const std::string& blackToken) {
        auto self = shared_from_this();
        remaining_ = 2;
        resulted_ = false;
        auto onEnd = [self](bool resulted) {
            self->resulted_ = self->resulted_ || resulted;
            if (--self->remaining_ == 0) {
                self->s_.stats.games++;
                if (self->s_.accounts && self->resulted_) self->s_.stats.rated++;
                self->seats_.clear();
                asio::post(self->strand_, [self] { self->start(); });
            }
        };
        for (const auto& [side, token] :
             {std::pair{"white", &whiteToken}, std::pair{"black", &blackToken}}) {
            std::string path = "/ws/games/" + id + "?token=" + *token;
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
    bool resulted_ = false;
};

// One echo connection: send, wait for the echo, repeat.
class Echo : public std::enable_shared_from_this<Echo> {
  public:
    Echo(Shared& shared) : s_(shared), ws_(asio::make_strand(shared.ioc)) {}
    void start() {
        beast::get_lowest_layer(ws_).async_connect(
            s_.endpoint, [self = shared_from_this()](beast::error_code ec) {
                if (ec) return;
                beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
                self->ws_.async_handshake(self->s_.target.host, "/ws/echo",
                                          [self](beast::error_code ec) {
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
        ws_.async_write(
            asio::buffer(message_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
                if (ec) return;
                self->ws_.async_read(self->buffer_, [self](beast::error_code ec, std::size_t) {
                    if (ec) return;
                    self->buffer_.consume(self->buffer_.size());
                    if (self->s_.running) {
                        self->latencies_.push_back(
                            std::uint32_t(std::chrono::duration_cast<std::chrono::microseconds>(
                                              Clock::now() - self->sent_)
                                              .count()));
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
    std::uint64_t count = 0, errors = 0, games = 0, rated = 0;
};

template <typename Start>
Figures measure(const Target& target, int threads, int seconds,
                const std::vector<Account>* accounts, Start start) {
    asio::io_context ioc;
    tcp::resolver resolver(ioc);
    auto endpoint = *resolver.resolve(target.host, target.port).begin();
    Stats stats;
    std::atomic<bool> running{true};
    Shared shared{ioc, endpoint, target, stats, running, accounts};
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
    f.rated = stats.rated;
    f.perSecond = elapsed > 0 ? double(stats.done) / elapsed : 0;
    auto& l = stats.latenciesUs;
    if (!l.empty()) {
        std::sort(l.begin(), l.end());
        f.p50Ms = l[l.size() / 2] / 1000.0;
        f.p99Ms = l[std::min(l.size() - 1, l.size() * 99 / 100)] / 1000.0;
    }
    return f;
}

// ---- --accounts: the pool of accounts, made before the games start ------------------------

struct Reply {
    int status = 0;
    std::string body, setCookie, retryAfter;
};

// One blocking HTTP request.
Reply fetch(const Target& target, http::verb method, const std::string& path,
            const std::string& body, const std::string& cookie = "") {
    asio::io_context ioc;
    tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(30));
    stream.connect(resolver.resolve(target.host, target.port));
    http::request<http::string_body> req{method, path, 11};
    req.set(http::field::host, target.host);
    if (!cookie.empty()) req.set(http::field::cookie, cookie);
    if (!body.empty()) {
        req.set(http::field::content_type, "application/json");
        req.body() = body;
    }
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    return {int(res.result_int()), res.body(), std::string(res[http::field::set_cookie]),
            std::string(res[http::field::retry_after])};
}

// A sign-up or log-in: waits out `429 rate-limited` (the server allows 10 attempts at once per
// client address, loopback included, then one per 6 s) and times the attempt that counted.
Reply attempt(const Target& target, const std::string& path, const Account& a,
              std::vector<double>& ms) {
    std::string body = json::serialize(json::object{{"name", a.name}, {"password", a.password}});
    for (;;) {
        auto began = Clock::now();
        Reply r = fetch(target, http::verb::post, path, body);
        if (r.status == 429) {
            int wait = r.retryAfter.empty() ? 6 : std::max(1, std::atoi(r.retryAfter.c_str()));
            std::fprintf(stderr, "%s rate-limited: waiting %d s\n", path.c_str(), wait);
            std::this_thread::sleep_for(std::chrono::seconds(wait));
            continue;
        }
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - began).count());
        if (r.status != 200 && r.status != 201)
            throw std::runtime_error(path + " for " + a.name + " answered " +
                                     std::to_string(r.status) + ": " + r.body);
        return r;
    }
}

struct Pool {
    std::vector<Account> accounts;
    std::vector<double> signupMs, loginMs;
};

// Accounts signed up per run: within the server's burst of 10 attempts per address, with two
// log-ins (timed as well) after them. Each account makes an API token with `play` with its
// session; the games go with the tokens.
constexpr int PoolSize = 8, LogIns = 2;

Pool make_pool(const Target& target, int games) {
    Pool pool;
    std::random_device device;
    char run[8];
    std::snprintf(run, sizeof run, "%06x", device() & 0xffffffu);
    int size = std::min(PoolSize, 2 * games);
    for (int i = 0; i < size; ++i) {
        char password[40];
        std::snprintf(password, sizeof password, "%08x%08x%08x", device(), device(), device());
        Account a{"load-" + std::string(run) + "-" + std::to_string(i + 1), password, ""};
        Reply r = attempt(target, "/api/account/signup", a, pool.signupMs);
        std::string cookie = r.setCookie.substr(0, r.setCookie.find(';'));
        Reply t = fetch(target, http::verb::post, "/api/account/tokens",
                        R"({"label":"loadtest","scopes":["play"]})", cookie);
        if (t.status != 201)
            throw std::runtime_error("an API token for " + a.name + " answered " +
                                     std::to_string(t.status) + ": " + t.body);
        a.authorization = "Bearer " + std::string(json::parse(t.body).at("token").as_string());
        pool.accounts.push_back(std::move(a));
    }
    for (int i = 0; i < std::min(LogIns, size); ++i)
        attempt(target, "/api/account/login", pool.accounts[i], pool.loginMs);
    return pool;
}

// The rated chess games the profiles of the pool count: every game is counted by both players.
std::uint64_t rated_on_profiles(const Target& target, const Pool& pool) {
    std::uint64_t seats = 0;
    for (const auto& a : pool.accounts) {
        Reply r = fetch(target, http::verb::get, "/api/players/" + a.name, "");
        if (r.status != 200) continue;
        json::value profile = json::parse(r.body);
        for (const auto& kv : profile.at("ratings").as_object())
            if (kv.key().starts_with("chess-"))
                seats += kv.value().at("games").to_number<std::uint64_t>();
    }
    return seats / 2;
}

std::string spread(std::vector<double> ms) {
    if (ms.empty()) return "none";
    std::sort(ms.begin(), ms.end());
    char out[64];
    std::snprintf(out, sizeof out, "p50 %.0f ms, max %.0f ms", ms[ms.size() / 2], ms.back());
    return out;
}

Target parse_url(const std::string& url) {
    std::string rest = url;
    if (rest.starts_with("ws://"))
        rest = rest.substr(5);
    else if (rest.starts_with("http://"))
        rest = rest.substr(7);
    else
        throw UsageError("--url must look like ws://127.0.0.1:8080");
    rest = rest.substr(0, rest.find('/'));
    auto colon = rest.rfind(':');
    if (colon == std::string::npos) return {rest, "80"};
    return {rest.substr(0, colon), rest.substr(colon + 1)};
}

}  // namespace

void add_loadtest_command(CLI::App& app, Registry& registry) {
    auto* cmd = app.add_subcommand(
        "loadtest", "Play many concurrent random chess games against a running server");
    struct Options {
        std::string url = "ws://127.0.0.1:8080";
        int games = 500, seconds = 10, threads = 1;
        bool accounts = false;
    };
    auto o = std::make_shared<Options>();
    cmd->add_option("--url", o->url, "Server address")->capture_default_str();
    cmd->add_option("--games", o->games, "Concurrent games (two WebSockets each)")
        ->capture_default_str();
    cmd->add_option("--seconds", o->seconds, "Duration of each of the two phases")
        ->capture_default_str();
    cmd->add_option("--threads", o->threads, "Client threads")->capture_default_str();
    cmd->add_flag("--accounts", o->accounts,
                  "Rated games between accounts signed up first (a pool of up to 8, by API token)");
    cmd->callback([&registry, o] {
        registry.action = [o] {
            if (o->games < 1 || o->seconds < 1 || o->threads < 1)
                throw UsageError("--games, --seconds and --threads must be positive");
            Target target = parse_url(o->url);
            Pool pool;
            if (o->accounts) pool = make_pool(target, o->games);
            const std::vector<Account>* accounts = o->accounts ? &pool.accounts : nullptr;
            Figures games =
                measure(target, o->threads, o->seconds, accounts, [&](Shared& s, auto& keep) {
                    for (int i = 0; i < o->games; ++i) {
                        auto loop = std::make_shared<GameLoop>(s);
                        keep.push_back(loop);
                        loop->start();
                    }
                });
            std::printf(
                "games: %d concurrent, %llu finished, %.0f moves/s, latency p50 %.2f ms, p99 %.2f "
                "ms, %llu errors\n",
                o->games, (unsigned long long)games.games, games.perSecond, games.p50Ms,
                games.p99Ms, (unsigned long long)games.errors);
            if (o->accounts) {
                std::printf(
                    "accounts: %zu signed up (%s), %zu logged in (%s); %llu rated games finished, "
                    "%llu on the players' profiles\n",
                    pool.accounts.size(), spread(pool.signupMs).c_str(), pool.loginMs.size(),
                    spread(pool.loginMs).c_str(), (unsigned long long)games.rated,
                    (unsigned long long)rated_on_profiles(target, pool));
            }
            Figures echo =
                measure(target, o->threads, o->seconds, nullptr, [&](Shared& s, auto& keep) {
                    for (int i = 0; i < 2 * o->games; ++i) {
                        auto e = std::make_shared<Echo>(s);
                        keep.push_back(e);
                        e->start();
                    }
                });
            std::printf(
                "echo:  %d connections, %.0f round trips/s, latency p50 %.2f ms, p99 %.2f ms\n",
                2 * o->games, echo.perSecond, echo.p50Ms, echo.p99Ms);
            std::printf("moves/s as a share of the echo ceiling: %.0f%%\n",
                        echo.perSecond > 0 ? 100.0 * games.perSecond / echo.perSecond : 0.0);
            return 0;
        };
    });
}

}  // namespace arbiter::apps
