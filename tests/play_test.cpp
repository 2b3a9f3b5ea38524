// `arbiter play` for chess, driven through streams as a person would type.
#include <sstream>

#include <gtest/gtest.h>

#include "apps/chess_play.h"

using namespace arbiter::apps;

namespace {
std::string session(const std::string& input, const std::string& fen = "") {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(play_chess_terminal(in, out, {fen, false}), 0);
    return out.str();
}
}  // namespace

TEST(ChessTerminal, ScholarsMateInSanAndUciEndsWithPgn) {
    std::string out = session("e4\ne7e5\nQh5\nNc6\nBc4\nNf6\nQxf7\n");
    EXPECT_NE(out.find("Result: 1-0 (checkmate)"), std::string::npos);
    EXPECT_NE(out.find("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), std::string::npos);
}

TEST(ChessTerminal, BadInputGetsAMessageAndTheGameGoesOn) {
    std::string out = session("e5\nNf5\nhello\n\n e4 \n");
    EXPECT_NE(out.find("Not a legal move: SAN 'e5'"), std::string::npos);
    EXPECT_NE(out.find("Not a legal move: SAN 'Nf5'"), std::string::npos);
    EXPECT_NE(out.find("Played e4"), std::string::npos);
    EXPECT_NE(out.find("Input ended"), std::string::npos);
}

TEST(ChessTerminal, UndoFenAndMoves) {
    std::string out = session("e4\nundo\nundo\nfen\nmoves\n");
    EXPECT_NE(out.find("Nothing to take back."), std::string::npos);
    EXPECT_NE(out.find("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), std::string::npos);
    EXPECT_NE(out.find("20 legal moves:"), std::string::npos);
}

TEST(ChessTerminal, ResignAndDrawOffer) {
    EXPECT_NE(session("e4\nresign\n").find("Result: 1-0 (resignation)"), std::string::npos);
    EXPECT_NE(session("draw\ny\n").find("Result: 1/2-1/2 (agreement)"), std::string::npos);
    std::string declined = session("draw\nn\ne4\n");
    EXPECT_NE(declined.find("Draw declined"), std::string::npos);
    EXPECT_NE(declined.find("Played e4"), std::string::npos);
}

TEST(ChessTerminal, DrawClaimByRepetition) {
    std::string out = session("Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ndraw\n");
    EXPECT_NE(out.find("Result: 1/2-1/2 (threefold repetition)"), std::string::npos);
}

TEST(ChessTerminal, StartsFromAFen) {
    std::string out = session("Ra8\n", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    EXPECT_NE(out.find("Result: 1-0 (checkmate)"), std::string::npos);
    EXPECT_NE(out.find("[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]"), std::string::npos);
}
