// The `arbiter` command as a user runs it: output contracts and exit codes.
#include <sys/wait.h>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "test_paths.h"
#include "test_support.h"

namespace {

struct Run {
    int exitCode;
    std::string out;  // stdout and stderr together
};

Run run(const std::string& args) {
    std::string cmd = std::string(ARBITER_BINARY) + " " + args + " 2>&1 </dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    int status = pclose(p);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

int lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST(Cli, HelpListsTheSubcommands) {
    auto r = run("--help");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("perft"), std::string::npos);
    EXPECT_NE(r.out.find("play"), std::string::npos);
    EXPECT_EQ(run("perft --help").exitCode, 0);
}

TEST(Cli, UsageErrorsExitTwoWithOneLine) {
    for (const char* args : {"", "frobnicate", "perft", "perft --depth-of-nothing 3", "perft 99",
                             "perft --fen 'not a fen' 3", "perft --variant shogi 2",
                             "perft --epd /no/such/file", "perft --epd x --fen y 2"}) {
        auto r = run(args);
        EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.out;
        EXPECT_EQ(lines(r.out), 1) << args << "\n" << r.out;
    }
    EXPECT_NE(run("perft --fen 'not a fen' 3").out.find("FEN"), std::string::npos);
}

TEST(Cli, PerftPrintsTotalsLine) {
    auto r = run("perft 3");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out.rfind("nodes 8902 time_ms ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find(" nps "), std::string::npos);
}

TEST(Cli, PerftDivideHasOneLinePerRootMove) {
    auto r = run("perft --divide 2");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("e2e4: 20\n"), std::string::npos);
    EXPECT_NE(r.out.find("g1f3: 20\n"), std::string::npos);
    EXPECT_NE(r.out.find("nodes 400 "), std::string::npos);
    auto castle = run("perft --divide --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' 1");
    EXPECT_NE(castle.out.find("e1g1: 1\n"), std::string::npos);
    EXPECT_NE(castle.out.find("e1c1: 1\n"), std::string::npos);
}

TEST(Cli, PerftSuiteReportsPassedAndFailed) {
    std::string good = arbiter::test::source_path("tests/data/perft-standard.epd");
    auto r = run("perft --epd " + good + " --max-nodes 100000");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("passed, 0 failed\n"), std::string::npos) << r.out;

    std::string bad = ::testing::TempDir() + "bad.epd";
    std::ofstream(bad)
        << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n";
    auto f = run("perft --epd " + bad);
    EXPECT_EQ(f.exitCode, 1);
    EXPECT_NE(f.out.find("1 passed, 1 failed\n"), std::string::npos) << f.out;
    EXPECT_NE(f.out.find("FAIL #1 D2"), std::string::npos);
}

TEST(Cli, DatagenThenTrainNetWritesANetwork) {
    const std::string dir = ::testing::TempDir();
    const std::string data = dir + "arbiter-cli-data.txt", net = dir + "arbiter-cli.nnue";
    auto r = run("datagen --out " + data + " --games 3 --nodes 200 --threads 2 --seed 5");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("3 games, "), std::string::npos) << r.out;
    r = run("train-net --data " + data + " --out " + net + " --epochs 2 --batch 64");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("the hand-written evaluation on the held-out positions"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("wrote " + net), std::string::npos) << r.out;
    // Three games give fewer than the 20 blocks a held-out block needs: nothing is checked,
    // and the output says so instead of reporting losses of 0.
    EXPECT_NE(r.out.find("kept epoch 2, unchecked"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("0.000000"), std::string::npos) << r.out;
    // Held out by file: every --data position is trained on, every --held-out one measured.
    std::stringstream content;
    content << std::ifstream(data).rdbuf();
    const std::string text = content.str();
    const std::string count = std::to_string(std::count(text.begin(), text.end(), '\n'));
    r = run("train-net --data " + data + " --held-out " + data + " --out " + net +
            " --epochs 1 --batch 64 --no-mirror");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find(": " + count + " training (0 of them mirrored), " + count + " held out"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("kept epoch "), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("unchecked"), std::string::npos) << r.out;
    r = run("train-net --data " + data + " --out /nonexistent/dir/x.nnue");
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_EQ(lines(r.out), 1) << "refused before training: " << r.out;
    EXPECT_NE(r.out.find("cannot write /nonexistent/dir/x.nnue"), std::string::npos) << r.out;
    r = run("train-net --data " + data + " --out " + dir +
            "tuned.nnue --epochs 1 --batch 64 "
            "--start " +
            net);
    ASSERT_EQ(r.exitCode, 0) << "fine-tuning the network just written: " << r.out;
    EXPECT_NE(r.out.find("wrote " + dir + "tuned.nnue"), std::string::npos) << r.out;
    std::remove((dir + "tuned.nnue").c_str());
    r = run("train-net --data " + data + " --out " + dir + "x.nnue --start '<hand-written>'");
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_EQ(lines(r.out), 1) << r.out;
    EXPECT_NE(r.out.find("--start: the hand-written evaluation is not a network"),
              std::string::npos)
        << r.out;
    r = run("train-net --data " + data + " --out " + dir + "x.nnue --start /nonexistent/n.nnue");
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_EQ(lines(r.out), 1) << "refused before training: " << r.out;
    EXPECT_NE(r.out.find("/nonexistent/n.nnue"), std::string::npos) << r.out;
    r = run("train-net --data " + net + " --out " + dir + "x.nnue");
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find("line 1"), std::string::npos) << "a network is not data: " << r.out;
    std::remove(data.c_str());
    std::remove(net.c_str());
}

TEST(Cli, DatagenAppendCutsTheHalfLineAStoppedRunLeft) {
    const std::string data = ::testing::TempDir() + "arbiter-cli-append.txt";
    {
        std::ofstream f(data, std::ios::binary);
        // The half line is longer than the blocks the end of the file is read back in.
        f << "8/8/8/4k3/8/8/8/R3K3 w - - 0 1 | 900 | 1\n8/8/8/4k3/8/8/8/R3K3 b - - 0 1 | 8"
          << std::string(9000, '0');
    }
    auto r = run("datagen --out " + data + " --append --games 1 --nodes 200");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    std::ifstream in(data);
    std::string line;
    int count = 0;
    while (std::getline(in, line)) {
        ++count;
        EXPECT_EQ(std::count(line.begin(), line.end(), '|'), 2) << line;
    }
    EXPECT_GT(count, 1);
    r = run("train-net --data " + data + " --out " + data + ".nnue --epochs 1");
    EXPECT_EQ(r.exitCode, 0) << "every line parses: " << r.out;
    std::remove(data.c_str());
    std::remove((data + ".nnue").c_str());
    // A folder in place of the file is refused, not read back forever.
    r = run("datagen --out " + ::testing::TempDir() + " --append --games 1 --nodes 200");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.out.find("cannot write"), std::string::npos) << r.out;
}
