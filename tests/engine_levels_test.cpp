#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "engine/levels.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {
bool sanitized() { return std::getenv("ARBITER_SANITIZED") != nullptr; }
}  // namespace

TEST(EngineLevels, LevelZeroPlaysRandomLegalMovesReproduciblyBySeed) {
    Position pos;
    std::set<std::uint32_t> seen;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        Move m = choose_level_move(pos, 0, seed);
        EXPECT_TRUE(pos.is_legal(m));
        EXPECT_EQ(m, choose_level_move(pos, 0, seed));
        seen.insert(m.raw());
    }
    EXPECT_GT(seen.size(), 8u);  // not one fixed move
}

TEST(EngineLevels, EachLevelIsDeterministicForASeed) {
    Position pos =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    int top = sanitized() ? 3 : 6;
    for (int level = 1; level <= top; ++level) {
        Move a = choose_level_move(pos, level, 1234);
        Move b = choose_level_move(pos, level, 1234);
        EXPECT_TRUE(pos.is_legal(a)) << level;
        EXPECT_EQ(a, b) << "level " << level;
    }
}

TEST(EngineLevels, EachLevelTakesAFreeQueenMoreOftenThanTheOneBelow) {
    // Black's queen hangs to the pawn. A thinking move always takes it (the noise is far
    // smaller than a queen); the weak levels play a share of random moves, which seldom do.
    Position pos =
        Position::from_fen("rnb1kbnr/pppp1ppp/8/4q3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3");
    const int legal = int(legal_moves(pos).size());
    double previous = -1;
    for (int level = 0; level <= 7; ++level) {
        // Levels that never play at random are checked on a few seeds (they are slow).
        const double random = level_settings(level).randomPermille / 1000.0;
        const int seeds = random > 0 ? (sanitized() ? 100 : 300) : 3;
        if (random == 0 && sanitized() && level > 4) break;
        int takes = 0;
        for (std::uint64_t seed = 0; seed < std::uint64_t(seeds); ++seed)
            takes += to_uci(pos, choose_level_move(pos, level, seed)) == "d4e5";
        // Expected: the thinking share plus the random share's 1 in `legal`.
        const double expected = seeds * ((1 - random) + random / legal);
        if (random == 0)
            EXPECT_EQ(takes, seeds) << "level " << level;
        else
            EXPECT_NEAR(takes, expected, 10 + expected * 0.15) << "level " << level;
        const double rate = double(takes) / seeds;
        EXPECT_GE(rate, previous) << "level " << level;
        previous = rate;
    }
}

TEST(EngineLevels, NoLegalMoveGivesNone) {
    Position mated = Position::from_fen("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    EXPECT_FALSE(choose_level_move(mated, 4, 1));
    EXPECT_FALSE(choose_level_move(mated, 0, 1));
}

TEST(EngineLevels, EloMapsOntoLevels) {
    EXPECT_EQ(level_for_elo(0), 0);
    EXPECT_EQ(level_for_elo(LevelElo[MaxLevel]), MaxLevel);
    for (int l = 1; l <= MaxLevel; ++l) EXPECT_EQ(level_for_elo(LevelElo[l]), l);
}

TEST(EngineLevels, FullStrengthPlaysWithTheBuiltInNetworkAndTheLowerLevelsByHand) {
    // The lower levels' Elo labels were measured with the hand-written evaluation.
    EXPECT_EQ(level_network(MaxLevel), &nnue::builtin_network());
    for (int level = 0; level < MaxLevel; ++level)
        EXPECT_EQ(level_network(level), nullptr) << level;
}
