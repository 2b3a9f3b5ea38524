#include <gtest/gtest.h>

#include "engine/tt.h"
#include "variants/chess/position.h"

using namespace arbiter;
using namespace arbiter::engine;

TEST(EngineTranspositionTable, StoredEntryIsFoundWithItsData) {
    TranspositionTable tt(1);
    Position pos;
    Move m = Move::make(12, 28);  // e2e4
    tt.store(pos.key(), m, 37, 12, 9, Bound::Exact);
    TTData d;
    ASSERT_TRUE(tt.probe(pos.key(), d));
    EXPECT_EQ(d.move, m);
    EXPECT_EQ(d.score, 37);
    EXPECT_EQ(d.eval, 12);
    EXPECT_EQ(d.depth, 9);
    EXPECT_EQ(d.bound, Bound::Exact);
}

TEST(EngineTranspositionTable, OtherKeysAreMissesAndClearEmpties) {
    TranspositionTable tt(1);
    tt.store(0x123456789abcdef0ULL, Move::make(1, 18), 5, 5, 3, Bound::Lower);
    TTData d;
    EXPECT_FALSE(tt.probe(0x0fedcba987654321ULL, d));
    EXPECT_TRUE(tt.probe(0x123456789abcdef0ULL, d));
    tt.clear();
    EXPECT_FALSE(tt.probe(0x123456789abcdef0ULL, d));
}

TEST(EngineTranspositionTable, SpecialMovesSurviveTheRoundTrip) {
    TranspositionTable tt(1);
    Move promo = Move::make(52, 60, MoveKind::Promotion, Knight);
    tt.store(42, promo, -3, 0, 1, Bound::Upper);
    TTData d;
    ASSERT_TRUE(tt.probe(42, d));
    EXPECT_EQ(d.move, promo);
    EXPECT_EQ(d.bound, Bound::Upper);
}

TEST(EngineTranspositionTable, ShallowResultDoesNotEvictDeepOneForTheSameKey) {
    TranspositionTable tt(1);
    tt.store(99, Move::make(1, 18), 50, 0, 12, Bound::Lower);
    tt.store(99, Move::none(), 10, 0, 2, Bound::Upper);
    TTData d;
    ASSERT_TRUE(tt.probe(99, d));
    EXPECT_EQ(d.depth, 12);
    EXPECT_EQ(d.move, Move::make(1, 18));
}

TEST(EngineTranspositionTable, MateScoresAreStoredRelativeToTheNode) {
    // A mate 5 plies below a node at ply 7 is 12 plies from the root.
    int atRoot = mate_in(12);
    int stored = score_to_tt(atRoot, 7);
    EXPECT_EQ(stored, mate_in(5));
    EXPECT_EQ(score_from_tt(stored, 3, 0), mate_in(8));
    EXPECT_EQ(score_from_tt(score_to_tt(mated_in(10), 4), 4, 0), mated_in(10));
    EXPECT_EQ(score_from_tt(score_to_tt(123, 9), 2, 0), 123);
}

TEST(EngineTranspositionTable, HashfullCountsThisSearchsEntries) {
    TranspositionTable tt(1);
    EXPECT_EQ(tt.hashfull(), 0);
    for (Key k = 1; k < 200000; ++k)
        tt.store(k * 0x9E3779B97F4A7C15ULL, Move::none(), 0, 0, 1, Bound::Exact);
    EXPECT_GT(tt.hashfull(), 500);
    tt.new_search();
    EXPECT_EQ(tt.hashfull(), 0);
}
