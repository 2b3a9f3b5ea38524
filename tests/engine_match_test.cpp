#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <sstream>

#include "engine/match.h"
#include "variants/chess/san.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;

TEST(EngineMatch, EloOfEvenScoreIsZero) {
    auto e = estimate_elo(10, 20, 10);
    EXPECT_DOUBLE_EQ(e.score, 0.5);
    EXPECT_NEAR(e.elo, 0.0, 1e-9);
}

TEST(EngineMatch, EloAndMarginFollowTheDocumentedFormula) {
    // s = 0.7; sigma^2 = (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16; s +- 1.96*0.04.
    auto e = estimate_elo(60, 20, 20);
    EXPECT_DOUBLE_EQ(e.score, 0.7);
    EXPECT_NEAR(e.elo, 147.19, 0.01);
    EXPECT_NEAR(e.margin, 66.01, 0.01);
    EXPECT_NEAR(elo_from_score(0.75), 190.85, 0.01);
    EXPECT_NEAR(elo_from_score(0.25), -190.85, 0.01);
}

TEST(EngineMatch, PerfectScoreHasAnInfiniteMargin) {
    auto e = estimate_elo(5, 0, 0);
    EXPECT_TRUE(std::isinf(e.elo));
    EXPECT_FALSE(std::isfinite(e.margin));
}

// A score near 100 % has no upper bound, but its lower one is still a figure worth printing.
TEST(EngineMatch, ANearPerfectScoreKeepsAFiniteLowerBound) {
    // s = 39.5/40; sigma^2 = (39*0.025^2 + 0.475^2)/40; s - 1.96 sigma/sqrt(40) = 0.9633.
    auto e = estimate_elo(39, 1, 0);
    EXPECT_NEAR(e.elo, 759.1, 0.1);
    EXPECT_FALSE(std::isfinite(e.margin));
    EXPECT_NEAR(e.lower, 567.7, 0.5);
    EXPECT_TRUE(std::isinf(e.upper) && e.upper > 0);
    EXPECT_EQ(describe_elo(e), "Elo difference: 759.1, 95% interval +567.7 to +inf");
    auto mirrored = estimate_elo(0, 1, 39);
    EXPECT_NEAR(mirrored.upper, -567.7, 0.5);
    EXPECT_TRUE(std::isinf(mirrored.lower) && mirrored.lower < 0);
}

// When every game had the same result the spread is zero and says nothing: Wilson's interval
// for N games all won (or all drawn) bounds the score instead.
TEST(EngineMatch, EveryGameTheSameResultIsBoundedByWilsonsInterval) {
    // Wilson, s = 1, N = 40, z = 1.96: lower = N / (N + z^2) = 0.9124, 407.0 Elo.
    auto e = estimate_elo(40, 0, 0);
    EXPECT_TRUE(std::isinf(e.elo));
    EXPECT_NEAR(e.lower, 407.0, 0.5);
    EXPECT_TRUE(std::isinf(e.upper));
    EXPECT_EQ(describe_elo(e), "Elo difference: +inf, 95% interval +407.0 to +inf");
    auto lost = estimate_elo(0, 0, 40);
    EXPECT_TRUE(std::isinf(lost.lower) && lost.lower < 0);
    EXPECT_NEAR(lost.upper, -407.0, 0.5);
    EXPECT_EQ(describe_elo(lost), "Elo difference: -inf, 95% interval -inf to -407.0");
    // Forty draws: s = 1/2 within Wilson's 0.5 +- 0.1480 (+- 106.0 Elo), not exactly even.
    auto d = estimate_elo(0, 40, 0);
    EXPECT_NEAR(d.lower, -106.0, 0.5);
    EXPECT_NEAR(d.upper, 106.0, 0.5);
    EXPECT_NEAR(d.margin, 106.0, 0.5);
    EXPECT_EQ(describe_elo(d), "Elo difference: 0.0 +/- 106.0 (95%)");
    EXPECT_EQ(describe_elo(estimate_elo(60, 20, 20)), "Elo difference: 147.2 +/- 66.0 (95%)");
}

TEST(EngineMatch, TimeControlParsing) {
    auto tc = parse_time_control("10+0.1");
    EXPECT_EQ(tc.baseMs, 10000);
    EXPECT_EQ(tc.incrementMs, 100);
    tc = parse_time_control("60");
    EXPECT_EQ(tc.baseMs, 60000);
    EXPECT_EQ(tc.incrementMs, 0);
    for (const char* bad : {"", "+1", "ten+1", "10+x", "-5+0", "0+1", "10+0.1+2"})
        EXPECT_THROW(parse_time_control(bad), std::invalid_argument) << bad;
}

TEST(EngineMatch, BuiltInOpeningsAreLegalAndDistinct) {
    const auto& openings = builtin_openings();
    EXPECT_GE(openings.size(), 20u);
    std::set<std::string> fens;
    for (const auto& o : openings) fens.insert(opening_position(o).fen());
    EXPECT_EQ(fens.size(), openings.size());
}

TEST(EngineMatch, OpeningsFileReadsMovesAndFens) {
    std::istringstream in(
        "# comment\n"
        "e2e4 e7e5\n"
        "\n"
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4\n"
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\n");
    auto list = read_openings(in);
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list[0].moves.size(), 2u);
    EXPECT_EQ(list[1].moves, std::vector<std::string>{"e2e4"});
    EXPECT_TRUE(list[2].moves.empty());
    std::istringstream bad("e2e4 e7e5\ne2e4 e2e4\n");
    try {
        read_openings(bad);
        FAIL() << "an illegal opening move was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
    }
}

TEST(EngineMatch, SanOfCommonMoves) {
    Position p = Position::from_fen("r3k2r/8/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1");
    EXPECT_EQ(to_san(p, parse_uci(p, "e1g1")), "O-O");
    EXPECT_EQ(to_san(p, parse_uci(p, "e1c1")), "O-O-O");
    EXPECT_EQ(to_san(p, parse_uci(p, "c3e4")), "Nce4");
    EXPECT_EQ(to_san(p, parse_uci(p, "a1a8")), "Rxa8+");
    Position q = Position::from_fen("7k/1P6/8/8/8/8/8/K5R1 w - - 0 1");
    EXPECT_EQ(to_san(q, parse_uci(q, "b7b8q")), "b8=Q+");
    Position r = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    EXPECT_EQ(to_san(r, parse_uci(r, "d1d8")), "Rd8#");
}

namespace {
// A fake engine: a shell script that answers the handshake, then does `then`.
EngineConfig fake(const std::string& name, const std::string& then) {
    EngineConfig c;
    c.name = name;
    c.command = "sh -c 'echo uciok; echo readyok; " + then + "'";
    return c;
}
}  // namespace

TEST(EngineMatch, HungEngineLosesOnTime) {
    auto g = play_game(fake("hung", "exec sleep 30"), fake("other", "exec sleep 30"),
                       builtin_openings()[0], TimeControl{200, 0}, 20);
    EXPECT_EQ(g.result, GameResult::BlackWins);
    EXPECT_NE(g.reason.find("White"), std::string::npos);
    EXPECT_NE(g.reason.find("time"), std::string::npos);
}

// With a node budget every move is "go nodes M", M within 25 % of the budget: this fake
// plays a legal move only then (and an illegal one otherwise); its hung opponent loses on time.
TEST(EngineMatch, NodesModeSendsGoNodesNearTheBudget) {
    const std::string script =
        "while read l; do case \"$l\" in \"go nodes \"*) n=${l#go nodes }; "
        "if [ $n -ge 750 ] && [ $n -le 1250 ]; then echo bestmove e2e4; "
        "else echo bestmove e2e5; fi;; \"go \"*) echo bestmove e2e5;; esac; done";
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto g = play_game(fake("nodes", script), fake("other", "exec sleep 30"), Opening{},
                           TimeControl{500, 0}, 20, 1000, seed);
        EXPECT_EQ(g.result, GameResult::WhiteWins) << g.reason;
        EXPECT_NE(g.reason.find("Black"), std::string::npos) << g.reason;
    }
}

TEST(EngineMatch, ScoreCommentsFromInfoLines) {
    EXPECT_EQ(score_comment("info depth 9 seldepth 14 score cp 35 nodes 100 pv e2e4"), "+0.35/9");
    EXPECT_EQ(score_comment("info depth 12 score cp -120 upperbound nodes 5"), "-1.20/12");
    EXPECT_EQ(score_comment("info depth 7 score mate -3 pv e2e4"), "-M3/7");
    EXPECT_EQ(score_comment("info depth 3 score mate 1"), "+M1/3");
    EXPECT_FALSE(score_comment("info string hello"));
    EXPECT_FALSE(score_comment("info depth 5 nodes 100"));
    EXPECT_FALSE(score_comment("info depth 5 score lowerbound"));
    EXPECT_FALSE(score_comment("info score cp 20"));
}

TEST(EngineMatch, DeadEngineLoses) {
    auto g = play_game(fake("dies", "exit 0"), fake("other", "exec sleep 30"),
                       builtin_openings()[0], TimeControl{2000, 0}, 20);
    EXPECT_EQ(g.result, GameResult::BlackWins);
    EXPECT_NE(g.reason.find("died"), std::string::npos) << g.reason;
}

TEST(EngineMatch, IllegalMoveLoses) {
    auto g = play_game(fake("cheat", "echo bestmove e2e5; exec sleep 30"),
                       fake("other", "exec sleep 30"), Opening{}, TimeControl{2000, 0}, 20);
    EXPECT_EQ(g.result, GameResult::BlackWins);
    EXPECT_NE(g.reason.find("illegal"), std::string::npos) << g.reason;
}

TEST(EngineMatch, EngineThatCannotStartLoses) {
    EngineConfig silent{"sh -c 'exit 3'", "silent", {}};
    auto g = play_game(fake("ok", "exec sleep 30"), silent, Opening{}, TimeControl{1000, 0}, 20);
    EXPECT_EQ(g.result, GameResult::WhiteWins);
    EXPECT_NE(g.reason.find("failed to start"), std::string::npos) << g.reason;
}

TEST(EngineMatch, FlagFallAgainstBareKingIsADraw) {
    // White's engine hangs, but Black has only a king: no win on time.
    Opening o{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", {}};
    auto g = play_game(fake("hung", "exec sleep 30"), fake("other", "exec sleep 30"), o,
                       TimeControl{100, 0}, 10);
    EXPECT_EQ(g.result, GameResult::Draw);
}

TEST(EngineMatch, PgnHasTagsAndSanMoves) {
    GameRecord g;
    g.white = "A";
    g.black = "B \"quoted\"";
    g.opening = builtin_openings()[0];
    Position p = opening_position(g.opening);
    g.moves.push_back(parse_uci(p, "b5a4"));
    g.result = GameResult::Draw;
    g.reason = "test";
    std::string pgn = game_pgn(g, 7, "unit");
    EXPECT_NE(pgn.find("[Round \"7\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Black \"B \\\"quoted\\\"\"]"), std::string::npos);
    EXPECT_NE(pgn.find("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 1/2-1/2"), std::string::npos) << pgn;
}

// Both engines answer an illegal move, so White loses every game and each pair is worth one
// point: no spread but the pseudo-pairs' (engine/sprt.cpp). 117 earlier such pairs leave the
// test [0, 10] just above H0's bound (LLR -2.88); the match's second pair crosses it (-2.98).
// The match counts only its own pairs.
TEST(EngineMatch, SprtResumesFromEarlierPairs) {
    MatchOptions o;
    o.engine1 = fake("one", "echo bestmove e2e5; exec sleep 30");
    o.engine2 = fake("two", "echo bestmove e2e5; exec sleep 30");
    o.games = 20;
    o.tc = TimeControl{2000, 0};
    o.openings = {Opening{}};
    o.sprt = SprtSettings{0, 10, 0.05, 0.05};
    o.sprtEarlierPairs = {0, 0, 117, 0, 0};
    std::ostringstream out;
    MatchResult r = run_match(o, out);
    EXPECT_NE(out.str().find("SPRT: resumes from 117 earlier pairs (0 0 117 0 0)"),
              std::string::npos)
        << out.str();
    EXPECT_EQ(r.pairs, (Pentanomial{0, 0, 2, 0, 0}));
    EXPECT_EQ(r.wins + r.losses + r.draws, 4);
    ASSERT_TRUE(r.sprt);
    EXPECT_EQ(r.sprt->pairs, 119);
    EXPECT_EQ(r.sprt->decision, SprtState::Decision::AcceptH0);
}
