// The terminal game (apps/minesweeper_play.cpp, compiled in here since apps/ is not part of
// the library): scripted sessions, bad input, and the end-of-game reveal.
#include <gtest/gtest.h>

#include <sstream>

#include "apps/minesweeper_play.h"

using namespace arbiter;

namespace {

std::string session(const std::string& script, std::uint64_t seed = 21) {
    std::istringstream in(script);
    std::ostringstream out;
    referee::SeededRandom random(seed);
    EXPECT_EQ(apps::play_minesweeper_terminal(in, out, random), 0);
    return out.str();
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST(MinesweeperPlay, DrawsFogCounterAndExplainsBadInput) {
    std::string out = session("help\nxyz\ne2e5\ne1e1\nmoves\n\nboard\nquit\n");
    EXPECT_TRUE(has(out, "░░░"));
    EXPECT_TRUE(has(out, "Mines on the board: 4"));
    EXPECT_TRUE(has(out, "sapper action"));             // help
    EXPECT_TRUE(has(out, "Not accepted: move 'xyz'"));  // garbage
    EXPECT_TRUE(has(out, "Not accepted: move 'e2e5' is not legal"));
    EXPECT_TRUE(has(out, "only a pawn"));  // e1e1
    EXPECT_TRUE(has(out, "e2e2"));         // the moves list has sappers
    EXPECT_TRUE(has(out, "left unfinished"));
    EXPECT_FALSE(has(out, "minesweeper-v1|"));  // no reveal before the end
}

TEST(MinesweeperPlay, DrawByAgreementRevealsAndVerifiesTheLayout) {
    std::string out = session("e2e3\ndraw\ne9e8\ndraw\n");
    EXPECT_TRUE(has(out, "White played e2e3."));
    EXPECT_TRUE(has(out, "Black offers a draw."));
    EXPECT_TRUE(has(out, "Game over: 1/2-1/2 (agreement)."));
    EXPECT_TRUE(has(out, "The mines were on: "));
    EXPECT_TRUE(has(out, "Commitment verified"));
    EXPECT_TRUE(has(out, "[Variant \"Minesweeper Chess\"]"));
}

TEST(MinesweeperPlay, SapperAndResignation) {
    std::string out = session("e2e3\nd9d8\ne3e3\nresign\n");
    EXPECT_TRUE(has(out, "White played e3e3."));
    EXPECT_TRUE(has(out, "Game over: 1-0 (resignation)."));
}

TEST(MinesweeperPlay, RandomSessionsNeverCrash) {
    // Pawn pushes into the fog until something happens; input ends mid-game.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        std::string out = session(
            "d2d4\nd9d7\nd4d5\nd7d6\nd5d6\ne9e8\nc2c4\nc9c7\nc4c5\nc7c6\nb1c3\nb10c8\nc3d5\n"
            "c8d6\ng1f3\ng10f8\nf3e5\nf8e6\ne5d7\ne6d4\nnonsense\n",
            seed);
        EXPECT_TRUE(has(out, "to move>"));
    }
}
