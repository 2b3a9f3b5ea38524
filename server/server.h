// `arbiter serve`: the referee behind HTTP + WebSocket (docs/api.md). One event-loop thread
// runs every game; one writer thread commits to SQLite in groups; one pool thread thinks for
// computer seats.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "referee/game.h"
#include "server/analysis.h"
#include "server/lobby.h"

namespace arbiter::server {

struct ServerConfig {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;  // 0: any free port (see Server::port())
    std::string db = "data/arbiter.db";
    std::string web = "web/dist";  // static files served at / when the folder exists
    std::size_t bodyLimit = 64 * 1024;
    std::size_t messageLimit = 64 * 1024;
    double rate = 200;  // requests or messages per second per connection
    double burst = 400;
    bool fullSync = true;  // SQLite synchronous=FULL
    std::string vfs;       // an SQLite VFS by name (tests inject disk faults); "" = default
    std::string node;      // this node's name in a cluster (PostgreSQL); "" = the host name
    // Event loops (threads serving games and connections); 0 = one per core.
    std::size_t loops = 0;
    // Behind a proxy on this host (HAProxy): the client address is the last X-Forwarded-For.
    bool trustProxy = false;
    LobbyLimits limits;
    AnalysisLimits analysis;  // computer analysis of finished chess games
    // Open connections (HTTP, WebSocket, event streams) at once; more are answered 503.
    std::size_t maxConnections = 20000;
};

class Server {
  public:
    explicit Server(ServerConfig config);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Opens the database (throws std::runtime_error with a clear message if it cannot be
    // written), restores games, binds and starts the threads; returns at once.
    void start();
    std::uint16_t port() const;
    // Graceful: stops accepting, commits what is queued, stops the threads.
    void stop();
    // Blocks until SIGINT or SIGTERM, then stops.
    void run_until_signal();

    // Tests only: runs fn on the event loop with the game (null if not loaded) and waits.
    void inspect(const std::string& gameId, const std::function<void(const referee::Game*)>& fn);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::server
