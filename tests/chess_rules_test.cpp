// docs/rules.md#standard-chess, one test per rule. Moves are written in UCI so that these tests
// do not depend on the SAN reader.
#include <algorithm>
#include <initializer_list>

#include <gtest/gtest.h>

#include "variants/chess/outcome.h"
#include "variants/chess/uci.h"

using namespace arbiter;

namespace {

Position play(std::string_view fen, std::initializer_list<const char*> moves) {
    auto pos = Position::from_fen(fen);
    for (const char* m : moves) pos.do_move(parse_uci(pos, m));
    return pos;
}

Position play(std::initializer_list<const char*> moves) {
    return play(StandardChessRules::StartFen, moves);
}

bool is_legal_uci(const Position& pos, const char* uci) {
    try {
        parse_uci(pos, uci);
        return true;
    } catch (const NotationError&) {
        return false;
    }
}

int count_moves_from(const Position& pos, const char* square) {
    auto from = Geometry8x8::parse_square(square);
    auto moves = legal_moves(pos);
    return int(std::count_if(moves.begin(), moves.end(), [&](Move m) { return m.from() == *from; }));
}

}  // namespace

TEST(ChessRules, PiecesMoveAsInTheLaws) {
    // Each piece alone with the kings, in the middle of the board.
    EXPECT_EQ(count_moves_from(Position::from_fen("8/k7/8/3N4/8/8/7K/8 w - - 0 1"), "d5"), 8);
    EXPECT_EQ(count_moves_from(Position::from_fen("8/k7/8/3B4/8/8/7K/8 w - - 0 1"), "d5"), 13);
    EXPECT_EQ(count_moves_from(Position::from_fen("8/k7/8/3R4/8/8/7K/8 w - - 0 1"), "d5"), 14);
    EXPECT_EQ(count_moves_from(Position::from_fen("8/k7/8/3Q4/8/8/7K/8 w - - 0 1"), "d5"), 27);
    EXPECT_EQ(count_moves_from(Position::from_fen("k7/8/8/3K4/8/8/8/8 w - - 0 1"), "d5"), 8);
    // Pawn: one or two steps from its first rank, captures diagonally only.
    EXPECT_EQ(count_moves_from(Position::from_fen("k7/8/8/8/8/2p1p3/3P4/7K w - - 0 1"), "d2"), 4);
    EXPECT_EQ(count_moves_from(Position::from_fen("k7/8/8/8/3p4/8/3P4/7K w - - 0 1"), "d2"), 1);
    EXPECT_EQ(count_moves_from(Position::from_fen("k7/8/8/8/8/3p4/3P4/7K w - - 0 1"), "d2"), 0);
}

TEST(ChessRules, CastlingBothSides) {
    auto pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    EXPECT_TRUE(is_legal_uci(pos, "e1g1"));
    EXPECT_TRUE(is_legal_uci(pos, "e1c1"));
    auto after = play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"e1g1", "e8c8"});
    EXPECT_EQ(after.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST(ChessRules, CastlingNeedsUnmovedKingAndRook) {
    auto kingMoved = play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"e1f1", "a8b8", "f1e1", "b8a8"});
    EXPECT_FALSE(is_legal_uci(kingMoved, "e1g1"));
    EXPECT_FALSE(is_legal_uci(kingMoved, "e1c1"));
    auto rookMoved = play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"h1h2", "a8b8", "h2h1", "b8a8"});
    EXPECT_FALSE(is_legal_uci(rookMoved, "e1g1"));
    EXPECT_TRUE(is_legal_uci(rookMoved, "e1c1"));
    // A rook captured on its corner takes the right with it.
    auto captured = play("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1", {"g2h1"});
    EXPECT_FALSE(captured.can_castle(WhiteKingSide));
}

TEST(ChessRules, CastlingNeedsEmptySquaresBetween) {
    auto pos = Position::from_fen("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
    EXPECT_FALSE(is_legal_uci(pos, "e1g1"));
    EXPECT_FALSE(is_legal_uci(pos, "e1c1"));
    // b1 occupied blocks queen-side castling although the king does not cross it.
    auto b1 = Position::from_fen("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    EXPECT_FALSE(is_legal_uci(b1, "e1c1"));
    EXPECT_TRUE(is_legal_uci(b1, "e1g1"));
}

TEST(ChessRules, CastlingNotOutOfThroughOrIntoCheck) {
    EXPECT_FALSE(is_legal_uci(Position::from_fen("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    EXPECT_FALSE(is_legal_uci(Position::from_fen("4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    EXPECT_FALSE(is_legal_uci(Position::from_fen("4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    // The rook may pass an attacked square (b1) on the queen side.
    EXPECT_TRUE(is_legal_uci(Position::from_fen("4k3/1r6/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
}

TEST(ChessRules, EnPassantOnlyImmediatelyAfterTheDoubleStep) {
    auto pos = play({"e2e4", "a7a6", "e4e5", "d7d5"});
    EXPECT_TRUE(is_legal_uci(pos, "e5d6"));
    auto taken = play({"e2e4", "a7a6", "e4e5", "d7d5", "e5d6"});
    EXPECT_EQ(taken.piece_on(*Geometry8x8::parse_square("d5")), NoPiece);
    auto late = play({"e2e4", "a7a6", "e4e5", "d7d5", "h2h3", "h7h6"});
    EXPECT_FALSE(is_legal_uci(late, "e5d6"));
}

TEST(ChessRules, EnPassantThatExposesTheKingIsIllegal) {
    // Both pawns leave the fifth rank at once: the rook on h5 would see the king.
    auto pos = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    EXPECT_FALSE(is_legal_uci(pos, "e5d6"));
    // With the rook elsewhere the same capture is fine.
    EXPECT_TRUE(is_legal_uci(Position::from_fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1"), "e5d6"));
}

TEST(ChessRules, PromotionToQueenRookBishopOrKnight) {
    auto pos = Position::from_fen("8/4P3/8/8/8/8/k7/7K w - - 0 1");
    for (const char* m : {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}) EXPECT_TRUE(is_legal_uci(pos, m));
    EXPECT_THROW(parse_uci(pos, "e7e8"), NotationError);
    EXPECT_THROW(parse_uci(pos, "e7e8k"), NotationError);
    auto knight = play("8/4P3/8/8/8/8/k7/7K w - - 0 1", {"e7e8n"});
    EXPECT_EQ(knight.piece_on(*Geometry8x8::parse_square("e8")), make_piece(White, Knight));
}

TEST(ChessRules, MoveLeavingOwnKingInCheckIsIllegal) {
    // The pinned knight cannot move; the king cannot step into the rook's file.
    auto pos = Position::from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    EXPECT_EQ(count_moves_from(pos, "e2"), 0);
    auto king = Position::from_fen("3r2k1/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_FALSE(is_legal_uci(king, "e1d1"));
    EXPECT_FALSE(is_legal_uci(king, "e1d2"));
    EXPECT_TRUE(is_legal_uci(king, "e1e2"));
}

TEST(ChessRules, CheckmateWins) {
    auto pos = play({"f2f3", "e7e5", "g2g4", "d8h4"});
    EXPECT_TRUE(is_checkmate(pos));
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::Checkmate);
    EXPECT_EQ(outcome->winner, Black);
}

TEST(ChessRules, StalemateDraws) {
    auto pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_TRUE(is_stalemate(pos));
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::Stalemate);
    EXPECT_FALSE(outcome->winner);
}

TEST(ChessRules, DeadPositionKingAgainstKing) {
    EXPECT_TRUE(is_dead_position(Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1")));
}

TEST(ChessRules, DeadPositionKingAgainstKingAndBishop) {
    EXPECT_TRUE(is_dead_position(Position::from_fen("8/8/4k3/8/8/3K4/5B2/8 w - - 0 1")));
}

TEST(ChessRules, DeadPositionKingAgainstKingAndKnight) {
    EXPECT_TRUE(is_dead_position(Position::from_fen("8/8/4k3/8/8/3K4/5n2/8 w - - 0 1")));
}

TEST(ChessRules, DeadPositionBishopsOnTheSameColour) {
    EXPECT_TRUE(is_dead_position(Position::from_fen("8/8/4kb2/8/8/3K4/5B2/8 w - - 0 1")));
    // Opposite-coloured bishops can still mate (with help): not dead.
    EXPECT_FALSE(is_dead_position(Position::from_fen("8/8/4k1b1/8/8/3K4/5B2/8 w - - 0 1")));
    EXPECT_FALSE(is_dead_position(Position::from_fen("8/8/4k3/8/8/3K4/4NB2/8 w - - 0 1")));
    EXPECT_FALSE(is_dead_position(Position::from_fen("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1")));
    auto outcome = automatic_outcome(Position::from_fen("8/8/4kb2/8/8/3K4/5B2/8 w - - 0 1"));
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::DeadPosition);
}

TEST(ChessRules, ThreefoldRepetitionIsAClaim) {
    auto twice = play({"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(twice.repetition_count(), 2);
    EXPECT_FALSE(automatic_outcome(twice));
    // After "Nf3 Nf6 Ng1" the claim is allowed with the move Black intends (…Ng8).
    auto beforeThird = play({"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    EXPECT_TRUE(can_claim_threefold_repetition(beforeThird));
    auto third = play({"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_EQ(third.repetition_count(), 3);
    EXPECT_TRUE(can_claim_threefold_repetition(third));
    EXPECT_FALSE(automatic_outcome(third)) << "threefold is only a claim";
    auto claim = claimable_draw(third);
    ASSERT_TRUE(claim);
    EXPECT_EQ(claim->termination, Termination::ThreefoldRepetition);
}

TEST(ChessRules, FivefoldRepetitionDrawsAutomatically) {
    auto pos = Position();
    for (int i = 0; i < 4; ++i)
        for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) pos.do_move(parse_uci(pos, m));
    EXPECT_EQ(pos.repetition_count(), 5);
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::FivefoldRepetition);
}

TEST(ChessRules, RepetitionNeedsTheSameCastlingRightsAndEnPassant) {
    // The king walks out and back: same placement, but castling rights are gone.
    auto pos = play({"e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"});
    auto start = play({"e2e4", "e7e5"});
    EXPECT_EQ(pos.fen().substr(0, 44), start.fen().substr(0, 44));
    EXPECT_NE(pos.key(), start.key());
    EXPECT_EQ(pos.repetition_count(), 1);
}

TEST(ChessRules, FiftyMoveRuleIsAClaim) {
    auto pos = Position::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80");
    EXPECT_FALSE(automatic_outcome(pos));
    EXPECT_TRUE(can_claim_fifty_moves(pos));  // with the move about to be made
    pos.do_move(parse_uci(pos, "a1a2"));
    EXPECT_EQ(pos.halfmove_clock(), 100);
    EXPECT_TRUE(can_claim_fifty_moves(pos));
    EXPECT_FALSE(automatic_outcome(pos));
    // A capture or pawn move resets the count.
    auto reset = Position::from_fen("8/8/4k3/8/8/3K4/4P3/R7 w - - 99 80");
    reset.do_move(parse_uci(reset, "e2e3"));
    EXPECT_EQ(reset.halfmove_clock(), 0);
}

TEST(ChessRules, SeventyFiveMoveRuleDrawsAutomatically) {
    auto pos = Position::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 149 120");
    EXPECT_FALSE(automatic_outcome(pos));
    pos.do_move(parse_uci(pos, "a1a2"));
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::SeventyFiveMoves);
}

TEST(ChessRules, CheckmateOnTheSeventyFifthMoveStillWins) {
    auto pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
    pos.do_move(parse_uci(pos, "a1a8"));
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->termination, Termination::Checkmate);
}

TEST(ChessRules, FlagFallAgainstInsufficientMaterialIsADraw) {
    // can_checkmate decides: the referee draws a flag fall when the opponent cannot mate.
    EXPECT_FALSE(can_checkmate(Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), Black));
    // A lone knight can mate only if the other side has a piece to block its own king.
    EXPECT_FALSE(can_checkmate(Position::from_fen("8/8/4k3/8/8/3K4/8/5n2 w - - 0 1"), Black));
    EXPECT_TRUE(can_checkmate(Position::from_fen("8/8/4k3/8/8/3K4/4P3/5n2 w - - 0 1"), Black));
    EXPECT_TRUE(can_checkmate(Position::from_fen("8/8/4k3/8/8/3K4/4P3/5n2 w - - 0 1"), White));
    // Same-coloured bishops against a bare king or a same-coloured bishop: no mate.
    EXPECT_FALSE(can_checkmate(Position::from_fen("8/8/4kb2/8/8/3K4/5B2/8 w - - 0 1"), White));
    EXPECT_TRUE(can_checkmate(Position::from_fen("8/8/4kn2/8/8/3K4/5B2/8 w - - 0 1"), White));
    EXPECT_TRUE(can_checkmate(Position::from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1"), White));
}
