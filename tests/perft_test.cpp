// Perft against the classic suite (counts published and re-checked with Stockfish 15.1).
#include <fstream>

#include <gtest/gtest.h>

#include "core/perft_suite.h"
#include "test_support.h"
#include "variants/chess/movegen.h"

using namespace arbiter;

TEST(Perft, StartPositionShallow) {
    Position pos;
    EXPECT_EQ(perft(pos, 1), 20u);
    EXPECT_EQ(perft(pos, 2), 400u);
    EXPECT_EQ(perft(pos, 3), 8902u);
    EXPECT_EQ(perft(pos, 4), 197281u);
}

// Every depth the shared suite lists (up to 193 million nodes); scaled down under sanitizers.
TEST(Perft, SharedSuiteIsExactAtEveryListedDepth) {
    std::ifstream in(test::source_path("tests/data/perft-standard.epd"));
    ASSERT_TRUE(in) << "tests/data/perft-standard.epd missing";
    auto suite = read_perft_suite(in);
    ASSERT_EQ(suite.size(), 6u);
    const std::uint64_t maxNodes = test::sanitized() ? 500'000 : UINT64_MAX;
    int checked = 0;
    for (const auto& entry : suite) {
        auto pos = Position::from_fen(entry.fen);
        for (auto [depth, expected] : entry.counts) {
            if (expected > maxNodes) continue;
            EXPECT_EQ(perft(pos, depth), expected) << entry.fen << " depth " << depth;
            ++checked;
        }
        EXPECT_EQ(pos.fen(), Position::from_fen(entry.fen).fen())
            << "perft left the position changed";
    }
    EXPECT_GE(checked, 12);
}

// Positions chosen for the rules' corners; counts agree with Stockfish's `go perft`.
TEST(Perft, TrickyPositions) {
    struct Case {
        const char* fen;
        int depth;
        std::uint64_t nodes;
    };
    const Case cases[] = {
        // En passant that would expose the king along the rank.
        {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 1, 6},
        // En passant capture of a checking pawn.
        {"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 1, 9},
        // Castling through attacked squares.
        {"r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1", 1, 25},
        // Promotions with capture, all four pieces.
        {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, 182838},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    };
    for (const auto& c : cases) {
        auto pos = Position::from_fen(c.fen);
        EXPECT_EQ(perft(pos, c.depth), c.nodes) << c.fen;
    }
}

TEST(Perft, IncrementalKeysEqualRecomputedKeysAlongRandomGames) {
    std::uint64_t seed = 12345;
    auto next = [&seed] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; };
    for (int game = 0; game < 40; ++game) {
        Position pos;
        for (int ply = 0; ply < 200; ++ply) {
            auto moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.do_move(moves[int((next() >> 33) % std::uint64_t(moves.size()))]);
            ASSERT_EQ(pos.key(), pos.compute_key()) << pos.fen();
            for (Color c : {White, Black})
                ASSERT_EQ(pos.non_pawn_key(c), pos.compute_non_pawn_key(c)) << pos.fen();
            ASSERT_EQ(Position::from_fen(pos.fen()).key(), pos.key()) << pos.fen();
        }
    }
}

// The search fetches a child's hash entry with key_after before making the move: it must name
// the child's key whenever castling rights and en passant stay as they were.
TEST(Perft, KeyAfterIsTheChildsKeyUnlessCastlingOrEnPassantChange) {
    std::uint64_t seed = 6789;
    auto next = [&seed] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; };
    int checked = 0;
    for (int game = 0; game < 40; ++game) {
        Position pos;
        for (int ply = 0; ply < 200; ++ply) {
            auto moves = legal_moves(pos);
            if (moves.empty()) break;
            for (Move m : moves) {
                const Key predicted = pos.key_after(m);
                const auto castling = pos.castling_rights();
                const Square ep = pos.en_passant_square();
                pos.do_move(m);
                const bool sameState = pos.castling_rights() == castling && ep == NoSquare &&
                                       pos.en_passant_square() == NoSquare;
                if (sameState && m.kind() == MoveKind::Normal) {
                    ASSERT_EQ(predicted, pos.key()) << pos.fen();
                    ++checked;
                }
                pos.undo_move(m);
            }
            pos.do_move(moves[int((next() >> 33) % std::uint64_t(moves.size()))]);
        }
    }
    EXPECT_GT(checked, 100000);
}
