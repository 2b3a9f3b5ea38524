// `arbiter play --variant chiefspy`, driven through streams as two people would type.
#include <sstream>

#include <gtest/gtest.h>

#include "apps/chiefspy_play.h"

using namespace arbiter::apps;

namespace {
std::string session(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(play_chiefspy_terminal(in, out), 0);
    return out.str();
}
}  // namespace

TEST(ChiefSpyTerminal, SecretSetUpThenPlayThenResignationRevealsBothSides) {
    std::string out = session("\nrandom\n\n\n5,S,3,7,C,2,4,6\n\ne2e4\nxx\nresign\n");
    // Each player's set-up ends by clearing the screen before the hand-over.
    EXPECT_NE(out.find("\x1b[2J"), std::string::npos);
    EXPECT_NE(out.find("expected two squares such as e2e4"), std::string::npos);
    EXPECT_NE(out.find("Player 2 resigns"), std::string::npos);
    EXPECT_NE(out.find("black values (a..h): 5,S,3,7,C,2,4,6"), std::string::npos);
    EXPECT_NE(out.find("Match over: 1-0 (resignation), Player 1 wins"), std::string::npos);
}

TEST(ChiefSpyTerminal, BadValuesAreRefusedAndAskedAgain) {
    std::string out = session("\n1,2,3\n5,5,3,7,C,2,4,6\nrandom\n\n");
    EXPECT_NE(out.find("give exactly eight values"), std::string::npos);
    EXPECT_EQ(out.find("Match over"), std::string::npos);  // input ended during set-up
}

TEST(ChiefSpyTerminal, BattlesAreAnnouncedWithBonuses) {
    // 1. e4 d5 2. exd5: a pawn battle on d5.
    std::string out = session("\nrandom\n\n\nrandom\n\ne2e4\nd7d5\ne4d5\nresign\n");
    EXPECT_NE(out.find("BATTLE on d5"), std::string::npos) << out.substr(out.size() > 3000 ? out.size() - 3000 : 0);
    EXPECT_NE(out.find("(bonus +1) attacks"), std::string::npos);
}
