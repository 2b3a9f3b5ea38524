// Alpha-beta search for chess-like positions on any geometry: iterative deepening with
// aspiration windows, principal variation search, transposition table, quiescence with
// MVV-LVA ordering and SEE pruning, killers, counter moves and history, null move,
// reverse futility, futility and late-move pruning, late-move reductions, check
// extension, mate-distance pruning, pawn correction history (8x8 chess), and draws by
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
#include "engine/evaluate.h"
#include "engine/nnue.h"
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
    using InfoCallback = std::function<void(const SearchInfo&)>;

    explicit Searcher(TranspositionTable& tt) : tt_(tt) { clear_history(); }

    // Forget killers and history (a new game).
    void clear_history() {
        for (auto& side : history_)
            for (auto& row : side) row.fill(0);
        for (auto& row : counterMoves_) row.fill(Move::none());
        contHistory_.assign(std::size_t(16) * N * 16 * N, 0);
        for (auto& side : pawnCorrection_) side.fill(0);
        lastSearchScore_ = ValueNone;
    }

    // Searches the root position within the limits; stop may be raised by another thread.
    SearchResult run(const Position& root, const SearchLimits& limits,
                     const std::atomic<bool>* stop = nullptr, InfoCallback onInfo = {});

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
        if (net_ && netStack_.empty()) netStack_.resize(MaxPly + 4);
    }
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
    // The network's accumulators are updated lazily: each node records its board on entry,
    // and an evaluation brings the accumulator up from the nearest ancestor that has one by
    // the squares whose piece changed (a null move changes none).
    void enter_node(int ply) {
        if constexpr (std::is_same_v<R, StandardChessRules>) {
            if (!net_) return;
            NetPly& n = netStack_[std::size_t(ply)];
            for (Square s = 0; s < N; ++s) n.board[s] = pos_.piece_on(s);
            // The root's accumulator is summed at once: its evaluation often comes from the
            // hash table, and without it every line that skipped evaluations sums afresh.
            n.valid = ply == 0;
            if (ply == 0) nnue::refresh(*net_, pos_, n.acc);
        }
    }
    int static_eval(int ply) {
        if constexpr (std::is_same_v<R, StandardChessRules>) {
            if (net_) {
                if (!incremental_) return nnue::evaluate(*net_, pos_);
                int from = ply;
                while (from >= 0 && !netStack_[std::size_t(from)].valid) --from;
                NetPly& here = netStack_[std::size_t(ply)];
                if (from < 0 || ply - from > 6) {
                    nnue::refresh(*net_, pos_, here.acc);
                } else {
                    for (int k = from + 1; k <= ply; ++k) {
                        const NetPly& parent = netStack_[std::size_t(k - 1)];
                        NetPly& child = netStack_[std::size_t(k)];
                        // One move changes at most 4 squares (castling): compare 8 at a time.
                        nnue::PlacedPiece removed[N], added[N];
                        int removedCount = 0, addedCount = 0;
                        for (Square w = 0; w < N; w += 8) {
                            std::uint64_t a, b;
                            std::memcpy(&a, &parent.board[w], 8);
                            std::memcpy(&b, &child.board[w], 8);
                            if (a == b) continue;
                            for (Square s = w; s < w + 8; ++s)
                                if (parent.board[s] != child.board[s]) {
                                    if (parent.board[s] != NoPiece)
                                        removed[removedCount++] = {parent.board[s], s};
                                    if (child.board[s] != NoPiece)
                                        added[addedCount++] = {child.board[s], s};
                                }
                        }
                        nnue::update(*net_, parent.acc, child.acc, removed, removedCount, added,
                                     addedCount);
                        child.valid = true;
                    }
                }
                here.valid = true;
                return nnue::evaluate(*net_, here.acc, pos_.side_to_move(),
                                      popcount(pos_.pieces()));
            }
        }
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
    // History of the move itself plus its history as a reply to our opponent's last move and
    // as a follow-up to our own previous move (one table: the earlier move and this one).
    int history_of(Move m, int ply) const {
        int h = history_[pos_.side_to_move()][m.from()][m.to()];
        for (int back = 1; back <= 2; ++back)
            if (std::size_t i = cont_index(m, ply, back); i != NoIndex) h += contHistory_[i];
        return h;
    }
    static constexpr std::size_t NoIndex = ~std::size_t(0);
    std::size_t cont_index(Move m, int ply, int back) const {
        if (ply < back || !stack_[ply - back].move.is_ok()) return NoIndex;
        const Frame& prev = stack_[ply - back];
        return ((std::size_t(prev.moved) * N + prev.move.to()) * 16 + pos_.moved_piece(m)) * N +
               m.to();
    }
    void add_history(Color c, Move m, int ply, int bonus) {
        int& h = history_[c][m.from()][m.to()];
        h += bonus - h * std::abs(bonus) / 16384;
        for (int back = 1; back <= 2; ++back)
            if (std::size_t i = cont_index(m, ply, back); i != NoIndex) {
                std::int16_t& ch = contHistory_[i];
                ch = std::int16_t(ch + bonus - ch * std::abs(bonus) / 16384);
            }
    }
    // The expected loss of landing a quiet move of this piece on the fog (set_landing_risk).
    int landing_penalty(Move m) const {
        if (!hasLandingRisk_ || m.kind() == MoveKind::Castling) return 0;
        const int risk = landingRisk_[m.to()];
        if (!risk) return 0;
        constexpr int worth[] = {0, 100, 320, 330, 500, 950, 0};
        const int pt = type_of(pos_.moved_piece(m));
        return pt < 7 ? risk * worth[pt] / 1000 : 0;
    }
    // Pawn correction history (8x8 chess): the evaluation's average error in positions with
    // this side to move and these pawns, learnt from what the searches below them found. The
    // static evaluation is corrected by it before any pruning decision reads it.
    static constexpr int CorrectionSize = 16384;
    static constexpr int CorrectionGrain = 256;  // an entry is centipawns × this
    static constexpr int CorrectionLimit = 64 * CorrectionGrain;
    std::size_t pawn_index() const {
        std::uint64_t w = std::uint64_t(pos_.pieces(White, Pawn));
        std::uint64_t b = std::uint64_t(pos_.pieces(Black, Pawn));
        std::uint64_t h =
            w * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
        return std::size_t((h ^ (h >> 31)) & (CorrectionSize - 1));
    }
    int corrected(int raw) const {
        if constexpr (std::is_same_v<R, StandardChessRules>) {
            const int c = pawnCorrection_[pos_.side_to_move()][pawn_index()] / CorrectionGrain;
            return std::clamp(raw + c, -ValueMateInMaxPly + 1, ValueMateInMaxPly - 1);
        } else {
            return raw;
        }
    }
    void update_correction(int depth, int error) {
        if constexpr (std::is_same_v<R, StandardChessRules>) {
            int& e = pawnCorrection_[pos_.side_to_move()][pawn_index()];
            const int weight = std::min(depth + 1, 16);
            e = (e * (256 - weight) + error * CorrectionGrain * weight) / 256;
            e = std::clamp(e, -CorrectionLimit, CorrectionLimit);
        }
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
    std::array<std::array<std::array<int, N>, N>, 2> history_{};
    std::array<std::array<Move, N>, 16> counterMoves_{};
    std::vector<std::int16_t> contHistory_;  // [previous piece][previous to][piece][to]
    std::array<std::array<int, CorrectionSize>, 2> pawnCorrection_{};
    std::array<std::int16_t, N> landingRisk_{};
    bool hasLandingRisk_ = false;
    const nnue::Network* net_ = nullptr;
    bool incremental_ = true;
    struct NetPly {
        std::array<Piece, N> board;
        bool valid = false;
        nnue::Accumulator acc;
    };
    std::vector<NetPly> netStack_;     // by ply, with a network only
    int lastSearchScore_ = ValueNone;  // the previous search's score (the time manager's yardstick)
};

template <typename R>
bool Searcher<R>::is_draw() const {
    if (pos_.halfmove_clock() >= 100) return true;
    if (pos_.repetition_count() >= 2) return true;
    if (!pos_.pieces(Pawn) && !pos_.pieces(Rook) && !pos_.pieces(Queen) &&
        popcount(pos_.pieces(Knight) | pos_.pieces(Bishop)) <= 1)
        return true;
    return false;
}

template <typename R>
void Searcher<R>::check_limits() {
    if (stop_ && stop_->load(std::memory_order_relaxed)) stopped_ = true;
    if (rootDepth_ <= 1) return;  // always finish depth 1: there must be a move to play
    if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
    if (ponder_ && ponder_->load(std::memory_order_relaxed)) return;
    if (budget_.maximum >= 0 && elapsed() >= budget_.maximum) stopped_ = true;
}

template <typename R>
void Searcher<R>::score_moves(ScoredMove* moves, int count, Move ttMove, int ply) {
    const Frame& f = stack_[ply];
    Move counter = Move::none();
    if (ply > 0 && stack_[ply - 1].move.is_ok())
        counter = counterMoves_[stack_[ply - 1].moved][stack_[ply - 1].move.to()];
    for (int i = 0; i < count; ++i) {
        Move m = moves[i].move;
        int s;
        if (m == ttMove)
            s = 30'000'000;
        else if (m.kind() == MoveKind::Promotion && m.promotion() != Queen)
            s = -20'000'000;
        else if (!is_quiet(m))
            s = (see_ge(pos_, m, 0) ? 20'000'000 : -10'000'000) + capture_order(m);
        else if (m == f.killers[0])
            s = 19'000'000;
        else if (m == f.killers[1])
            s = 18'000'000;
        else if (m == counter)
            s = 17'000'000;
        else
            s = history_of(m, ply);
        moves[i].score = s;
    }
}

template <typename R>
SearchResult Searcher<R>::run(const Position& root, const SearchLimits& limits,
                              const std::atomic<bool>* stop, InfoCallback onInfo) {
    pos_ = root;
    limits_ = limits;
    stop_ = stop;
    start_ = std::chrono::steady_clock::now();
    budget_ = plan_time(limits, root.side_to_move());
    nodes_ = 0;
    stopped_ = false;
    tt_.new_search();
    for (auto& f : stack_) f = Frame{};
    for (auto& side : history_)  // age the history between moves
        for (auto& row : side)
            for (int& h : row) h /= 2;
    for (auto& h : contHistory_) h = std::int16_t(h / 2);

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

template <typename R>
template <bool PvNode>
int Searcher<R>::search(int alpha, int beta, int depth, int ply, bool cutNode) {
    const bool root = ply == 0;
    pvLength_[ply] = ply;
    if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply);
    enter_node(ply);
    if ((++nodes_ & 1023) == 0) check_limits();
    if (stopped_) return 0;
    if (PvNode && ply + 1 > seldepth_) seldepth_ = ply + 1;

    const bool inCheck = pos_.in_check();
    if (!root) {
        if (is_draw()) return ValueDraw;
        if (ply >= MaxPly - 2) return inCheck ? ValueDraw : static_eval(ply);
        alpha = std::max(mated_in(ply), alpha);
        beta = std::min(mate_in(ply + 1), beta);
        if (alpha >= beta) return alpha;
    }

    const Key key = pos_.key();
    TTData tte;
    const bool ttHit = tt_.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos_.halfmove_clock()) : ValueNone;
    Move ttMove = ttHit ? tte.move : Move::none();
    if (root && !rootMoves_.empty()) ttMove = rootMoves_[0].move;
    if (!PvNode && !stack_[ply].excluded && ttHit && tte.depth >= depth && ttScore != ValueNone &&
        pos_.halfmove_clock() < 90 &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore >= beta) ||
         (tte.bound == Bound::Upper && ttScore <= alpha)))
        return ttScore;

    Frame& ss = stack_[ply];
    const Move excluded = ss.excluded;
    stack_[ply + 1].killers[0] = stack_[ply + 1].killers[1] = Move::none();
    int rawEval = ValueNone, staticEval = ValueNone, eval = ValueNone;
    if (!inCheck) {
        rawEval = ttHit && tte.eval != ValueNone ? tte.eval : static_eval(ply);
        staticEval = eval = corrected(rawEval);
        if (ttScore != ValueNone &&
            (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore > eval) ||
             (tte.bound == Bound::Upper && ttScore < eval)))
            eval = ttScore;
    }
    ss.staticEval = staticEval;
    const bool improving = !inCheck && ply >= 2 && stack_[ply - 2].staticEval != ValueNone &&
                           staticEval > stack_[ply - 2].staticEval;
    const Color us = pos_.side_to_move();

    if (!PvNode && !inCheck && !excluded) {
        // Reverse futility: far above beta with little depth left.
        if (depth <= 8 && eval - 85 * (depth - improving) >= beta && eval < ValueMateInMaxPly)
            return eval;
        // Razoring: hopeless at low depth unless a capture saves it.
        if (depth <= 3 && eval + 220 * depth + 120 < alpha) {
            int v = qsearch<false>(alpha, alpha + 1, ply);
            if (v <= alpha) return v;
        }
        // Null move: give the opponent a free move; if we still beat beta, so be it.
        if (depth >= 3 && eval >= beta && staticEval >= beta - 20 * depth + 150 && ply > 0 &&
            stack_[ply - 1].move != Move::null() && non_pawn_material(pos_, us) > 0 &&
            beta > -ValueMateInMaxPly) {
            int reduction = 3 + depth / 3 + std::min((eval - beta) / 200, 3);
            ss.move = Move::null();
            ss.moved = NoPiece;
            pos_.do_null_move();
            int v = -search<false>(-beta, -beta + 1, depth - reduction, ply + 1, !cutNode);
            pos_.undo_null_move();
            if (stopped_) return 0;
            if (v >= beta) return v >= ValueMateInMaxPly ? beta : v;
        }
    }

    // Internal iterative reduction: no hash move here means a poorly known node.
    if (depth >= 4 && !ttMove && (PvNode || cutNode) && !excluded) --depth;

    Room<ScoredMove, 320> room;
    ScoredMove* const moves = room.items;
    int count = 0;
    if (root) {
        for (const RootMove& rm : rootMoves_) moves[count++] = {rm.move, 0};
        for (int i = 0; i < count; ++i) moves[i].score = count - i;  // keep last depth's order
    } else {
        MoveList<> list;
        generate_legal(pos_, list);
        if (list.empty()) return inCheck ? mated_in(ply) : ValueDraw;
        for (Move m : list) moves[count++] = {m, 0};
        score_moves(moves, count, ttMove, ply);
    }

    const int oldAlpha = alpha;
    int bestScore = -ValueInfinite;
    Move bestMove = Move::none();
    Room<Move, 64> triedRoom;
    Move* const quietsTried = triedRoom.items;
    int quietCount = 0;
    int moveCount = 0;
    bool skipQuiets = false;
    const bool hasPieces = non_pawn_material(pos_, us) > 0;

    for (int i = 0; i < count; ++i) {
        Move m = pick_next(moves, count, i);
        if (m == excluded) continue;
        const bool quiet = is_quiet(m);
        const int penalty = quiet ? landing_penalty(m) : 0;
        if (skipQuiets && quiet && m != ttMove && !gives_direct_check(m)) continue;
        ++moveCount;

        // Pruning of moves unlikely to matter (never at the root, never when mated).
        if (!root && bestScore > -ValueMateInMaxPly && hasPieces) {
            if (quiet) {
                if (!PvNode && depth <= 8 &&
                    moveCount > (improving ? 5 + depth * depth : 3 + depth * depth / 2)) {
                    skipQuiets = true;
                    if (!gives_direct_check(m)) continue;
                }
                if (depth <= 7 && !see_ge(pos_, m, -60 * depth)) continue;
            } else if (depth <= 6 && !see_ge(pos_, m, -110 * depth)) {
                continue;
            }
        }

        // Singular extension: when the hash move is the only good one here (every other
        // move fails well below its score in a shallow search), it deserves more depth; when
        // another move also beats beta, the node cuts at once (multi-cut).
        int extension = 0;
        if (!root && m == ttMove && !excluded && depth >= 6 && tte.depth >= depth - 3 &&
            tte.bound != Bound::Upper && ttScore != ValueNone && !is_mate_score(ttScore) &&
            !is_mate_score(alpha) && !is_mate_score(beta) && ply < 2 * rootDepth_) {
            const int singularBeta = ttScore - 2 * depth;
            ss.excluded = m;
            const int v =
                search<false>(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, cutNode);
            ss.excluded = Move::none();
            if (stopped_) return 0;
            if (v < singularBeta)
                extension = !PvNode && v < singularBeta - 20 ? 2 : 1;
            else if (singularBeta >= beta)
                return singularBeta;
            else if (ttScore >= beta)
                extension = -1;
        }

        ss.move = m;
        ss.moved = pos_.moved_piece(m);
        const std::uint64_t nodesBefore = nodes_;
        pos_.do_move(m);
        tt_.prefetch(pos_.key());
        const bool givesCheck = pos_.in_check();
        // Futility: a quiet move that does not check cannot lift a hopeless eval.
        if (!root && quiet && !givesCheck && !inCheck && depth <= 7 && moveCount > 1 &&
            bestScore > -ValueMateInMaxPly && staticEval + 110 + 100 * depth <= alpha) {
            pos_.undo_move(m);
            continue;
        }
        if (extension == 0 && givesCheck && ply < 2 * rootDepth_) extension = 1;
        int newDepth = depth - 1 + extension;
        // A quiet landing on the fog costs its expected loss (penalty, taken before the move is
        // made): the child is searched with the window shifted by it.
        auto child = [&](auto pv, int a, int b, int d, bool cut) {
            constexpr bool Pv = decltype(pv)::value;
            if (!penalty) return -search<Pv>(-b, -a, d, ply + 1, cut);
            const int lo = std::max(a + penalty, -ValueInfinite);
            const int hi = std::min(b + penalty, ValueInfinite);
            const int v = -search<Pv>(-hi, -lo, d, ply + 1, cut);
            return is_mate_score(v) ? v : v - penalty;
        };
        using PvChild = std::true_type;
        using NonPvChild = std::false_type;
        int v;
        if (moveCount == 1) {
            v = child(std::bool_constant<PvNode>{}, alpha, beta, newDepth, false);
        } else {
            int reduction = 0;
            if (depth >= 3 && moveCount > 1 + (PvNode ? 1 : 0) && (quiet || moves[i].score < 0)) {
                reduction = search_detail::reductions()(depth, moveCount);
                if (!PvNode) ++reduction;
                if (cutNode) ++reduction;
                if (!improving) ++reduction;
                if (givesCheck) --reduction;
                if (inCheck) --reduction;
                if (quiet) {
                    if (moves[i].score >= 17'000'000)
                        reduction -= 2;  // killers, counter
                    else
                        reduction -= std::clamp(moves[i].score / 8000, -2, 2);
                }
                reduction = std::clamp(reduction - 1, 0, newDepth - 1);
            }
            v = child(NonPvChild{}, alpha, alpha + 1, newDepth - reduction, true);
            if (v > alpha && reduction > 0)
                v = child(NonPvChild{}, alpha, alpha + 1, newDepth, !cutNode);
            if (PvNode && v > alpha && v < beta) v = child(PvChild{}, alpha, beta, newDepth, false);
        }
        pos_.undo_move(m);
        if (stopped_) return 0;

        if (root) {
            for (RootMove& rm : rootMoves_)
                if (rm.move == m) {
                    rm.score = (moveCount == 1 || v > alpha) ? v : -ValueInfinite;
                    rm.nodes += nodes_ - nodesBefore;
                }
        }
        if (v > bestScore) {
            bestScore = v;
            if (v > alpha) {
                bestMove = m;
                if (PvNode) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
        if (quiet && m != bestMove && quietCount < 64) quietsTried[quietCount++] = m;
    }

    if (moveCount == 0)  // every move was pruned away (or the only one is excluded)
        return excluded ? alpha : inCheck ? mated_in(ply) : alpha;

    if (bestScore >= beta && is_quiet(bestMove)) {
        int bonus = std::min(16 * depth * depth + 32 * depth, 1500);
        add_history(us, bestMove, ply, bonus);
        for (int i = 0; i < quietCount; ++i) add_history(us, quietsTried[i], ply, -bonus);
        if (ss.killers[0] != bestMove) {
            ss.killers[1] = ss.killers[0];
            ss.killers[0] = bestMove;
        }
        if (ply > 0 && stack_[ply - 1].move.is_ok())
            counterMoves_[stack_[ply - 1].moved][stack_[ply - 1].move.to()] = bestMove;
    }

    Bound bound = bestScore >= beta                ? Bound::Lower
                  : PvNode && bestScore > oldAlpha ? Bound::Exact
                                                   : Bound::Upper;
    // The search's verdict teaches the correction, unless the bound cannot say which way the
    // evaluation erred or a capture decided it.
    if (!inCheck && !excluded && (!bestMove || is_quiet(bestMove)) && !is_mate_score(bestScore) &&
        !(bound == Bound::Lower && bestScore <= staticEval) &&
        !(bound == Bound::Upper && bestScore >= staticEval))
        update_correction(depth, bestScore - staticEval);
    if (!excluded) tt_.store(key, bestMove, score_to_tt(bestScore, ply), rawEval, depth, bound);
    return bestScore;
}

template <typename R>
template <bool PvNode>
int Searcher<R>::qsearch(int alpha, int beta, int ply) {
    pvLength_[ply] = ply;
    enter_node(ply);
    if ((++nodes_ & 1023) == 0) check_limits();
    if (stopped_) return 0;
    if (PvNode && ply + 1 > seldepth_) seldepth_ = ply + 1;
    if (is_draw()) return ValueDraw;
    const bool inCheck = pos_.in_check();
    if (ply >= MaxPly - 2) return inCheck ? ValueDraw : static_eval(ply);

    const Key key = pos_.key();
    TTData tte;
    const bool ttHit = tt_.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos_.halfmove_clock()) : ValueNone;
    if (!PvNode && ttHit && ttScore != ValueNone &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore >= beta) ||
         (tte.bound == Bound::Upper && ttScore <= alpha)))
        return ttScore;

    int rawEval = ValueNone, staticEval = ValueNone, bestScore;
    if (inCheck) {
        bestScore = -ValueInfinite;
    } else {
        rawEval = ttHit && tte.eval != ValueNone ? tte.eval : static_eval(ply);
        staticEval = corrected(rawEval);
        bestScore = staticEval;
        if (ttScore != ValueNone &&
            (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore > bestScore) ||
             (tte.bound == Bound::Upper && ttScore < bestScore)))
            bestScore = ttScore;
        if (bestScore >= beta) {
            if (!ttHit)
                tt_.store(key, Move::none(), score_to_tt(bestScore, ply), rawEval, -1,
                          Bound::Lower);
            return bestScore;
        }
        alpha = std::max(alpha, bestScore);
    }

    MoveList<> list;
    if (inCheck) {
        generate_legal(pos_, list);
        if (list.empty()) return mated_in(ply);
    } else {
        // With only king and pawns, stalemate is a real danger: look for it.
        if (non_pawn_material(pos_, pos_.side_to_move()) == 0) {
            generate_legal(pos_, list);
            if (list.empty()) return ValueDraw;
            list.clear();
        }
        generate_captures(pos_, list);
    }

    Room<ScoredMove, 320> room;
    ScoredMove* const moves = room.items;
    int count = 0;
    const Move ttMove = ttHit ? tte.move : Move::none();
    for (Move m : list) {
        int s = m == ttMove   ? 1 << 24
                : is_quiet(m) ? history_of(m, ply) - (1 << 20)
                              : capture_order(m);
        moves[count++] = {m, s};
    }

    const int oldAlpha = alpha;
    Move bestMove = Move::none();
    for (int i = 0; i < count; ++i) {
        Move m = pick_next(moves, count, i);
        if (!inCheck) {
            // Delta pruning: even winning the piece leaves us far below alpha.
            if (m.kind() != MoveKind::Promotion &&
                staticEval + SeeValue[type_of(pos_.piece_on(m.to()))] + 180 <= alpha &&
                !see_ge(pos_, m, 1))
                continue;
            if (!see_ge(pos_, m, 0)) continue;
        } else if (bestScore > -ValueMateInMaxPly && is_quiet(m) && i >= 3) {
            continue;  // in check: beyond a few evasions, quiet ones rarely matter
        }
        stack_[ply].move = m;
        stack_[ply].moved = pos_.moved_piece(m);
        pos_.do_move(m);
        tt_.prefetch(pos_.key());
        int v = -qsearch<PvNode>(-beta, -alpha, ply + 1);
        pos_.undo_move(m);
        if (stopped_) return 0;
        if (v > bestScore) {
            bestScore = v;
            if (v > alpha) {
                bestMove = m;
                if (PvNode) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
    }
    Bound bound = bestScore >= beta                ? Bound::Lower
                  : PvNode && bestScore > oldAlpha ? Bound::Exact
                                                   : Bound::Upper;
    tt_.store(key, bestMove, score_to_tt(bestScore, ply), rawEval, -1, bound);
    return bestScore;
}

}  // namespace arbiter::engine
