// Chief & Spy rules on the board (docs/rules.md#chief--spy): movement, bonuses, gambits, promotion,
// en passant, castling and the round's end. One test per rule.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation_error.h"
#include "variants/chiefspy/round.h"

using namespace arbiter;
using namespace arbiter::chiefspy;

namespace {

Square sq(const char* name) { return *G::parse_square(name); }

// Slots by starting file.
constexpr Slot GR = 0, GN = 1, GB = 2, Q = 3, K = 4, B = 5, N = 6, R = 7;

Assignment values(const char* text) { return *parse_assignment(text); }
// Default assignments: C on the king, S on the queen.
const char* Plain = "2,3,4,S,C,5,6,7";

std::vector<std::string> texts(const Board& b, Slot spy) {
    std::vector<std::string> out;
    for (const Move& m : b.legal_moves(spy)) out.push_back(b.move_text(m));
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

Round::Played play(Round& r, const char* text) {
    Move m = r.board().parse_move(text);
    EXPECT_TRUE(r.board().is_legal(m, r.spy_slot(r.side_to_move()))) << text;
    return r.play(m);
}

}  // namespace

TEST(ChiefSpyRules, InitialPositionHasGreatPiecesOnTheQueenSide) {
    Board b;
    EXPECT_EQ(b.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(b.at(sq("a1")).slot, GR);
    EXPECT_TRUE(is_great(b.at(sq("b8")).slot));
    EXPECT_FALSE(is_great(b.at(sq("g1")).slot));
    EXPECT_EQ(b.at(sq("e2")).slot, NoSlot);
    EXPECT_EQ(texts(b, NoSlot).size(), 20u);
}

TEST(ChiefSpyRules, KingMovesLikeAQueen) {
    Board b = Board::empty_board();
    b.place(White, King, K, sq("d4"));
    b.place(Black, Rook, R, sq("d8"));
    auto moves = texts(b, NoSlot);
    EXPECT_TRUE(has(moves, "d4h8"));
    EXPECT_TRUE(has(moves, "d4a1"));
    EXPECT_TRUE(has(moves, "d4d8"));  // an attack
    EXPECT_EQ(moves.size(), 27u);
}

TEST(ChiefSpyRules, NoCheckAKingMayStayAttacked) {
    Board b = Board::empty_board();
    b.place(White, King, K, sq("e1"));
    b.place(White, Pawn, NoSlot, sq("a2"));
    b.place(Black, Rook, R, sq("e8"));
    EXPECT_TRUE(has(texts(b, NoSlot), "a2a3"));  // ignores the rook on the king's file
}

TEST(ChiefSpyRules, SeedBonusExamplePosition) {
    // White bishop b3 attacks the black great knight on d5, supported by the knight on f4;
    // the great knight is supported by the great rook on d8 and the pawn on e6.
    Board b = Board::empty_board();
    b.place(White, King, K, sq("a1"));
    b.place(White, Bishop, B, sq("b3"));
    b.place(White, Knight, N, sq("f4"));
    b.place(Black, King, K, sq("h8"));
    b.place(Black, Knight, GN, sq("d5"));
    b.place(Black, Rook, GR, sq("d8"));
    b.place(Black, Pawn, NoSlot, sq("e6"));
    auto site = b.battle_site(b.parse_move("b3d5"));
    ASSERT_TRUE(site);
    EXPECT_EQ(site->attackerBonus, 2);  // +1 base +1 knight
    EXPECT_EQ(site->defenderBonus, 2);  // +1 great rook +1 pawn
    EXPECT_EQ(site->contested, sq("d5"));
    EXPECT_EQ(site->defender.slot, GN);
}

TEST(ChiefSpyRules, AttackerIsLiftedSoPiecesBehindItSupport) {
    // The queen behind the attacking rook on the same rank supports it; the black bishop
    // behind the attacking white bishop on the diagonal supports the defender.
    Board b = Board::empty_board();
    b.place(White, King, K, sq("g8"));
    b.place(White, Rook, R, sq("b4"));
    b.place(White, Queen, Q, sq("a4"));
    b.place(Black, King, K, sq("b8"));
    b.place(Black, Knight, N, sq("e4"));
    auto rook = b.battle_site(b.parse_move("b4e4"));
    ASSERT_TRUE(rook);
    EXPECT_EQ(rook->attackerBonus, 2);
    EXPECT_EQ(rook->defenderBonus, 0);

    Board d = Board::empty_board();
    d.place(White, King, K, sq("h8"));
    d.place(White, Bishop, B, sq("c2"));
    d.place(Black, Bishop, GB, sq("b1"));
    d.place(Black, King, K, sq("a7"));
    d.place(Black, Knight, N, sq("e4"));
    auto bishop = d.battle_site(d.parse_move("c2e4"));
    ASSERT_TRUE(bishop);
    EXPECT_EQ(bishop->attackerBonus, 1);
    EXPECT_EQ(bishop->defenderBonus, 1);  // the black bishop x-rays through c2
}

TEST(ChiefSpyRules, SupportCountsPawnsDiagonallyKingAsQueenButNotPushes) {
    Board b = Board::empty_board();
    b.place(White, Rook, R, sq("d1"));
    b.place(White, Pawn, NoSlot, sq("c4"));  // supports d5
    b.place(White, Pawn, NoSlot, sq("d4"));  // blocks the rook, and a push is no support
    b.place(White, King, K, sq("h1"));       // h1-d5 diagonal: supports as a queen
    b.place(Black, Knight, N, sq("d5"));
    b.place(Black, King, K, sq("a8"));  // a8-d5 diagonal: supports as a queen
    EXPECT_EQ(b.supporters(White, sq("d5"), 0), 2);
    EXPECT_EQ(b.supporters(Black, sq("d5"), 0), 1);
}

TEST(ChiefSpyRules, BattleWinnerStaysLoserGoesToReserve) {
    Board b = Board::empty_board();
    b.place(White, Rook, R, sq("a1"));
    b.place(White, King, K, sq("h1"));
    b.place(Black, Knight, N, sq("a5"));
    b.place(Black, King, K, sq("h8"));
    // White rook 7 + 1 beats the black knight 2.
    Round r(b, values("2,3,4,5,C,6,S,7"), values("3,4,5,6,C,7,2,S"));
    auto p = play(r, "a1a5");
    ASSERT_TRUE(p.battle);
    EXPECT_EQ(p.battle->winner, BattleWinner::Attacker);
    EXPECT_EQ(r.board().at(sq("a5")).slot, R);
    EXPECT_TRUE(r.board().fallen(Black, N));
    EXPECT_EQ(r.current(White, R), Value::number(6));  // min(7, 8 - 2)
    EXPECT_TRUE(r.changed(White, R));
    EXPECT_FALSE(r.over());
}

TEST(ChiefSpyRules, DefenderWinsAndStays) {
    Board b = Board::empty_board();
    b.place(White, Rook, R, sq("a1"));
    b.place(White, King, K, sq("h1"));
    b.place(Black, Knight, N, sq("a5"));
    b.place(Black, King, K, sq("h8"));
    Round r(b, values("7,3,4,5,C,6,S,2"), values("3,4,5,6,C,2,7,S"));
    auto p = play(r, "a1a5");
    EXPECT_EQ(p.battle->winner, BattleWinner::Defender);
    EXPECT_TRUE(r.board().at(sq("a1")).empty());
    EXPECT_EQ(r.board().at(sq("a5")).slot, N);
    EXPECT_TRUE(r.board().fallen(White, R));
    EXPECT_EQ(r.current(Black, N), Value::number(5));  // min(7, 7 - 2)
}

TEST(ChiefSpyRules, TieRemovesBoth) {
    Board b = Board::empty_board();
    b.place(White, Rook, R, sq("a1"));
    b.place(White, King, K, sq("h1"));
    b.place(Black, Knight, N, sq("a5"));
    b.place(Black, King, K, sq("h8"));
    Round r(b, values("7,3,4,6,C,5,S,2"), values("2,4,5,6,C,7,3,S"));
    auto p = play(r, "a1a5");  // 2 + 1 v 3 + 0
    EXPECT_EQ(p.battle->winner, BattleWinner::Tie);
    EXPECT_TRUE(r.board().at(sq("a5")).empty());
    EXPECT_TRUE(r.board().fallen(White, R));
    EXPECT_TRUE(r.board().fallen(Black, N));
}

TEST(ChiefSpyRules, SpyGambitIsOneCompoundMoveOfTheRealSpy) {
    // White's Spy is the great knight: 1. e4 d5 2. b1c3+c3d5 (the Spy attacks a pawn and loses).
    Round r(values("2,S,3,4,C,5,6,7"), values(Plain));
    play(r, "e2e4");
    play(r, "d7d5");
    auto moves = texts(r.board(), r.spy_slot(White));
    EXPECT_TRUE(has(moves, "b1c3+c3d5"));
    EXPECT_FALSE(has(moves, "g1f3+f3d4"));
    auto p = play(r, "b1c3+c3d5");
    ASSERT_TRUE(p.battle);
    EXPECT_EQ(p.battle->attackerFrom, sq("c3"));
    EXPECT_EQ(p.battle->attackerBonus, 2);  // +1 base, +1 pawn e4
    EXPECT_EQ(p.battle->defenderBonus, 1);  // the queen on d8 through d7
    EXPECT_EQ(p.battle->winner, BattleWinner::Defender);
    ASSERT_TRUE(r.over());
    EXPECT_EQ(r.end()->reason, RoundEndReason::SpyCaptured);
    EXPECT_EQ(r.end()->points[Black], 1);
    EXPECT_TRUE(r.board().at(sq("b1")).empty());
    EXPECT_TRUE(r.board().at(sq("c3")).empty());
}

TEST(ChiefSpyRules, GambitByANonSpyIsNotLegal) {
    Round r(values(Plain), values(Plain));
    play(r, "e2e4");
    play(r, "d7d5");
    Move m = r.board().parse_move("b1c3+c3d5");
    EXPECT_FALSE(r.board().is_legal(m, r.spy_slot(White)));  // White's Spy is the queen
    EXPECT_TRUE(r.board().is_legal(m, GN));                  // it would be for a knight Spy
}

TEST(ChiefSpyRules, GambitSecondMoveMustAttackAndFirstMustNot) {
    Round r(values("2,S,3,4,C,5,6,7"), values(Plain));
    play(r, "e2e4");
    play(r, "d7d5");
    // c3 to e4 lands on an own pawn; b1 to d2 is occupied; a quiet second move is no gambit.
    EXPECT_FALSE(r.board().is_legal(r.board().parse_move("b1c3+c3b5"), GN));
    EXPECT_FALSE(r.board().is_legal(r.board().parse_move("b1d2+d2f3"), GN));
    EXPECT_THROW(r.board().parse_move("b1c3+d4d5"), NotationError);
    EXPECT_THROW(r.board().parse_move("b1c3+"), NotationError);
}

TEST(ChiefSpyRules, BishopGambitMayStartWithAnOrthogonalStep) {
    // A dark-squared bishop on d4 reaches the light square e6 only through d5.
    Board b = Board::empty_board();
    b.place(White, Bishop, B, sq("d4"));
    b.place(White, King, K, sq("h1"));
    b.place(Black, Rook, R, sq("e6"));
    b.place(Black, King, K, sq("a8"));
    auto spyMoves = texts(b, B);
    EXPECT_TRUE(has(spyMoves, "d4d5+d5e6"));
    EXPECT_TRUE(has(spyMoves, "d4c4+c4e6"));
    EXPECT_FALSE(has(texts(b, NoSlot), "d4d5+d5e6"));
    EXPECT_FALSE(has(texts(b, NoSlot), "d4d5"));  // not as a single move
    Round r(b, values("2,3,4,5,C,S,6,7"), values("2,3,4,5,C,6,S,7"));
    auto p = play(r, "d4d5+d5e6");
    EXPECT_EQ(p.battle->attackerFrom, sq("d5"));
    EXPECT_EQ(p.battle->winner, BattleWinner::Defender);  // Spy v a number
}

TEST(ChiefSpyRules, GambitFirstMoveIsNotCastling) {
    Board b = Board::empty_board();
    b.place(White, King, K, sq("e1"));
    b.place(White, Rook, R, sq("h1"));
    b.place(Black, Knight, N, sq("f3"));
    b.place(Black, King, K, sq("a8"));
    for (const auto& m : texts(b, K))
        if (m.find('+') != std::string::npos) {
            EXPECT_NE(m.substr(0, 4), "e1h1") << m;
        }
    EXPECT_TRUE(has(texts(b, K), "e1h1"));
}

TEST(ChiefSpyRules, SpyGambitAttackingTheChiefWins) {
    // 1. e4 d5 2. f1b5+b5e8: White's Spy bishop attacks Black's Chief king.
    Round r(values("2,3,4,5,C,S,6,7"), values(Plain));
    play(r, "e2e4");
    play(r, "d7d5");
    auto p = play(r, "f1b5+b5e8");
    EXPECT_EQ(p.battle->winner, BattleWinner::Attacker);
    ASSERT_TRUE(r.over());
    EXPECT_EQ(r.end()->reason, RoundEndReason::ChiefCaptured);
    EXPECT_EQ(r.end()->points[White], 2);
    EXPECT_EQ(r.end()->points[Black], 0);
}

TEST(ChiefSpyRules, BothSidesScoreWhenBothChiefsFall) {
    // Chief v Chief with equal bonuses: both leave, both score 2.
    Board b = Board::empty_board();
    b.place(White, Queen, Q, sq("d1"));
    b.place(White, King, K, sq("h1"));
    b.place(Black, Queen, Q, sq("d8"));
    b.place(Black, King, K, sq("a8"));
    Round r(b, values("2,3,4,C,S,5,6,7"), values("2,3,4,C,5,S,6,7"));
    auto p = play(r, "d1d8");  // +1 v +1 (the black king on a8 sees d8 along the rank)
    EXPECT_EQ(p.battle->attackerBonus, 1);
    EXPECT_EQ(p.battle->defenderBonus, 1);
    EXPECT_EQ(p.battle->winner, BattleWinner::Tie);
    ASSERT_TRUE(r.over());
    EXPECT_EQ(r.end()->points[White], 2);
    EXPECT_EQ(r.end()->points[Black], 2);
}

TEST(ChiefSpyRules, PromotionBringsBackAFallenPieceAtItsInitialValue) {
    Board b = Board::empty_board();
    b.place(White, Pawn, NoSlot, sq("e7"));
    b.place(White, King, K, sq("a1"));
    b.place(Black, King, K, sq("h1"));
    b.set_fallen(White, GN, true);
    b.set_fallen(White, Q, true);
    auto moves = texts(b, NoSlot);
    EXPECT_TRUE(has(moves, "e7e8gn"));
    EXPECT_TRUE(has(moves, "e7e8q"));
    EXPECT_FALSE(has(moves, "e7e8"));   // the exchange is compulsory
    EXPECT_FALSE(has(moves, "e7e8r"));  // the rook has not fallen
    Round r(b, values("2,6,3,4,C,5,S,7"), values(Plain));
    auto p = play(r, "e7e8gn");
    EXPECT_TRUE(p.promoted);
    Unit u = r.board().at(sq("e8"));
    EXPECT_EQ(u.type(), Knight);
    EXPECT_EQ(u.slot, GN);
    EXPECT_FALSE(r.board().fallen(White, GN));
    EXPECT_TRUE(r.board().fallen(White, Q));
    EXPECT_EQ(r.current(White, GN), Value::number(6));
    EXPECT_FALSE(r.changed(White, GN));
}

TEST(ChiefSpyRules, PawnWithNoFallenPieceStaysAPawn) {
    Board b = Board::empty_board();
    b.place(White, Pawn, NoSlot, sq("e7"));
    b.place(White, King, K, sq("a1"));
    b.place(Black, King, K, sq("h1"));
    auto moves = texts(b, NoSlot);
    EXPECT_TRUE(has(moves, "e7e8"));
    EXPECT_FALSE(has(moves, "e7e8q"));
    b.play(b.parse_move("e7e8"), std::nullopt);
    EXPECT_EQ(b.at(sq("e8")).type(), Pawn);
    b.play(b.parse_move("h1h2"), std::nullopt);
    b.set_fallen(White, Q, true);  // a piece falls later: the pawn is not promoted then
    for (const auto& m : texts(b, NoSlot)) {
        EXPECT_NE(m.substr(0, 2), "e8") << m;
    }
}

TEST(ChiefSpyRules, PromotionIsVoidIfThePawnLosesItsBattle) {
    Board b = Board::empty_board();
    b.place(White, Pawn, NoSlot, sq("e7"));
    b.place(White, King, K, sq("a1"));
    b.place(Black, Rook, R, sq("d8"));
    b.place(Black, King, K, sq("h1"));
    b.set_fallen(White, Q, true);
    Round r(b, values(Plain), values(Plain));
    auto p = play(r, "e7d8q");  // pawn 1+1 v rook 7
    EXPECT_EQ(p.battle->winner, BattleWinner::Defender);
    EXPECT_FALSE(p.promoted);
    EXPECT_TRUE(r.board().fallen(White, Q));
    EXPECT_EQ(r.board().at(sq("d8")).slot, R);
}

TEST(ChiefSpyRules, NoPromotionWhenTheBattleEndsTheRound) {
    Board b = Board::empty_board();
    b.place(White, Pawn, NoSlot, sq("e7"));
    b.place(White, King, K, sq("a1"));
    b.place(Black, Queen, Q, sq("d8"));
    b.place(Black, King, K, sq("h1"));
    b.set_fallen(White, GN, true);
    Round r(b, values(Plain), values(Plain));  // Black's queen is its Spy
    auto p = play(r, "e7d8gn");
    EXPECT_EQ(p.battle->winner, BattleWinner::Attacker);
    EXPECT_FALSE(p.promoted);
    EXPECT_EQ(r.board().at(sq("d8")).type(), Pawn);
    EXPECT_TRUE(r.board().fallen(White, GN));
    EXPECT_EQ(r.end()->points[White], 1);
}

namespace {
// White pawn e5 may take d5 en passant after Black's d7d5; Black supports d5 with `support`.
Round en_passant_round(int blackSupport) {
    Board b = Board::empty_board(Black);
    b.place(White, Pawn, NoSlot, sq("e5"));
    b.place(White, King, K, sq("a1"));
    b.place(Black, Pawn, NoSlot, sq("d7"));
    b.place(Black, King, K, sq("h8"));
    if (blackSupport >= 1) b.place(Black, Pawn, NoSlot, sq("c6"));
    if (blackSupport >= 2) b.place(Black, Rook, R, sq("d8"));
    Round r(b, values(Plain), values(Plain));
    play(r, "d7d5");
    return r;
}
}  // namespace

// Move text (the notation of docs/rules.md#chief--spy): two squares, then nothing, a promotion
// suffix or a gambit's second move. White space, a NUL or another control character is not part
// of a move; the reason quotes the text with such characters escaped.
TEST(ChiefSpyRules, MoveTextIsStrictAndQuotedSafely) {
    Board b;
    auto error = [&](std::string_view text) {
        try {
            b.parse_move(text);
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_EQ(error(std::string_view("e2e4\0", 5)),
              "move 'e2e4\\0' is not a move in coordinate notation: a NUL byte after the squares");
    EXPECT_EQ(error("e2e4\t"),
              "move 'e2e4\\t' is not a move in coordinate notation: a tab after the squares");
    EXPECT_EQ(error("e2e4 "),
              "move 'e2e4 ' is not a move in coordinate notation: a space after the squares");
    EXPECT_EQ(error("e7e8gn\r"),
              "move 'e7e8gn\\r' is not a move in coordinate notation: a carriage return after "
              "the squares");
    EXPECT_EQ(error("e2e4x"),
              "move 'e2e4x': unknown promotion suffix 'x' (use q, k, r, n, b, gr, gn or gb)");
    EXPECT_EQ(error("\001e2e4"), "move '\\x01e2e4': expected two squares such as e2e4");
    EXPECT_EQ(error("b1c3+c3d5\n"),
              "move 'b1c3+c3d5\\n': a Spy gambit is written as two moves such as b1c3+c3d5");
    EXPECT_EQ(error("e2e4"), "(accepted)");
    EXPECT_EQ(error("e7e8gn"), "(accepted)");  // shape only: legality is the board's question
}

TEST(ChiefSpyRules, EnPassantIsABattleOnTheDoubleSteppedPawn) {
    Round r = en_passant_round(0);
    EXPECT_TRUE(has(texts(r.board(), NoSlot), "e5d6"));
    auto p = play(r, "e5d6");
    ASSERT_TRUE(p.battle);
    EXPECT_EQ(p.battle->contested, sq("d5"));
    EXPECT_EQ(p.battle->winner, BattleWinner::Attacker);  // 1+1 v 1
    EXPECT_EQ(r.board().at(sq("d6")).type(), Pawn);
    EXPECT_TRUE(r.board().at(sq("d5")).empty());
    EXPECT_EQ(r.board().fallen_pawns(Black), 1);
}

TEST(ChiefSpyRules, EnPassantDefenderWinsAndStays) {
    Round r = en_passant_round(2);
    auto p = play(r, "e5d6");
    EXPECT_EQ(p.battle->defenderBonus, 2);
    EXPECT_EQ(p.battle->winner, BattleWinner::Defender);  // 1+1 v 1+2
    EXPECT_EQ(r.board().at(sq("d5")).color(), Black);
    EXPECT_TRUE(r.board().at(sq("d6")).empty());
    EXPECT_TRUE(r.board().at(sq("e5")).empty());
}

TEST(ChiefSpyRules, EnPassantTieRemovesBoth) {
    Round r = en_passant_round(1);
    auto p = play(r, "e5d6");
    EXPECT_EQ(p.battle->winner, BattleWinner::Tie);
    EXPECT_TRUE(r.board().at(sq("d5")).empty());
    EXPECT_TRUE(r.board().at(sq("d6")).empty());
    EXPECT_TRUE(r.board().at(sq("e5")).empty());
}

TEST(ChiefSpyRules, EnPassantOnlyRightAfterTheDoubleStep) {
    Round r = en_passant_round(0);
    play(r, "a1a2");
    play(r, "h8h7");
    EXPECT_FALSE(has(texts(r.board(), NoSlot), "e5d6"));
}

TEST(ChiefSpyRules, CastlingIsTheKingMovingOntoItsRook) {
    Board b = Board::empty_board();
    b.place(White, King, K, sq("e1"));
    b.place(White, Rook, R, sq("h1"));
    b.place(White, Rook, GR, sq("a1"));
    b.place(Black, King, K, sq("e8"));
    auto moves = texts(b, NoSlot);
    EXPECT_TRUE(has(moves, "e1h1"));
    EXPECT_TRUE(has(moves, "e1a1"));
    EXPECT_EQ(b.parse_move("O-O"), b.parse_move("e1h1"));
    EXPECT_EQ(b.parse_move("O-O-O"), b.parse_move("e1a1"));
    Move g1 = b.parse_move("e1g1");
    EXPECT_EQ(g1.kind, MoveKind::Normal);  // a plain king slide here
    Board c = b;
    c.play(c.parse_move("e1h1"), std::nullopt);
    EXPECT_EQ(c.at(sq("g1")).type(), King);
    EXPECT_EQ(c.at(sq("f1")).slot, R);
    EXPECT_EQ(c.quiet_plies(), 1);
    Board q = b;
    q.play(q.parse_move("e1a1"), std::nullopt);
    EXPECT_EQ(q.at(sq("c1")).type(), King);
    EXPECT_EQ(q.at(sq("d1")).slot, GR);
    // A king that slid once may not castle any more.
    Board moved = b;
    moved.play(moved.parse_move("e1f1"), std::nullopt);
    moved.play(moved.parse_move("e8e7"), std::nullopt);
    moved.play(moved.parse_move("f1e1"), std::nullopt);
    moved.play(moved.parse_move("e7e8"), std::nullopt);
    EXPECT_FALSE(has(texts(moved, NoSlot), "e1h1"));
}

TEST(ChiefSpyRules, CastlingNeedsEmptySquaresButNotSafety) {
    Board b = Board::empty_board();
    b.place(White, King, K, sq("e1"));
    b.place(White, Rook, R, sq("h1"));
    b.place(White, Rook, GR, sq("a1"));
    b.place(White, Knight, GN, sq("b1"));
    b.place(Black, Rook, R, sq("f8"));  // attacks f1: no matter
    b.place(Black, King, K, sq("e8"));
    auto moves = texts(b, NoSlot);
    EXPECT_TRUE(has(moves, "e1h1"));
    EXPECT_FALSE(has(moves, "e1a1"));
}

TEST(ChiefSpyRules, NoProgressDrawAfter100QuietPlies) {
    Round r(values(Plain), values(Plain));
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int i = 0; i < 99; ++i) play(r, cycle[i % 4]);
    EXPECT_FALSE(r.over());
    play(r, cycle[99 % 4]);
    ASSERT_TRUE(r.over());
    EXPECT_EQ(r.end()->reason, RoundEndReason::NoProgress);
    EXPECT_EQ(r.end()->points[White] + r.end()->points[Black], 0);
}

TEST(ChiefSpyRules, PawnMoveOrBattleResetsTheNoProgressCount) {
    Round r(values(Plain), values(Plain));
    play(r, "g1f3");
    play(r, "g8f6");
    EXPECT_EQ(r.board().quiet_plies(), 2);
    play(r, "e2e4");
    EXPECT_EQ(r.board().quiet_plies(), 0);
}

namespace {
// Black's only piece is a pawn on h2 blocked by the white king on h1.
Board blocked_black() {
    Board b = Board::empty_board();
    b.place(White, King, K, sq("h1"));
    b.place(White, Rook, R, sq("a3"));
    b.place(Black, Pawn, NoSlot, sq("h2"));
    return b;
}
}  // namespace

TEST(ChiefSpyRules, NoLegalMoveLosesTheRoundAsIfTheChiefFell) {
    Round r(blocked_black(), values(Plain), values(Plain));
    play(r, "a3a4");
    ASSERT_TRUE(r.over());
    EXPECT_EQ(r.end()->reason, RoundEndReason::NoLegalMove);
    EXPECT_EQ(r.end()->points[White], 2);
}

TEST(ChiefSpyRules, NoProgressDrawIsCheckedBeforeNoLegalMove) {
    Board b = blocked_black();
    b.set_quiet_plies(99);
    Round r(b, values(Plain), values(Plain));
    play(r, "a3a4");
    ASSERT_TRUE(r.over());
    EXPECT_EQ(r.end()->reason, RoundEndReason::NoProgress);
}

TEST(ChiefSpyRules, MatchScoreColoursAlternateAndTwoPointsWin) {
    EXPECT_EQ(color_of_player(0, 1), White);
    EXPECT_EQ(color_of_player(0, 2), Black);
    EXPECT_EQ(color_of_player(0, 3), White);
    EXPECT_EQ(color_of_player(1, 2), White);
    MatchScore m;
    m.add(RoundEnd{RoundEndReason::SpyCaptured, {1, 0}}, 1);  // player 0 (White) scores
    EXPECT_FALSE(m.over());
    m.add(RoundEnd{RoundEndReason::SpyCaptured, {0, 1}}, 2);  // player 0 (now Black) scores
    EXPECT_TRUE(m.over());
    EXPECT_EQ(m.leader(), 0);
    MatchScore drawn;
    for (int round = 1; round <= 3; ++round)
        drawn.add(RoundEnd{RoundEndReason::NoProgress, {}}, round);
    EXPECT_TRUE(drawn.over());
    EXPECT_FALSE(drawn.leader());
}

TEST(ChiefSpyRules, AssignmentTextAndCommitmentPreimage) {
    Assignment a = values("5,S,3,7,C,2,4,6");
    EXPECT_EQ(assignment_text(a), "5,S,3,7,C,2,4,6");
    EXPECT_EQ(commitment_preimage(White, a, "ab"), "chiefspy-v1|white|5,S,3,7,C,2,4,6|ab");
    EXPECT_FALSE(parse_assignment("5,S,3,7,C,2,4,4"));
    EXPECT_FALSE(parse_assignment("5,S,3,7,C,2,4"));
    EXPECT_FALSE(parse_assignment("5,S,3,7,C,2,4,1"));
    EXPECT_FALSE(parse_assignment("5,S,3,7,C,2,4,6,"));
}
