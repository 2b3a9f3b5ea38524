// The listener and the server's lifecycle: start (database, games, threads), the accept loop
// with its connection cap and open-file back-off, a graceful stop.
#include "server/server.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <future>
#include <thread>

#include "server/log.h"
#include "server/owner_listener.h"
#include "server/session.h"
#include "server/store.h"

namespace arbiter::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

namespace {

// Past the connection cap a newcomer gets this and is closed.
constexpr std::string_view Busy =
    "HTTP/1.1 503 Service Unavailable\r\nServer: arbiter\r\nContent-Type: application/json\r\n"
    "Retry-After: 5\r\nConnection: close\r\nContent-Length: 79\r\n\r\n"
    "{\"error\":\"the server has as many connections as it can take\",\"code\":\"too-busy\"}";
static_assert(Busy.size() - Busy.find("\r\n\r\n") - 4 == 79);

// The soft limit on open files up to the hard one: Debian's default soft limit (1,024) is
// far below what a server with thousands of sockets needs.
void raise_file_limit() {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur >= lim.rlim_max) return;
    rlim_t before = lim.rlim_cur;
    lim.rlim_cur = lim.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &lim) == 0)
        log(LogLevel::Info, "open-file limit raised",
            {{"from", std::uint64_t(before)}, {"to", std::uint64_t(lim.rlim_max)}});
}

}  // namespace

// ---- the server ----------------------------------------------------------------------------

struct Server::Impl {
    explicit Impl(ServerConfig c) : config(std::move(c)) {}

    void accept() {
        acceptor->async_accept([this](beast::error_code ec, tcp::socket socket) {
            if (ec == asio::error::operation_aborted || !acceptor->is_open()) return;
            if (ec == asio::error::no_descriptors || ec.value() == ENFILE ||
                ec == asio::error::no_buffer_space || ec == asio::error::no_memory)
                return out_of_descriptors(ec);
            if (descriptorsShort) {
                descriptorsShort = false;
                log(LogLevel::Info, "accepting connections again",
                    {{"connections", context.connections->count()}});
            }
            if (!ec) {
                if (context.connections->count() >= config.maxConnections) {
                    turn_away(std::move(socket));
                } else {
                    socket.set_option(tcp::no_delay(true), ec);
                    // Connections are spread over the loops in turn.
                    std::size_t k = loops->next();
                    auto moved =
                        std::make_shared<tcp::socket>(move_to(std::move(socket), loops->ioc(k)));
                    asio::post(loops->ioc(k),
                               [this, moved] { start_http_session(std::move(*moved), context); });
                }
            }
            accept();
        });
    }

    // The accept would fail at once again: close idle connections that hold no seat, say so
    // once, and try again a little later instead of spinning.
    void out_of_descriptors(const beast::error_code& ec) {
        // The reserve gives the shedding itself (and whatever the runtime opens meanwhile)
        // descriptors to work with; it is taken back once connections are closed.
        release_reserve();
        std::size_t shed = context.connections->shed(64);
        take_reserve();
        if (!descriptorsShort) {
            descriptorsShort = true;
            log(LogLevel::Warn,
                "out of file descriptors: idle connections closed, accepting paused",
                {{"error", ec.message()},
                 {"connections", context.connections->count()},
                 {"shed", shed}});
        }
        acceptPause->expires_after(std::chrono::milliseconds(shed ? 10 : 100));
        acceptPause->async_wait([this](beast::error_code e) {
            if (!e && acceptor->is_open()) accept();
        });
    }

    // Two descriptors held back for the moment the process runs out of them.
    void take_reserve() {
        for (int& fd : reserve)
            if (fd < 0) fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    }
    void release_reserve() {
        for (int& fd : reserve)
            if (fd >= 0) {
                ::close(fd);
                fd = -1;
            }
    }

    static void turn_away(tcp::socket socket) {
        auto s = std::make_shared<tcp::socket>(std::move(socket));
        asio::async_write(*s, asio::buffer(Busy.data(), Busy.size()),
                          [s](beast::error_code, std::size_t) {
                              beast::error_code ec;
                              s->shutdown(tcp::socket::shutdown_both, ec);
                              s->close(ec);
                          });
    }

    ServerConfig config;
    std::unique_ptr<Loops> loops;  // loop 0 also accepts connections and runs the analyses
    std::unique_ptr<Store> store;
    std::unique_ptr<OwnerListener> owners;  // a cluster: games other nodes take over
    std::unique_ptr<Analyses> analyses;     // outlives the pool that runs its searches
    asio::thread_pool compute{1};
    asio::thread_pool hashing{1};        // passwords (Argon2id), apart from the computer's moves
    std::unique_ptr<Accounts> accounts;  // uses the store and the hashing pool
    std::unique_ptr<Seeks> seeks;        // quick pairing, on loop 0
    std::vector<std::unique_ptr<Lobby>> lobbies;  // one per loop
    Context context;
    std::optional<tcp::acceptor> acceptor;
    std::optional<asio::steady_timer> acceptPause;
    bool descriptorsShort = false;
    int reserve[2] = {-1, -1};
    std::uint16_t port = 0;
    bool started = false, stopped = false;
};

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {}

Server::~Server() {
    stop();
    impl_->lobbies.clear();
}

void Server::start() {
    Impl& s = *impl_;
    namespace fs = std::filesystem;
    if (auto parent = fs::path(s.config.db).parent_path();
        !parent.empty() && !is_postgres_url(s.config.db))
        fs::create_directories(parent);
    raise_file_limit();
    s.store = std::make_unique<Store>(s.config.db, s.config.fullSync, s.config.vfs, s.config.node);
    s.store->db().check_writable(std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count());
    std::size_t n =
        s.config.loops ? s.config.loops : std::max(1u, std::thread::hardware_concurrency());
    s.loops = std::make_unique<Loops>(n);
    Loops& loops = *s.loops;
    for (std::size_t k = 0; k < n; ++k) {
        s.lobbies.push_back(
            std::make_unique<Lobby>(loops.ioc(k), *s.store, s.compute, s.config.limits, k, n));
        s.lobbies.back()->load();
        loops.set_lobby(k, s.lobbies.back().get());
    }
    s.context.config = s.config;
    s.context.loops = &loops;
    s.accounts = std::make_unique<Accounts>(*s.store, s.hashing);
    s.context.accounts = s.accounts.get();
    s.context.store = s.store.get();
    // Two seeks that pair become a game on the next loop in turn; each seeker's stream gets
    // its seat's line.
    s.seeks = std::make_unique<Seeks>(
        loops.ioc(0),
        [&loops](const Pairing& p,
                 std::function<void(std::optional<std::array<std::string, 2>>)> done) {
            std::size_t k = loops.next();
            asio::post(loops.ioc(k), [&loops, k, p, done = std::move(done)] {
                const SeekRequest& q = p.white.request;
                loops.lobby(k).create_paired(
                    q.variant, q.clock, q.rated, p.white.seeker.account, p.black.seeker.account,
                    [done](std::optional<Lobby::Paired> g) {
                        if (!g) return done(std::nullopt);
                        auto line = [&](const char* seat, const char* other,
                                        const std::string& token) {
                            return json::serialize(
                                json::object{{"type", "paired"},
                                             {"game", g->id},
                                             {"seat", seat},
                                             {"token", token},
                                             {"opponent", g->players.at(other)}});
                        };
                        done(std::array{line("white", "black", g->whiteToken),
                                        line("black", "white", g->blackToken)});
                    });
            });
        },
        s.context.connections);
    s.context.seeks = s.seeks.get();
    AnalysisLimits analysis = s.config.analysis;
    analysis.limitLoopback = analysis.limitLoopback || s.config.limits.limitLoopback;
    // The analyses live on loop 0; a game's view is asked of its own loop.
    s.analyses = std::make_unique<Analyses>(
        loops.ioc(0), s.compute,
        [&loops](const std::string& id, const Reply& reply) {
            asio::io_context& home = loops.ioc(0);
            std::size_t k = loops.of_game(id);
            asio::post(loops.ioc(k), [&loops, &home, k, id, reply] {
                loops.lobby(k).view(id, std::nullopt, [&home, reply](Outcome o) {
                    asio::post(home, [reply, o = std::move(o)]() mutable { reply(std::move(o)); });
                });
            });
        },
        analysis);
    s.context.analyses = s.analyses.get();
    s.context.web = StaticFiles::load(s.config.web);
    s.store->start([&loops](std::function<void()> fn) { asio::post(loops.ioc(0), std::move(fn)); });
    if (s.store->db().clustered())
        s.owners = std::make_unique<OwnerListener>(
            s.config.db, s.store->db().instance(),
            [&loops](const std::string& game) {
                std::size_t k = loops.of_game(game);
                asio::post(loops.ioc(k), [&loops, k, game] { loops.lobby(k).lost(game); });
            },
            [&loops](std::vector<std::string> owned) {
                auto shared = std::make_shared<const std::vector<std::string>>(std::move(owned));
                for (std::size_t k = 0; k < loops.size(); ++k)
                    asio::post(loops.ioc(k),
                               [&loops, k, shared] { loops.lobby(k).keep_owned(*shared); });
            });

    s.acceptor.emplace(loops.ioc(0));
    s.acceptPause.emplace(loops.ioc(0));
    tcp::endpoint endpoint(asio::ip::make_address(s.config.host), s.config.port);
    s.acceptor->open(endpoint.protocol());
    s.acceptor->set_option(asio::socket_base::reuse_address(true));
    s.acceptor->bind(endpoint);
    s.acceptor->listen(asio::socket_base::max_listen_connections);
    s.port = s.acceptor->local_endpoint().port();
    s.take_reserve();
    asio::post(loops.ioc(0), [&s] { s.accept(); });
    for (std::size_t k = 0; k < n; ++k)
        asio::post(loops.ioc(k), [&loops, k] { loops.lobby(k).start(); });
    loops.run();
    s.started = true;
    log(LogLevel::Info, "listening",
        {{"host", s.config.host},
         {"port", s.port},
         {"loops", n},
         {"db", redacted_db(s.config.db)}});
}

std::uint16_t Server::port() const { return impl_->port; }

void Server::stop() {
    Impl& s = *impl_;
    if (!s.started || s.stopped) return;
    s.stopped = true;
    Loops& loops = *s.loops;
    // Runs fn on every loop and waits for all of them.
    auto everywhere = [&loops](const std::function<void(std::size_t)>& fn) {
        std::vector<std::promise<void>> done(loops.size());
        for (std::size_t k = 0; k < loops.size(); ++k)
            asio::post(loops.ioc(k), [&fn, &done, k] {
                fn(k);
                done[k].set_value();
            });
        for (auto& d : done) d.get_future().wait();
    };
    everywhere([&s, &loops](std::size_t k) {
        if (k == 0) {
            beast::error_code ec;
            s.acceptor->close(ec);
            s.acceptPause->cancel();
            s.seeks->end_all();  // a waiting seeker seeks again on another node
        }
        loops.lobby(k).shutdown();
    });
    s.owners.reset();
    s.store->stop();  // commits what is queued; completions still reach the loops
    s.analyses->shutdown();
    s.compute.join();
    s.hashing.join();
    everywhere([](std::size_t) {});  // what the writer and the pool handed over has run
    loops.stop();
    s.release_reserve();
    log(LogLevel::Info, "stopped", {{"transactions", s.store->transactions()}});
}

void Server::run_until_signal() {
    asio::io_context signals_ioc;
    asio::signal_set signals(signals_ioc, SIGINT, SIGTERM);
    signals.async_wait([](beast::error_code, int sig) {
        log(LogLevel::Info, "signal", {{"signal", sig}});
    });
    signals_ioc.run();
    stop();
}

void Server::inspect(const std::string& gameId,
                     const std::function<void(const referee::Game*)>& fn) {
    Loops& loops = *impl_->loops;
    std::size_t k = loops.of_game(gameId);
    std::promise<void> done;
    asio::post(loops.ioc(k), [&] {
        loops.lobby(k).inspect(gameId, fn);
        done.set_value();
    });
    done.get_future().wait();
}

}  // namespace arbiter::server
