#include "server/analysis_game.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/search.h"
#include "engine/tt.h"
#include "variants/chess/san.h"
#include "variants/chess/uci.h"

namespace arbiter::server {

double win_percent(int whiteCp) {
    int cp = std::clamp(whiteCp, -AnalysisCpCap, AnalysisCpCap);
    return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * cp)) - 1.0);
}

Judgement judge(double drop) {
    if (drop >= 15) return Judgement::Blunder;
    if (drop >= 10) return Judgement::Mistake;
    if (drop >= 5) return Judgement::Inaccuracy;
    return Judgement::None;
}

const char* judgement_name(Judgement j) {
    switch (j) {
        case Judgement::Inaccuracy:
            return "inaccuracy";
        case Judgement::Mistake:
            return "mistake";
        case Judgement::Blunder:
            return "blunder";
        case Judgement::None:
            break;
    }
    return "";
}

const char* judgement_mark(Judgement j) {
    switch (j) {
        case Judgement::Inaccuracy:
            return "?!";
        case Judgement::Mistake:
            return "?";
        case Judgement::Blunder:
            return "??";
        case Judgement::None:
            break;
    }
    return "";
}

double move_accuracy(double drop) {
    return std::clamp(103.1668 * std::exp(-0.04354 * std::max(0.0, drop)) - 3.1669, 0.0, 100.0);
}

namespace {

constexpr std::size_t LinePlies = 8;

// One searched position. score is the engine's, from the side to move's view.
struct Searched {
    bool whiteToMove = true;
    int score = 0;
    bool terminal = false;  // no legal move: checkmate or stalemate
    std::size_t legalCount = 0;
    std::string bestUci;
    std::vector<std::string> line;  // SAN, the best move first
};

int white_score(const Searched& s) { return s.whiteToMove ? s.score : -s.score; }

// Centipawns from White's view, mates counted as ±AnalysisCpCap.
int white_cp(const Searched& s) {
    int v = white_score(s);
    if (engine::is_mate_score(v)) return v > 0 ? AnalysisCpCap : -AnalysisCpCap;
    return std::clamp(v, -AnalysisCpCap, AnalysisCpCap);
}

json::object eval_json(const Searched& s) {
    int v = white_score(s);
    if (!engine::is_mate_score(v)) return {{"cp", v}};
    // mate_moves counts for the side to move: positive when it mates.
    int moves = engine::mate_moves(s.score);
    json::object o{{"mate", s.whiteToMove ? moves : -moves}};
    if (moves == 0) o["winner"] = s.whiteToMove ? "black" : "white";
    return o;
}

double round1(double x) { return std::round(x * 10.0) / 10.0; }

}  // namespace

struct GameAnalyser::Impl {
    std::string initialFen;
    std::vector<Move> moves;
    std::vector<std::string> uci, san;
    std::uint64_t nodes;
    engine::TranspositionTable tt;
    std::unique_ptr<engine::Searcher<StandardChessRules>> searcher;
    Position pos;
    std::vector<Searched> searched;

    Impl(std::string_view fen, const std::vector<std::string>& uciMoves, std::uint64_t n,
         std::size_t mb)
        : initialFen(fen), nodes(std::max<std::uint64_t>(n, 1)), tt(mb) {
        pos = Position::from_fen(fen);
        Position walk = pos;
        for (const auto& text : uciMoves) {
            Move m = parse_uci(walk, std::string_view(text));
            if (!legal_moves(walk).contains(m))
                throw std::invalid_argument("analysis: an illegal move in the game");
            san.push_back(to_san(walk, m));
            uci.push_back(to_uci(walk, m));
            moves.push_back(m);
            walk.do_move(m);
        }
        searcher = std::make_unique<engine::Searcher<StandardChessRules>>(tt);
    }

    void step(const std::atomic<bool>* stop) {
        Searched s;
        s.whiteToMove = pos.side_to_move() == White;
        auto legal = legal_moves(pos);
        s.legalCount = legal.size();
        if (legal.empty()) {
            s.terminal = true;
            s.score = pos.in_check() ? engine::mated_in(0) : engine::ValueDraw;
        } else {
            engine::SearchLimits limits;
            limits.nodes = nodes;
            limits.depth = engine::MaxPly - 1;
            auto r = searcher->run(pos, limits, stop);
            s.score = r.score;
            std::vector<Move> pv = r.pv;
            if (pv.empty() || pv.front() != r.best) pv = {r.best};
            Position walk = pos;
            for (Move m : pv) {
                if (s.line.size() >= LinePlies || !legal_moves(walk).contains(m)) break;
                s.line.push_back(to_san(walk, m));
                walk.do_move(m);
            }
            s.bestUci = to_uci(pos, r.best);
        }
        searched.push_back(std::move(s));
        if (searched.size() <= moves.size()) pos.do_move(moves[searched.size() - 1]);
    }
};

GameAnalyser::GameAnalyser(std::string_view initialFen, const std::vector<std::string>& uciMoves,
                           std::uint64_t nodesPerPosition, std::size_t hashMegabytes)
    : impl_(std::make_unique<Impl>(initialFen, uciMoves, nodesPerPosition, hashMegabytes)) {}

GameAnalyser::~GameAnalyser() = default;

std::size_t GameAnalyser::total() const { return impl_->moves.size() + 1; }
std::size_t GameAnalyser::done() const { return impl_->searched.size(); }

void GameAnalyser::step(const std::atomic<bool>* stop) {
    if (!finished()) impl_->step(stop);
}

json::object GameAnalyser::result() const {
    if (!finished()) throw std::logic_error("analysis: not finished");
    const Impl& a = *impl_;
    json::array positions;
    for (std::size_t i = 0; i < a.searched.size(); ++i) {
        const Searched& s = a.searched[i];
        json::array line;
        for (const auto& m : s.line) line.emplace_back(m);
        json::object p{{"ply", i},
                       {"eval", eval_json(s)},
                       {"win", round1(win_percent(white_cp(s)))},
                       {"best", s.line.empty() ? json::value(nullptr) : json::value(s.line[0])},
                       {"line", std::move(line)}};
        positions.emplace_back(std::move(p));
    }

    struct Side {
        double accuracy = 0, loss = 0;
        int moves = 0, counts[4] = {0, 0, 0, 0};
    } sides[2];
    json::array moves;
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const Searched& before = a.searched[i];
        const Searched& after = a.searched[i + 1];
        bool white = before.whiteToMove;
        double moverBefore = win_percent(white_cp(before));
        double moverAfter = win_percent(white_cp(after));
        int cpBefore = white_cp(before), cpAfter = white_cp(after);
        if (!white) {
            moverBefore = 100 - moverBefore;
            moverAfter = 100 - moverAfter;
            cpBefore = -cpBefore;
            cpAfter = -cpAfter;
        }
        // The engine's own choice (or the only move) is never judged: a difference between
        // two searches of neighbouring positions is the search's noise, not the player's.
        bool best = a.uci[i] == before.bestUci || before.legalCount <= 1;
        double drop = best ? 0.0 : std::max(0.0, moverBefore - moverAfter);
        int loss = best ? 0 : std::max(0, cpBefore - cpAfter);
        Judgement j = judge(drop);
        Side& side = sides[white ? 0 : 1];
        side.accuracy += move_accuracy(drop);
        side.loss += loss;
        ++side.moves;
        ++side.counts[int(j)];
        json::object m{{"ply", i + 1},
                       {"color", white ? "white" : "black"},
                       {"san", a.san[i]},
                       {"uci", a.uci[i]},
                       {"drop", round1(drop)},
                       {"loss", loss},
                       {"judgement", j == Judgement::None ? json::value(nullptr)
                                                          : json::value(judgement_name(j))},
                       {"mark", judgement_mark(j)}};
        moves.emplace_back(std::move(m));
    }

    json::object players;
    for (int c = 0; c < 2; ++c) {
        const Side& s = sides[c];
        json::object o{{"moves", s.moves},
                       {"inaccuracies", s.counts[int(Judgement::Inaccuracy)]},
                       {"mistakes", s.counts[int(Judgement::Mistake)]},
                       {"blunders", s.counts[int(Judgement::Blunder)]}};
        o["accuracy"] = s.moves ? json::value(round1(s.accuracy / s.moves)) : json::value(nullptr);
        o["acpl"] = s.moves ? json::value(std::lround(s.loss / s.moves)) : json::value(nullptr);
        players[c == 0 ? "white" : "black"] = std::move(o);
    }
    return {{"initialFen", a.initialFen},
            {"nodesPerPosition", a.nodes},
            {"positions", std::move(positions)},
            {"moves", std::move(moves)},
            {"players", std::move(players)}};
}

}  // namespace arbiter::server
