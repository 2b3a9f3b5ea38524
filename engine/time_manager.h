// What the GUI asks of a search (UCI "go" parameters) and how much clock time to spend.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/types.h"
#include "variants/chess/move.h"

namespace arbiter::engine {

struct SearchLimits {
    int depth = 0;                       // 0: unlimited
    std::uint64_t nodes = 0;             // 0: unlimited
    std::int64_t movetime = -1;          // ms per move, -1: none
    std::int64_t time[2] = {-1, -1};     // ms left on each clock, -1: none
    std::int64_t increment[2] = {0, 0};  // ms per move
    int movestogo = 0;                   // 0: sudden death
    bool infinite = false;               // search until told to stop
    std::int64_t moveOverhead = 30;      // ms lost per move to the GUI and the pipes
    std::vector<Move> searchMoves;       // restrict the root to these, if any
};

// The soft target (stop starting new iterations after it) and the hard limit (abort the
// search) in ms; -1 means no limit.
struct TimeBudget {
    std::int64_t optimum = -1;
    std::int64_t maximum = -1;
};

// Without movestogo the clock is shared as if this many moves were left. The full-strength
// search's soft stop ends most moves at about half the optimum, so at 32 a 10+0.1 game still
// had 6 s of its 10 at move 40, when most games are decided; 20 spends it in the middlegame
// and still keeps 2 s for an endgame at move 100. The levels keep 32: their caps are spent on
// every move, and their Elo labels were measured with it.
constexpr int SearchHorizon = 20;
constexpr int LevelHorizon = 32;

inline TimeBudget plan_time(const SearchLimits& limits, Color us, int horizon = SearchHorizon) {
    TimeBudget b;
    if (limits.infinite) return b;
    if (limits.movetime >= 0) {
        b.optimum = b.maximum = std::max<std::int64_t>(1, limits.movetime - limits.moveOverhead);
        return b;
    }
    if (limits.time[us] < 0) return b;
    const std::int64_t left = limits.time[us], inc = limits.increment[us];
    const int movesToGo = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : horizon;
    // Keep a reserve for the overhead of every move still to come in this period.
    std::int64_t available = left - limits.moveOverhead * std::min(movesToGo, 10);
    available = std::max<std::int64_t>(available, std::max<std::int64_t>(1, left / 10));
    std::int64_t optimum = available / movesToGo + inc * 3 / 4;
    std::int64_t hardCap = movesToGo == 1 ? available * 9 / 10 : available * 3 / 5;
    b.maximum = std::max<std::int64_t>(1, std::min(hardCap, optimum * 5));
    b.optimum = std::max<std::int64_t>(1, std::min(optimum, b.maximum));
    return b;
}

}  // namespace arbiter::engine
