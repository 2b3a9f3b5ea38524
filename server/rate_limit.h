// Per-connection rate limit: a token bucket refilled at `rate` per second up to `burst`.
#pragma once

#include <algorithm>
#include <chrono>

namespace arbiter::server {

class RateLimit {
  public:
    RateLimit(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
    bool allow() {
        auto now = std::chrono::steady_clock::now();
        tokens_ =
            std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
        last_ = now;
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

  private:
    double rate_, burst_, tokens_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace arbiter::server
