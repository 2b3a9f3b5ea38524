#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

#include "engine/bench_positions.h"
#include "engine/evaluate.h"
#include "engine/texel.h"
#include "variants/chess/movegen.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {

double white_eval(const Position& pos) {
    const int v = evaluate(pos);
    return pos.side_to_move() == White ? v : -v;
}

// Positions along seeded random games, for a spread of material and structure.
std::vector<Position> random_positions(int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    while (int(out.size()) < count) {
        Position pos =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for (int ply = 0; ply < 120 && int(out.size()) < count; ++ply) {
            auto moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.do_move(moves[int(rng() % std::uint64_t(moves.size()))]);
            if (ply >= 6 && !pos.in_check()) out.push_back(pos);
        }
    }
    return out;
}

}  // namespace

// The tuner's linear model of the evaluation must be the evaluation: a trace evaluated with
// the compiled weights gives evaluate()'s score (up to integer rounding), in every phase and
// with the endgame scalings.
TEST(Texel, TraceReproducesTheEvaluation) {
    std::vector<Position> positions = random_positions(3000, 7);
    for (const char* fen : bench_positions()) positions.push_back(Position::from_fen(fen));
    positions.push_back(Position::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"));     // bare minor
    positions.push_back(Position::from_fen("8/5k2/8/8/8/8/1R6/4K3 b - - 0 1"));    // mop-up
    positions.push_back(Position::from_fen("8/4k3/8/3b4/8/3B4/4K3/8 w - - 0 1"));  // bishops
    const auto weights = texel::current_weights();
    for (const Position& pos : positions) {
        const texel::TracedPosition p = texel::trace_position(pos, 0.5f);
        EXPECT_NEAR(texel::traced_eval(p, weights), white_eval(pos), 4) << pos.fen();
    }
}

// Labels made by the evaluation with one weight changed are best explained by that change:
// the tuner moves the weight toward it and the error falls.
TEST(Texel, TunerRecoversAPerturbedWeight) {
    auto target = texel::current_weights();
    target[term::BishopPair].mg += 120;
    target[term::BishopPair].eg += 120;
    texel::Dataset data;
    const auto positions = random_positions(4000, 11);
    std::mt19937_64 rng(3);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        texel::TracedPosition p = texel::trace_position(positions[i], 0.5f);
        // The expected result under the target weights, drawn as a game result would be.
        const double expected = 1 / (1 + std::pow(10.0, -texel::traced_eval(p, target) / 400));
        const double u = double(rng() >> 11) / double(1ull << 53);
        p.result = u < expected ? 1.0f : 0.0f;
        (i % 10 == 9 ? data.validation : data.train).push_back(p);
    }
    texel::TuneOptions options;
    options.epochs = 300;
    options.learningRate = 2;
    options.reportEvery = 50;
    options.freezePieceSquares = true;
    options.freezeMobility = true;
    std::ostringstream log;
    const auto start = texel::current_weights();
    const texel::TuneResult r = texel::tune(data, start, options, log);
    EXPECT_LT(r.trainAfter, r.trainBefore) << log.str();
    EXPECT_GT(r.weights[term::BishopPair].mg + r.weights[term::BishopPair].eg,
              start[term::BishopPair].mg + start[term::BishopPair].eg + 60)
        << log.str();
    // Frozen terms do not move.
    EXPECT_EQ(r.weights[term::PieceSquare + 64 + 27].mg, start[term::PieceSquare + 64 + 27].mg);
}

// Only finished games count; every 10th game is held out; the book plies, checks and
// positions with a winning capture pending are left out.
TEST(Texel, PositionsFromGames) {
    const std::string pgn =
        "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n"
        "[Result \"*\"]\n\n1. d4 d5 *\n\n"
        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
        "[Result \"1/2-1/2\"]\n\n1. e4 Nf6 2. Qh5 Nxh5 1/2-1/2\n\n"
        "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Ke7 3. Kxe5 1-0\n\n";
    std::istringstream in(pgn);
    texel::Dataset data;
    texel::ExtractOptions options;
    options.skipPlies = 2;
    texel::add_games(in, options, data);
    EXPECT_EQ(data.games, 3);
    EXPECT_EQ(data.skippedGames, 2);  // the unfinished game and the illegal one
    ASSERT_FALSE(data.train.empty());
    for (const auto& p : data.train)
        EXPECT_TRUE(p.result == 1.0f || p.result == 0.0f || p.result == 0.5f);
    EXPECT_TRUE(data.validation.empty());

    std::istringstream again(pgn);
    texel::Dataset none;
    options.skipPlies = 100;
    texel::add_games(again, options, none);
    EXPECT_EQ(none.games, 3);
    EXPECT_TRUE(none.train.empty());
}

TEST(Texel, WeightsHeaderHoldsEveryTerm) {
    std::ostringstream out;
    texel::write_weights_header(out, texel::current_weights(), "test");
    const std::string text = out.str();
    EXPECT_NE(text.find("constexpr Weight EvalWeights[term::Count]"), std::string::npos);
    int entries = 0;
    for (std::size_t i = text.find("= {"); i != std::string::npos && i < text.size(); ++i)
        if (text[i] == '{' && i + 1 < text.size() && text[i + 1] != '\n') ++entries;
    EXPECT_EQ(entries, term::Count);
}

// The PGN comments `arbiter match` writes are read back as the mover's score.
TEST(Texel, SearchScoreComments) {
    EXPECT_EQ(texel::comment_score("+0.35/9"), 35);
    EXPECT_EQ(texel::comment_score("-1.20/14"), -120);
    EXPECT_EQ(texel::comment_score("+0.00/5"), 0);
    EXPECT_EQ(texel::comment_score("+M3/12"), texel::MateScore);
    EXPECT_EQ(texel::comment_score("-M1/1"), -texel::MateScore);
    EXPECT_EQ(texel::comment_score("+45.00/20"), texel::MateScore);  // clamped
    for (const char* other : {"", "book", "0.35/9", "+0.35", "+a.b/3", "+/3", "+1.2.3/4", "+M/2"})
        EXPECT_FALSE(texel::comment_score(other)) << other;
}
