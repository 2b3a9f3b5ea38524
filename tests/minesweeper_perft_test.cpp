// Perft of Minesweeper Chess: the 8x10 suite whose numbers come from fairy-stockfish
// (bench/minesweeper.ini), and the full state with fog, mines and sapper actions.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "core/perft_suite.h"
#include "test_paths.h"
#include "variants/minesweeper/notation.h"

using namespace arbiter;
using namespace arbiter::minesweeper;

namespace {

bool sanitized() {
    const char* v = std::getenv("ARBITER_SANITIZED");
    return v && std::string(v) == "1";
}

std::vector<PerftSuiteEntry> suite() {
    std::ifstream in(ARBITER_SOURCE_DIR "/tests/data/perft-minesweeper.epd");
    EXPECT_TRUE(in) << "tests/data/perft-minesweeper.epd";
    return read_perft_suite(in);
}

// The Minesweeper board with en passant switched on: fairy-stockfish 11.1 (Debian's) has no
// switch for en passant, so the suite's positions must be ones where it never arises.
struct BoardWithEnPassant : MinesweeperBoardRules {
    static constexpr bool EnPassant = true;
};

}  // namespace

TEST(MinesweeperPerft, SuiteFromFairyStockfish) {
    const std::uint64_t limit = sanitized() ? 2'000'000 : 8'000'000;
    int checked = 0;
    for (const auto& entry : suite()) {
        for (auto [depth, expected] : entry.counts) {
            if (expected > limit) continue;
            auto pos = MinesweeperPosition::from_fen(entry.fen);
            EXPECT_EQ(perft(pos, depth), expected) << entry.fen << " depth " << depth;
            ++checked;
        }
    }
    EXPECT_GE(checked, 20);
}

TEST(MinesweeperPerft, SuitePositionsNeverAllowEnPassant) {
    const std::uint64_t limit = sanitized() ? 50'000 : 1'000'000;
    for (const auto& entry : suite()) {
        auto withEp = BasicPosition<BoardWithEnPassant>::from_fen(entry.fen);
        for (auto [depth, expected] : entry.counts) {
            if (expected <= limit) {
                EXPECT_EQ(perft(withEp, depth), expected) << entry.fen;
            }
        }
    }
}

TEST(MinesweeperPerft, FullStateWithFogAndMines) {
    // The start with four mines: sapper actions add 8 moves a side; moves onto mines
    // destroy pieces. Counts checked by hand at depth 1 and 2; deeper ones pin the numbers.
    auto pos = MinesweeperPosition::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 "
        "zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:c4,f5,b6,h7");
    EXPECT_EQ(perft(pos, 1), 28u);
    // After each of the 20 moves, Black has 28; after the 8 sapper actions too (20 + 8),
    // except that c2c4 explodes on c4 (Black still 28) — every reply set is 28.
    EXPECT_EQ(perft(pos, 2), 28u * 28u);
    auto key = pos.key();
    auto fen = pos.full_fen();
    std::uint64_t d3 = perft(pos, 3);
    EXPECT_GT(d3, 28u * 28u * 20u);
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(pos.full_fen(), fen);
}

TEST(MinesweeperPerft, PlainFenIsPureChessWithoutSappers) {
    auto pos = MinesweeperPosition::from_fen(MinesweeperBoardRules::StartFen);
    EXPECT_EQ(perft(pos, 3), 8900u);
}
