#include <gtest/gtest.h>

#include "engine/see.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {
int see_of(const char* fen, const char* move) {
    Position pos = Position::from_fen(fen);
    return see_value(pos, parse_uci(pos, move));
}
}  // namespace

TEST(EngineSee, UndefendedPawnWinsAPawn) {
    EXPECT_EQ(see_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
}

TEST(EngineSee, PawnForPawnIsEven) {
    EXPECT_EQ(see_of("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 0);
}

TEST(EngineSee, RookTakingADefendedPawnLosesTheExchange) {
    EXPECT_EQ(see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100 - 500);
}

TEST(EngineSee, QueenTakingADefendedPawnLosesTheQueen) {
    EXPECT_EQ(see_of("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), 100 - 950);
}

TEST(EngineSee, XRayRookBehindWinsTheExchangeSequence) {
    // Rxd4 Rxd4 Rxd4: the rook on d1 recaptures through d2 once it has moved.
    EXPECT_EQ(see_of("4k3/8/3r4/8/3r4/8/3R4/3RK3 w - - 0 1", "d2d4"), 500);
}

TEST(EngineSee, DefenderMayDeclineALosingRecapture) {
    // Nxe5: the pawn is defended only by the queen, which will not recapture into the
    // bishop's defence.
    EXPECT_EQ(see_of("4k3/4q3/8/4p3/8/2B2N2/8/4K3 w - - 0 1", "f3e5"), 100);
}

TEST(EngineSee, KingCannotRecaptureADefendedPiece) {
    // Qxf7+: the king may not take back on f7 because the bishop on c4 defends it.
    EXPECT_EQ(see_of("4k3/5p2/8/8/2B5/8/8/4K2Q w - - 0 1", "h1h5"), 0);
    EXPECT_EQ(see_of("4k3/5p2/8/7Q/2B5/8/8/4K3 w - - 0 1", "h5f7"), 100);
    EXPECT_EQ(see_of("4k3/5p2/8/7Q/8/8/8/4K3 w - - 0 1", "h5f7"), 100 - 950);
}

TEST(EngineSee, QuietMoveToAnAttackedSquareLosesThePiece) {
    EXPECT_EQ(see_of("4k3/8/8/4p3/8/8/8/3NK3 w - - 0 1", "d1c3"), 0);
    // Nf2 exf2 Kxf2: a knight for a pawn.
    EXPECT_EQ(see_of("4k3/8/8/8/8/4p3/8/3NK3 w - - 0 1", "d1f2"), 100 - 320);
}

TEST(EngineSee, EnPassantCaptureWinsAPawn) {
    EXPECT_EQ(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
}

TEST(EngineSee, PromotionCountsTheNewPiece) {
    EXPECT_EQ(see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 950 - 100);
}
