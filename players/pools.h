// Rating pools: which rating a game counts for. Chess is split by speed as lichess splits it
// (the estimated duration, initial + 40 × increment seconds); each variant has one pool.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::players {

// "chess-bullet" | "chess-blitz" | "chess-rapid" | "chess-classical" | "chess-untimed" |
// "chiefspy" | "minesweeper"; clock: initial and increment seconds, or none (untimed).
std::string rating_pool(std::string_view variant, std::optional<std::pair<int, int>> clock);

// Every pool, in the order profiles show them.
inline constexpr std::string_view Pools[] = {"chess-bullet",    "chess-blitz",   "chess-rapid",
                                             "chess-classical", "chess-untimed", "chiefspy",
                                             "minesweeper"};

}  // namespace arbiter::players
