#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "engine/endgame_scale.h"
#include "engine/nnue.h"
#include "engine/search.h"
#include "test_support.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {
using Position = BasicPosition<StandardChessRules>;

// The share (in 64ths) left of a score of `score` for the side to move in `fen`.
int share(const std::string& fen, int score = 300) {
    return endgame_scale(Position::from_fen(fen), score);
}

SearchResult search_with_network(const std::string& fen, int depth) {
    TranspositionTable tt(16);
    Searcher<StandardChessRules> searcher(tt);
    searcher.set_network(&nnue::builtin_network());
    SearchLimits limits;
    limits.depth = depth;
    return searcher.run(Position::from_fen(fen), limits);
}
}  // namespace

TEST(EngineEndgameScale, ALoneMinorPieceWithoutPawnsWinsNothing) {
    EXPECT_EQ(share("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), 4);
    EXPECT_EQ(share("8/8/4k3/8/8/3BK3/8/8 b - - 0 1", -300), 4) << "seen from the weak side";
    // A knight against pawns: the score for the pawns' side is not the knight's to shrink.
    EXPECT_EQ(share("8/8/4k3/8/6p1/3NK3/8/8 b - - 0 1"), 64);
}

TEST(EngineEndgameScale, TwoKnightsCannotForceMateOnABareKing) {
    EXPECT_EQ(share("8/8/8/8/8/2k5/8/K1n1n3 b - - 0 1"), 4);
    // Against pawns too: the knights' wins there (Troitzky's) are too rare and long to count on.
    EXPECT_EQ(share("8/8/8/8/P7/2k5/8/K1n1n3 b - - 0 1"), 4);
    EXPECT_EQ(share("8/8/8/8/8/2k5/8/K1n1n1r1 b - - 0 1"), 64) << "a rook besides";
}

TEST(EngineEndgameScale, WithoutPawnsAboutARookMoreIsNeededToMate) {
    EXPECT_EQ(share("8/8/4k3/4n3/8/4K3/4R3/8 w - - 0 1"), 8) << "rook against knight";
    EXPECT_EQ(share("8/8/4k3/r7/8/4K3/4RB2/8 w - - 0 1"), 16) << "rook and bishop against rook";
    EXPECT_EQ(share("8/8/4k3/r7/8/4K3/4Q3/8 w - - 0 1"), 64) << "queen against rook";
    EXPECT_EQ(share("8/8/4k3/8/8/4K3/4R3/8 w - - 0 1"), 64) << "rook against a bare king";
    EXPECT_EQ(share("8/8/4k3/8/8/4K3/4BB2/8 w - - 0 1"), 64) << "the bishop pair";
}

TEST(EngineEndgameScale, TheWrongBishopAndARookPawnDrawWithTheKingInTheCorner) {
    // h8 is dark; a light-squared bishop never drives the king out of the corner.
    EXPECT_EQ(share("7k/8/6K1/7P/8/8/8/3B4 w - - 0 1"), 4);
    EXPECT_EQ(share("7k/8/6K1/7P/8/8/8/2B5 w - - 0 1"), 64) << "the right bishop";
    EXPECT_EQ(share("k7/8/6K1/7P/8/8/8/3B4 w - - 0 1"), 64) << "the king far from the corner";
    // Black's a-pawn queens on a1 (dark): c2 is light, the wrong bishop; d2 is dark.
    EXPECT_EQ(share("8/8/8/8/4k3/p7/2b5/K7 b - - 0 1"), 4);
    EXPECT_EQ(share("8/8/8/8/4k3/p7/3b4/1K6 b - - 0 1"), 64) << "the right bishop";
    // A bare rook pawn with the defending king in front of it.
    EXPECT_EQ(share("k7/8/8/P7/8/8/8/4K3 w - - 0 1"), 4);
    EXPECT_EQ(share("8/8/4k3/P7/8/8/8/4K3 w - - 0 1"), 64) << "the king too far";
}

TEST(EngineEndgameScale, OppositeColouredBishopsHalveTheScore) {
    EXPECT_EQ(share("8/5k2/8/3b1P2/4P3/4BK2/8/8 w - - 0 1"), 32);
    EXPECT_EQ(share("8/5k2/8/3br1P1/4P3/4BK2/5R2/8 w - - 0 1"), 48) << "with a rook each";
    EXPECT_EQ(share("8/5k2/8/4bP2/4P3/4BK2/8/8 w - - 0 1"), 64) << "same-coloured bishops";
    EXPECT_EQ(share("8/5k2/8/3b1P2/4P3/4BK2/5N2/8 w - - 0 1"), 64) << "a knight besides";
}

TEST(EngineEndgameScale, ScalingShrinksAScoreAndNeverTurnsIt) {
    const Position lone = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1");
    for (int score : {-900, -64, -1, 0, 1, 64, 900}) {
        const int scaled = scale_endgame(lone, score);
        EXPECT_LE(std::abs(scaled), std::abs(score));
        EXPECT_GE(scaled * score, 0) << score;
    }
}

TEST(EngineEndgameScale, TheFiftyMoveClockFadesTheScoreToHalfAtItsEnd) {
    EXPECT_EQ(fade_by_fifty_move_clock(300, 0), 300);
    EXPECT_EQ(fade_by_fifty_move_clock(300, 50), 225);
    EXPECT_EQ(fade_by_fifty_move_clock(-300, 100), -150);
    EXPECT_EQ(fade_by_fifty_move_clock(300, 140), 150) << "the clock counts to 100 only";
}

// The network alone calls the wrong-bishop fortress won by pawns; the search with the
// network scores it about a draw.
TEST(EngineEndgameScale, TheSearchWithTheNetworkScoresTheWrongBishopFortressADraw) {
    const std::string fen = "7k/8/6K1/7P/8/8/8/3B4 b - - 0 1";
    const int network = nnue::evaluate(nnue::builtin_network(), Position::from_fen(fen));
    EXPECT_LT(network, -200) << "the network's own view of the fortress, for Black to move";
    const SearchResult result = search_with_network(fen, test::sanitized() ? 8 : 12);
    EXPECT_LE(std::abs(result.score), 60) << result.score;
}

TEST(EngineEndgameScale, TheSearchWithTheNetworkScoresTwoKnightsAgainstAKingADraw) {
    const std::string fen = "8/8/8/8/8/2k5/8/K1n1n3 b - - 0 1";
    const SearchResult result = search_with_network(fen, test::sanitized() ? 8 : 12);
    EXPECT_LE(std::abs(result.score), 60) << result.score;
}
