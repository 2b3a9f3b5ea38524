// Texel's tuning method for the evaluation: find the weights that best predict the results
// of our own games from their quiet positions. The evaluation is linear in its weights
// (engine/eval_terms.h) apart from a few fixed terms and scale factors, so each position is
// traced once — how many times each term counts for White minus Black, the game phase, the
// scale factors and the fixed part — and the tuner then minimises the mean squared error
//   E = mean (result - sigmoid(K * eval / 400))^2
// by full-batch gradient descent (Adam) without evaluating a position again. K is fitted to
// the starting weights first; the target may blend the game's result with the engine's
// search score at that position (TuneOptions::lambda). Positions come from PGN games: after the
// book, not in check, the move played is quiet, and no capture wins material by SEE (the evaluation
// cannot see tactics, so positions where they are pending would only add noise).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/eval_terms.h"
#include "variants/chess/pgn_chess.h"
#include "variants/chess/position.h"

namespace arbiter::engine::texel {

using Weights = std::array<Weight, term::Count>;

// The weights the evaluation is compiled with (engine/eval_weights.h).
Weights current_weights();

struct TracedPosition {
    std::vector<std::pair<std::uint16_t, std::int16_t>> terms;  // term, White count - Black
    float fixedMg = 0, fixedEg = 0;  // the terms not tuned, White minus Black
    float mgScale = 1, egScale = 1;  // drawish-endgame scaling
    float afterScale = 0;            // added after scaling (mop-up), for White
    std::uint8_t phase = 0;          // 24 = all pieces on, 0 = pawn endgame
    float result = 0.5f;             // of the game, for White: 1, 0.5 or 0
    bool hasScore = false;           // the engine's search score here was in the PGN
    float score = 0;                 // that score, centipawns for White (mates clamped)
};

// The search score of a PGN comment "+0.35/9" or "-M3/12" (as `arbiter match` writes them),
// centipawns for the mover, mates as ±MateScore; nothing for another comment.
constexpr int MateScore = 3000;
std::optional<int> comment_score(std::string_view comment);

// The position's trace; throws std::logic_error if the traced evaluation with the compiled
// weights disagrees with evaluate() by more than the integer rounding can explain.
TracedPosition trace_position(const Position& pos, float result);

// The evaluation of a trace with the given weights, in centipawns for White.
double traced_eval(const TracedPosition& p, const Weights& w);

struct ExtractOptions {
    int skipPlies = 8;  // the random book
    int everyNth = 1;   // keep one position in N (neighbours say nearly the same)
};

struct Dataset {
    std::vector<TracedPosition> train, validation;  // every 10th game is held out
    int games = 0, skippedGames = 0;
};

// Calls f(record, result for White: 1, 0.5 or 0) for every game of the stream that has a
// result and imports; the others are counted in `skipped`. (The tuner's and the network's
// data both come from such games.)
void for_each_decided_game(std::istream& pgn, int& skipped,
                           const std::function<void(const ChessGameRecord&, float)>& f);

// Reads every game of the stream; games without a result, and games that fail to import,
// are skipped (counted in skippedGames).
void add_games(std::istream& pgn, const ExtractOptions& options, Dataset& data);

double mean_squared_error(const std::vector<TracedPosition>& data, const Weights& w, double k);
// The K that minimises the error of the given weights (golden-section search).
double fit_k(const std::vector<TracedPosition>& data, const Weights& w);

struct TuneOptions {
    int epochs = 2000;
    double learningRate = 1.0;  // centipawns per step, Adam
    int reportEvery = 100;
    bool freezePieceSquares = false;  // with few games, tune only the other terms
    bool freezeMobility = false;
    // Terms present in fewer training positions keep their weight: Adam steps every weight
    // alike, so a rarely seen one would otherwise fit a handful of games.
    int minPositions = 500;
    double regularization = 0;  // L2 pull toward the starting weights, per centipawn squared
    // The target of a position with a search score: lambda × the game's result +
    // (1 − lambda) × the score's expected result, sigmoid(K × score / 400). Game results
    // alone (1) need tens of thousands of games; the scores make each position say more.
    double lambda = 1.0;
};

struct TuneResult {
    Weights weights;
    double k = 0;
    double trainBefore = 0, trainAfter = 0;
    double validationBefore = 0, validationAfter = 0;
    double resultsBefore = 0, resultsAfter = 0;  // held-out error against results alone
    int bestEpoch = 0;  // the epoch with the lowest validation error, whose weights are kept
};

TuneResult tune(const Dataset& data, const Weights& start, const TuneOptions& options,
                std::ostream& log);

// engine/eval_weights.h for the given weights; `provenance` says how they were made.
void write_weights_header(std::ostream& out, const Weights& w, std::string_view provenance);

}  // namespace arbiter::engine::texel
