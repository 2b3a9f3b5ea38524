// The trainer of the evaluation network (engine/nnue.h), `arbiter train-net`: plain
// mini-batch gradient descent (Adam) on positions from our own self-play (engine/datagen.h).
// A position's target is lambda × the game's result + (1 − lambda) × sigmoid(score / 400),
// both for the side to move; the network's output o predicts it as sigmoid(o), so o × 400 is
// a score in centipawns on the search's scale. The loss is the mean squared error.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "engine/nnue.h"

namespace arbiter::engine::nnue {

struct TrainingPosition {
    std::array<std::uint16_t, 32> features{};  // the inputs seen from White
    std::uint8_t count = 0;
    Color sideToMove = White;
    std::array<std::int8_t, 2> kings{NoSquare, NoSquare};  // each colour's king square
    float score = 0;                                       // centipawns for White
    float result = 0;                                      // for White: 1, 0.5 or 0
    std::int16_t handEval = 0;  // the hand-written evaluation (evaluate.h), for the side to move
};

// The same inputs seen from Black: colours swapped, board mirrored.
constexpr int black_view(int whiteFeature) {
    return (whiteFeature < 384 ? whiteFeature + 384 : whiteFeature - 384) ^ 56;
}

TrainingPosition training_position(const Position& pos, float whiteScore, float whiteResult);
// The king bucket of a point of view of the position.
inline int king_bucket(const TrainingPosition& p, Color view) {
    return king_bucket(Square(p.kings[view]), view);
}
// The same position with the board mirrored left to right (a-file ↔ h-file).
TrainingPosition mirrored_files(const TrainingPosition& p);

struct TrainingSet {
    // One block of lines in 20 is held out; a block spans several games, so that the held-out
    // positions do not come from games the network trained on.
    int blockLines = 512;
    // Chess is the same game with the files mirrored (a↔h) once castling is gone: each such
    // training position is also added mirrored, nearly doubling the data. The held-out
    // positions are never mirrored, so the losses stay comparable.
    bool mirrorFiles = true;
    std::vector<TrainingPosition> train, validation;
    std::uint64_t lines = 0;
    std::uint64_t mirrored = 0;  // training positions added as the mirror image of another
    bool droppedTruncatedLine = false;
};

// What a file's positions are for: split (one block in 20 held out), all trained on, or all
// held out (positions of another kind, e.g. match games, to judge the training by).
enum class PositionUse { Split, Train, HeldOut };

// Reads "FEN | score | result" lines. A malformed line throws std::invalid_argument with
// `name` and its line number; a last line without its newline (a generator that was
// stopped mid-write) is dropped and reported in droppedTruncatedLine.
void add_positions(std::istream& in, const std::string& name, TrainingSet& set,
                   PositionUse use = PositionUse::Split);

// The network in floating point, as trained (input weights [king bucket][input][neuron] like
// Network).
struct FloatNetwork {
    std::vector<float> inputWeights =
        std::vector<float>(std::size_t(KingBuckets) * Inputs * Hidden);
    std::vector<float> inputBias = std::vector<float>(Hidden);
    std::vector<float> outputWeights = std::vector<float>(std::size_t(OutputBuckets) * 2 * Hidden);
    std::vector<float> outputBias = std::vector<float>(OutputBuckets);
};

// Small random weights (uniform, scaled by each layer's fan-in), from the seed alone; the same
// input weights in each king bucket.
FloatNetwork initial_network(std::uint64_t seed);

// The output o for the side to move (o × EvalScale is centipawns).
float forward(const FloatNetwork& net, const TrainingPosition& p);

// The integer network the engine evaluates with (weights × QA and × QB, rounded), and the
// floating-point network with exactly its weights.
std::unique_ptr<Network> quantise(const FloatNetwork& net);
FloatNetwork dequantise(const Network& net);

struct TrainOptions {
    int epochs = 12;
    int batchSize = 16384;
    double learningRate = 0.001;  // Adam's step at the start; a cosine brings it to 1/20
    double lambda = 0.25;
    int threads = 1;
    std::uint64_t seed = 1;
    // The weights to start from: null starts from random ones (initial_network(seed)); a
    // network fine-tunes it on new data, so that what it learnt before is kept as a start.
    std::shared_ptr<const FloatNetwork> start;
};

struct TrainResult {
    FloatNetwork network;  // of the epoch with the lowest validation loss
    int bestEpoch = 0;
    double validationBefore = 0, validationAfter = 0;
    double resultsBefore = 0, resultsAfter = 0;  // held-out loss against the results alone
};

// Mean squared error of sigmoid(output) against the target with this lambda.
double loss(const FloatNetwork& net, const std::vector<TrainingPosition>& data, double lambda,
            int threads);

// The same loss for the hand-written evaluation (the yardstick a network must beat).
double hand_eval_loss(const std::vector<TrainingPosition>& data, double lambda);

TrainResult train(const TrainingSet& set, const TrainOptions& options, std::ostream& log);

}  // namespace arbiter::engine::nnue
