// Computer strength levels 0-8 for the server's computer seat and for UCI strength limits.
// Level 0 plays a uniformly random legal move; levels 1-6 score every root move with a
// depth- and node-limited full-window search and add Gaussian noise of a level-dependent
// size before picking the best; level 7 is the full search limited to 60k nodes, level 8 the
// full search for about a second, with the built-in evaluation network on the 8x8 board.
// The choice depends only on the position, the level and the seed (levels 7 and 8 also on
// their safety caps, 0.8 s and 1 s, which only cut in on a machine slower than the node budget
// assumes, or under a short clock).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

#include "engine/search.h"

namespace arbiter::engine {

struct LevelSettings {
    int depth;            // deepest full iteration
    std::uint64_t nodes;  // node budget
    int noise;            // standard deviation of the noise, centipawns
    std::int64_t movetimeMs;
    int randomPermille;  // this many moves in 1000 are a uniformly random legal move
};

constexpr int MaxLevel = 8;

inline const LevelSettings& level_settings(int level) {
    static const LevelSettings table[MaxLevel + 1] = {
        {0, 0, 0, 0, 1000},           // 0: random
        {1, 5'000, 200, 0, 850},      // 1
        {1, 5'000, 200, 0, 700},      // 2
        {3, 20'000, 110, 0, 100},     // 3
        {4, 50'000, 70, 0, 0},        // 4
        {5, 120'000, 45, 0, 0},       // 5
        {7, 300'000, 25, 0, 0},       // 6
        {64, 60'000, 0, 800, 0},      // 7: the full search, on a short leash
        {64, 1'500'000, 0, 1000, 0},  // 8: full strength
    };
    return table[std::clamp(level, 0, MaxLevel)];
}

// Playing strength of each level on Stockfish's UCI_Elo scale (UCI_Elo maps onto these),
// measured at 10+0.1 (docs/engine.md, bench/chess_ladder.sh stockfish|levels): level 8, the
// full engine with network f8, 2532 +- 50 over 200 games against UCI_Elo 2400 and 2600 (f4
// 2447 +- 51, f3 2355 +- 54; 2285 +- 40 over 400 games against 2000-2600 with the hand-written
// evaluation); levels 4-7 40 games each against the UCI_Elo nearest their label (4: 1285 with
// 30 earlier games, 5: 1545, 6: 1775, 7: 2105, each +- about 110); level 3 lost 40 of 40 to
// UCI_Elo 1350, Stockfish's floor, so it is below about 910. Levels 1 and 2 sit one self-play
// step (80 % and 78 %, 60 games) above the level below.
constexpr int LevelElo[MaxLevel + 1] = {100, 330, 550, 900, 1285, 1545, 1775, 2105, 2530};

inline int level_for_elo(int elo) {
    int level = 0;
    for (int l = 0; l <= MaxLevel; ++l)
        if (elo >= LevelElo[l]) level = l;
    return level;
}

// The evaluation network a level plays 8x8 chess with: full strength the built-in one; the
// lower levels none (the hand-written evaluation their Elo labels were measured with).
inline const nnue::Network* level_network(int level) {
    return level == MaxLevel ? &nnue::builtin_network() : nullptr;
}

namespace level_detail {

// A standard normal deviate from a fully specified generator (portable across libraries).
inline double gaussian(std::mt19937_64& rng) {
    double u1 = (double(rng() >> 11) + 0.5) * 0x1.0p-53;
    double u2 = double(rng() >> 11) * 0x1.0p-53;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace level_detail

// The move the given level plays here; Move::none() when there is no legal move.
// maxMs (if >= 0) caps the thinking time (a UCI clock), stop aborts it; either makes the
// choice depend on the machine's speed.
template <typename R>
Move choose_level_move(const BasicPosition<R>& pos, int level, std::uint64_t seed,
                       TranspositionTable* sharedTable = nullptr, std::int64_t maxMs = -1,
                       const std::atomic<bool>* stop = nullptr) {
    std::mt19937_64 rng(seed);
    MoveList<> legal = legal_moves(pos);
    if (legal.empty()) return Move::none();
    level = std::clamp(level, 0, MaxLevel);
    if (level == 0) return legal[int(rng() % std::uint64_t(legal.size()))];
    // The weakest levels play some moves without a thought: a beginner's blunders, and the
    // only way to make level 1 a small step up from the random mover.
    if (int share = level_settings(level).randomPermille; share > 0 && int(rng() % 1000) < share)
        return legal[int(rng() % std::uint64_t(legal.size()))];

    std::unique_ptr<TranspositionTable> own;
    if (!sharedTable) own = std::make_unique<TranspositionTable>(level >= 7 ? 16 : 4);
    TranspositionTable& tt = sharedTable ? *sharedTable : *own;
    auto searcher = std::make_unique<Searcher<R>>(tt);
    if constexpr (std::is_same_v<R, StandardChessRules>)
        searcher->set_network(level_network(level));
    const LevelSettings& s = level_settings(level);
    if (s.noise == 0) {
        SearchLimits limits;
        limits.nodes = s.nodes;
        limits.movetime = maxMs >= 0 ? std::min(maxMs, s.movetimeMs) : s.movetimeMs;
        limits.moveOverhead = 0;
        return searcher->run(pos, limits, stop).best;
    }
    auto scores = searcher->score_root_moves(pos, s.depth, s.nodes, maxMs, stop);
    Move best = scores.front().first;
    double bestValue = -1e18;
    for (auto [m, v] : scores) {
        double noisy = double(v) + s.noise * level_detail::gaussian(rng);
        if (noisy > bestValue) {
            bestValue = noisy;
            best = m;
        }
    }
    return best;
}

}  // namespace arbiter::engine
