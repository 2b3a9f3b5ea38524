// A small blocking client for the server tests: HTTP requests, raw TCP bytes, WebSockets and
// NDJSON event streams over loopback. Compiled once in server_client.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json.h"
#include "server/server.h"

namespace arbiter::testing {

struct HttpResult {
    int status = 0;
    std::string body;
    std::string contentType;
    std::vector<std::pair<std::string, std::string>> headers = {};  // every response header
    json::value json() const;
    std::string header(std::string_view name) const;  // the first of that name, or ""
};

using Headers = std::vector<std::pair<std::string, std::string>>;
HttpResult http(std::uint16_t port, const std::string& method, const std::string& target,
                const std::string& body = "", const std::optional<std::string>& token = {});
// The same with any request headers (Cookie, Origin, Authorization…).
HttpResult http_with(std::uint16_t port, const std::string& method, const std::string& target,
                     const std::string& body, const Headers& headers);
// An account for the tests (docs/players.md): signs up and returns "arbiter_session=…", the
// Cookie header value of its session.
std::string sign_up(std::uint16_t port, const std::string& name,
                    const std::string& password = "a long password");
// Sends raw bytes and returns whatever comes back until the server closes or 2 s pass.
std::string raw_exchange(std::uint16_t port, const std::string& bytes);
// Reads an NDJSON event stream until it ends (or the timeout); one string per line.
std::vector<std::string> read_event_stream(
    std::uint16_t port, const std::string& target, const std::optional<std::string>& token,
    std::chrono::milliseconds timeout = std::chrono::seconds(5));

class WsClient {
  public:
    WsClient(std::uint16_t port, const std::string& target, const Headers& headers = {});
    ~WsClient();
    void send(const std::string& text);
    // Throws std::runtime_error on timeout or a closed connection.
    std::string receive(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    json::object receive_json(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // Whether the server closed the connection within the timeout.
    bool closed_by_server(std::chrono::milliseconds timeout = std::chrono::seconds(2));

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// A server on a free loopback port with a fresh database in a temporary folder.
class TestServer {
  public:
    // tweak adjusts the configuration (limits, a web folder, a fault-injecting VFS) before
    // every start.
    explicit TestServer(std::function<void(server::ServerConfig&)> tweak = {});
    ~TestServer();
    std::uint16_t port() const { return server_->port(); }
    server::Server& server() { return *server_; }
    const std::string& db() const { return db_; }
    const std::string& dir() const { return dir_; }
    // Stops and starts again on the same database (a graceful restart).
    void restart();

  private:
    std::string dir_, db_;
    std::function<void(server::ServerConfig&)> tweak_;
    std::unique_ptr<server::Server> server_;
};

// Counts the event messages a WebSocket receives until it has been quiet for `quiet`.
std::size_t drain_events(WsClient& ws, std::chrono::milliseconds quiet = std::chrono::seconds(1));

std::string temp_dir();
bool sanitized();  // ARBITER_SANITIZED=1: keep loops short

}  // namespace arbiter::testing
