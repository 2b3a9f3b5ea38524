#include "players/pools.h"

namespace arbiter::players {

std::string rating_pool(std::string_view variant, std::optional<std::pair<int, int>> clock) {
    if (variant != "chess") return std::string(variant);
    if (!clock) return "chess-untimed";
    long estimate = long(clock->first) + 40L * clock->second;
    if (estimate < 180) return "chess-bullet";
    if (estimate < 480) return "chess-blitz";
    if (estimate < 1500) return "chess-rapid";
    return "chess-classical";
}

}  // namespace arbiter::players
