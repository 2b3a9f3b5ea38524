// A cluster node's ear on PostgreSQL: LISTEN arbiter_owner, where a node that takes a game
// over says so ("<game> <new owner instance>"). On its own thread and its own connection;
// lost games are handed to the callback (which posts them to the event loop).
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>

namespace arbiter::server {

class OwnerListener {
  public:
    OwnerListener(std::string conninfo, std::string instance,
                  std::function<void(const std::string& game)> lost);
    ~OwnerListener();
    OwnerListener(const OwnerListener&) = delete;
    OwnerListener& operator=(const OwnerListener&) = delete;

  private:
    void run();

    std::string conninfo_, instance_;
    std::function<void(const std::string&)> lost_;
    std::atomic<bool> stopping_ = false;
    std::thread thread_;
};

}  // namespace arbiter::server
