// UCI_Variant: the 8x10 board of Minesweeper Chess, without fog or mines, next to chess.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/uci_engine.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {

std::string last_line_starting(const std::string& text, const std::string& prefix) {
    std::istringstream in(text);
    std::string found;
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) found = line;
    return found;
}

std::string bestmove_of(const std::string& text) {
    std::string line = last_line_starting(text, "bestmove ");
    return line.empty() ? "" : line.substr(9, line.find(' ', 9) - 9);
}

using TallPosition = BasicPosition<MinesweeperBoardRules>;

}  // namespace

TEST(EngineUciVariant, OfferedAsACombo) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("uci");
    EXPECT_NE(out.str().find(
                  "option name UCI_Variant type combo default chess var chess var minesweeper\n"),
              std::string::npos);
}

TEST(EngineUciVariant, TheTallBoardTakesTenRankPositionsAndMoves) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("setoption name UCI_Variant value minesweeper");
    uci.handle("position startpos moves e2e4 e9e7 g1f3");
    uci.handle("d");
    EXPECT_EQ(last_line_starting(out.str(), "info string fen "),
              "info string fen rnbqkbnr/pppp1ppp/8/4p3/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    uci.handle("go depth 4");
    uci.wait();
    TallPosition expected;
    for (const char* m : {"e2e4", "e9e7", "g1f3"}) expected.do_move(parse_uci(expected, m));
    std::string best = bestmove_of(out.str());
    EXPECT_NO_THROW(parse_uci(expected, best)) << best;

    // A mate in one on the tall board: Ra1-a10.
    uci.handle("position fen 6k1/5ppp/8/8/8/8/8/8/8/R5K1 w - - 0 1");
    uci.handle("go depth 3");
    uci.wait();
    EXPECT_EQ(bestmove_of(out.str()), "a1a10");
}

TEST(EngineUciVariant, SwitchingBackGivesChessAndBadNamesAreRefused) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("setoption name UCI_Variant value minesweeper");
    uci.handle("setoption name UCI_Variant value chess");
    uci.handle("position startpos moves e2e4");
    uci.handle("d");
    EXPECT_EQ(last_line_starting(out.str(), "info string fen "),
              "info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    uci.handle("setoption name UCI_Variant value shogi");
    EXPECT_NE(out.str().find("info string error: option 'UCI_Variant': value 'shogi'"),
              std::string::npos);
    // An 8x8 FEN is not a position of the tall board.
    uci.handle("setoption name UCI_Variant value minesweeper");
    uci.handle("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_NE(last_line_starting(out.str(), "info string error: position fen"), "");
}
