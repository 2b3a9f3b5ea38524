// A cluster node's ear on PostgreSQL: LISTEN arbiter_owner, where a node that takes a game
// over says so ("<game> <new owner instance>"). On its own thread and its own connection;
// lost games are handed to the callback (which posts them to the event loop).
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

struct pg_conn;  // libpq's connection (libpq-fe.h)

namespace arbiter::server {

class OwnerListener {
  public:
    // lost: a game another node took. recheck: after the connection was lost and made again
    // (notifications may have been missed meanwhile), every game this instance owns in the
    // database, so that the node can drop the others it still holds.
    OwnerListener(std::string conninfo, std::string instance,
                  std::function<void(const std::string& game)> lost,
                  std::function<void(std::vector<std::string> owned)> recheck = {});
    ~OwnerListener();
    OwnerListener(const OwnerListener&) = delete;
    OwnerListener& operator=(const OwnerListener&) = delete;

  private:
    void run();
    std::optional<std::vector<std::string>> owned_games(::pg_conn* conn) const;

    std::string conninfo_, instance_;
    std::function<void(const std::string&)> lost_;
    std::function<void(std::vector<std::string>)> recheck_;
    std::atomic<bool> stopping_ = false;
    std::thread thread_;
};

}  // namespace arbiter::server
