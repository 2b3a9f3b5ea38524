// Minesweeper Chess rules (docs/rules.md#minesweeper-chess): one test per row of the table of
// docs/rules.md#mines-and-pieces and per rule.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "variants/minesweeper/notation.h"
#include "variants/minesweeper/outcome.h"

using namespace arbiter;
using namespace arbiter::minesweeper;

namespace {

constexpr const char* AllFog = "zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ ";

Square sq(const char* name) { return *G::parse_square(name); }

MinesweeperPosition fogged(const std::string& pieces, const std::string& layout) {
    int mines = layout == "-" ? 0 : int(std::count(layout.begin(), layout.end(), ',')) + 1;
    return MinesweeperPosition::from_fen(pieces + " " + AllFog +
                                         "counter:" + std::to_string(mines) + " layout:" + layout);
}

MoveEffects play(MinesweeperPosition& pos, const char* uci) {
    return pos.do_move(parse_move(pos, uci));
}

bool legal(const MinesweeperPosition& pos, const char* uci) {
    try {
        parse_move(pos, uci);
        return true;
    } catch (const NotationError&) {
        return false;
    }
}

Bitboard squares(std::initializer_list<const char*> names) {
    Bitboard b = 0;
    for (auto n : names) b |= bb(sq(n));
    return b;
}

}  // namespace

TEST(MinesweeperRules, KingOnAMineIsARoyalSapper) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4K3/8/8 w - - 0 1", "e4,a7");
    auto e = play(pos, "e3e4");
    EXPECT_TRUE(e.mineRemoved);
    EXPECT_FALSE(e.destroyed);
    EXPECT_EQ(pos.board().piece_on(sq("e4")), make_piece(White, King));
    EXPECT_EQ(pos.counter(), 1);
    EXPECT_EQ(pos.layout(), bb(sq("a7")));
}

TEST(MinesweeperRules, PawnSapperRemovesTheMineInFront) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", "e4,a7");
    auto e = play(pos, "e3e3");
    EXPECT_TRUE(e.sapper);
    EXPECT_TRUE(e.mineRemoved);
    EXPECT_EQ(pos.board().piece_on(sq("e3")), make_piece(White, Pawn));  // the pawn stays
    EXPECT_TRUE(pos.board().empty(sq("e4")));
    EXPECT_EQ(pos.counter(), 1);
    EXPECT_EQ(pos.side_to_move(), Black);  // the turn ends
    // Only the sapped square is uncovered, not its ring [D].
    EXPECT_EQ(e.fogLifted, bb(sq("e4")));
    EXPECT_EQ(pos.fog(), FogZone & ~bb(sq("e4")));
}

TEST(MinesweeperRules, PawnSapperWithoutAMineIsAPass) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", "a7,b7");
    auto before = pos.board().fen();
    auto e = play(pos, "e3e3");
    EXPECT_FALSE(e.mineRemoved);
    EXPECT_EQ(pos.counter(), 2);
    EXPECT_EQ(pos.side_to_move(), Black);
    EXPECT_EQ(pos.fog(), FogZone & ~bb(sq("e4")));
    auto placement = [](const std::string& fen) { return fen.substr(0, fen.find(' ')); };
    EXPECT_EQ(placement(pos.board().fen()), placement(before));  // nothing moved
    pos.undo_move(e.move);
    EXPECT_EQ(pos.board().fen(), before);
    EXPECT_EQ(pos.fog(), FogZone);
}

// docs/rules.md#other-rules: the FEN halfmove field counts plies since the last pawn move or
// capture, and a sapper action, being a pawn's move, resets it to 0 [D]. The king's royal
// sapper is a king move: it counts like any other.
TEST(MinesweeperRules, SapperActionResetsHalfmoveClock) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 7 20", "e4,a7");
    auto halfmove = [&] {
        std::string fen = pos.board().fen();  // "... - 7 20": the field before the last
        std::size_t last = fen.rfind(' '), before = fen.rfind(' ', last - 1);
        return fen.substr(before + 1, last - before - 1);
    };
    ASSERT_EQ(halfmove(), "7");
    auto sapper = play(pos, "e3e3");  // removes the e4 mine
    ASSERT_TRUE(sapper.sapper);
    EXPECT_EQ(pos.board().halfmove_clock(), 0);
    EXPECT_EQ(halfmove(), "0");
    EXPECT_NE(pos.fen().find(" 0 20 "), std::string::npos);  // the public FEN too
    auto black = play(pos, "e10d10");
    EXPECT_EQ(pos.board().halfmove_clock(), 1);
    auto again = play(pos, "e3e3");  // a sapper action with no mine in front resets it as well
    EXPECT_FALSE(again.mineRemoved);
    EXPECT_EQ(pos.board().halfmove_clock(), 0);
    // Undo gives each count back.
    pos.undo_move(again.move);
    EXPECT_EQ(pos.board().halfmove_clock(), 1);
    pos.undo_move(black.move);
    pos.undo_move(sapper.move);
    EXPECT_EQ(pos.board().halfmove_clock(), 7);
    EXPECT_EQ(halfmove(), "7");
    // The royal sapper: a king landing on a mine is no pawn move and no capture.
    auto king = fogged("4k3/8/8/8/8/8/8/4K3/8/8 w - - 7 20", "e4,a7");
    auto royal = play(king, "e3e4");
    ASSERT_TRUE(royal.mineRemoved);
    EXPECT_EQ(king.board().halfmove_clock(), 8);
}

TEST(MinesweeperRules, PawnSapperNeedsAnEmptySquareInFront) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4P3/4P3/4K3 w - - 0 1", "a7,b7");
    EXPECT_TRUE(legal(pos, "e3e3"));
    EXPECT_FALSE(legal(pos, "e2e2"));  // e3 is occupied
    EXPECT_FALSE(legal(pos, "e1e1"));  // a king is no sapper
}

TEST(MinesweeperRules, PawnSapperOnlyWhileAMineRemains) {
    auto plain = MinesweeperPosition::from_fen("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1");
    EXPECT_FALSE(legal(plain, "e3e3"));
    auto pos = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", "e4");
    play(pos, "e3e3");  // the last mine goes
    play(pos, "e10d10");
    EXPECT_EQ(pos.counter(), 0);
    EXPECT_FALSE(legal(pos, "e3e3"));
}

TEST(MinesweeperRules, SapperRefusedInCheck) {
    // White is checked along the first rank; the c3 pawn could otherwise sap.
    auto pos = fogged("k7/8/8/8/8/8/8/2P5/7r/K6r w - - 0 1", "a7,b7");
    EXPECT_TRUE(pos.in_check());
    EXPECT_FALSE(legal(pos, "c3c3"));
    try {
        parse_move(pos, "c3c3");
    } catch (const NotationError& e) {
        EXPECT_NE(std::string(e.what()).find("check"), std::string::npos);
    }
    // No legal move at all: checkmate, the sapper action does not help.
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->reason, "checkmate");
    EXPECT_EQ(outcome->winner, Black);
}

TEST(MinesweeperRules, PawnSteppingOnAMineIsDestroyed) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", "e4,a7");
    auto e = play(pos, "e3e4");
    EXPECT_TRUE(e.destroyed);
    EXPECT_TRUE(e.mineRemoved);
    EXPECT_TRUE(pos.board().empty(sq("e4")));
    EXPECT_TRUE(pos.board().empty(sq("e3")));
    EXPECT_EQ(pos.counter(), 1);
    // The destroyed pawn still lifts the fog around its square (fog-zone neighbours only).
    EXPECT_EQ(e.fogLifted, squares({"d4", "e4", "f4", "d5", "e5", "f5"}));
    pos.undo_move(e.move);
    EXPECT_EQ(pos.board().piece_on(sq("e3")), make_piece(White, Pawn));
    EXPECT_EQ(pos.counter(), 2);
    EXPECT_EQ(pos.board().key(), pos.board().compute_key());
}

TEST(MinesweeperRules, KnightLandingOnAMineIsDestroyed) {
    auto pos = fogged("4k3/8/8/8/8/8/8/6N1/8/4K3 w - - 0 1", "f5,a7");
    auto e = play(pos, "g3f5");
    EXPECT_TRUE(e.destroyed);
    EXPECT_EQ(type_of(e.mover), Knight);
    EXPECT_TRUE(pos.board().empty(sq("f5")));
    EXPECT_EQ(pos.board().count(White, Knight), 0);
    EXPECT_EQ(pos.board().key(), pos.board().compute_key());
    EXPECT_EQ(pos.board().non_pawn_key(White), pos.board().compute_non_pawn_key(White));
    EXPECT_EQ(e.fogLifted, squares({"e4", "f4", "g4", "e5", "f5", "g5", "e6", "f6", "g6"}));
}

TEST(MinesweeperRules, RookSlidingOverAMineIsUnharmed) {
    auto pos = fogged("4k3/8/8/8/8/8/8/R7/8/4K3 w - - 0 1", "a5,h4");
    auto e = play(pos, "a3a8");
    EXPECT_FALSE(e.destroyed);
    EXPECT_FALSE(e.mineRemoved);
    EXPECT_EQ(pos.board().piece_on(sq("a8")), make_piece(White, Rook));
    EXPECT_EQ(pos.counter(), 2);
    EXPECT_EQ(pos.layout(), squares({"a5", "h4"}));
    // Landing on rank 8 lifts the fog of its fog-zone neighbours a7, b7.
    EXPECT_EQ(e.fogLifted, squares({"a7", "b7"}));
}

TEST(MinesweeperRules, DoubleStepOnlyTheLandingSquareCounts) {
    // On this board a double step passes over rank 3 or 8, never a mine; what counts is
    // where it lands: next to a mine it is safe and discovers it...
    auto pos = fogged("4k3/8/8/8/8/8/8/8/3PP3/4K3 w - - 0 1", "e4");
    auto e = play(pos, "d2d4");
    EXPECT_FALSE(e.destroyed);
    EXPECT_EQ(pos.board().piece_on(sq("d4")), make_piece(White, Pawn));
    EXPECT_EQ(pos.number(sq("d4")), 1);
    // ...and on a mine it is destroyed.
    auto pos2 = fogged("4k3/8/8/8/8/8/8/8/3PP3/4K3 w - - 0 1", "e4,a7");
    auto e2 = play(pos2, "e2e4");
    EXPECT_TRUE(e2.destroyed);
    EXPECT_EQ(pos2.counter(), 1);
}

TEST(MinesweeperRules, FullLiftWhenEveryMineIsDiscovered) {
    auto pos = fogged("4k3/8/8/8/8/8/8/8/3PP3/4K3 w - - 0 1", "e4");
    auto e = play(pos, "d2d4");  // the ring of d4 uncovers e4: the only mine is discovered
    EXPECT_TRUE(e.fullLift);
    EXPECT_EQ(pos.fog(), Bitboard(0));
    EXPECT_EQ(pos.discovered_mines(), bb(sq("e4")));
    EXPECT_EQ(e.fogGone, FogZone & ~e.fogLifted);
    EXPECT_EQ(pos.counter(), 1);
    // Play goes on with the visible mine still acting, and the sapper still available.
    EXPECT_TRUE(legal(pos, "e2e2") == false);  // e3 empty but it is Black's turn
    play(pos, "e10d10");
    EXPECT_TRUE(legal(pos, "e2e2"));
}

TEST(MinesweeperRules, FullLiftWhenEveryMineIsRemoved) {
    auto pos = fogged("4k3/8/8/8/8/8/8/4K3/8/8 w - - 0 1", "e4");
    auto e = play(pos, "e3e4");
    EXPECT_TRUE(e.fullLift);
    EXPECT_EQ(pos.fog(), Bitboard(0));
    EXPECT_EQ(pos.counter(), 0);
    EXPECT_EQ(pos.fen(), pos.board().fen());  // no fog and no mine: a plain FEN
}

TEST(MinesweeperRules, FullLiftIsAnnouncedEvenWhenNoFogIsLeft) {
    // Only e4 is still fogged, over the last mine; the knight's landing on d3 uncovers it.
    auto pos = MinesweeperPosition::from_fen(
        "4k3/8/8/8/8/8/8/8/8/2B1K1N1 w - - 0 1 zone:......../......../...111../...1~1.. "
        "counter:1 layout:e4");
    auto e = play(pos, "g1f3");
    EXPECT_EQ(e.fogLifted, bb(sq("e4")));
    EXPECT_TRUE(e.fullLift);
    EXPECT_EQ(e.fogGone, Bitboard(0));
    EXPECT_EQ(pos.discovered_mines(), bb(sq("e4")));
}

TEST(MinesweeperRules, NumbersCountRemainingNeighbourMinesAndFollowRemovals) {
    auto pos = fogged("4k3/8/8/8/8/8/8/8/3P4/4K3 w - - 0 1", "c5,e5,h7");
    play(pos, "d2d4");  // uncovers c4, d4, e4, c5, d5, e5: the mines on c5 and e5 are discovered
    EXPECT_EQ(pos.number(sq("d4")), 2);
    EXPECT_EQ(pos.number(sq("c4")), 1);
    EXPECT_EQ(pos.discovered_mines(), squares({"c5", "e5"}));
    play(pos, "e10e9");
    play(pos, "d4d4");  // sapper on d5: nothing there
    play(pos, "e9e10");
    play(pos, "e1d2");
    play(pos, "e10e9");
    play(pos, "d2e3");
    play(pos, "e9e10");
    play(pos, "e3e4");
    play(pos, "e10e9");
    auto e = play(pos, "e4e5");  // the king clears e5
    EXPECT_TRUE(e.mineRemoved);
    EXPECT_EQ(pos.number(sq("d4")), 1);  // follows the removal
}

TEST(MinesweeperRules, DiscoveredMineBlocksNothing) {
    // The e2 rook is pinned on the e-file; e5 holds a discovered mine. Moving the rook
    // there would destroy it and bare the king: illegal. Along the file elsewhere: legal.
    auto pos = MinesweeperPosition::from_fen(
        "k3r3/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~*~~~/...11~~~ "
        "counter:2 layout:e5,h7");
    EXPECT_FALSE(legal(pos, "e2e5"));
    EXPECT_TRUE(legal(pos, "e2e4"));
    EXPECT_TRUE(legal(pos, "e2e10"));
    // An unpinned piece may step onto a discovered mine on purpose (and is destroyed).
    auto pos2 = MinesweeperPosition::from_fen(
        "k7/8/8/8/8/8/8/6N1/8/4K3 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~*~~/....1~~~ counter:2 "
        "layout:f5,h7");
    ASSERT_TRUE(legal(pos2, "g3f5"));
    EXPECT_TRUE(play(pos2, "g3f5").destroyed);
    EXPECT_FALSE(pos2.king_exposed());
}

TEST(MinesweeperRules, HiddenMineCountsAsAbsentAndKingExposedLoses) {
    // The pinned rook may move along the pin line to e5: for the players e5 is just fog.
    auto pos = fogged("k3r3/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1", "e5");
    ASSERT_TRUE(legal(pos, "e2e5"));
    auto e = play(pos, "e2e5");
    EXPECT_TRUE(e.destroyed);
    EXPECT_TRUE(e.kingExposed);
    auto outcome = automatic_outcome(pos);
    ASSERT_TRUE(outcome);
    EXPECT_EQ(outcome->reason, "king exposed");
    EXPECT_EQ(outcome->winner, Black);
    EXPECT_TRUE(legal_moves(pos).empty());
}

TEST(MinesweeperRules, BlockingACheckOnAHiddenMineLoses) {
    auto pos = fogged("k3r3/8/8/8/8/8/8/5N2/8/4K3 w - - 0 1", "e5,a7");
    ASSERT_TRUE(pos.in_check());
    auto e = play(pos, "f3e5");
    EXPECT_TRUE(e.kingExposed);
    EXPECT_EQ(automatic_outcome(pos)->winner, Black);
}

TEST(MinesweeperRules, DestroyedPieceCanStillUncoverACheck) {
    // The bishop on a1 stands behind the knight on c3; the knight dies on a mine and the
    // diagonal to the black king on h8 opens: check all the same.
    auto pos = fogged("8/8/7k/8/8/8/8/2N5/8/B3K3 w - - 0 1", "d5");
    auto e = play(pos, "c3d5");
    EXPECT_TRUE(e.destroyed);
    EXPECT_FALSE(e.kingExposed);
    EXPECT_TRUE(pos.in_check());
    EXPECT_EQ(pos.board().checkers(), bb(sq("a1")));
}

TEST(MinesweeperRules, PromotionIsToAQueenOnly) {
    auto pos = MinesweeperPosition::from_fen("8/4P3/7k/8/8/8/8/8/3p4/K7 w - - 0 1");
    EXPECT_EQ(legal_moves(pos).size(), 3 + 1);  // king a1: a2, b1, b2; pawn: e10=Q only
    EXPECT_FALSE(legal(pos, "e9e10n"));
    play(pos, "e9e10");  // the letter may be left out
    EXPECT_EQ(pos.board().piece_on(sq("e10")), make_piece(White, Queen));
    play(pos, "d2d1q");
    EXPECT_EQ(pos.board().piece_on(sq("d1")), make_piece(Black, Queen));
}

// Only a piece letter after the squares is a (refused) promotion choice; any other character
// is not part of a move, and the reason names it without echoing raw bytes.
TEST(MinesweeperRules, PromotionIsToAQueenOnlyAndOtherCharactersAreNotMoves) {
    auto pos = MinesweeperPosition::from_fen("8/4P3/7k/8/8/8/8/8/3p4/K7 w - - 0 1");
    auto error = [&](std::string_view text) {
        try {
            parse_move(pos, text);
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    for (const char* text : {"e9e10n", "e9e10b", "e9e10r", "e9e10k", "e9e10p", "e9e10Q"})
        EXPECT_EQ(error(text), fmt::format("move '{}': pawns promote to a queen only (write q or "
                                           "nothing)",
                                           text));
    const std::string expected =
        " (expected squares like e2e4, e9e10q, or a pawn's square twice (e5e5) for the sapper "
        "action)";
    EXPECT_EQ(
        error("a1a2\t"),
        "move 'a1a2\\t' is not a move in coordinate notation: a tab after the squares" + expected);
    EXPECT_EQ(error(std::string_view("a1a2\0", 5)),
              "move 'a1a2\\0' is not a move in coordinate notation: a NUL byte after the squares" +
                  expected);
    EXPECT_EQ(error(std::string_view("e9e10\0", 6)),
              "move 'e9e10\\0' is not a move in coordinate notation: a NUL byte after the squares" +
                  expected);
    EXPECT_EQ(
        error("a1a2 "),
        "move 'a1a2 ' is not a move in coordinate notation: a space after the squares" + expected);
    EXPECT_EQ(
        error("a1a2x"),
        "move 'a1a2x' is not a move in coordinate notation: 'x' after the squares" + expected);
    EXPECT_EQ(error("a1a2\x1b"),
              "move 'a1a2\\x1b' is not a move in coordinate notation: byte 0x1B after the squares" +
                  expected);
    EXPECT_EQ(error("a1a23"),
              "move 'a1a23' is not a move in coordinate notation: a23 is not a square" + expected);
    EXPECT_EQ(error("e9e10q\n"),
              "move 'e9e10q\\n' is not a move in coordinate notation: a line feed after the "
              "promotion letter" +
                  expected);
    EXPECT_EQ(
        error("e2"),
        "move 'e2' is not a move in coordinate notation: the to square is missing" + expected);
    EXPECT_EQ(error("e9e10q"), "(accepted)");
    EXPECT_EQ(error("e9e10"), "(accepted)");
}

TEST(MinesweeperRules, CastlingOnTheTallBoard) {
    auto pos =
        MinesweeperPosition::from_fen("r3k2r/pppppppp/8/8/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    play(pos, "e1g1");
    EXPECT_EQ(pos.board().piece_on(sq("g1")), make_piece(White, King));
    EXPECT_EQ(pos.board().piece_on(sq("f1")), make_piece(White, Rook));
    play(pos, "e10c10");
    EXPECT_EQ(pos.board().piece_on(sq("c10")), make_piece(Black, King));
    EXPECT_EQ(pos.board().piece_on(sq("d10")), make_piece(Black, Rook));
    EXPECT_EQ(pos.board().castling_rights(), NoCastling);
    // Through an attacked square: not allowed.
    auto pos2 = MinesweeperPosition::from_fen("4k3/8/8/8/8/8/5r2/8/8/R3K2R w KQ - 0 1");
    EXPECT_FALSE(legal(pos2, "e1g1"));
    EXPECT_TRUE(legal(pos2, "e1c1"));
}

TEST(MinesweeperRules, StalemateUnlessASapperCanAct) {
    // The b2 pawn is pinned along the second rank and the king has no square.
    const std::string pieces = "7k/8/8/8/8/8/8/7r/KP5r/7r w - - 0 1";
    auto plain = MinesweeperPosition::from_fen(pieces);
    EXPECT_EQ(automatic_outcome(plain)->reason, "stalemate");
    auto withMine = fogged(pieces, "h7");
    auto moves = legal_moves(withMine);
    ASSERT_EQ(moves.size(), 1);
    EXPECT_EQ(to_uci(withMine, moves[0]), "b2b2");
    EXPECT_FALSE(automatic_outcome(withMine));
}

TEST(MinesweeperRules, DeadPositionOnThePiecesAlone) {
    auto kk = fogged("4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1", "a5");
    EXPECT_EQ(automatic_outcome(kk)->reason, "dead position");
    auto kbk = fogged("4k3/8/8/8/8/8/8/8/8/2B1K3 w - - 0 1", "a5");
    EXPECT_EQ(automatic_outcome(kbk)->reason, "dead position");
    auto knk = MinesweeperPosition::from_fen("4k3/8/8/8/8/8/8/8/8/1N2K3 w - - 0 1");
    EXPECT_EQ(automatic_outcome(knk)->reason, "dead position");
    auto sameBishops = MinesweeperPosition::from_fen("2b1k3/8/8/8/8/8/8/8/8/2B1K3 w - - 0 1");
    // c1 is dark; c10 is light on 8x10: different colours, not dead.
    EXPECT_FALSE(automatic_outcome(sameBishops));
    auto reallySame = MinesweeperPosition::from_fen("3bk3/8/8/8/8/8/8/8/8/2B1K3 w - - 0 1");
    EXPECT_EQ(automatic_outcome(reallySame)->reason, "dead position");
    auto pawn = MinesweeperPosition::from_fen("4k3/8/8/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_FALSE(automatic_outcome(pawn));
}

TEST(MinesweeperRules, ThreefoldCountsFogAndCounter) {
    const char* cycle[] = {"g1f3", "g10f8", "f3g1", "f8g10"};
    // Plain chess on 8x10: the start recurs after two knight cycles.
    auto plain = MinesweeperPosition::from_fen(MinesweeperBoardRules::StartFen);
    for (int n = 0; n < 2; ++n)
        for (auto m : cycle) play(plain, m);
    EXPECT_EQ(plain.repetition_count(), 3);
    EXPECT_EQ(automatic_outcome(plain)->reason, "threefold repetition");
    // With fog: the first knight moves lift fog, so the start itself never recurs.
    auto pos = MinesweeperPosition::start(squares({"a5", "b5", "a6", "b6"}));
    for (int n = 0; n < 2; ++n)
        for (auto m : cycle) play(pos, m);
    EXPECT_EQ(pos.repetition_count(), 2);
    EXPECT_FALSE(automatic_outcome(pos));
    for (auto m : cycle) play(pos, m);
    EXPECT_EQ(pos.repetition_count(), 3);
    EXPECT_EQ(automatic_outcome(pos)->reason, "threefold repetition");
}

TEST(MinesweeperRules, SapperChangesTheCounterSoPositionsDiffer) {
    auto a = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", "e4,a7");
    auto b = fogged("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", "d7,a7");
    play(a, "e3e3");
    play(b, "e3e3");
    EXPECT_NE(a.key(), b.key());  // same pieces and fog, different counter
}

TEST(MinesweeperRules, UndoRestoresEverything) {
    auto pos = MinesweeperPosition::start(squares({"c5", "d6", "e4", "h7"}));
    auto fen = pos.full_fen();
    auto key = pos.key();
    std::vector<Move> played;
    for (const char* m : {"e2e4", "d9d7", "d2d2", "c9c7", "d1h5"}) {
        auto mv = parse_move(pos, m);
        pos.do_move(mv);
        played.push_back(mv);
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undo_move(*it);
    EXPECT_EQ(pos.full_fen(), fen);
    EXPECT_EQ(pos.key(), key);
}
