// Computer analysis of finished chess games: the judgement thresholds and the analyser on
// known games, then POST/GET /api/games/{id}/analysis on a real server (refusals, results,
// limits, the cache).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/analysis_game.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;
using server::GameAnalyser;
using server::Judgement;

namespace {

constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Small enough for a loaded machine; the obvious mistakes below are found at any budget.
constexpr std::uint64_t TestNodes = 20'000;

json::object analyse(const std::string& fen, const std::vector<std::string>& moves) {
    GameAnalyser a(fen, moves, TestNodes, 2);
    while (!a.finished()) a.step();
    return a.result();
}

std::string str(const json::value& v) { return v.is_string() ? std::string(v.as_string()) : ""; }

}  // namespace

TEST(AnalysisJudgement, WinningChancesFollowTheLogisticCurve) {
    EXPECT_DOUBLE_EQ(server::win_percent(0), 50.0);
    EXPECT_NEAR(server::win_percent(100), 59.1, 0.05);
    EXPECT_NEAR(server::win_percent(-100), 40.9, 0.05);
    // Beyond the cap every evaluation counts the same.
    EXPECT_DOUBLE_EQ(server::win_percent(5000), server::win_percent(server::AnalysisCpCap));
    EXPECT_NEAR(server::win_percent(-5000), 100 - server::win_percent(5000), 1e-9);
}

TEST(AnalysisJudgement, ThresholdsAreFiveTenAndFifteenPoints) {
    EXPECT_EQ(server::judge(0), Judgement::None);
    EXPECT_EQ(server::judge(4.99), Judgement::None);
    EXPECT_EQ(server::judge(5), Judgement::Inaccuracy);
    EXPECT_EQ(server::judge(9.99), Judgement::Inaccuracy);
    EXPECT_EQ(server::judge(10), Judgement::Mistake);
    EXPECT_EQ(server::judge(14.99), Judgement::Mistake);
    EXPECT_EQ(server::judge(15), Judgement::Blunder);
    EXPECT_EQ(server::judge(80), Judgement::Blunder);
    EXPECT_STREQ(server::judgement_mark(Judgement::Inaccuracy), "?!");
    EXPECT_STREQ(server::judgement_mark(Judgement::Mistake), "?");
    EXPECT_STREQ(server::judgement_mark(Judgement::Blunder), "??");
    EXPECT_STREQ(server::judgement_mark(Judgement::None), "");
    EXPECT_NEAR(server::move_accuracy(0), 100, 0.01);
    EXPECT_GT(server::move_accuracy(5), server::move_accuracy(10));
    EXPECT_EQ(server::move_accuracy(90), 0);
}

TEST(AnalysisGame, FoolsMateMarksTheBlunderAndShowsTheMate) {
    auto r = analyse(Start, {"f2f3", "e7e5", "g2g4", "d8h4"});
    auto& positions = r.at("positions").as_array();
    auto& moves = r.at("moves").as_array();
    ASSERT_EQ(positions.size(), 5u);
    ASSERT_EQ(moves.size(), 4u);
    EXPECT_EQ(str(moves[2].at("san")), "g4");
    EXPECT_EQ(str(moves[2].at("judgement")), "blunder");
    EXPECT_EQ(str(moves[2].at("mark")), "??");
    // After g4, Black mates in one: -1 from White's view, the line is the mate itself.
    EXPECT_EQ(positions[3].at("eval").at("mate").to_number<int>(), -1);
    EXPECT_EQ(str(positions[3].at("best")), "Qh4#");
    EXPECT_EQ(json::serialize(positions[3].at("line")), R"(["Qh4#"])");
    EXPECT_TRUE(moves[3].at("judgement").is_null());  // the engine's own move
    // The final position: mated, no best move, White's chances nil.
    EXPECT_EQ(positions[4].at("eval").at("mate").to_number<int>(), 0);
    EXPECT_EQ(str(positions[4].at("eval").at("winner")), "black");
    EXPECT_TRUE(positions[4].at("best").is_null());
    EXPECT_LT(positions[4].at("win").to_number<double>(), 5);
    EXPECT_GE(r.at("players").at("white").at("blunders").to_number<int>(), 1);
    EXPECT_EQ(r.at("players").at("black").at("blunders").to_number<int>(), 0);
}

TEST(AnalysisGame, HangingTheQueenIsABlunderAndTheCaptureIsTheBestMove) {
    auto r = analyse(Start, {"e2e4", "d7d5", "d1g4", "c8g4", "g1f3"});
    auto& positions = r.at("positions").as_array();
    auto& moves = r.at("moves").as_array();
    EXPECT_EQ(str(moves[2].at("san")), "Qg4");
    EXPECT_EQ(str(moves[2].at("judgement")), "blunder");
    EXPECT_GE(moves[2].at("loss").to_number<int>(), 500);
    EXPECT_EQ(str(positions[3].at("best")), "Bxg4");
    EXPECT_TRUE(moves[3].at("judgement").is_null());
    // Black is far ahead after the capture: a big negative evaluation.
    EXPECT_LT(positions[4].at("eval").at("cp").to_number<int>(), -500);
    EXPECT_LT(r.at("players").at("white").at("accuracy").to_number<double>(),
              r.at("players").at("black").at("accuracy").to_number<double>());
}

TEST(AnalysisGame, MateInOneFromAFenAndTheBestLineInSan) {
    // Scholar's mate position: Qxf7# is there.
    auto r =
        analyse("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", {"f3f7"});
    auto& positions = r.at("positions").as_array();
    EXPECT_EQ(positions[0].at("eval").at("mate").to_number<int>(), 1);
    EXPECT_EQ(str(positions[0].at("best")), "Qxf7#");
    EXPECT_EQ(str(positions[1].at("eval").at("winner")), "white");
    // A quiet middlegame position has a line of several SAN moves.
    auto q = analyse(Start, {"e2e4"});
    auto& line = q.at("positions").as_array()[0].at("line").as_array();
    EXPECT_GE(line.size(), 3u);
    for (auto& m : line) EXPECT_FALSE(str(m).empty());
}

TEST(AnalysisGame, SameGameSameBudgetSameResult) {
    std::vector<std::string> game{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"};
    EXPECT_EQ(json::serialize(analyse(Start, game)), json::serialize(analyse(Start, game)));
}

TEST(AnalysisGame, AnIllegalMoveIsRefused) {
    EXPECT_ANY_THROW(GameAnalyser(Start, {"e2e5"}, TestNodes, 1));
}
