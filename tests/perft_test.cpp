#include <gtest/gtest.h>

#include "variants/chess/movegen.h"

using namespace arbiter;

TEST(Perft, StartPositionShallow) {
    Position pos;
    EXPECT_EQ(perft(pos, 1), 20u);
    EXPECT_EQ(perft(pos, 2), 400u);
    EXPECT_EQ(perft(pos, 3), 8902u);
    EXPECT_EQ(perft(pos, 4), 197281u);
}
