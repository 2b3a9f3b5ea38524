// POST /api/seeks: the response that holds a seek. Chunked NDJSON like the event stream
// (event_stream.cpp): the seeking line, a ping every 10 s, and at the end the paired line.
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <chrono>
#include <cstdio>
#include <deque>

#include "server/seeks.h"
#include "server/session.h"

namespace arbiter::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr auto PingEvery = std::chrono::seconds(10);
// Pings a client has not read: it reads nothing, so it goes (and its seek with it).
constexpr std::size_t MaxUnwritten = 64;

}  // namespace

struct SeekHub {
    class Stream;

    SeekHub(asio::io_context& loop, PairGame pairGame, std::shared_ptr<Connections> connections)
        : loop(loop), pairGame(std::move(pairGame)), connections(std::move(connections)) {}

    asio::io_context& loop;
    PairGame pairGame;
    std::shared_ptr<Connections> connections;
    SeekPool pool;
    std::unordered_map<std::uint64_t, std::weak_ptr<Stream>> streams;  // seeks not yet ended
    std::mt19937_64 ids{std::random_device{}()};

    std::uint64_t new_id() {
        for (;;)
            if (std::uint64_t id = ids(); id != 0 && !streams.contains(id)) return id;
    }
    void left(std::uint64_t id) {
        pool.remove(id);
        streams.erase(id);
    }
    void pair(const Pairing& pairing, std::weak_ptr<SeekHub> self);
    void deliver(std::uint64_t id, const std::string& line);
};

namespace {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::string hex16(std::uint64_t id) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(id));
    return text;
}

}  // namespace

class SeekHub::Stream final : public Connection, public std::enable_shared_from_this<Stream> {
  public:
    Stream(beast::tcp_stream stream, unsigned version, std::uint64_t id, std::weak_ptr<SeekHub> hub,
           std::shared_ptr<Connections> table)
        : stream_(std::move(stream)),
          ping_(stream_.get_executor()),
          chunked_(version >= 11),
          version_(version),
          id_(id),
          hub_(std::move(hub)),
          table_(std::move(table)) {}
    ~Stream() override {
        if (tableId_) table_->remove(tableId_);
    }
    bool sheddable() const override { return false; }
    void shed() override {}

    void refuse(const Outcome& o) {
        auto res =
            std::make_shared<http::response<http::string_body>>(make_response(o, version_, false));
        http::async_write(
            stream_, *res,
            [self = shared_from_this(), res](beast::error_code, std::size_t) { self->close(); });
    }
    void start(const std::string& pool) {
        if (table_) tableId_ = table_->add(weak_from_this());
        stream_.expires_never();
        enqueue(std::string(chunked_ ? "HTTP/1.1" : "HTTP/1.0") +
                " 200 OK\r\nServer: arbiter\r\nContent-Type: application/x-ndjson\r\n"
                "Cache-Control: no-store\r\n" +
                (chunked_ ? "Transfer-Encoding: chunked\r\n" : "") + "Connection: close\r\n\r\n");
        send(json::serialize(
            json::object{{"type", "seeking"}, {"seek", hex16(id_)}, {"pool", pool}}));
        watch_for_close();
        ping();
    }
    // The last line: the response ends after it.
    void finish(const std::string& line) {
        if (closed_ || ending_) return;
        send(line);
        if (chunked_) enqueue("0\r\n\r\n");
        ending_ = true;
        if (!writing_) close();
    }
    void end() {
        if (closed_ || ending_) return;
        if (chunked_) enqueue("0\r\n\r\n");
        ending_ = true;
        if (!writing_) close();
    }

  private:
    void send(const std::string& line) {
        if (!chunked_) return enqueue(line + "\n");
        char size[20];
        int n = std::snprintf(size, sizeof size, "%zx\r\n", line.size() + 1);
        enqueue(std::string(size, std::size_t(n)) + line + "\n\r\n");
    }
    void enqueue(std::string data) {
        queue_.push_back(std::move(data));
        if (queue_.size() > MaxUnwritten) return close();
        if (!writing_) write_next();
    }
    void write_next() {
        if (queue_.empty() || closed_) {
            writing_ = false;
            if (ending_) close();
            return;
        }
        writing_ = true;
        asio::async_write(stream_, asio::buffer(queue_.front()),
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
    void ping() {
        ping_.expires_after(PingEvery);
        ping_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec || self->closed_ || self->ending_) return;
            self->send(R"({"type":"ping"})");
            self->ping();
        });
    }
    void close() {
        if (closed_) return;
        closed_ = true;
        ping_.cancel();
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
        stream_.socket().close(ec);
        if (auto hub = hub_.lock()) hub->left(id_);
    }

    beast::tcp_stream stream_;
    asio::steady_timer ping_;
    bool chunked_;
    unsigned version_;
    std::uint64_t id_;
    std::weak_ptr<SeekHub> hub_;
    std::shared_ptr<Connections> table_;
    std::uint64_t tableId_ = 0;
    std::deque<std::string> queue_;
    bool writing_ = false, ending_ = false, closed_ = false;
    char sink_[512];
};

namespace {

std::string storage_unavailable() {
    return json::serialize(json::object{{"type", "error"},
                                        {"code", "storage-unavailable"},
                                        {"error", "the game could not be made: seek again"}});
}

}  // namespace

void SeekHub::pair(const Pairing& pairing, std::weak_ptr<SeekHub> self) {
    std::array<std::uint64_t, 2> seats{pairing.white.id, pairing.black.id};
    // done may come from another loop: the lines are delivered on this one.
    pairGame(pairing, [&loop = loop, self = std::move(self),
                       seats](std::optional<std::array<std::string, 2>> lines) {
        asio::post(loop, [self, seats, lines = std::move(lines)] {
            auto hub = self.lock();
            if (!hub) return;
            for (int k = 0; k < 2; ++k)
                hub->deliver(seats[k], lines ? (*lines)[k] : storage_unavailable());
        });
    });
}

void SeekHub::deliver(std::uint64_t id, const std::string& line) {
    auto it = streams.find(id);
    if (it == streams.end()) return;  // its player left while the game was being made
    auto stream = it->second.lock();
    streams.erase(it);
    if (stream) stream->finish(line);
}

Seeks::Seeks(asio::io_context& loop, PairGame pairGame, std::shared_ptr<Connections> connections)
    : hub_(std::make_shared<SeekHub>(loop, std::move(pairGame), std::move(connections))) {}

Seeks::~Seeks() = default;

std::size_t Seeks::waiting() const { return hub_->pool.waiting(); }

json::object Seeks::counts() const { return hub_->pool.counts(); }

void Seeks::end_all() {
    auto streams = std::move(hub_->streams);
    hub_->streams.clear();
    for (auto& [id, weak] : streams) {
        hub_->pool.remove(id);
        if (auto stream = weak.lock()) stream->end();
    }
}

void start_seek_stream(beast::tcp_stream stream, unsigned version, Seeks& seeks,
                       SeekRequest request, Seeker seeker) {
    SeekHub& hub = *seeks.hub_;
    std::uint64_t id = hub.new_id();
    std::string pool = rating_pool(request.variant, request.clock);
    auto added = hub.pool.add(Seek{id, std::move(request), std::move(seeker), now_ms()});
    auto streamer = std::make_shared<SeekHub::Stream>(std::move(stream), version, id, seeks.hub_,
                                                      hub.connections);
    if (auto* refusal = std::get_if<Outcome>(&added)) return streamer->refuse(*refusal);
    hub.streams.emplace(id, streamer);
    streamer->start(pool);
    if (auto* pairing = std::get_if<Pairing>(&added)) hub.pair(*pairing, seeks.hub_);
}

}  // namespace arbiter::server
