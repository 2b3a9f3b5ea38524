// `arbiter chiefspy battle` and `arbiter chiefspy verify`, run as the user would.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "referee/game.h"
#include "test_paths.h"

namespace {

struct Run {
    int status;
    std::string out;
};


Run run(const std::string& args) {
    std::string cmd = std::string(ARBITER_BINARY) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[512];
    while (p && fgets(buf, sizeof buf, p)) out += buf;
    int status = p ? pclose(p) : -1;
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST(ChiefSpyCommand, BattleJsonOutput) {
    auto r = run("chiefspy battle --attacker 5 --defender 4 --json");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out,
              "{\"winner\":\"attacker\",\"attacker\":{\"total\":6,\"value\":\"2\"},"
              "\"defender\":{\"total\":4,\"value\":null}}\n");
    r =
        run("chiefspy battle --attacker 2 --defender 1 --attacker-support 4 --attacker-initial 5 "
            "--json");
    EXPECT_NE(r.out.find("\"attacker\":{\"total\":7,\"value\":\"5\"}"), std::string::npos) << r.out;
    r = run("chiefspy battle --attacker S --defender C --defender-support 3 --json");
    EXPECT_NE(r.out.find("\"winner\":\"attacker\""), std::string::npos) << r.out;
}

TEST(ChiefSpyCommand, BattleTextOutputShowsTie) {
    auto r =
        run("chiefspy battle --attacker 4 --defender 5 --attacker-support 1 --defender-support 1");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out,
              "winner: tie\nattacker: total 6, new value -\ndefender: total 6, new value -\n");
}

TEST(ChiefSpyCommand, BadArgumentsExitTwoWithOneLine) {
    for (const char* args :
         {"chiefspy battle --attacker 8 --defender 1", "chiefspy battle --attacker 3 --defender X",
          "chiefspy battle --attacker 3 --defender 1 --attacker-initial 2",
          "chiefspy battle --attacker C --defender 1 --attacker-initial 7",
          "chiefspy battle --attacker 3",
          "chiefspy battle --attacker 3 --defender 2 --attacker-support -1"}) {
        auto r = run(args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    }
}

TEST(ChiefSpyCommand, VerifyAFinishedMatch) {
    arbiter::referee::SecureRandom random;
    auto game = arbiter::referee::create_game("chiefspy", {}, random);
    for (auto s : {arbiter::referee::Seat::White, arbiter::referee::Seat::Black})
        ASSERT_TRUE(game->act(s, {{"type", "set-values"}, {"random", true}}, 0).accepted);
    ASSERT_TRUE(game->act(arbiter::referee::Seat::Black, {{"type", "resign"}}, 0).accepted);
    std::string path = testing::TempDir() + "chiefspy_verify.pgn";
    std::ofstream(path) << game->record();
    auto r = run("chiefspy verify " + path);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("verified"), std::string::npos);
    std::ofstream(path) << "garbage";
    EXPECT_EQ(run("chiefspy verify " + path).status, 1);
    EXPECT_EQ(run("chiefspy verify /nonexistent/x.pgn").status, 2);
}
