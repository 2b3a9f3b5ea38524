// The WebSocket protocol (docs/api.md): a seat's events pushed as they become durable, its
// actions taken in; and a bare echo endpoint that load tests use as the ceiling.
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <array>
#include <atomic>
#include <deque>

#include "server/log.h"
#include "server/rate_limit.h"
#include "server/session.h"

namespace arbiter::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

namespace {

constexpr std::size_t MaxQueued = 8192;  // messages waiting for a reader that does not read

class WsSession final : public Subscriber,
                        public Connection,
                        public std::enable_shared_from_this<WsSession> {
  public:
    WsSession(beast::tcp_stream stream, HttpRequest request, Context& context, Identity account)
        : ws_(std::move(stream)),
          request_(std::move(request)),
          account_(std::move(account)),
          ctx_(context),
          table_(context.connections),
          limit_(context.config.rate, context.config.burst) {
        Target t = parse_target(request_.target());
        echo_ = t.path == "/ws/echo";
        if (!echo_) gameId_ = t.path.substr(10);  // after "/ws/games/"
        queryToken_ = t.param("token");
        if (auto s = t.param("since")) {
            try {
                since_ = std::stoull(*s);
            } catch (const std::exception&) {
                since_ = 0;
            }
        }
    }

    ~WsSession() override {
        if (id_) table_->remove(id_);
    }
    // Holding no seat (not subscribed, or a spectator): shed first when descriptors run out.
    // Asked from any loop (the acceptor's, when descriptors run out): an atomic flag, and
    // the closing itself on this connection's loop.
    bool sheddable() const override { return sheddable_.load(std::memory_order_relaxed); }
    void shed() override {
        boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
            if (!self->sheddable()) return;
            self->closed_ = true;
            beast::error_code ec;
            beast::get_lowest_layer(self->ws_).socket().close(ec);
        });
    }

    void run() {
        id_ = table_->add(weak_from_this());
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "arbiter"); }));
        ws_.read_message_max(ctx_.config.messageLimit);
        ws_.async_accept(request_, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            self->request_ = {};
            if (!self->echo_ && self->queryToken_) self->hello(self->queryToken_, self->since_);
            self->read();
        });
    }

    // {"type":"event","event":…}: the shared text is written between its two halves as it
    // is, never copied per receiver.
    void push_event(const SharedText& text) override { send(Message{{}, text}); }
    void push_status(std::string_view status) override {
        send(json::serialize(json::object{{"type", "status"}, {"status", status}}));
    }
    void push_presence(const json::object& message) override { send(json::serialize(message)); }
    // A chat line this connection may read (docs/players.md, "Chat").
    void push_chat(const json::object& line) override {
        send(json::serialize(json::object{{"type", "chat"}, {"line", line}}));
    }
    // Another node owns the game now: say so, then close; the client reconnects through the
    // balancer and lands on the new owner.
    void moved() override {
        if (closed_) return;
        send(json::serialize(json::object{{"type", "moved"}}));
        closeCode_ = websocket::close_code::service_restart;
        closeAfterWrites_ = true;
        if (!writing_) write_next();
    }

  private:
    // This connection runs on its game's loop (http_session.cpp moved it there): that loop's
    // lobby holds the game.
    Lobby& lobby() { return ctx_.loops->lobby(ctx_.loops->of_game(gameId_)); }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) {
                self->closed_ = true;
                return;
            }
            self->on_message();
            self->read();
        });
    }

    void on_message() {
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (echo_) return send(std::move(text));
        if (!limit_.allow())
            return error(nullptr, "rate-limited", "too many messages on this connection");
        auto parsed = parse_json(text);
        if (!parsed) return error(nullptr, "bad-json", "the message is not valid JSON");
        if (!parsed->is_object() || !parsed->as_object().if_contains("type") ||
            !parsed->as_object().at("type").is_string())
            return error(nullptr, "bad-request", "a message is a JSON object with a \"type\"");
        const json::object& m = parsed->as_object();
        std::string_view type = m.at("type").as_string();
        json::value id = nullptr;
        if (auto i = m.if_contains("id")) {
            if (!(i->is_int64() || i->is_uint64() ||
                  (i->is_string() && i->as_string().size() <= 64)))
                return error(nullptr, "bad-request", "\"id\" must be a number or a short string");
            id = *i;
        }
        auto unknown = [&](std::initializer_list<std::string_view> allowed) {
            for (const auto& kv : m)
                if (std::find(allowed.begin(), allowed.end(), std::string_view(kv.key())) ==
                    allowed.end())
                    return true;
            return false;
        };
        if (type == "ping") {
            if (unknown({"type", "id"})) return error(id, "unknown-field", "unknown field in ping");
            return send(json::serialize(json::object{{"type", "pong"}, {"id", id}}));
        }
        if (type == "hello") {
            if (unknown({"type", "id", "token", "since"}))
                return error(id, "unknown-field", "unknown field in hello");
            if (subscribed_ || helloSent_)
                return error(id, "already-subscribed", "hello was already sent");
            std::optional<std::string> token;
            if (auto t = m.if_contains("token"); t && !t->is_null()) {
                if (!t->is_string()) return error(id, "bad-request", "\"token\" must be a string");
                token = std::string(t->as_string());
            }
            std::uint64_t since = 0;
            if (auto s = m.if_contains("since"); s && !s->is_null()) {
                if (s->is_uint64())
                    since = s->as_uint64();
                else if (s->is_int64() && s->as_int64() >= 0)
                    since = std::uint64_t(s->as_int64());
                else
                    return error(id, "bad-request", "\"since\" must be a whole number");
            }
            return hello(token, since);
        }
        if (type == "action") {
            if (unknown({"type", "id", "action"}))
                return error(id, "unknown-field", "unknown field in action");
            if (!subscribed_)
                return error(id, "not-subscribed", "send hello (or connect with ?token=) first");
            auto a = m.if_contains("action");
            if (!a) return error(id, "bad-request", "an action message needs \"action\"");
            lobby().act(gameId_, Credentials(token_, account_), *a, false,
                        [self = shared_from_this(), id](Outcome o) {
                            if (o.status >= 400) {
                                const auto& b = o.body.as_object();
                                return self->error(id, b.at("code").as_string(),
                                                   b.at("error").as_string());
                            }
                            self->send(json::serialize(json::object{{"type", "ack"}, {"id", id}}));
                        });
            return;
        }
        if (type == "chat") {
            if (unknown({"type", "id", "text"}))
                return error(id, "unknown-field", "unknown field in chat");
            if (!subscribed_)
                return error(id, "not-subscribed", "send hello (or connect with ?token=) first");
            json::object line;
            if (auto t = m.if_contains("text")) line["text"] = *t;
            lobby().chat_post(
                gameId_, Credentials(token_, account_), line,
                [self = shared_from_this(), id](Outcome o) {
                    if (o.status >= 400) {
                        const auto& b = o.body.as_object();
                        return self->error(id, b.at("code").as_string(), b.at("error").as_string());
                    }
                    self->send(json::serialize(json::object{{"type", "ack"}, {"id", id}}));
                });
            return;
        }
        if (type == "view") {
            if (unknown({"type", "id"})) return error(id, "unknown-field", "unknown field in view");
            if (!subscribed_)
                return error(id, "not-subscribed", "send hello (or connect with ?token=) first");
            lobby().view(
                gameId_, Credentials(token_, account_),
                [self = shared_from_this(), id](Outcome o) {
                    if (o.status >= 400) {
                        const auto& b = o.body.as_object();
                        return self->error(id, b.at("code").as_string(), b.at("error").as_string());
                    }
                    // The request's id is echoed; the game's own id moves to "game" (as in
                    // welcome).
                    json::object out;
                    for (auto& kv : o.body.as_object())
                        out[kv.key() == "id" ? json::string_view("game") : kv.key()] = kv.value();
                    out["type"] = "view";
                    out["id"] = id;
                    self->send(json::serialize(out));
                },
                this);
            return;
        }
        error(id, "unknown-type", "unknown message type");
    }

    void hello(const std::optional<std::string>& token, std::uint64_t since) {
        helloSent_ = true;
        token_ = token;
        lobby().subscribe(
            gameId_, Credentials(token, account_), since, shared_from_this(),
            [self = shared_from_this()](std::optional<Outcome> err, referee::Seat seat,
                                        json::object view) {
                if (err) {
                    const auto& b = err->body.as_object();
                    self->error(nullptr, b.at("code").as_string(), b.at("error").as_string());
                    self->closeAfterWrites_ = true;
                    return;
                }
                self->subscribed_ = true;
                self->seat_ = seat;
                self->sheddable_ = seat == referee::Seat::Spectator;
                self->send(json::serialize(json::object{{"type", "welcome"},
                                                        {"game", self->gameId_},
                                                        {"seat", referee::seat_name(seat)},
                                                        {"view", std::move(view)}}));
            });
    }

    void error(const json::value& id, std::string_view code, std::string_view message) {
        send(json::serialize(
            json::object{{"type", "error"}, {"id", id}, {"code", code}, {"error", message}}));
    }

    // A message: own text, or an event's shared text to wrap.
    struct Message {
        std::string text;
        SharedText event;
    };
    void send(std::string message) { send(Message{std::move(message), nullptr}); }
    void send(Message message) {
        if (closed_) return;
        if (queue_.size() >= MaxQueued) {
            closed_ = true;
            beast::get_lowest_layer(ws_).close();
            return;
        }
        queue_.push_back(std::move(message));
        if (!writing_) write_next();
    }

    void write_next() {
        if (queue_.empty()) {
            writing_ = false;
            if (closeAfterWrites_ && !closed_) {
                closed_ = true;
                ws_.async_close(closeCode_, [self = shared_from_this()](beast::error_code) {});
            }
            return;
        }
        writing_ = true;
        ws_.text(true);
        static constexpr std::string_view Open = R"({"type":"event","event":)", Close = "}";
        const Message& m = queue_.front();
        std::array<boost::asio::const_buffer, 3> buffers{
            m.event ? boost::asio::buffer(Open.data(), Open.size()) : boost::asio::buffer(m.text),
            m.event ? boost::asio::buffer(*m.event) : boost::asio::const_buffer(),
            m.event ? boost::asio::buffer(Close.data(), Close.size())
                    : boost::asio::const_buffer()};
        ws_.async_write(buffers, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) {
                self->closed_ = true;
                self->queue_.clear();
                self->writing_ = false;
                return;
            }
            self->queue_.pop_front();
            self->write_next();
        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    HttpRequest request_;
    // The account of the upgrade request (its cookie, same-origin only, or an API token).
    Identity account_;
    Context& ctx_;
    std::shared_ptr<Connections> table_;
    std::uint64_t id_ = 0;
    referee::Seat seat_ = referee::Seat::Spectator;
    RateLimit limit_;
    beast::flat_buffer buffer_;
    bool echo_ = false;
    std::string gameId_;
    std::optional<std::string> queryToken_, token_;
    std::uint64_t since_ = 0;
    bool subscribed_ = false, helloSent_ = false, closeAfterWrites_ = false, closed_ = false;
    std::atomic<bool> sheddable_ = true;
    websocket::close_code closeCode_ = websocket::close_code::policy_error;
    bool writing_ = false;
    std::deque<Message> queue_;
};

}  // namespace

void start_websocket(beast::tcp_stream stream, HttpRequest request, Context& context,
                     Identity account) {
    std::make_shared<WsSession>(std::move(stream), std::move(request), context, std::move(account))
        ->run();
}

}  // namespace arbiter::server
