// One HTTP connection: the JSON API's routes (each request handed to its game's loop), the
// built client from memory. Event streams (event_stream.cpp) and WebSockets (websocket.cpp)
// are handed over to their game's loop.
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <deque>

#include "server/computer.h"
#include "server/log.h"
#include "server/rate_limit.h"
#include "server/session.h"

namespace arbiter::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// ---- small helpers -------------------------------------------------------------------------

namespace {

std::optional<std::uint64_t> parse_count(std::string_view s) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    std::uint64_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + std::uint64_t(c - '0');
    }
    return n;
}

bool plausible_id(std::string_view id) {
    if (id.empty() || id.size() > 32) return false;
    for (char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
            return false;
    return true;
}

std::string address_of(const tcp::socket& socket) {
    beast::error_code ec;
    auto endpoint = socket.remote_endpoint(ec);
    return ec ? std::string() : endpoint.address().to_string();
}

bool loopback(const std::string& address) {
    return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.");
}

// The last address of X-Forwarded-For: the one the proxy itself appended (earlier ones are
// whatever the client wrote). Empty unless it is a plain IP address.
std::string forwarded_for(std::string_view header) {
    auto comma = header.rfind(',');
    std::string_view last = comma == std::string_view::npos ? header : header.substr(comma + 1);
    while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
    while (!last.empty() && last.back() == ' ') last.remove_suffix(1);
    beast::error_code ec;
    auto address = asio::ip::make_address(std::string(last), ec);
    return ec ? std::string() : address.to_string();
}

constexpr const char* ContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' "
    "data: blob:; connect-src 'self'; media-src 'self' data: blob:; worker-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'";

// ---- one HTTP connection -------------------------------------------------------------------

class HttpSession final : public Connection, public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket socket, Context& context)
        : address_(address_of(socket)),
          stream_(std::move(socket)),
          ctx_(context),
          table_(context.connections),
          limit_(context.config.rate, context.config.burst) {}
    ~HttpSession() override {
        if (id_) table_->remove(id_);
    }

    void begin() {
        id_ = table_->add(weak_from_this());
        read();
    }
    bool sheddable() const override { return idle_.load(std::memory_order_relaxed); }
    void shed() override {
        asio::post(stream_.get_executor(), [self = shared_from_this()] {
            if (self->sheddable()) self->close();
        });
    }

    void read() {
        parser_.emplace();
        parser_->body_limit(ctx_.config.bodyLimit);
        parser_->header_limit(16 * 1024);
        stream_.expires_after(std::chrono::seconds(60));
        idle_ = true;
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

  private:
    void on_read(beast::error_code ec, std::size_t) {
        idle_ = false;
        if (ec == http::error::body_limit)
            return send(api_error(413, "too-large", "the request body is too large"), 11, false);
        if (ec == http::error::header_limit)
            return send(api_error(431, "too-large", "the request headers are too large"), 11,
                        false);
        if (ec && ec.category() == http::make_error_code(http::error::bad_method).category() &&
            ec != http::error::end_of_stream && ec != http::error::partial_message)
            return send(api_error(400, "bad-http", "the request is not valid HTTP"), 11, false);
        if (ec) return close();
        HttpRequest req = parser_->release();
        Target target = parse_target(req.target());
        if (beast::websocket::is_upgrade(req)) {
            if (target.path.starts_with("/ws/games/")) {
                // The account first (a cookie counts only from this server's own pages).
                auto request = std::make_shared<HttpRequest>(std::move(req));
                auto [secret, cookie] = credential_of(*request);
                if (cookie && !same_origin(*request)) secret.clear();
                return with_identity(secret, cookie,
                                     [self = shared_from_this(), request, target](Identity who) {
                                         self->upgrade(std::move(*request), target, std::move(who));
                                     });
            }
            if (target.path == "/ws/echo") return upgrade(std::move(req), target, {});
            return send(api_error(404, "not-found", "no WebSocket at this path"), req.version(),
                        false);
        }
        if (!limit_.allow())
            return send(retry_error(429, "rate-limited", "too many requests on this connection", 1),
                        req.version(), req.keep_alive());
        auto request = std::make_shared<HttpRequest>(std::move(req));
        auto [secret, cookie] = credential_of(*request);
        with_identity(secret, cookie, [self = shared_from_this(), request, target](Identity who) {
            self->handle(std::move(*request), target, who);
        });
    }

    // The account of a session cookie or an API token, or nobody; next runs on this loop.
    void with_identity(const std::string& secret, bool cookie, std::function<void(Identity)> next) {
        if (secret.empty() || !ctx_.accounts) return next({});
        ctx_.accounts->authenticate(secret, cookie, std::move(next));
    }

    // The account's credential: an API token (Authorization: Bearer arb_…) or the cookie.
    static std::pair<std::string, bool> credential_of(const HttpRequest& req) {
        auto auth = req[http::field::authorization];
        if (auth.starts_with("Bearer arb_")) return {std::string(auth.substr(7)), false};
        std::string_view cookies = req[http::field::cookie];
        std::string_view name = Accounts::CookieName;
        while (!cookies.empty()) {
            auto semi = cookies.find(';');
            std::string_view pair = cookies.substr(0, semi);
            while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
            if (pair.starts_with(name) && pair.size() > name.size() && pair[name.size()] == '=')
                return {std::string(pair.substr(name.size() + 1)), true};
            if (semi == std::string_view::npos) break;
            cookies.remove_prefix(semi + 1);
        }
        return {"", false};
    }

    // Whether a browser's request comes from this server's own pages: no Origin (not a
    // browser, or a same-origin GET), or an Origin whose host is this request's Host.
    static bool same_origin(const HttpRequest& req) {
        auto origin = req[http::field::origin];
        if (origin.empty()) return true;
        auto scheme = origin.find("://");
        if (scheme == std::string_view::npos) return false;
        std::string_view host = origin.substr(scheme + 3);
        std::string_view expected = req[http::field::host];
        if (host.size() != expected.size()) return false;
        for (std::size_t i = 0; i < host.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(host[i])) !=
                std::tolower(static_cast<unsigned char>(expected[i])))
                return false;
        return true;
    }

    // The WebSocket lives on the game's loop (echoes on any, in turn) from now on.
    void upgrade(HttpRequest req, const Target& target, Identity who) {
        Loops& loops = *ctx_.loops;
        std::size_t k = target.path == "/ws/echo"
                            ? loops.next()
                            : loops.of_game(std::string_view(target.path).substr(10));
        stream_.expires_never();
        auto socket =
            std::make_shared<tcp::socket>(move_to(stream_.release_socket(), loops.ioc(k)));
        auto request = std::make_shared<HttpRequest>(std::move(req));
        Context* ctx = &ctx_;
        asio::post(loops.ioc(k), [ctx, socket, request, who = std::move(who)] {
            start_websocket(beast::tcp_stream(std::move(*socket)), std::move(*request), *ctx, who);
        });
    }

    void handle(HttpRequest req, const Target& target, const Identity& who) {
        unsigned version = req.version();
        bool keepAlive = req.keep_alive();
        Reply reply = [self = shared_from_this(), version, keepAlive](const Outcome& o) {
            self->send(o, version, keepAlive);
        };
        const std::string& path = target.path;
        auto method = req.method();
        bool get = method == http::verb::get || method == http::verb::head;
        bool post = method == http::verb::post;
        auto wrong_method = [&] {
            reply(api_error(
                405, "method-not-allowed",
                "this route does not take " + std::string(req.method_string().substr(0, 10))));
        };
        auto body = [&]() -> std::optional<json::value> {
            auto v = parse_json(req.body());
            if (!v) reply(api_error(400, "bad-json", "the body is not valid JSON"));
            return v;
        };
        // A token in a URL ends up in logs and histories: only where no header can carry it.
        if (!get && target.param("token"))
            return reply(api_error(400, "token-in-url",
                                   "send the token as \"Authorization: Bearer …\" on this route, "
                                   "not in the URL (?token= is for GET routes and WebSockets)"));
        // A browser on another site cannot make this server change anything (no cross-site
        // request forgery): its Origin says where the request comes from.
        if (!get && !same_origin(req))
            return reply(api_error(403, "cross-origin",
                                   "this request comes from another site's page and is refused"));
        Loops& loops = *ctx_.loops;
        Client client{client_address(req), who};
        // Runs fn(lobby, answer) on loop k, whose lobby holds the game; the answer comes back
        // to this connection's loop.
        auto on_loop = [&loops, &reply](std::size_t k, auto fn) {
            Reply answer = answer_here(reply);
            if (&loops.ioc(k) == current_loop()) return fn(loops.lobby(k), answer);
            asio::post(loops.ioc(k), [&loops, k, fn = std::move(fn), answer]() mutable {
                fn(loops.lobby(k), answer);
            });
        };

        if (path == "/api/health") {
            if (!get) return wrong_method();
            return reply(Outcome{200, json::object{{"status", "ok"}}, {}, {}});
        }
        if (path == "/api/levels") {
            if (!get) return wrong_method();
            return reply(Outcome{200, computer_levels_json(), {}, {}});
        }
        if (path.starts_with("/api/account") || path.starts_with("/api/players/")) {
            PlayerRequest pr{req, target, client, secure(req), loops, ctx_};
            return player_route(pr, answer_here(reply));
        }
        if (path == "/api/seeks") return seek(req, who, client, reply);
        if (path == "/api/games") {
            if (get) {
                ListQuery q;
                q.status = target.param("status").value_or("");
                if (auto l = target.param("limit")) {
                    auto n = parse_count(*l);
                    if (!n || *n < 1 || *n > 200)
                        return reply(api_error(400, "bad-request",
                                               "limit must be a whole number from 1 to 200"));
                    q.limit = std::size_t(*n);
                }
                q.before = target.param("before").value_or("");
                return list_everywhere(q, reply);
            }
            if (!post) return wrong_method();
            // One address's games are made on one loop: its limits are counted in one place.
            if (auto v = body())
                on_loop(loop_of(client.address, loops.size()),
                        [v = *v, client](Lobby& l, const Reply& a) { l.create(v, client, a); });
            return;
        }
        if (path.starts_with("/api/games/")) {
            std::string_view rest = std::string_view(path).substr(11);
            auto slash = rest.find('/');
            std::string id(rest.substr(0, slash));
            std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
            if (!plausible_id(id)) return reply(api_error(404, "not-found", "no such game"));
            Credentials token(token_of(req, target), who);
            std::size_t home = loops.of_game(id);
            if (sub.empty()) {
                if (!get) return wrong_method();
                return on_loop(home,
                               [id, token](Lobby& l, const Reply& a) { l.view(id, token, a); });
            }
            if (sub == "join") {
                if (!post) return wrong_method();
                if (auto v = body())
                    on_loop(home,
                            [id, v = *v, who](Lobby& l, const Reply& a) { l.join(id, v, a, who); });
                return;
            }
            if (sub == "actions") {
                if (!post) return wrong_method();
                if (auto v = body())
                    on_loop(home, [id, token, v = *v](Lobby& l, const Reply& a) {
                        l.act(id, token, v, true, a);
                    });
                return;
            }
            if (sub == "export") {
                if (!get) return wrong_method();
                return on_loop(home, [id](Lobby& l, const Reply& a) { l.export_record(id, a); });
            }
            if (sub == "analysis") {
                if (!post && !get) return wrong_method();
                Analyses* analyses = ctx_.analyses;
                return on_loop(0, [analyses, post, id, client](Lobby&, const Reply& a) {
                    if (post)
                        analyses->request(id, client, a);
                    else
                        analyses->fetch(id, a);
                });
            }
            if (sub == "assist") {
                if (!get) return wrong_method();
                return on_loop(home,
                               [id, token](Lobby& l, const Reply& a) { l.assist(id, token, a); });
            }
            if (sub == "rematch") {
                if (!post) return wrong_method();
                return on_loop(home, [id, token, client](Lobby& l, const Reply& a) {
                    l.rematch(id, token, client, a);
                });
            }
            if (sub == "chat" || sub == "chat/mute") {
                if (sub == "chat" && get)
                    return on_loop(
                        home, [id, token](Lobby& l, const Reply& a) { l.chat_read(id, token, a); });
                if (!post) return wrong_method();
                if (auto v = body())
                    on_loop(home,
                            [id, token, v = *v, mute = sub != "chat"](Lobby& l, const Reply& a) {
                                if (mute)
                                    l.chat_mute(id, token, v, a);
                                else
                                    l.chat_post(id, token, v, a);
                            });
                return;
            }
            if (sub == "events") {
                if (!get) return wrong_method();
                std::uint64_t since = 0;
                if (auto s = target.param("since")) {
                    auto n = parse_count(*s);
                    if (!n)
                        return reply(api_error(400, "bad-request", "since must be a whole number"));
                    since = *n;
                }
                // The stream is served by the game's loop from now on.
                stream_.expires_never();
                auto socket = std::make_shared<tcp::socket>(
                    move_to(stream_.release_socket(), loops.ioc(home)));
                auto connections = ctx_.connections;
                asio::post(loops.ioc(home), [&loops, home, socket, version, connections, id, token,
                                             since] {
                    auto stream =
                        event_stream(beast::tcp_stream(std::move(*socket)), version, connections);
                    loops.lobby(home).subscribe(id, token, since, stream.receiver, stream.ready);
                });
                return;
            }
            return reply(api_error(404, "not-found", "no such route"));
        }
        if (path.starts_with("/api/")) return reply(api_error(404, "not-found", "no such route"));
        if (!get) return wrong_method();
        serve_file(req, path, reply);
    }

    // Quick pairing (docs/players.md): GET lists the pools; POST holds a seek as long as this
    // request stays open, on loop 0 where the pool lives.
    void seek(const HttpRequest& req, const Identity& who, const Client& client,
              const Reply& reply) {
        Loops& loops = *ctx_.loops;
        Seeks* seeks = ctx_.seeks;
        if (req.method() == http::verb::get) {
            Reply answer = answer_here(reply);
            return asio::post(loops.ioc(0), [seeks, answer] {
                answer(Outcome{200, seeks->counts(), {}, {}});
            });
        }
        if (req.method() != http::verb::post)
            return reply(api_error(405, "method-not-allowed", "this route takes GET and POST"));
        auto body = parse_json(req.body());
        if (!body) return reply(api_error(400, "bad-json", "the body is not valid JSON"));
        auto parsed = parse_seek(*body);
        if (auto* e = std::get_if<Outcome>(&parsed)) return reply(std::move(*e));
        SeekRequest request = std::get<SeekRequest>(std::move(parsed));
        bool player = who.may(player_store::Play);
        if (request.rated && !player)
            return reply(api_error(403, "account-required", "log in to play a rated game"));
        Seeker seeker{player ? who.name : "", std::nullopt, client.address};
        unsigned version = req.version();
        auto start = [self = shared_from_this(), request, seeker,
                      version](std::optional<double> rating) mutable {
            Loops& loops = *self->ctx_.loops;
            seeker.rating = rating;
            self->stream_.expires_never();
            auto socket = std::make_shared<tcp::socket>(
                move_to(self->stream_.release_socket(), loops.ioc(0)));
            Seeks* seeks = self->ctx_.seeks;
            asio::post(loops.ioc(0), [socket, version, seeks, request, seeker] {
                start_seek_stream(beast::tcp_stream(std::move(*socket)), version, *seeks, request,
                                  seeker);
            });
        };
        if (!player) return start(std::nullopt);
        ctx_.accounts->rating(who.name, rating_pool(request.variant, request.clock),
                              [start, reply](std::optional<players::Rating> r) mutable {
                                  if (!r) return reply(storage_unavailable("the seek"));
                                  start(r->rating);
                              });
    }

    // GET /api/games over every loop's lobby: each answers its newest page after the cursor,
    // and the pages are merged (newest first). In a cluster the lists come from the database,
    // so one lobby answers.
    void list_everywhere(const ListQuery& q, const Reply& reply) {
        Loops& loops = *ctx_.loops;
        std::size_t n = loops.size();
        if (n == 1 || loops.lobby(0).clustered()) {
            Reply answer = answer_here(reply);
            if (&loops.ioc(0) == current_loop()) return loops.lobby(0).list(q, answer);
            return asio::post(loops.ioc(0),
                              [&loops, q, answer] { loops.lobby(0).list(q, answer); });
        }
        struct Pages {
            std::vector<std::optional<Outcome>> parts;
            std::size_t left;
        };
        auto pages = std::make_shared<Pages>(Pages{std::vector<std::optional<Outcome>>(n), n});
        std::size_t limit = q.limit ? q.limit : ctx_.config.limits.pageLimit;
        for (std::size_t k = 0; k < n; ++k) {
            Reply part = answer_here([pages, k, limit, reply](Outcome o) {
                pages->parts[k] = std::move(o);
                if (--pages->left == 0) reply(merge_pages(pages->parts, limit));
            });
            asio::post(loops.ioc(k), [&loops, k, q, part] { loops.lobby(k).list(q, part); });
        }
    }

    // A seat token (an API token, arb_…, is the account's, not a seat's).
    static std::optional<std::string> token_of(const HttpRequest& req, const Target& target) {
        auto auth = req[http::field::authorization];
        if (auth.starts_with("Bearer ") && !auth.starts_with("Bearer arb_"))
            return std::string(auth.substr(7));
        if (auto t = target.param("token")) return t;
        return std::nullopt;
    }

    // Only what the manifest holds, from memory: the request path never touches the disk.
    void serve_file(const HttpRequest& req, const std::string& path, const Reply& reply) {
        if (!ctx_.web || ctx_.web->empty())
            return reply(api_error(404, "not-found", "no web client is installed"));
        auto hit = ctx_.web->find(path, req[http::field::accept_encoding],
                                  req[http::field::if_none_match]);
        if (!hit) return reply(api_error(404, "not-found", "no such file"));
        bool head = req.method() == http::verb::head;
        auto res = std::make_shared<http::response<http::span_body<const char>>>(
            hit->notModified ? http::status::not_modified : http::status::ok, req.version());
        res->set(http::field::server, "arbiter");
        res->set(http::field::content_type, hit->file->contentType);
        res->set(http::field::etag, hit->etag);
        res->set(http::field::vary, "Accept-Encoding");
        res->set("X-Content-Type-Options", "nosniff");
        // What the pages may load and run: their own scripts only, so a name or a chat line
        // that slipped into the page as HTML still could not run (docs/players.md).
        res->set("Content-Security-Policy", ContentSecurityPolicy);
        res->set("Referrer-Policy", "same-origin");
        res->set(http::field::cache_control,
                 hit->file->immutable ? "public, max-age=31536000, immutable" : "no-cache");
        if (!hit->encoding.empty()) res->set(http::field::content_encoding, hit->encoding);
        res->keep_alive(req.keep_alive());
        if (!hit->notModified && !head) res->body() = {hit->body.data(), hit->body.size()};
        if (hit->notModified)
            res->content_length(boost::none);
        else
            res->content_length(hit->body.size());
        http::async_write(
            stream_, *res,
            [self = shared_from_this(), res, web = ctx_.web](beast::error_code ec, std::size_t) {
                if (ec) return self->close();
                if (!res->keep_alive()) return self->close();
                self->read();
            });
    }

    void send(const Outcome& o, unsigned version, bool keepAlive) {
        auto res = std::make_shared<http::response<http::string_body>>(
            make_response(o, version, keepAlive));
        http::async_write(stream_, *res,
                          [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                              if (ec) return self->close();
                              if (!res->keep_alive()) return self->close();
                              self->read();
                          });
    }

    void close() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        if (idle_) stream_.socket().close(ec);
    }

    std::string address_;

    // Over TLS: a trusted proxy on this host says so (the session cookie is then Secure).
    bool secure(const HttpRequest& req) const {
        return ctx_.config.trustProxy && loopback(address_) &&
               beast::iequals(req["X-Forwarded-Proto"], "https");
    }

    // Who is asking, for the per-address limits: behind a trusted proxy on this host
    // (--trust-proxy), the client address the proxy forwarded.
    std::string client_address(const HttpRequest& req) const {
        if (!ctx_.config.trustProxy || !loopback(address_)) return address_;
        // The proxy appends its own X-Forwarded-For line after any the client sent.
        auto [first, end] = req.equal_range("X-Forwarded-For");
        if (first == end) return address_;
        std::string_view last;
        for (auto it = first; it != end; ++it) last = it->value();
        std::string forwarded = forwarded_for(last);
        return forwarded.empty() ? address_ : forwarded;
    }
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Context& ctx_;
    std::shared_ptr<Connections> table_;
    std::uint64_t id_ = 0;
    std::atomic<bool> idle_ = false;
    RateLimit limit_;
};

}  // namespace

Reply answer_here(Reply reply) {
    asio::io_context* home = current_loop();
    return [home, reply = std::move(reply)](Outcome o) {
        if (!home || home == current_loop()) return reply(std::move(o));
        asio::post(*home, [reply, o = std::move(o)]() mutable { reply(std::move(o)); });
    };
}

std::size_t Connections::shed(std::size_t n) {
    std::size_t closed = 0;
    std::vector<std::shared_ptr<Connection>> victims;
    {
        std::lock_guard lock(mutex_);
        for (auto& [id, weak] : table_) {
            if (victims.size() >= n) break;
            if (auto c = weak.lock(); c && c->sheddable()) victims.push_back(std::move(c));
        }
    }
    for (auto& c : victims) {
        c->shed();
        ++closed;
    }
    return closed;
}

tcp::socket move_to(tcp::socket socket, asio::io_context& ioc) {
    if (&ioc == current_loop()) return socket;
    beast::error_code ec;
    auto protocol = socket.local_endpoint(ec).protocol();
    tcp::socket moved(ioc);
    if (ec) return moved;  // the peer is gone: a closed socket fails its first operation
    auto fd = socket.release(ec);
    if (!ec) moved.assign(protocol, fd, ec);
    return moved;
}

void start_http_session(tcp::socket socket, Context& context) {
    std::make_shared<HttpSession>(std::move(socket), context)->begin();
}

}  // namespace arbiter::server
