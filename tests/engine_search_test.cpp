#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>

#include "engine/evaluate.h"
#include "engine/search.h"
#include "variants/chess/outcome.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {

SearchResult search_fen(const char* fen, int depth, std::uint64_t nodes = 0) {
    static TranspositionTable tt(8);
    tt.clear();
    auto searcher = std::make_unique<Searcher<StandardChessRules>>(tt);
    SearchLimits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    return searcher->run(Position::from_fen(fen), limits);
}

std::string best_uci(const char* fen, const SearchResult& r) {
    return to_uci(Position::from_fen(fen), r.best);
}

}  // namespace

TEST(EngineSearch, FindsMateInOne) {
    const char* fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    auto r = search_fen(fen, 4);
    EXPECT_EQ(best_uci(fen, r), "d1d8");
    EXPECT_EQ(r.score, mate_in(1));
}

TEST(EngineSearch, FindsMateInTwoWithAQuietFirstMove) {
    const char* fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    auto r = search_fen(fen, 10);
    // Kb6 Kb8 Rh8# or Kc7 Ka7 Ra1#.
    EXPECT_TRUE(best_uci(fen, r) == "c6b6" || best_uci(fen, r) == "c6c7") << best_uci(fen, r);
    EXPECT_EQ(r.score, mate_in(3));
    EXPECT_EQ(mate_moves(r.score), 2);
}

TEST(EngineSearch, FindsMateInTwoForBlackWithASacrifice) {
    const char* fen = "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1";
    auto r = search_fen(fen, 6);
    EXPECT_EQ(best_uci(fen, r), "g2g1");
    EXPECT_EQ(mate_moves(r.score), 2);
}

TEST(EngineSearch, FindsMateInThree) {
    const char* fen = "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1";
    auto r = search_fen(fen, 8);
    EXPECT_EQ(best_uci(fen, r), "f6a6");
    EXPECT_EQ(mate_moves(r.score), 3);
}

TEST(EngineSearch, ReportsBeingMatedInOne) {
    const char* fen = "8/8/8/8/8/2k5/8/K1q5 w - - 0 1";
    auto r = search_fen(fen, 5);
    EXPECT_EQ(best_uci(fen, r), "a1a2");
    EXPECT_EQ(r.score, mated_in(2));
    EXPECT_EQ(mate_moves(r.score), -1);
}

TEST(EngineSearch, AvoidsStalematingWhenWinning) {
    // Black to move would be stalemated: every king move by White throws the win away.
    const char* fen = "7k/8/6Q1/8/8/8/8/6K1 w - - 0 1";
    for (int depth : {1, 2, 4, 8}) {
        auto r = search_fen(fen, depth);
        Position pos = Position::from_fen(fen);
        pos.do_move(r.best);
        EXPECT_FALSE(is_stalemate(pos)) << "depth " << depth << " played " << best_uci(fen, r);
        EXPECT_GT(r.score, 500);
    }
}

TEST(EngineSearch, AvoidsStalematingCaptureWhenWinning) {
    // Bxb8?? would leave the black king without a move and not in check.
    const char* fen = "kn5R/8/1K1B4/8/8/8/8/8 w - - 0 1";
    auto r = search_fen(fen, 6);
    Position pos = Position::from_fen(fen);
    pos.do_move(r.best);
    EXPECT_FALSE(is_stalemate(pos));
    EXPECT_GT(r.score, 500);
}

TEST(EngineSearch, FiftyMoveRuleIsADrawInsideTheSearch) {
    // Up a rook, but the 50-move count ends the game before any mate.
    auto r = search_fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", 6);
    EXPECT_EQ(r.score, ValueDraw);
}

TEST(EngineSearch, DepthLimitIsRespected) {
    auto r = search_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5);
    EXPECT_EQ(r.depth, 5);
    EXPECT_TRUE(Position().is_legal(r.best));
}

TEST(EngineSearch, NodeLimitIsRespected) {
    auto r =
        search_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0, 20000);
    // Limits are polled every 1024 nodes, and depth 1 always completes.
    EXPECT_LE(r.nodes, 20000u + 1024u);
    EXPECT_GE(r.depth, 1);
}

TEST(EngineSearch, StopFlagEndsAnInfiniteSearchWithALegalMove) {
    TranspositionTable tt(4);
    Searcher<StandardChessRules> searcher(tt);
    std::atomic<bool> stop{true};  // raised before the search even starts
    SearchLimits limits;
    limits.infinite = true;
    auto r = searcher.run(Position(), limits, &stop);
    EXPECT_TRUE(Position().is_legal(r.best));
}

TEST(EngineSearch, NoLegalMoveGivesNoMove) {
    auto r = search_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);  // stalemate
    EXPECT_FALSE(r.best);
    EXPECT_EQ(r.score, ValueDraw);
}

TEST(EngineSearch, SearchMovesRestrictTheRoot) {
    TranspositionTable tt(4);
    Searcher<StandardChessRules> searcher(tt);
    Position pos;
    SearchLimits limits;
    limits.depth = 3;
    limits.searchMoves = {parse_uci(pos, "a2a3")};
    EXPECT_EQ(to_uci(pos, searcher.run(pos, limits).best), "a2a3");
}

TEST(EngineEvaluate, StartPositionIsNearlyBalancedAndSymmetric) {
    Position start;
    int v = evaluate(start);
    EXPECT_GT(v, 0);  // the tempo
    EXPECT_LT(v, 40);
    // Mirrored positions evaluate the same for the side to move.
    Position a =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    Position b =
        Position::from_fen("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
    EXPECT_EQ(evaluate(a), evaluate(b));
}

TEST(EngineEvaluate, MaterialCounts) {
    // White is a queen up.
    EXPECT_GT(
        evaluate(Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        700);
    EXPECT_LT(
        evaluate(Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")),
        -700);
}

TEST(EngineEvaluate, LoneMinorPieceIsNoWin) {
    EXPECT_LT(std::abs(evaluate(Position::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"))), 60);
}

TEST(EngineSearch, WorksOnTheTenRankBoard) {
    // The same search compiles and plays on the 8x10 Minesweeper board geometry.
    TranspositionTable tt(4);
    Searcher<MinesweeperBoardRules> searcher(tt);
    BasicPosition<MinesweeperBoardRules> pos;
    SearchLimits limits;
    limits.depth = 4;
    auto r = searcher.run(pos, limits);
    EXPECT_TRUE(pos.is_legal(r.best));
}

TEST(EngineSearch, SameNodeBudgetGivesTheSameMoveScoreAndNodes) {
    // A node budget (no clock) makes the search a function of the position: the computer
    // levels and the bench depend on it.
    const char* fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QKB1R w KQ - 0 9";
    SearchResult a = search_fen(fen, 0, 150'000), b = search_fen(fen, 0, 150'000);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.pv, b.pv);
}

namespace {

// score_root_moves of a fresh searcher at a fixed depth, with setsBar or without; the nodes
// it took are returned in *nodes.
std::vector<std::pair<Move, int>> root_scores(const char* fen, int depth,
                                              const std::function<bool(Move)>& setsBar,
                                              std::uint64_t* nodes = nullptr) {
    TranspositionTable tt(8);
    auto searcher = std::make_unique<Searcher<StandardChessRules>>(tt);
    auto scores =
        searcher->score_root_moves(Position::from_fen(fen), depth, 0, -1, nullptr, setsBar);
    if (nodes) *nodes = searcher->nodes();
    return scores;
}

std::pair<Move, int> best_of(const std::vector<std::pair<Move, int>>& scores) {
    return *std::max_element(scores.begin(), scores.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
}

}  // namespace

TEST(EngineSearch, RootBoundsKeepTheWinningMoveAndItsScore) {
    // Forced wins: the bounded scores choose the move the exact ones choose, at the same score.
    for (const char* fen :
         {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "k7/8/2K5/8/8/8/8/7R w - - 0 1",
          "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4"}) {
        auto every = [](Move) { return true; };
        auto exact = best_of(root_scores(fen, 5, {}));
        auto bounded = best_of(root_scores(fen, 5, every));
        EXPECT_EQ(bounded.first, exact.first) << fen;
        EXPECT_EQ(bounded.second, exact.second) << fen;
    }
}

TEST(EngineSearch, RootBoundsPutEveryOtherMoveBelowTheBestBarMove) {
    // Only quiet moves set the bar: a capture is scored exactly only when it beats the best
    // quiet move, and no move that failed low ties with the bar (a tie would make the caller's
    // choice depend on the move order). In the bare ending every move is a draw, 0 exactly:
    // each fails low at the bar itself.
    for (const char* fen : {"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QKB1R w KQ - 0 9",
                            "8/8/4k3/8/8/4K3/8/8 w - - 0 1"}) {
        const Position pos = Position::from_fen(fen);
        auto quiet = [&](Move m) { return pos.piece_on(m.to()) == NoPiece; };
        auto scores = root_scores(fen, 6, quiet);
        EXPECT_EQ(scores.size(), legal_moves(pos).size());
        int bar = -ValueInfinite;
        for (auto [m, v] : scores)
            if (quiet(m)) bar = std::max(bar, v);
        int atBar = 0;
        for (auto [m, v] : scores) atBar += v == bar;
        EXPECT_EQ(atBar, 1) << fen;
    }
}

TEST(EngineSearch, RootBoundsTakeFarFewerNodesForTheSameDepth) {
    // What makes them worth having: the Minesweeper player searches deeper in the same budget.
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QKB1R w KQ - 0 9"}) {
        std::uint64_t exact = 0, bounded = 0;
        root_scores(fen, 6, {}, &exact);
        root_scores(
            fen, 6, [](Move) { return true; }, &bounded);
        EXPECT_LT(bounded * 2, exact) << fen << ": " << bounded << " against " << exact;
    }
}
