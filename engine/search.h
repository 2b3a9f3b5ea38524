// Alpha-beta search for chess-like positions on any geometry: iterative deepening with
// aspiration windows and a time manager here, and below the root (search_tree_impl.h)
// principal variation search, transposition table, quiescence with MVV-LVA ordering and
// SEE pruning, killers, counter moves and history, null move, reverse futility, futility
// and late-move pruning, late-move reductions, singular and check extensions,
// mate-distance pruning, pawn and piece correction history (8x8 chess), and draws by
// repetition, the 50-move rule and bare minor pieces inside the tree. One searcher per
// thread; the table may be shared.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <type_traits>
#include <vector>

#include "engine/captures.h"
#include "engine/correction_history.h"
#include "engine/endgame_scale.h"
#include "engine/evaluate.h"
#include "engine/move_history.h"
#include "engine/nnue.h"
#include "engine/nnue_stack.h"
#include "engine/score.h"
#include "engine/see.h"
#include "engine/time_manager.h"
#include "engine/tt.h"
#include "variants/chess/movegen.h"

namespace arbiter::engine {

struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int score = 0;
    Bound bound = Bound::Exact;  // Lower/Upper when reporting an aspiration failure
    std::uint64_t nodes = 0;
    std::int64_t timeMs = 0;
    int hashfull = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    Move best;
    Move ponder;
    int score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    std::vector<Move> pv;
};

namespace search_detail {

struct ReductionTable {
    std::array<std::array<std::uint8_t, 64>, 64> r{};
    ReductionTable() {
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                r[d][m] = std::uint8_t(0.8 + std::log(d) * std::log(m) / 2.3);
    }
    int operator()(int depth, int moveCount) const {
        return r[std::min(depth, 63)][std::min(moveCount, 63)];
    }
};

inline const ReductionTable& reductions() {
    static const ReductionTable table;
    return table;
}

}  // namespace search_detail

template <typename R>
class Searcher {
  public:
    using G = typename R::Geometry;
    using Position = BasicPosition<R>;
    static constexpr int N = G::Squares;
    // The network and the correction tables exist for the 8x8 board only.
    static constexpr bool IsStandardChess = std::is_same_v<R, StandardChessRules>;
    using InfoCallback = std::function<void(const SearchInfo&)>;

    explicit Searcher(TranspositionTable& tt) : tt_(tt) { clear_history(); }

    // Forget killers and history (a new game).
    void clear_history() {
        history_.clear();
        correction_.clear();
        lastSearchScore_ = ValueNone;
    }

    // Searches the root position within the limits; stop may be raised by another thread.
    SearchResult run(const Position& root, const SearchLimits& limits,
                     const std::atomic<bool>* stop = nullptr, const InfoCallback& onInfo = {});

    // Every root move with its score from a full-window search, by iterative deepening to
    // maxDepth or until the node budget runs out (the last complete depth counts). The
    // computer levels add noise to these.
    // maxMs (if >= 0) and stop cut the deepening short the same way.
    //
    // setsBar (optional) asks only for the scores that can matter to a caller who values a
    // move at its score or less (Minesweeper: a landing that may hit a mine is worth less than
    // its search score, never more). The moves for which setsBar holds are exact and the best
    // of them is the bar; every other move is searched with the bar as its lower bound and,
    // when it cannot beat it, scores just below the bar (an upper bound, not its value). The moves
    // are searched best first from the previous depth. The same choice as exact scores, for a
    // fraction of the nodes: most moves fail low at once.
    std::vector<std::pair<Move, int>> score_root_moves(
        const Position& root, int maxDepth, std::uint64_t nodeBudget, std::int64_t maxMs = -1,
        const std::atomic<bool>* stop = nullptr, const std::function<bool(Move)>& setsBar = {});

    std::uint64_t nodes() const { return nodes_; }

    // Minesweeper: the chance (in 1/1000) that a piece other than the king landing on each
    // square by a quiet move is destroyed there (a hidden mine's odds, 1000 for a discovered
    // mine). Inside the tree such a move is scored as its search value minus that chance
    // times the piece's worth, for either side (the root moves of score_root_moves excepted:
    // the player prices those itself). All zero (the default): plain chess.
    void set_landing_risk(const std::array<std::int16_t, N>& permille) {
        landingRisk_ = permille;
        hasLandingRisk_ = std::any_of(permille.begin(), permille.end(), [](auto r) { return r; });
    }
    // 8x8 chess only: evaluate with this network instead of the hand-written evaluation
    // (nullptr: the hand-written one). The network must outlive the searches.
    void set_network(const nnue::Network* net) {
        net_ = net;
        if (net_) accumulators_.attach(*net_, MaxPly + 4);
    }
    const nnue::Network* network() const { return net_; }
    // With a network: update its accumulator by the pieces each move changed (true, the
    // default) or sum every input at every evaluation (false; the tests' reference).
    void set_incremental(bool on) { incremental_ = on; }
    // While *flag holds (UCI "go ponder"), the clock is ignored; "ponderhit" clears it.
    void set_ponder_flag(const std::atomic<bool>* flag) { ponder_ = flag; }

  private:
    struct Frame {
        int staticEval = ValueNone;
        Move move;
        Piece moved = NoPiece;
        Move killers[2];
        Move excluded;  // the singular-extension test searches the node without this move
    };
    struct ScoredMove {
        Move move;
        int score;
    };
    struct RootMove {
        Move move;
        int score = -ValueInfinite;
        int previousScore = -ValueInfinite;
        std::uint64_t nodes = 0;  // spent below this move in this search, all depths
    };

    template <bool PvNode>
    int search(int alpha, int beta, int depth, int ply, bool cutNode);
    template <bool PvNode>
    int qsearch(int alpha, int beta, int ply);

    bool is_draw() const;
    void check_limits();
    void enter_node(int ply) {
        if constexpr (IsStandardChess)
            if (net_ && incremental_) accumulators_.enter(ply, pos_);
    }
    int static_eval(int ply) {
        if constexpr (IsStandardChess)
            if (net_)
                return nnue::to_search_units(
                    scale_endgame(pos_, incremental_ ? accumulators_.evaluate(ply, pos_)
                                                     : nnue::evaluate(*net_, pos_)));
        return evaluate(pos_);
    }
    // The share of the optimum after which no new iteration starts (Searcher::run).
    double time_scale(int v, Move bestMove, const std::array<int, MaxPly + 1>& depthScore,
                      double instability) const;
    std::int64_t elapsed() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start_)
            .count();
    }
    void update_pv(int ply, Move m) {
        pv_[ply][ply] = m;
        for (int i = ply + 1; i < pvLength_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
        pvLength_[ply] = std::max(pvLength_[ply + 1], ply + 1);
    }
    using Earlier = typename MoveHistory<N>::Earlier;
    // The move made `back` plies above this one, as the history tables know it.
    Earlier earlier_move(int ply, int back) const {
        if (ply < back || !stack_[ply - back].move.is_ok()) return {};
        return {stack_[ply - back].moved, stack_[ply - back].move.to()};
    }
    typename MoveHistory<N>::EarlierMoves earlier_moves(int ply) const {
        return {earlier_move(ply, 1), earlier_move(ply, 2)};
    }
    // The expected loss of landing a quiet move of this piece on the fog (set_landing_risk).
    int landing_penalty(Move m) const {
        if (!hasLandingRisk_ || m.kind() == MoveKind::Castling) return 0;
        const int risk = landingRisk_[m.to()];
        if (!risk) return 0;
        return risk * mine_loss(type_of(pos_.moved_piece(m))) / 1000;
    }
    // The static evaluation corrected by what the searches learnt (8x8 chess); the network's
    // score also fades with the fifty-move clock (the hand-written evaluation has its own
    // endgame terms, and the levels built on it keep their ratings).
    int corrected(int raw) const {
        if constexpr (IsStandardChess) {
            const int faded = net_ ? fade_by_fifty_move_clock(raw, pos_.halfmove_clock()) : raw;
            return correction_.corrected(pos_, faded);
        }
        return raw;
    }
    void update_correction(int depth, int error) {
        if constexpr (IsStandardChess) correction_.learn(pos_, depth, error);
    }
    bool is_quiet(Move m) const { return !pos_.is_capture(m) && m.kind() != MoveKind::Promotion; }
    // Whether quiet move m attacks the enemy king from its new square (discovered checks
    // are not seen): such moves are kept by late-move pruning, where a mate often hides.
    bool gives_direct_check(Move m) const {
        if (m.kind() == MoveKind::Castling) return false;
        using BB = typename G::Bitboard;
        const Square king = pos_.king_square(~pos_.side_to_move());
        if (king == NoSquare) return false;
        const BB target = square_bb<G>(king);
        const BB occupied = (pos_.pieces() & ~square_bb<G>(m.from())) | square_bb<G>(m.to());
        switch (type_of(pos_.moved_piece(m))) {
            case Pawn:
                return pawn_attacks<G>(pos_.side_to_move(), m.to()) & target;
            case Knight:
                return knight_attacks<G>(m.to()) & target;
            case Bishop:
                return bishop_attacks<G>(m.to(), occupied) & target;
            case Rook:
                return rook_attacks<G>(m.to(), occupied) & target;
            case Queen:
                return queen_attacks<G>(m.to(), occupied) & target;
            default:
                return false;
        }
    }
    int capture_order(Move m) const {
        PieceType victim = m.kind() == MoveKind::EnPassant ? Pawn : type_of(pos_.piece_on(m.to()));
        if (pos_.empty(m.to()) && m.kind() != MoveKind::EnPassant) victim = Pawn;  // promotion
        int v = SeeValue[victim] * 8 - int(type_of(pos_.moved_piece(m)));
        if (m.kind() == MoveKind::Promotion) v += SeeValue[m.promotion()];
        return v;
    }
    void score_moves(ScoredMove* moves, int count, Move ttMove, int ply);
    // The best-scored move not yet tried (the first of equals), swapped to `index`. Two
    // passes: the maximum (a loop the compiler vectorises), then the first move that has it.
    static Move pick_next(ScoredMove* moves, int count, int index) {
        int top = moves[index].score;
        for (int i = index + 1; i < count; ++i) top = std::max(top, moves[i].score);
        int best = index;
        while (moves[best].score != top) ++best;
        std::swap(moves[index], moves[best]);
        return moves[index].move;
    }
    std::vector<Move> principal_variation() const {
        return std::vector<Move>(pv_[0].begin(), pv_[0].begin() + pvLength_[0]);
    }

    TranspositionTable& tt_;
    Position pos_;
    SearchLimits limits_;
    TimeBudget budget_;
    const std::atomic<bool>* stop_ = nullptr;
    const std::atomic<bool>* ponder_ = nullptr;
    std::chrono::steady_clock::time_point start_;
    std::uint64_t nodes_ = 0;
    bool stopped_ = false;
    int rootDepth_ = 0;
    int seldepth_ = 0;
    std::vector<RootMove> rootMoves_;
    std::array<Frame, MaxPly + 4> stack_{};
    std::array<std::array<Move, MaxPly + 1>, MaxPly + 1> pv_{};
    std::array<int, MaxPly + 2> pvLength_{};
    MoveHistory<N> history_;
    // Only 8x8 chess learns corrections: the other boards do not carry the tables' 384 KB.
    struct NoCorrectionHistory {
        void clear() {}
    };
    std::conditional_t<IsStandardChess, CorrectionHistory, NoCorrectionHistory> correction_;
    std::array<std::int16_t, N> landingRisk_{};
    bool hasLandingRisk_ = false;
    const nnue::Network* net_ = nullptr;
    bool incremental_ = true;
    nnue::AccumulatorStack accumulators_;  // with a network only
    int lastSearchScore_ = ValueNone;  // the previous search's score (the time manager's yardstick)
};

template <typename R>
void Searcher<R>::check_limits() {
    if (stop_ && stop_->load(std::memory_order_relaxed)) stopped_ = true;
    if (rootDepth_ <= 1) return;  // always finish depth 1: there must be a move to play
    if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
    if (ponder_ && ponder_->load(std::memory_order_relaxed)) return;
    if (budget_.maximum >= 0 && elapsed() >= budget_.maximum) stopped_ = true;
}

template <typename R>
SearchResult Searcher<R>::run(const Position& root, const SearchLimits& limits,
                              const std::atomic<bool>* stop, const InfoCallback& onInfo) {
    pos_ = root;
    limits_ = limits;
    stop_ = stop;
    start_ = std::chrono::steady_clock::now();
    budget_ = plan_time(limits, root.side_to_move());
    nodes_ = 0;
    stopped_ = false;
    tt_.new_search();
    for (auto& f : stack_) f = Frame{};
    history_.age();  // between moves of the game

    SearchResult result;
    rootMoves_.clear();
    for (Move m : legal_moves(pos_))
        if (limits.searchMoves.empty() ||
            std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m) !=
                limits.searchMoves.end())
            rootMoves_.push_back(RootMove{m});
    if (rootMoves_.empty()) {
        result.score = pos_.in_check() ? mated_in(0) : ValueDraw;
        return result;
    }
    {
        // Initial order: the same heuristics as inside the tree.
        std::vector<ScoredMove> scored;
        TTData tte;
        Move ttMove = tt_.probe(pos_.key(), tte) ? tte.move : Move::none();
        for (const RootMove& rm : rootMoves_) scored.push_back({rm.move, 0});
        score_moves(scored.data(), int(scored.size()), ttMove, 0);
        std::stable_sort(
            scored.begin(), scored.end(),
            [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
        for (std::size_t i = 0; i < scored.size(); ++i) rootMoves_[i] = RootMove{scored[i].move};
    }
    result.best = rootMoves_[0].move;
    result.pv = {result.best};

    const int maxDepth = limits.depth > 0 ? std::min(limits.depth, MaxPly - 1) : MaxPly - 1;
    int score = 0;
    double instability = 0;
    std::array<int, MaxPly + 1> depthScore{};
    for (rootDepth_ = 1; rootDepth_ <= maxDepth; ++rootDepth_) {
        seldepth_ = 0;
        for (RootMove& rm : rootMoves_) {
            rm.previousScore = rm.score;
            rm.score = -ValueInfinite;
        }
        int delta = 18, alpha = -ValueInfinite, beta = ValueInfinite;
        if (rootDepth_ >= 5 && !is_mate_score(score)) {
            alpha = std::max(score - delta, -ValueInfinite);
            beta = std::min(score + delta, ValueInfinite);
        }
        int v = 0;
        while (true) {
            v = search<true>(alpha, beta, rootDepth_, 0, false);
            std::stable_sort(
                rootMoves_.begin(), rootMoves_.end(),
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            if (stopped_) break;
            if (v <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = std::max(v - delta, -ValueInfinite);
            } else if (v >= beta) {
                beta = std::min(v + delta, ValueInfinite);
                if (onInfo && elapsed() > 2000) {
                    SearchInfo info{rootDepth_,
                                    seldepth_,
                                    v,
                                    Bound::Lower,
                                    nodes_,
                                    elapsed(),
                                    tt_.hashfull(),
                                    principal_variation()};
                    onInfo(info);
                }
            } else {
                break;
            }
            delta += delta / 2 + 5;
        }
        if (stopped_) {
            // A move that already beat the previous best in the unfinished depth is playable.
            if (rootMoves_[0].score > -ValueInfinite && rootMoves_[0].move != result.best &&
                pvLength_[0] > 0 && pv_[0][0] == rootMoves_[0].move) {
                result.best = rootMoves_[0].move;
                result.pv = principal_variation();
                result.score = rootMoves_[0].score;
            }
            break;
        }
        if (pvLength_[0] > 0 && pv_[0][0] != result.best) instability += 1.0;
        instability *= 0.6;
        depthScore[rootDepth_] = v;
        score = v;
        result.score = v;
        result.depth = rootDepth_;
        result.pv = principal_variation();
        if (result.pv.empty()) result.pv = {rootMoves_[0].move};
        result.best = result.pv[0];
        if (onInfo) {
            SearchInfo info{rootDepth_, seldepth_,      v,        Bound::Exact, nodes_,
                            elapsed(),  tt_.hashfull(), result.pv};
            onInfo(info);
        }
        if (budget_.optimum >= 0 && !(ponder_ && ponder_->load(std::memory_order_relaxed))) {
            if (rootMoves_.size() == 1 && rootDepth_ >= 4) break;  // forced: do not think
            if (double(elapsed()) >
                double(budget_.optimum) * time_scale(v, result.best, depthScore, instability))
                break;
        }
        if (limits_.nodes && nodes_ >= limits_.nodes) break;
        if (!limits_.infinite && is_mate_score(v) && rootDepth_ > 2 * (ValueMate - std::abs(v)) + 4)
            break;
    }
    result.nodes = nodes_;
    if (result.pv.size() >= 2) result.ponder = result.pv[1];
    lastSearchScore_ = result.score;
    return result;
}

template <typename R>
double Searcher<R>::time_scale(int v, Move bestMove, const std::array<int, MaxPly + 1>& depthScore,
                               double instability) const {
    // A best move that keeps changing needs more iterations to settle.
    double scale = 0.6 + instability * 0.8;
    // A score falling below the last move's and the one three depths back is a threat being
    // found: think on. A rising one is not.
    if (!is_mate_score(v)) {
        const int previous = lastSearchScore_ != ValueNone && !is_mate_score(lastSearchScore_)
                                 ? lastSearchScore_
                                 : v;
        const int back = depthScore[std::max(1, rootDepth_ - 3)];
        const int drop = 2 * (previous - v) + (is_mate_score(back) ? 0 : back - v);
        scale *= std::clamp(1.0 + drop / 150.0, 0.75, 1.6);
    }
    // A best move that took nearly all the nodes has no close rival.
    std::uint64_t best = 0;
    for (const RootMove& rm : rootMoves_)
        if (rm.move == bestMove) best = rm.nodes;
    if (nodes_ > 0 && double(best) >= 0.9 * double(nodes_)) scale *= 0.8;
    return scale;
}

template <typename R>
std::vector<std::pair<Move, int>> Searcher<R>::score_root_moves(
    const Position& root, int maxDepth, std::uint64_t nodeBudget, std::int64_t maxMs,
    const std::atomic<bool>* stop, const std::function<bool(Move)>& setsBar) {
    pos_ = root;
    limits_ = SearchLimits{};
    limits_.nodes = nodeBudget;
    stop_ = stop;
    start_ = std::chrono::steady_clock::now();
    budget_ = TimeBudget{};
    budget_.maximum = maxMs;
    nodes_ = 0;
    stopped_ = false;
    tt_.new_search();
    for (auto& f : stack_) f = Frame{};
    enter_node(0);  // the root's moves are made here, not in search()
    std::vector<std::pair<Move, int>> scores;
    for (Move m : legal_moves(pos_)) scores.emplace_back(m, 0);
    for (rootDepth_ = 1; rootDepth_ <= std::max(1, maxDepth); ++rootDepth_) {
        std::vector<std::pair<Move, int>> next;
        if (setsBar)
            std::stable_sort(scores.begin(), scores.end(),
                             [](const auto& a, const auto& b) { return a.second > b.second; });
        int bar = -ValueInfinite;
        for (auto [m, old] : scores) {
            stack_[0].move = m;
            stack_[0].moved = pos_.moved_piece(m);
            pos_.do_move(m);
            int v = -search<true>(-ValueInfinite, -bar, rootDepth_ - 1, 1, false);
            pos_.undo_move(m);
            if (stopped_) break;
            // A move that fails low may come back at exactly the bar: below it, so that it
            // never ties with the move that set it.
            if (v <= bar)
                v = std::min(v, bar - 1);
            else if (setsBar && setsBar(m))
                bar = v;
            next.emplace_back(m, v);
        }
        if (stopped_) break;
        scores = std::move(next);
        if (nodeBudget && nodes_ >= nodeBudget) break;
    }
    return scores;
}

}  // namespace arbiter::engine

#include "engine/search_tree_impl.h"
