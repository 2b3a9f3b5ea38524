// Internal to the server: what connections share, and the two kinds of sessions.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/lobby.h"
#include "server/loops.h"
#include "server/seeks.h"
#include "server/server.h"
#include "server/static_files.h"

namespace arbiter::server {

// An open connection, as the server's connection table sees it.
class Connection {
  public:
    virtual ~Connection() = default;
    // Idle and holding no seat: the first to go when the server runs out of descriptors.
    virtual bool sheddable() const = 0;
    virtual void shed() = 0;
};

// Every open connection, counted (for the cap) and reachable (to shed idle ones). Shared by
// the connections themselves, so it outlives whichever of them is destroyed last; used from
// every loop, so it locks.
class Connections {
  public:
    std::uint64_t add(std::weak_ptr<Connection> c) {
        std::lock_guard lock(mutex_);
        table_.emplace(++lastId_, std::move(c));
        return lastId_;
    }
    void remove(std::uint64_t id) {
        std::lock_guard lock(mutex_);
        table_.erase(id);
    }
    std::size_t count() const {
        std::lock_guard lock(mutex_);
        return table_.size();
    }
    // Asks up to n sheddable connections, the oldest first, to close (each on its own loop);
    // returns how many were asked.
    std::size_t shed(std::size_t n);

  private:
    mutable std::mutex mutex_;
    std::map<std::uint64_t, std::weak_ptr<Connection>> table_;  // by age
    std::uint64_t lastId_ = 0;
};

struct Context {
    ServerConfig config;
    Loops* loops = nullptr;
    Analyses* analyses = nullptr;  // on loop 0
    Accounts* accounts = nullptr;  // any loop (it locks)
    Store* store = nullptr;
    Seeks* seeks = nullptr;  // on loop 0
    std::shared_ptr<StaticFiles> web;
    std::shared_ptr<Connections> connections = std::make_shared<Connections>();
};

// The same connection, served from now on by another loop's thread (its io_context). No
// operation may be pending on it.
boost::asio::ip::tcp::socket move_to(boost::asio::ip::tcp::socket socket,
                                     boost::asio::io_context& ioc);

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

struct Target {
    std::string path;
    std::map<std::string, std::string, std::less<>> query;
    std::optional<std::string> param(std::string_view name) const {
        auto it = query.find(name);
        if (it == query.end()) return std::nullopt;
        return it->second;
    }
};
// Splits "/a/b?x=1&y=%20" into its path and its decoded query parameters.
Target parse_target(std::string_view target);

// GET /api/games on several loops: their pages (each newest first) merged into one of at most
// `limit` games, with the cursor of its last game when more remain.
Outcome merge_pages(std::vector<std::optional<Outcome>>& parts, std::size_t limit);

// Parses a JSON text with a depth cap; nullopt for malformed input.
std::optional<json::value> parse_json(std::string_view text);

// An API answer as an HTTP response (event_stream.cpp).
boost::beast::http::response<boost::beast::http::string_body> make_response(const Outcome& o,
                                                                            unsigned version,
                                                                            bool keepAlive);

// GET /api/games/{id}/events (event_stream.cpp): the receiver to subscribe with, and the
// lobby's Ready for it, which starts the stream or answers the refusal.
struct EventStreamStart {
    std::shared_ptr<Subscriber> receiver;
    Lobby::Ready ready;
};
EventStreamStart event_stream(boost::beast::tcp_stream stream, unsigned version,
                              std::shared_ptr<Connections> table);

// The same reply, run on the loop this is called on (the connection's) wherever it is called
// from.
Reply answer_here(Reply reply);

// /api/account… and /api/players/… (player_routes.cpp).
struct PlayerRequest {
    const HttpRequest& req;
    const Target& target;
    const Client& client;
    bool secure;  // over TLS (the cookie is Secure)
    Loops& loops;
    Context& ctx;
};
void player_route(const PlayerRequest& request, const Reply& reply);

void start_http_session(boost::asio::ip::tcp::socket socket, Context& context);
void start_websocket(boost::beast::tcp_stream stream, HttpRequest request, Context& context,
                     Identity account = {});

}  // namespace arbiter::server
