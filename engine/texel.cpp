#include "engine/texel.h"

#include <cmath>
#include <istream>
#include <ostream>
#include <stdexcept>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "core/pgn.h"
#include "engine/captures.h"
#include "engine/evaluate.h"
#include "engine/see.h"
#include "variants/chess/pgn_chess.h"

namespace arbiter::engine::texel {

Weights current_weights() {
    Weights w;
    for (int i = 0; i < term::Count; ++i) w[i] = EvalWeights[i];
    return w;
}

namespace {

// Records what evaluate() adds, White minus Black.
struct Tracer {
    static constexpr bool enabled = true;
    std::array<int, term::Count> counts{};
    int fixedMg = 0, fixedEg = 0, afterScale = 0, phaseValue = 0;
    double mgScale = 1, egScale = 1;

    void add(int color, int index, int count = 1) {
        counts[index] += color == White ? count : -count;
    }
    void fixed(int color, int mg, int eg) {
        fixedMg += color == White ? mg : -mg;
        fixedEg += color == White ? eg : -eg;
    }
    void scale(int mgNum, int mgDen, int egNum, int egDen) {
        mgScale *= double(mgNum) / mgDen;
        egScale *= double(egNum) / egDen;
    }
    void after_scale(int whiteBonus) { afterScale += whiteBonus; }
    void phase(int p) { phaseValue = p; }
};

double sigmoid(double k, double eval) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

// The linear model: weight(i) gives term i's {middlegame, endgame} weight.
template <typename WeightOf>
double eval_with(const TracedPosition& p, WeightOf weight) {
    double mg = p.fixedMg, eg = p.fixedEg;
    for (auto [index, count] : p.terms) {
        const auto [wMg, wEg] = weight(index);
        mg += wMg * count;
        eg += wEg * count;
    }
    mg = mg * p.mgScale + p.afterScale;
    eg = eg * p.egScale + p.afterScale;
    return (mg * p.phase + eg * (PhaseTotal - p.phase)) / PhaseTotal;
}

template <typename Eval>
double error_with(const std::vector<TracedPosition>& data, double k, Eval eval) {
    double sum = 0;
    for (const TracedPosition& p : data) {
        const double e = p.result - sigmoid(k, eval(p));
        sum += e * e;
    }
    return data.empty() ? 0 : sum / double(data.size());
}

}  // namespace

TracedPosition trace_position(const Position& pos, float result) {
    Tracer tracer;
    const int stmEval = evaluate(pos, tracer);
    TracedPosition p;
    for (int i = 0; i < term::Count; ++i)
        if (tracer.counts[i])
            p.terms.emplace_back(std::uint16_t(i), std::int16_t(tracer.counts[i]));
    p.fixedMg = float(tracer.fixedMg);
    p.fixedEg = float(tracer.fixedEg);
    p.mgScale = float(tracer.mgScale);
    p.egScale = float(tracer.egScale);
    p.afterScale = float(tracer.afterScale);
    p.phase = std::uint8_t(tracer.phaseValue);
    p.result = result;
    // The integer divisions of the real evaluation (scaling, tapering) lose a few units.
    const double whiteEval = pos.side_to_move() == White ? stmEval : -stmEval;
    if (std::abs(traced_eval(p, current_weights()) - whiteEval) > 4)
        throw std::logic_error(fmt::format("texel: the trace of {} gives {:.1f}, evaluate() {}",
                                           pos.fen(), traced_eval(p, current_weights()),
                                           whiteEval));
    return p;
}

double traced_eval(const TracedPosition& p, const Weights& w) {
    return eval_with(p, [&](int i) { return std::pair<double, double>(w[i].mg, w[i].eg); });
}

namespace {

// Quiet enough for a static evaluation: no check, and none of the moves quiescence would
// search (captures, queen promotions) wins material by SEE.
bool quiet(const Position& pos) {
    if (pos.in_check()) return false;
    MoveList<> captures;
    generate_captures(pos, captures);
    for (Move m : captures)
        if (see_ge(pos, m, 1)) return false;
    return true;
}

}  // namespace

std::optional<int> comment_score(std::string_view comment) {
    if (comment.size() < 4 || (comment[0] != '+' && comment[0] != '-')) return std::nullopt;
    const int sign = comment[0] == '-' ? -1 : 1;
    comment.remove_prefix(1);
    const std::size_t slash = comment.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    std::string_view value = comment.substr(0, slash);
    const bool mate = !value.empty() && value[0] == 'M';
    if (mate) value.remove_prefix(1);
    if (value.empty()) return std::nullopt;
    double v = 0, scale = 1;
    bool point = false;
    for (char c : value) {
        if (c == '.' && !point && !mate) {
            point = true;
        } else if (c >= '0' && c <= '9') {
            if (point) {
                scale /= 10;
                v += (c - '0') * scale;
            } else {
                v = v * 10 + (c - '0');
            }
            if (v > 1e6) return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    if (mate) return sign * MateScore;
    return sign * std::min(int(std::lround(v * 100)), MateScore);
}

void for_each_decided_game(std::istream& pgn, int& skipped,
                           const std::function<void(const ChessGameRecord&, float)>& f) {
    PgnReader reader(pgn);
    int number = 0;
    for (;;) {
        std::optional<PgnGame> game;
        try {
            game = reader.next();
        } catch (const NotationError&) {
            ++skipped;
            continue;
        }
        if (!game) break;
        ++number;
        float result;
        if (game->result == "1-0")
            result = 1;
        else if (game->result == "0-1")
            result = 0;
        else if (game->result == "1/2-1/2")
            result = 0.5f;
        else {
            ++skipped;
            continue;
        }
        ChessGameRecord record;
        try {
            record = import_pgn_game(*game, number);
        } catch (const NotationError&) {
            ++skipped;
            continue;
        }
        f(record, result);
    }
}

void add_games(std::istream& pgn, const ExtractOptions& options, Dataset& data) {
    for_each_decided_game(pgn, data.skippedGames, [&](const ChessGameRecord& record, float result) {
        auto& into = data.games % 10 == 9 ? data.validation : data.train;
        ++data.games;
        Position pos = record.start;
        int ply = 0;
        for (const ChessMoveRecord& played : record.moves) {
            const Move m = played.move;
            const bool quietMove = !pos.is_capture(m) && m.kind() != MoveKind::Promotion;
            if (ply >= options.skipPlies && ply % options.everyNth == 0 && quietMove &&
                quiet(pos)) {
                into.push_back(trace_position(pos, result));
                for (const std::string& comment : played.comments)
                    if (auto score = comment_score(comment)) {
                        into.back().hasScore = true;
                        into.back().score = float(pos.side_to_move() == White ? *score : -*score);
                        break;
                    }
            }
            pos.do_move(m);
            ++ply;
        }
    });
}

double mean_squared_error(const std::vector<TracedPosition>& data, const Weights& w, double k) {
    return error_with(data, k, [&](const TracedPosition& p) { return traced_eval(p, w); });
}

double fit_k(const std::vector<TracedPosition>& data, const Weights& w) {
    double lo = 0.2, hi = 3.0;
    const double golden = (std::sqrt(5.0) - 1) / 2;
    double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
    double fa = mean_squared_error(data, w, a), fb = mean_squared_error(data, w, b);
    for (int i = 0; i < 40; ++i) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - golden * (hi - lo);
            fa = mean_squared_error(data, w, a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + golden * (hi - lo);
            fb = mean_squared_error(data, w, b);
        }
    }
    return (lo + hi) / 2;
}

namespace {

struct RealWeights {
    std::vector<double> mg, eg;
    explicit RealWeights(const Weights& w) : mg(term::Count), eg(term::Count) {
        for (int i = 0; i < term::Count; ++i) {
            mg[i] = w[i].mg;
            eg[i] = w[i].eg;
        }
    }
    Weights rounded() const {
        Weights w;
        for (int i = 0; i < term::Count; ++i)
            w[i] = {int(std::lround(mg[i])), int(std::lround(eg[i]))};
        return w;
    }
};

double real_eval(const TracedPosition& p, const RealWeights& w) {
    return eval_with(p, [&](int i) { return std::pair<double, double>(w.mg[i], w.eg[i]); });
}

double real_error(const std::vector<TracedPosition>& data, const RealWeights& w, double k) {
    return error_with(data, k, [&](const TracedPosition& p) { return real_eval(p, w); });
}

}  // namespace

TuneResult tune(const Dataset& data, const Weights& start, const TuneOptions& options,
                std::ostream& log) {
    if (data.train.empty()) throw std::invalid_argument("texel: no training positions");
    TuneResult r;
    r.k = fit_k(data.train, start);
    // The targets: game results, blended with the search scores where there are some.
    auto with_targets = [&](const std::vector<TracedPosition>& from) {
        std::vector<TracedPosition> to = from;
        for (TracedPosition& p : to)
            if (p.hasScore)
                p.result =
                    float(options.lambda * p.result + (1 - options.lambda) * sigmoid(r.k, p.score));
        return to;
    };
    const std::vector<TracedPosition> train = with_targets(data.train);
    const std::vector<TracedPosition> validation = with_targets(data.validation);
    RealWeights w(start);
    r.trainBefore = real_error(train, w, r.k);
    r.validationBefore = real_error(validation, w, r.k);
    r.resultsBefore = real_error(data.validation, w, r.k);
    log << fmt::format("K {:.4f}; {} training and {} validation positions; error {:.6f} / {:.6f}\n",
                       r.k, train.size(), validation.size(), r.trainBefore, r.validationBefore);

    std::vector<int> support(term::Count, 0);
    for (const TracedPosition& p : train)
        for (auto [index, count] : p.terms) ++support[index];
    std::vector<bool> frozen(term::Count, false);
    int tuned = 0;
    for (int i = 0; i < term::Count; ++i) {
        frozen[i] = (options.freezePieceSquares && i >= term::PieceSquare && i < term::Mobility) ||
                    (options.freezeMobility && i >= term::Mobility && i < term::BishopPair) ||
                    support[i] < options.minPositions;
        tuned += !frozen[i];
    }
    log << fmt::format(
        "{} of {} terms tuned (the others frozen or seen in fewer than {} "
        "positions)\n",
        tuned, term::Count, options.minPositions);

    // Adam over the mean squared error, gradients averaged over the whole training set.
    std::vector<double> mMg(term::Count), mEg(term::Count), vMg(term::Count), vEg(term::Count);
    std::vector<double> gMg(term::Count), gEg(term::Count);
    constexpr double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    const double ln10 = std::log(10.0);
    double bestValidation = r.validationBefore;
    r.weights = start;
    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        std::fill(gMg.begin(), gMg.end(), 0.0);
        std::fill(gEg.begin(), gEg.end(), 0.0);
        for (const TracedPosition& p : train) {
            const double s = sigmoid(r.k, real_eval(p, w));
            // d/d eval of (result - s)^2, with ds/d eval = s (1 - s) K ln10 / 400.
            const double d = -2 * (p.result - s) * s * (1 - s) * r.k * ln10 / 400;
            const double dMg = d * p.mgScale * p.phase / PhaseTotal;
            const double dEg = d * p.egScale * (PhaseTotal - p.phase) / PhaseTotal;
            for (auto [index, count] : p.terms) {
                gMg[index] += dMg * count;
                gEg[index] += dEg * count;
            }
        }
        const double n = double(train.size());
        const double correction1 = 1 - std::pow(beta1, epoch);
        const double correction2 = 1 - std::pow(beta2, epoch);
        auto step = [&](double& weight, double& m, double& v, double g) {
            g /= n;
            m = beta1 * m + (1 - beta1) * g;
            v = beta2 * v + (1 - beta2) * g * g;
            weight -=
                options.learningRate * (m / correction1) / (std::sqrt(v / correction2) + epsilon);
        };
        for (int i = 0; i < term::Count; ++i) {
            if (frozen[i]) continue;
            const double pullMg = 2 * options.regularization * (w.mg[i] - start[i].mg) * n;
            const double pullEg = 2 * options.regularization * (w.eg[i] - start[i].eg) * n;
            if (gMg[i] != 0) step(w.mg[i], mMg[i], vMg[i], gMg[i] + pullMg);
            if (gEg[i] != 0) step(w.eg[i], mEg[i], vEg[i], gEg[i] + pullEg);
        }
        if (epoch % options.reportEvery == 0 || epoch == options.epochs) {
            const double trainError = real_error(train, w, r.k);
            const double validationError = real_error(validation, w, r.k);
            log << fmt::format("epoch {}: error {:.6f} / {:.6f}\n", epoch, trainError,
                               validationError);
            if (validationError < bestValidation || validation.empty()) {
                bestValidation = validationError;
                r.weights = w.rounded();
                r.bestEpoch = epoch;
            }
        }
    }
    r.trainAfter = mean_squared_error(train, r.weights, r.k);
    r.validationAfter = mean_squared_error(validation, r.weights, r.k);
    r.resultsAfter = mean_squared_error(data.validation, r.weights, r.k);
    return r;
}

namespace {

struct Section {
    const char* name;
    int start, count, perLine;
};

constexpr const char* PieceNames[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

}  // namespace

void write_weights_header(std::ostream& out, const Weights& w, std::string_view provenance) {
    out << "// The evaluation's weights, {middlegame, endgame} in centipawns, in the layout of\n"
           "// engine/eval_terms.h. Generated by `arbiter tune` (engine/texel.h); re-run it "
           "rather\n"
           "// than editing by hand.\n";
    out << "// " << provenance << "\n";
    out << "#pragma once\n\n#include \"engine/eval_terms.h\"\n\nnamespace arbiter::engine {\n\n"
           "// clang-format off\n"
           "constexpr Weight EvalWeights[term::Count] = {\n";
    std::vector<Section> sections;
    std::vector<std::string> names;
    names.reserve(16);
    for (int pt = 0; pt < 6; ++pt) {
        names.push_back(fmt::format("piece-square, {} (rank 1 first, files a-h)", PieceNames[pt]));
        sections.push_back({names.back().c_str(), term::PieceSquare + pt * 64, 64, 8});
    }
    for (int pt = 0; pt < 6; ++pt) {
        names.push_back(fmt::format("mobility, {} (0 squares first)", PieceNames[pt]));
        sections.push_back(
            {names.back().c_str(), term::Mobility + pt * MaxMobility, MaxMobility, 8});
    }
    const Section scalars[] = {
        {"bishop pair", term::BishopPair, 1, 1},
        {"rook on an open file", term::RookOpenFile, 1, 1},
        {"rook on a semi-open file", term::RookSemiOpenFile, 1, 1},
        {"knight outpost", term::KnightOutpost, 1, 1},
        {"bishop outpost", term::BishopOutpost, 1, 1},
        {"isolated pawn", term::IsolatedPawn, 1, 1},
        {"doubled pawn", term::DoubledPawn, 1, 1},
        {"passed pawn, by relative rank", term::PassedPawn, 8, 8},
        {"passed pawn with a free stop square, by rank", term::PassedPawnFree, 8, 8},
        {"passed pawn defended by a pawn, by rank", term::PassedPawnProtected, 8, 8},
        {"connected pawn, by rank", term::ConnectedPawn, 8, 8},
        {"missing king shelter, per unit", term::ShieldMissing, 1, 1},
        {"tempo", term::Tempo, 1, 1},
        {"piece attacked by a pawn", term::ThreatByPawn, 1, 1},
        {"rook or queen attacked by a minor piece", term::ThreatByMinor, 1, 1},
        {"queen attacked by a rook", term::ThreatByRook, 1, 1},
        {"hanging piece", term::HangingPiece, 1, 1},
    };
    sections.insert(sections.end(), std::begin(scalars), std::end(scalars));
    int covered = 0;
    for (const Section& s : sections) covered += s.count;
    if (covered != term::Count) throw std::logic_error("texel: the header misses terms");
    for (const Section& s : sections) {
        out << "    // " << s.name << "\n";
        for (int i = 0; i < s.count; ++i) {
            if (i % s.perLine == 0) out << "   ";
            out << fmt::format("{:>12}",
                               fmt::format("{{{},{}}},", w[s.start + i].mg, w[s.start + i].eg));
            if (i % s.perLine == s.perLine - 1 || i == s.count - 1) out << "\n";
        }
    }
    out << "};\n// clang-format on\n\n}  // namespace arbiter::engine\n";
}

}  // namespace arbiter::engine::texel
