#include "engine/nnue_train.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <istream>
#include <numeric>
#include <ostream>
#include <random>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "engine/datagen.h"
#include "engine/evaluate.h"

namespace arbiter::engine::nnue {

namespace {

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// The target and the game's result for the side to move.
std::pair<float, float> targets(const TrainingPosition& p, double lambda) {
    const bool white = p.sideToMove == White;
    const float score = white ? p.score : -p.score;
    const float result = white ? p.result : 1.0f - p.result;
    return {float(lambda * result + (1 - lambda) * sigmoid(score / float(EvalScale))), result};
}

// The input-weight rows of a position's pieces for the side to move's accumulator and the
// other side's, by their king buckets.
class InputRows {
  public:
    explicit InputRows(const TrainingPosition& p)
        : white_(p.sideToMove == White),
          mineBase_(std::size_t(king_bucket(p, p.sideToMove)) * Inputs),
          theirsBase_(std::size_t(king_bucket(p, ~p.sideToMove)) * Inputs) {}
    // whiteFeature: a piece's input seen from White.
    std::size_t mine(int whiteFeature) const {
        return mineBase_ + std::size_t(white_ ? whiteFeature : black_view(whiteFeature));
    }
    std::size_t theirs(int whiteFeature) const {
        return theirsBase_ + std::size_t(white_ ? black_view(whiteFeature) : whiteFeature);
    }

  private:
    bool white_;
    std::size_t mineBase_, theirsBase_;
};

// Both accumulators (before the activation) of a position.
void accumulate(const FloatNetwork& net, const TrainingPosition& p, float* mine, float* theirs) {
    std::copy(net.inputBias.begin(), net.inputBias.end(), mine);
    std::copy(net.inputBias.begin(), net.inputBias.end(), theirs);
    const InputRows rows(p);
    for (int k = 0; k < p.count; ++k) {
        const float* rowMine = &net.inputWeights[rows.mine(p.features[k]) * Hidden];
        const float* rowTheirs = &net.inputWeights[rows.theirs(p.features[k]) * Hidden];
        for (int i = 0; i < Hidden; ++i) {
            mine[i] += rowMine[i];
            theirs[i] += rowTheirs[i];
        }
    }
}

float screlu(float x) {
    const float c = std::clamp(x, 0.0f, 1.0f);
    return c * c;
}

// The first of a position's output weights (its bucket's), the side to move's half first.
std::size_t output_row(const TrainingPosition& p) {
    return std::size_t(output_bucket(p.count)) * 2 * Hidden;
}

float output(const FloatNetwork& net, const TrainingPosition& p, const float* mine,
             const float* theirs) {
    const float* w = &net.outputWeights[output_row(p)];
    float o = net.outputBias[std::size_t(output_bucket(p.count))];
    for (int i = 0; i < Hidden; ++i)
        o += w[i] * screlu(mine[i]) + w[Hidden + i] * screlu(theirs[i]);
    return o;
}

// Splits [0, n) over the threads and runs f(begin, end, thread) on each part (some may be
// empty: every thread's part is run, so per-thread buffers are always written).
template <typename F>
void parallel(std::size_t n, int threads, F f) {
    threads = std::max(1, threads);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(f, n * t / threads, n * (t + 1) / threads, t);
    f(std::size_t(0), n / threads, 0);
    for (auto& th : pool) th.join();
}

struct Adam {
    std::vector<float> m, v;
    explicit Adam(std::size_t n) : m(n), v(n) {}
    void step(float* w, const float* g, std::size_t n, float rate, int t) {
        constexpr float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
        const float c1 = 1 - std::pow(b1, float(t)), c2 = 1 - std::pow(b2, float(t));
        for (std::size_t i = 0; i < n; ++i) {
            m[i] = b1 * m[i] + (1 - b1) * g[i];
            v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
            w[i] -= rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + eps);
            w[i] = std::clamp(w[i], -WeightClip, WeightClip);
        }
    }
};

}  // namespace

TrainingPosition training_position(const Position& pos, float whiteScore, float whiteResult) {
    TrainingPosition p;
    for (auto b = pos.pieces(); b && p.count < 32;) {
        const Square s = pop_lsb(b);
        const Piece piece = pos.piece_on(s);
        p.features[p.count++] = std::uint16_t(feature(color_of(piece), type_of(piece), s, White));
    }
    p.sideToMove = pos.side_to_move();
    for (Color c : {White, Black}) p.kings[c] = std::int8_t(pos.king_square(c));
    p.score = whiteScore;
    p.result = whiteResult;
    p.handEval = std::int16_t(std::clamp(engine::evaluate(pos), -30000, 30000));
    return p;
}

TrainingPosition mirrored_files(const TrainingPosition& p) {
    TrainingPosition m = p;
    for (int k = 0; k < p.count; ++k) m.features[k] = std::uint16_t(p.features[k] ^ 7);
    for (Color c : {White, Black})
        if (p.kings[c] != NoSquare) m.kings[c] = std::int8_t(p.kings[c] ^ 7);
    return m;
}

void add_positions(std::istream& in, const std::string& name, TrainingSet& set, PositionUse use) {
    // No position line comes near this; a longer one is a wrong file (or an endless one, such
    // as a device), refused before it fills the memory.
    constexpr std::size_t MaxLine = 1024;
    std::string line;
    std::uint64_t number = 0;
    std::streambuf& buf = *in.rdbuf();
    for (;;) {
        line.clear();
        int c = 0;
        while ((c = buf.sbumpc()) != std::char_traits<char>::eof() && c != '\n') {
            if (line.size() == MaxLine)
                throw std::invalid_argument(fmt::format("{} line {}: longer than {} characters",
                                                        name, number + 1, MaxLine));
            line.push_back(char(c));
        }
        if (c != '\n') {  // the end: a last line without its newline was cut by a stopped run
            if (!line.empty()) set.droppedTruncatedLine = true;
            break;
        }
        ++number;
        datagen::Sample s;
        try {
            s = datagen::parse_sample(line);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(fmt::format("{} line {}: {}", name, number, e.what()));
        }
        const Position pos = Position::from_fen(s.fen);
        if (popcount(pos.pieces()) > 32)
            throw std::invalid_argument(
                fmt::format("{} line {}: more than 32 pieces", name, number));
        const bool heldOut = use == PositionUse::HeldOut ||
                             (use == PositionUse::Split &&
                              (set.lines / std::uint64_t(std::max(1, set.blockLines))) % 20 == 19);
        auto& into = heldOut ? set.validation : set.train;
        into.push_back(training_position(pos, float(s.score), s.result));
        if (!heldOut && set.mirrorFiles && pos.castling_rights() == NoCastling) {
            set.train.push_back(mirrored_files(set.train.back()));
            ++set.mirrored;
        }
        ++set.lines;
    }
}

FloatNetwork initial_network(std::uint64_t seed) {
    FloatNetwork net;
    std::mt19937_64 rng(seed);
    auto fill = [&](std::vector<float>& v, float bound) {
        std::uniform_real_distribution<float> d(-bound, bound);
        for (float& x : v) x = d(rng);
    };
    fill(net.inputWeights, 1.0f / std::sqrt(float(Inputs)));
    // Every king bucket starts from the same weights: a bucket only its positions move away
    // from the others, and one that few positions reach is not left as noise.
    const std::size_t oneBucket = std::size_t(Inputs) * Hidden;
    for (std::size_t i = oneBucket; i < net.inputWeights.size(); ++i)
        net.inputWeights[i] = net.inputWeights[i % oneBucket];
    fill(net.inputBias, 1.0f / std::sqrt(float(Inputs)));
    fill(net.outputWeights, 1.0f / std::sqrt(float(2 * Hidden)));
    return net;
}

float forward(const FloatNetwork& net, const TrainingPosition& p) {
    alignas(64) float mine[Hidden], theirs[Hidden];
    accumulate(net, p, mine, theirs);
    return output(net, p, mine, theirs);
}

std::unique_ptr<Network> quantise(const FloatNetwork& net) {
    auto q = std::make_unique<Network>();
    auto round16 = [](float x, int scale) {
        return std::int16_t(std::lround(std::clamp(x, -WeightClip, WeightClip) * float(scale)));
    };
    for (std::size_t i = 0; i < q->inputWeights.size(); ++i)
        q->inputWeights[i] = round16(net.inputWeights[i], QA);
    for (int i = 0; i < Hidden; ++i) q->inputBias[i] = round16(net.inputBias[i], QA);
    for (std::size_t i = 0; i < q->outputWeights.size(); ++i)
        q->outputWeights[i] = round16(net.outputWeights[i], QB);
    for (std::size_t b = 0; b < q->outputBias.size(); ++b)
        q->outputBias[b] = std::int32_t(std::lround(net.outputBias[b] * float(QA * QB)));
    return q;
}

FloatNetwork dequantise(const Network& q) {
    FloatNetwork net;
    for (std::size_t i = 0; i < q.inputWeights.size(); ++i)
        net.inputWeights[i] = float(q.inputWeights[i]) / float(QA);
    for (int i = 0; i < Hidden; ++i) net.inputBias[i] = float(q.inputBias[i]) / float(QA);
    for (std::size_t i = 0; i < q.outputWeights.size(); ++i)
        net.outputWeights[i] = float(q.outputWeights[i]) / float(QB);
    for (std::size_t b = 0; b < q.outputBias.size(); ++b)
        net.outputBias[b] = float(q.outputBias[b]) / float(QA * QB);
    return net;
}

double loss(const FloatNetwork& net, const std::vector<TrainingPosition>& data, double lambda,
            int threads) {
    if (data.empty()) return 0;
    std::vector<double> sums(std::size_t(std::max(1, threads)), 0.0);
    parallel(data.size(), threads, [&](std::size_t begin, std::size_t end, int t) {
        double sum = 0;
        for (std::size_t i = begin; i < end; ++i) {
            const float e = sigmoid(forward(net, data[i])) - targets(data[i], lambda).first;
            sum += double(e) * e;
        }
        sums[std::size_t(t)] = sum;
    });
    return std::accumulate(sums.begin(), sums.end(), 0.0) / double(data.size());
}

double hand_eval_loss(const std::vector<TrainingPosition>& data, double lambda) {
    double sum = 0;
    for (const TrainingPosition& p : data) {
        const float e = sigmoid(float(p.handEval) / float(EvalScale)) - targets(p, lambda).first;
        sum += double(e) * e;
    }
    return data.empty() ? 0 : sum / double(data.size());
}

TrainResult train(const TrainingSet& set, const TrainOptions& o, std::ostream& log) {
    if (set.train.empty()) throw std::invalid_argument("train-net: no training positions");
    const int threads = std::max(1, o.threads);
    TrainResult result;
    FloatNetwork net = o.start ? *o.start : initial_network(o.seed);
    result.network = net;
    result.validationBefore = result.validationAfter = loss(net, set.validation, o.lambda, threads);
    result.resultsBefore = result.resultsAfter = loss(net, set.validation, 1.0, threads);
    if (set.validation.empty()) {
        log << fmt::format(
                   "no held-out positions (one block of {} lines in 20 of a split file, or the "
                   "held-out files): no epoch can be checked, the last one is kept\n",
                   set.blockLines)
            << std::flush;
    }

    const std::size_t inputSize = net.inputWeights.size();
    // One set of gradients per thread, summed after each batch.
    std::vector<FloatNetwork> grads(static_cast<std::size_t>(threads));
    const std::size_t outputSize = net.outputWeights.size();
    Adam adamInput(inputSize), adamBias(Hidden), adamOutput(outputSize), adamOutBias(OutputBuckets);
    std::vector<std::uint32_t> order(set.train.size());
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937_64 rng(o.seed ^ 0x5eed);
    const std::size_t batches =
        (order.size() + std::size_t(o.batchSize) - 1) / std::size_t(o.batchSize);
    int step = 0;
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        const auto start = std::chrono::steady_clock::now();
        std::shuffle(order.begin(), order.end(), rng);
        // Cosine decay from the rate to a twentieth of it over the epochs.
        const double progress = o.epochs > 1 ? double(epoch - 1) / double(o.epochs - 1) : 0;
        const auto rate =
            float(o.learningRate * (0.05 + 0.95 * 0.5 * (1 + std::cos(M_PI * progress))));
        double trainSum = 0;
        for (std::size_t batch = 0; batch < batches; ++batch) {
            const std::size_t first = batch * std::size_t(o.batchSize);
            const std::size_t count = std::min(std::size_t(o.batchSize), order.size() - first);
            std::vector<double> batchLoss(std::size_t(threads), 0.0);
            parallel(count, threads, [&](std::size_t begin, std::size_t end, int t) {
                FloatNetwork& g = grads[std::size_t(t)];
                std::fill(g.inputWeights.begin(), g.inputWeights.end(), 0.0f);
                std::fill(g.inputBias.begin(), g.inputBias.end(), 0.0f);
                std::fill(g.outputWeights.begin(), g.outputWeights.end(), 0.0f);
                std::fill(g.outputBias.begin(), g.outputBias.end(), 0.0f);
                alignas(64) float mine[Hidden], theirs[Hidden], dMine[Hidden], dTheirs[Hidden];
                for (std::size_t k = begin; k < end; ++k) {
                    const TrainingPosition& p = set.train[order[first + k]];
                    accumulate(net, p, mine, theirs);
                    const float s = sigmoid(output(net, p, mine, theirs));
                    const float e = s - targets(p, o.lambda).first;
                    batchLoss[std::size_t(t)] += double(e) * e;
                    const float d = 2 * e * s * (1 - s);  // d loss / d output
                    g.outputBias[std::size_t(output_bucket(p.count))] += d;
                    const std::size_t row = output_row(p);
                    const float* w = &net.outputWeights[row];
                    float* gw = &g.outputWeights[row];
                    for (int i = 0; i < Hidden; ++i) {
                        gw[i] += d * screlu(mine[i]);
                        gw[Hidden + i] += d * screlu(theirs[i]);
                        const bool liveMine = mine[i] > 0 && mine[i] < 1;
                        const bool liveTheirs = theirs[i] > 0 && theirs[i] < 1;
                        dMine[i] = liveMine ? d * w[i] * 2 * mine[i] : 0.0f;
                        dTheirs[i] = liveTheirs ? d * w[Hidden + i] * 2 * theirs[i] : 0.0f;
                        g.inputBias[i] += dMine[i] + dTheirs[i];
                    }
                    const InputRows rows(p);
                    for (int f = 0; f < p.count; ++f) {
                        float* rowMine = &g.inputWeights[rows.mine(p.features[f]) * Hidden];
                        float* rowTheirs = &g.inputWeights[rows.theirs(p.features[f]) * Hidden];
                        for (int i = 0; i < Hidden; ++i) {
                            rowMine[i] += dMine[i];
                            rowTheirs[i] += dTheirs[i];
                        }
                    }
                }
            });
            // Sum the threads' gradients into the first, as a mean over the batch.
            FloatNetwork& g = grads[0];
            const float scale = 1.0f / float(count);
            parallel(inputSize, threads, [&](std::size_t begin, std::size_t end, int) {
                for (std::size_t i = begin; i < end; ++i) {
                    float sum = g.inputWeights[i];
                    for (int t = 1; t < threads; ++t) sum += grads[std::size_t(t)].inputWeights[i];
                    g.inputWeights[i] = sum * scale;
                }
            });
            for (int t = 1; t < threads; ++t) {
                const FloatNetwork& other = grads[std::size_t(t)];
                for (int i = 0; i < Hidden; ++i) g.inputBias[i] += other.inputBias[i];
                for (std::size_t i = 0; i < outputSize; ++i)
                    g.outputWeights[i] += other.outputWeights[i];
                for (int b = 0; b < OutputBuckets; ++b)
                    g.outputBias[std::size_t(b)] += other.outputBias[std::size_t(b)];
            }
            for (float& x : g.inputBias) x *= scale;
            for (float& x : g.outputWeights) x *= scale;
            for (float& x : g.outputBias) x *= scale;
            ++step;
            adamInput.step(net.inputWeights.data(), g.inputWeights.data(), inputSize, rate, step);
            adamBias.step(net.inputBias.data(), g.inputBias.data(), Hidden, rate, step);
            adamOutput.step(net.outputWeights.data(), g.outputWeights.data(), outputSize, rate,
                            step);
            adamOutBias.step(net.outputBias.data(), g.outputBias.data(), OutputBuckets, rate, step);
            trainSum += std::accumulate(batchLoss.begin(), batchLoss.end(), 0.0);
        }
        const double validation = loss(net, set.validation, o.lambda, threads);
        const double results = loss(net, set.validation, 1.0, threads);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const bool best = set.validation.empty() || validation < result.validationAfter;
        const std::string checked =
            set.validation.empty()
                ? std::string()
                : fmt::format(", validation {:.6f} (against results alone {:.6f}){}", validation,
                              results, best ? " best" : "");
        log << fmt::format("epoch {}: rate {:.6f}, training loss {:.6f}{}, {:.1f} s\n", epoch, rate,
                           trainSum / double(order.size()), checked, seconds)
            << std::flush;
        if (best) {
            result.network = net;
            result.bestEpoch = epoch;
            result.validationAfter = validation;
            result.resultsAfter = results;
        }
    }
    return result;
}

}  // namespace arbiter::engine::nnue
