// GET /api/games/{id}/events: a chunked NDJSON response that stays open, one event a line,
// a blank chunk every 15 s so that proxies keep it, and the end of the response when the game
// is over (or moved to another node).
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <array>
#include <cstdio>
#include <deque>

#include "server/session.h"

namespace arbiter::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

std::string chunk(std::string_view data) {
    char size[20];
    int n = std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string out(size, std::size_t(n));
    out += data;
    out += "\r\n";
    return out;
}

std::string chunk_header(std::size_t size) {
    char text[20];
    int n = std::snprintf(text, sizeof text, "%zx\r\n", size);
    return std::string(text, std::size_t(n));
}

}  // namespace

http::response<http::string_body> make_response(const Outcome& o, unsigned version,
                                                bool keepAlive) {
    http::response<http::string_body> res{http::status(o.status), version};
    res.set(http::field::server, "arbiter");
    res.set(http::field::cache_control, "no-store");
    if (!o.contentType.empty()) {
        res.set(http::field::content_type, o.contentType);
        res.body() = o.text;
    } else {
        res.set(http::field::content_type, "application/json");
        res.body() = json::serialize(o.body);
    }
    if (o.retryAfter > 0) res.set(http::field::retry_after, std::to_string(o.retryAfter));
    for (const auto& [name, value] : o.headers) res.insert(name, value);
    res.keep_alive(keepAlive);
    res.prepare_payload();
    return res;
}

namespace {

class EventStream final : public Subscriber,
                          public Connection,
                          public std::enable_shared_from_this<EventStream> {
  public:
    EventStream(beast::tcp_stream stream, unsigned version, std::shared_ptr<Connections> table)
        : stream_(std::move(stream)),
          heartbeat_(stream_.get_executor()),
          version_(version),
          table_(std::move(table)) {}
    ~EventStream() override {
        if (id_) table_->remove(id_);
    }
    bool sheddable() const override { return false; }
    void shed() override {}  // never sheddable

    void fail(const Outcome& o) {
        auto res =
            std::make_shared<http::response<http::string_body>>(make_response(o, version_, false));
        http::async_write(
            stream_, *res,
            [self = shared_from_this(), res](beast::error_code, std::size_t) { self->close(); });
    }
    void start() {
        id_ = table_->add(weak_from_this());
        stream_.expires_never();
        enqueue(
            "HTTP/1.1 200 OK\r\nServer: arbiter\r\nContent-Type: application/x-ndjson\r\n"
            "Cache-Control: no-store\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
        watch_for_close();
        beat();
    }
    void push_event(const SharedText& text) override {
        if (closed_ || ending_) return;
        // Framed around the shared text, which is written as it is, not copied.
        enqueue(Piece{chunk_header(text->size() + 1), text, "\n\r\n"});
    }
    void game_over() override {
        if (closed_ || ending_) return;
        enqueue("0\r\n\r\n");
        ending_ = true;
    }
    // Another node owns the game now: the stream ends early and the reader reconnects
    // (with since=) through the balancer.
    void moved() override { game_over(); }

  private:
    // A piece of output: own bytes, then optionally a shared event text and a suffix.
    struct Piece {
        std::string before;
        SharedText shared;
        std::string_view after;
    };
    void enqueue(std::string data) { enqueue(Piece{std::move(data), nullptr, {}}); }
    void enqueue(Piece piece) {
        queue_.push_back(std::move(piece));
        if (queue_.size() > 8192) return close();  // a reader that does not read
        if (!writing_) write_next();
    }
    void write_next() {
        if (queue_.empty() || closed_) {
            writing_ = false;
            if (ending_) close();
            return;
        }
        writing_ = true;
        const Piece& p = queue_.front();
        std::array<asio::const_buffer, 3> buffers{
            asio::buffer(p.before), p.shared ? asio::buffer(*p.shared) : asio::const_buffer(),
            asio::buffer(p.after.data(), p.after.size())};
        asio::async_write(stream_, buffers,
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->close();
                              self->queue_.pop_front();
                              self->write_next();
                          });
    }
    void watch_for_close() {
        stream_.async_read_some(asio::buffer(sink_),
                                [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                    if (ec) return self->close();
                                    self->watch_for_close();
                                });
    }
    void beat() {
        heartbeat_.expires_after(std::chrono::seconds(15));
        heartbeat_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec || self->closed_ || self->ending_) return;
            self->enqueue(chunk("\n"));
            self->beat();
        });
    }
    void close() {
        if (closed_) return;
        closed_ = true;
        heartbeat_.cancel();
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
        stream_.socket().close(ec);
    }

    beast::tcp_stream stream_;
    asio::steady_timer heartbeat_;
    unsigned version_;
    std::shared_ptr<Connections> table_;
    std::uint64_t id_ = 0;
    std::deque<Piece> queue_;
    bool writing_ = false, ending_ = false, closed_ = false;
    char sink_[512];
};

}  // namespace

EventStreamStart event_stream(beast::tcp_stream stream, unsigned version,
                              std::shared_ptr<Connections> table) {
    auto streamer = std::make_shared<EventStream>(std::move(stream), version, std::move(table));
    return {streamer, [streamer](std::optional<Outcome> error, referee::Seat, const json::object&) {
                if (error)
                    streamer->fail(*error);
                else
                    streamer->start();
            }};
}

}  // namespace arbiter::server
