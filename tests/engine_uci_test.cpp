#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/time_manager.h"
#include "engine/uci_engine.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string bestmove_of(const std::string& text) {
    for (const auto& line : lines_of(text))
        if (line.rfind("bestmove ", 0) == 0) return line.substr(9, line.find(' ', 9) - 9);
    return "";
}

int count_prefix(const std::string& text, const std::string& prefix) {
    int n = 0;
    for (const auto& line : lines_of(text)) n += line.rfind(prefix, 0) == 0;
    return n;
}

}  // namespace

TEST(EngineUci, HandshakeNamesTheEngineAndItsOptions) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("uci");
    uci.handle("isready");
    std::string text = out.str();
    EXPECT_NE(text.find("id name Arbiter"), std::string::npos);
    for (const char* option :
         {"option name Hash type spin", "option name Threads type spin default 1 min 1 max 1",
          "option name Skill Level type spin", "option name UCI_LimitStrength type check",
          "option name UCI_Elo type spin", "option name Move Overhead type spin"})
        EXPECT_NE(text.find(option), std::string::npos) << option;
    EXPECT_NE(text.find("uciok\nreadyok\n"), std::string::npos);
}

TEST(EngineUci, PositionWithMovesThenGoDepthGivesALegalBestMove) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("position startpos moves e2e4 e7e5 g1f3");
    uci.handle("go depth 3");
    uci.wait();
    std::string best = bestmove_of(out.str());
    Position expected;
    for (const char* m : {"e2e4", "e7e5", "g1f3"}) expected.do_move(parse_uci(expected, m));
    EXPECT_EQ(uci.position().fen(), expected.fen());
    ASSERT_FALSE(best.empty()) << out.str();
    EXPECT_NO_THROW(parse_uci(expected, best));
    EXPECT_NE(out.str().find("info depth 3 "), std::string::npos);
    EXPECT_NE(out.str().find(" pv "), std::string::npos);
}

TEST(EngineUci, PositionFromFenAndMateScore) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    uci.handle("go depth 3");
    uci.wait();
    EXPECT_EQ(bestmove_of(out.str()), "d1d8");
    EXPECT_NE(out.str().find("score mate 1 "), std::string::npos);
}

TEST(EngineUci, MalformedLinesAreReportedAndIgnored) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("position startpos moves e2e4");
    const std::string before = uci.position().fen();
    const char* bad[] = {
        "position",
        "position fen",
        "position fen not/a/fen w - - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e5",
        "position startpos moves e7e8q",
        "position startpos e2e4",
        "position somewhere",
        "setoption",
        "setoption name Hash value -5",
        "setoption name Hash value lots",
        "setoption name Nonexistent value 3",
        "setoption name UCI_LimitStrength value maybe",
        "go depth",
        "go depth many",
        "go wombats 7",
        "frobnicate",
        "bench 0",
    };
    for (const char* line : bad) uci.handle(line);
    uci.wait();
    EXPECT_EQ(uci.position().fen(), before);
    // Every malformed line was answered by an error; the engine still works.
    EXPECT_GE(count_prefix(out.str(), "info string error: "), int(std::size(bad)) - 3);
    out.str("");
    uci.handle("go depth 2");
    uci.wait();
    EXPECT_FALSE(bestmove_of(out.str()).empty());
    uci.handle("isready");
    EXPECT_NE(out.str().find("readyok"), std::string::npos);
}

TEST(EngineUci, EmptyAndWhitespaceLinesAreIgnored) {
    std::ostringstream out;
    UciEngine uci(out);
    EXPECT_TRUE(uci.handle(""));
    EXPECT_TRUE(uci.handle("   \t "));
    EXPECT_TRUE(uci.handle("\r"));
    EXPECT_EQ(out.str(), "");
}

TEST(EngineUci, IsReadyIsAnsweredDuringAnInfiniteSearchAndStopGivesTheMove) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("position startpos");
    uci.handle("go infinite");
    uci.handle("isready");
    uci.handle("stop");
    std::string text = out.str();
    EXPECT_NE(text.find("readyok"), std::string::npos);
    EXPECT_NO_THROW(parse_uci(Position(), bestmove_of(text)));
    EXPECT_EQ(count_prefix(text, "bestmove "), 1);
}

TEST(EngineUci, QuitEndsTheLoopAndStopsTheSearch) {
    std::ostringstream out;
    UciEngine uci(out);
    std::istringstream in("uci\nposition startpos\ngo infinite\nquit\nisready\n");
    uci.loop(in);
    std::string text = out.str();
    EXPECT_EQ(count_prefix(text, "bestmove "), 1);
    EXPECT_EQ(text.find("readyok"), std::string::npos);  // nothing after quit is read
}

TEST(EngineUci, EndOfInputFinishesAFiniteSearchAndStopsAnEndlessOne) {
    std::ostringstream out;
    {
        UciEngine uci(out);
        std::istringstream in("position startpos\ngo depth 4\n");
        uci.loop(in);
    }
    EXPECT_NE(out.str().find("info depth 4 "), std::string::npos);
    EXPECT_EQ(count_prefix(out.str(), "bestmove "), 1);
    std::ostringstream out2;
    UciEngine uci2(out2);
    std::istringstream in2("position startpos\ngo infinite\n");
    uci2.loop(in2);  // returns instead of waiting for a "stop" that never comes
    EXPECT_EQ(count_prefix(out2.str(), "bestmove "), 1);
}

TEST(EngineUci, NodesLimitStopsTheSearch) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("position startpos");
    uci.handle("go nodes 3000");
    uci.wait();
    EXPECT_FALSE(bestmove_of(out.str()).empty());
    // No iteration reports more than the budget plus one polling interval.
    for (const auto& line : lines_of(out.str())) {
        auto at = line.find(" nodes ");
        if (line.rfind("info depth", 0) != 0 || at == std::string::npos) continue;
        EXPECT_LE(std::stoull(line.substr(at + 7)), 3000u + 1024u) << line;
    }
}

TEST(EngineUci, StrengthLimitPlaysALegalMove) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("setoption name UCI_LimitStrength value true");
    uci.handle("setoption name UCI_Elo value 1000");
    uci.handle("position startpos moves d2d4");
    uci.handle("go wtime 1000 btime 1000");
    uci.wait();
    Position p;
    p.do_move(parse_uci(p, "d2d4"));
    EXPECT_NO_THROW(parse_uci(p, bestmove_of(out.str())));
    EXPECT_EQ(count_prefix(out.str(), "info string error"), 0);
}

TEST(EngineUci, LevelOptionPlaysThatComputerLevelFromRandomUp) {
    // The level ladder is measured through UCI: "Level" 0-7 are the server's computer levels
    // (0 is a random mover), 8 the full engine; out-of-range values are refused.
    for (int level : {0, 3, 7}) {
        std::ostringstream out;
        UciEngine uci(out);
        uci.handle("setoption name Level value " + std::to_string(level));
        uci.handle("position startpos moves e2e4");
        uci.handle("go wtime 5000 btime 5000");
        uci.wait();
        Position p;
        p.do_move(parse_uci(p, "e2e4"));
        EXPECT_NO_THROW(parse_uci(p, bestmove_of(out.str())));
        EXPECT_NE(out.str().find("info string level " + std::to_string(level) + " move"),
                  std::string::npos)
            << out.str();
    }
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("setoption name Level value 9");
    EXPECT_EQ(count_prefix(out.str(), "info string error"), 1);
}

TEST(EngineUci, GoWithoutLegalMovesAnswersNullMove) {
    std::ostringstream out;
    UciEngine uci(out);
    uci.handle("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    uci.handle("go depth 5");
    uci.wait();
    EXPECT_EQ(bestmove_of(out.str()), "0000");
}

TEST(EngineTimeManagement, MovetimeIsTheHardLimitLessTheOverhead) {
    SearchLimits limits;
    limits.movetime = 1000;
    limits.moveOverhead = 30;
    TimeBudget b = plan_time(limits, White);
    EXPECT_EQ(b.maximum, 970);
    EXPECT_EQ(b.optimum, 970);
}

TEST(EngineTimeManagement, ClockBudgetStaysWellInsideTheTimeLeft) {
    for (std::int64_t left : {50, 500, 5000, 60000, 600000})
        for (std::int64_t inc : {0, 100, 2000})
            for (int mtg : {0, 1, 5, 40}) {
                SearchLimits limits;
                limits.time[Black] = left;
                limits.increment[Black] = inc;
                limits.movestogo = mtg;
                TimeBudget b = plan_time(limits, Black);
                EXPECT_GE(b.optimum, 1);
                EXPECT_LE(b.optimum, b.maximum);
                EXPECT_LE(b.maximum, std::max<std::int64_t>(1, left * 9 / 10))
                    << left << "+" << inc << " mtg " << mtg;
            }
}

// A level spends its whole cap on most moves (its root scoring has no soft stop). Spending it
// every move of a 10+0.1 game, it must still have half its clock after 20 moves and never
// run out, rather than spend the clock in the opening and play the rest on the increment.
TEST(EngineTimeManagement, ALevelSpendingItsCapEveryMoveKeepsItsClock) {
    SearchLimits limits;
    limits.time[White] = 10000;
    limits.increment[White] = 100;
    for (int move = 1; move <= 120; ++move) {
        const std::int64_t cap = level_time_cap(limits, White);
        EXPECT_GE(cap, 1);
        limits.time[White] -= cap + 5;  // the pipes' real lag, well under the reserve
        ASSERT_GT(limits.time[White], 0) << "flagged at move " << move;
        limits.time[White] += limits.increment[White];
        if (move == 20) {
            EXPECT_GE(limits.time[White], 5000);
        }
    }
    limits.time[White] = -1;
    limits.movetime = 500;
    EXPECT_EQ(level_time_cap(limits, White), 470);
    limits.movetime = -1;
    EXPECT_EQ(level_time_cap(limits, White), -1);  // no clock: only the node budget
}

// The full-strength search stops starting iterations at about half its optimum. Spending that
// share every move of a 10+0.1 game, it must have spent over a third of its clock by move 40
// (where most games are decided: at the levels' horizon it still had 6.3 s), keep a reserve
// for a long endgame, and never run out even when it spends the whole optimum every move.
TEST(EngineTimeManagement, TheSearchSpendsItsClockInTheMiddlegameAndNeverRunsOut) {
    auto clock_after = [](int moves, int share_percent) {
        SearchLimits limits;
        limits.time[White] = 10000;
        limits.increment[White] = 100;
        for (int move = 1; move <= moves; ++move) {
            const TimeBudget b = plan_time(limits, White);
            limits.time[White] -= b.optimum * share_percent / 100 + 5;
            if (limits.time[White] <= 0) return limits.time[White];
            limits.time[White] += limits.increment[White];
        }
        return limits.time[White];
    };
    EXPECT_LT(clock_after(40, 50), 6000);
    EXPECT_GT(clock_after(150, 50), 1500);
    EXPECT_GT(clock_after(150, 100), 300);
    SearchLimits limits;
    limits.time[White] = 10000;
    limits.increment[White] = 100;
    EXPECT_GT(plan_time(limits, White).optimum, level_time_cap(limits, White));
}

TEST(EngineTimeManagement, NoClockMeansNoLimit) {
    SearchLimits limits;
    EXPECT_EQ(plan_time(limits, White).maximum, -1);
    limits.time[White] = 1000;
    limits.infinite = true;
    EXPECT_EQ(plan_time(limits, White).maximum, -1);
}

namespace {
// Input that remembers, at each read, whether its stream would flush a tied output first.
class TieWatchingInput : public std::streambuf {
  public:
    explicit TieWatchingInput(std::string text) : text_(std::move(text)) {}
    std::istream* stream = nullptr;
    int readsWithTie = 0, reads = 0;

  protected:
    int_type underflow() override {
        ++reads;
        if (stream && stream->tie()) ++readsWithTie;
        if (next_ >= text_.size()) return traits_type::eof();
        // One line at a time, so the engine reads again between commands.
        const std::size_t newline = text_.find('\n', next_);
        const std::size_t end = newline == std::string::npos ? text_.size() : newline + 1;
        chunk_ = text_.substr(next_, end - next_);
        next_ = end;
        setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
        return traits_type::to_int_type(chunk_[0]);
    }

  private:
    std::string text_, chunk_;
    std::size_t next_ = 0;
};
}  // namespace

// `arbiter uci` reads std::cin, which flushes std::cout before each read: from the reading
// thread, without the lock the search thread's output takes. Racing with a `bestmove` being
// written, that flush sent the line twice, and the match driver read the second copy as the
// answer to its next `go` (an illegal move: the engine's move of the turn before).
TEST(EngineUci, ReadingCommandsNeverFlushesTheOutputBehindTheSearchThreadsBack) {
    std::ostringstream out;
    TieWatchingInput input(
        "uci\nposition startpos\ngo depth 2\nisready\nposition startpos moves "
        "e2e4\ngo depth 2\nisready\nquit\n");
    std::istream in(&input);
    in.tie(&out);  // as std::cin is tied to std::cout
    input.stream = &in;
    UciEngine engine(out);
    engine.loop(in);
    EXPECT_GE(input.reads, 8);
    EXPECT_EQ(input.readsWithTie, 0);
    EXPECT_EQ(in.tie(), &out) << "the caller's stream is given back as it was";
    EXPECT_EQ(count_prefix(out.str(), "bestmove "), 2);
}
