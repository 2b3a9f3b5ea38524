#include "engine/minesweeper_player.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "belief/mine_odds.h"
#include "belief/mine_view_json.h"
#include "engine/evaluate.h"
#include "engine/search.h"
#include "variants/minesweeper/notation.h"

namespace arbiter::engine {
namespace {

using minesweeper::Board;
using minesweeper::MinesweeperPosition;
using Clock = std::chrono::steady_clock;

// Probabilities of mines under the squares a move lands on, from the public view.
struct Risk {
    MinesweeperPosition pos;
    belief::MineOdds odds;
    std::vector<Move> moves;  // the legal actions, in order

    Risk(const json::object& view, const std::vector<json::object>& legal)
        : pos(MinesweeperPosition::from_fen(std::string_view(view.at("fen").as_string()))),
          odds(belief::compute_mine_odds(belief::mine_view_from_json(view))) {
        for (const auto& text : legal_move_texts(legal))
            moves.push_back(minesweeper::parse_move(pos, text));
    }

    double mine_on(Square s) const {
        if (pos.discovered_mines() & minesweeper::bb(s)) return 1.0;
        return odds.ok() ? odds.probability(s) : 0.0;
    }
    // The chance that the piece making m on `board` is destroyed where it lands. Castling, a
    // king's move (royal sapper) and a capture (no mine lies under a piece) never are.
    double loss(const Board& board, Move m) const {
        if (m.kind() == MoveKind::Sapper || m.kind() == MoveKind::Castling) return 0;
        if (type_of(board.moved_piece(m)) == King) return 0;
        if (board.piece_on(m.to()) != NoPiece) return 0;
        return mine_on(m.to());
    }
    double loss(Move m) const { return loss(pos.board(), m); }
    // mine_on for every square, in 1/1000 (the search's landing risk).
    std::array<std::int16_t, minesweeper::G::Squares> landing_permille() const {
        std::array<std::int16_t, minesweeper::G::Squares> out{};
        for (int s = 0; s < minesweeper::G::Squares; ++s)
            out[s] = std::int16_t(std::lround(1000 * mine_on(Square(s))));
        return out;
    }
};

// Mate scores kept in order but on a scale an expectation can mix with centipawns.
double expectable(int v) {
    if (v >= ValueMateInMaxPly) return 20000.0 - (ValueMate - v);
    if (v <= -ValueMateInMaxPly) return -20000.0 + (ValueMate + v);
    return v;
}

constexpr double KingExposed = -20000.0;

double gaussian(std::mt19937_64& rng) {
    double u1 = (double(rng() >> 11) + 0.5) * 0x1.0p-53;
    double u2 = double(rng() >> 11) * 0x1.0p-53;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

// The wall-clock cap of one choice.
struct Deadline {
    Clock::time_point start = Clock::now();
    std::int64_t cap = 0;  // ms, <= 0: none

    std::int64_t elapsed() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    }
    bool capped() const { return cap > 0; }
    bool out() const { return capped() && elapsed() >= cap; }
    // ms left for a search (-1: no limit).
    std::int64_t left() const { return capped() ? std::max<std::int64_t>(0, cap - elapsed()) : -1; }
};

class MinesweeperLevelPlayer final : public ViewPlayer {
  public:
    explicit MinesweeperLevelPlayer(const MinesweeperLevel& level) : level_(level) {}

    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        const Deadline deadline{Clock::now(), time_cap()};
        Risk risk(view, legal);
        std::mt19937_64 rng(draw_seed(random));
        if (legal.size() == 1) return legal[0];
        if (level_.randomPercent > 0 && int(rng() % 100) < level_.randomPercent)
            return legal[rng() % legal.size()];
        const Board& board = risk.pos.board();
        const Color us = board.side_to_move();
        if (!searcher_) searcher_ = std::make_unique<Searcher<MinesweeperBoardRules>>(tt_);
        auto& searcher = *searcher_;
        if (level_.fogInTree) searcher.set_landing_risk(risk.landing_permille());
        const std::size_t n = risk.moves.size();
        std::vector<Key> after(n);
        std::map<std::uint32_t, Key> afterOf;
        for (std::size_t i = 0; i < n; ++i)
            afterOf[risk.moves[i].raw()] = after[i] = key_after(risk, risk.moves[i]);
        // A move whose value is its search score: no mine risk, no repetition charge. The best
        // of these is what every other move must beat (rootBounds).
        auto exact = [&](Move m) {
            auto key = afterOf.find(m.raw());
            return key != afterOf.end() && risk.loss(m) == 0 && !made_.contains(key->second);
        };
        // Noise or a blunder would lift a move that is only bounded under the bar: exact
        // scores then.
        const bool bounds = level_.rootBounds && level_.noise == 0 && level_.blunderPercent == 0;
        // Half the cap for the root scores, the rest for the risks.
        std::map<std::uint32_t, int> safe;
        double bar = -1e18;
        for (auto [m, v] : searcher.score_root_moves(
                 board, level_.depth, level_.nodes, deadline.capped() ? deadline.cap / 2 : -1,
                 nullptr, bounds ? std::function<bool(Move)>(exact) : nullptr)) {
            safe[m.raw()] = v;
            if (bounds && exact(m)) bar = std::max(bar, expectable(v));
        }

        std::vector<double> value(n), survive(n, 1.0);
        for (std::size_t i = 0; i < n; ++i) {
            Move m = risk.moves[i];
            if (m.kind() == MoveKind::Sapper) {
                Board child = board;
                child.do_null_move();
                value[i] = -expectable(reply_value(searcher, child, deadline));
                Square front = m.from() + (us == White ? 8 : -8);
                value[i] += 30 * risk.mine_on(front);
            } else {
                auto it = safe.find(m.raw());
                double stays = it != safe.end() ? expectable(it->second) : 0;
                double p = risk.loss(m);
                value[i] = stays;
                // A risky move that does not beat the bar even unharmed cannot be chosen: its
                // "destroyed" search is not needed (stays is only a bound there).
                if (p > 0)
                    value[i] =
                        (1 - p) * stays + p * destroyed_value(searcher, board, m, stays, deadline,
                                                              /*estimate=*/stays <= bar);
                survive[i] = 1 - p;
            }
        }

        // The opponent's landing risk: the best few moves are searched again from the other
        // side, each reply that lands in the fog priced by its mine odds. What the opponent
        // loses by having to step into the fog (its best reply's worth minus its best
        // expected reply's) is ours in the worlds where our piece survives.
        if (level_.replyMoves > 0 && risk.pos.hidden_mines() > 0 && !deadline.out()) {
            std::vector<std::size_t> order(n);
            for (std::size_t i = 0; i < n; ++i) order[i] = i;
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return value[a] > value[b]; });
            const std::size_t k = std::min<std::size_t>(n, std::size_t(level_.replyMoves));
            for (std::size_t j = 0; j < k && !deadline.out(); ++j) {
                std::size_t i = order[j];
                if (std::abs(value[i]) >= 10000) continue;  // mates need no refinement
                value[i] += survive[i] * reply_risk(searcher, risk, board, risk.moves[i], deadline);
            }
        }

        std::vector<double> chosen(n);
        for (std::size_t i = 0; i < n; ++i) {
            const double base = value[i];
            double v = base;
            if (level_.noise) v += level_.noise * gaussian(rng);
            // The same position made again edges toward the threefold draw (which ends the game
            // at once here): unwelcome unless we are clearly worse. Charged after the noise, so
            // even a noisy level does not shuffle into a draw — sapper actions on squares that
            // are already clear are passes, and two passing sides repeat at once.
            if (auto seen = made_.find(after[i]); seen != made_.end() && base > -200)
                v -= seen->second >= 2 ? 1e6 : 60 + 0.3 * std::abs(base);
            chosen[i] = v;
        }
        std::size_t best = 0;
        for (std::size_t i = 1; i < n; ++i)
            if (chosen[i] > chosen[best]) best = i;
        if (level_.blunderPercent > 0 && int(rng() % 100) < level_.blunderPercent)
            best = blunder(chosen, rng);
        ++made_[after[best]];
        return legal[best];
    }

  private:
    // A weak human's slip rather than a random move: one of the few best moves, each as
    // likely, never one that repeats into the threefold draw while another is open.
    std::size_t blunder(const std::vector<double>& chosen, std::mt19937_64& rng) const {
        std::vector<std::size_t> order(chosen.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return chosen[a] > chosen[b]; });
        std::size_t k = std::min<std::size_t>(order.size(), std::size_t(level_.blunderMoves));
        while (k > 1 && chosen[order[k - 1]] < -1e5) --k;
        return order[rng() % std::max<std::size_t>(k, 1)];
    }

    // The position after our action m as this player's repetition memory keys it: with the fog
    // as it will be (a landing lifts its square and ring, a sapper action its one square; what
    // the rest of the move does to the fog is rare enough to ignore).
    static Key key_after(const Risk& risk, Move m) {
        const Board& board = risk.pos.board();
        const Color us = board.side_to_move();
        Board child = board;
        if (m.kind() == MoveKind::Sapper)
            child.do_null_move();
        else
            child.do_move(m);
        Key key = position_key(child);
        minesweeper::Bitboard lifts =
            m.kind() == MoveKind::Sapper
                ? minesweeper::bb(m.from() + (us == White ? 8 : -8))
                : minesweeper::bb(m.to()) | king_attacks<minesweeper::G>(m.to());
        minesweeper::Bitboard fogAfter = risk.pos.fog() & ~lifts;
        return key ^ (Key(fogAfter) ^ Key(fogAfter >> 64)) * 0x9e3779b97f4a7c15ull ^
               Key(risk.pos.counter());
    }

    // The position as the repetition rule sees it (pieces, side, castling, en passant), from
    // its FEN: a sapper action is played here as a null move, whose incremental key need not
    // equal the key of the same position reached by a real move.
    static Key position_key(const Board& child) {
        std::string fen = child.fen();
        std::size_t cut = 0;
        for (int fields = 0; fields < 4 && cut != std::string::npos; ++fields)
            cut = fen.find(' ', cut + (fields ? 1 : 0));
        return Key(std::hash<std::string>{}(fen.substr(0, cut)));
    }

    // A search of `pos` within the node budget and what is left of the cap; with no time left,
    // depth 1 only (it always completes).
    int search(Searcher<MinesweeperBoardRules>& searcher, const Board& pos, int depth,
               std::uint64_t nodes, const Deadline& deadline) {
        if (legal_moves(pos).empty()) return pos.in_check() ? -ValueMate : ValueDraw;
        SearchLimits limits;
        limits.moveOverhead = 0;
        limits.nodes = nodes;
        limits.depth = std::max(1, depth);
        if (deadline.capped()) {
            limits.movetime = deadline.left();
            if (limits.movetime <= 0) limits.depth = 1;
        }
        return searcher.run(pos, limits).score;
    }

    // The position after the opponent's best reply, from its point of view.
    int reply_value(Searcher<MinesweeperBoardRules>& searcher, const Board& child,
                    const Deadline& deadline) {
        return search(searcher, child, level_.depth - 1, level_.branch, deadline);
    }

    // Our value if the piece making m is destroyed on its landing square (`stays`: our value
    // if it survives, the estimate when the cap has run out or the caller asks for it).
    double destroyed_value(Searcher<MinesweeperBoardRules>& searcher, const Board& board, Move m,
                           double stays, const Deadline& deadline, bool estimate = false) {
        const Color us = board.side_to_move();
        const PieceType pt = type_of(board.moved_piece(m));
        Board child = board;
        child.do_move(m);
        child.remove_piece_after_move(m.to());
        Square king = child.king_square(us);
        if (king != NoSquare && (child.attackers_to(king) & child.pieces(~us)))
            return KingExposed;  // lost at once
        if (estimate || deadline.out()) return stays - mine_loss(pt);
        return -expectable(reply_value(searcher, child, deadline));
    }

    // How much the opponent's landing risk is worth to us after our move m (0 when its best
    // replies do not land in the fog).
    double reply_risk(Searcher<MinesweeperBoardRules>& searcher, const Risk& risk,
                      const Board& board, Move m, const Deadline& deadline) {
        Board child = board;
        if (m.kind() == MoveKind::Sapper)
            child.do_null_move();
        else
            child.do_move(m);
        if (legal_moves(child).empty()) return 0;
        auto replies = searcher.score_root_moves(child, std::max(1, level_.depth - 1),
                                                 level_.replyNodes, deadline.left());
        std::vector<std::pair<double, Move>> byValue;
        byValue.reserve(replies.size());
        for (auto [r, v] : replies) byValue.emplace_back(expectable(v), r);
        std::stable_sort(byValue.begin(), byValue.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        const double plain = byValue.front().first;
        double priced = -1e18;
        const Color them = child.side_to_move();
        for (auto [v, r] : byValue) {
            if (v <= priced) break;  // a risk only lowers a reply's worth (nearly always)
            double q = risk.loss(child, r);
            if (m.kind() != MoveKind::Sapper && r.to() == m.to()) q = 0;
            double worth = v;
            if (q > 0) {
                Board gone = child;
                gone.do_move(r);
                gone.remove_piece_after_move(r.to());
                Square king = gone.king_square(them);
                double destroyed;
                if (king != NoSquare && (gone.attackers_to(king) & gone.pieces(~them)))
                    destroyed = KingExposed;
                else if (deadline.out())
                    destroyed = v - mine_loss(type_of(child.moved_piece(r)));
                else
                    destroyed = -expectable(
                        search(searcher, gone, level_.depth - 2, level_.branch / 2, deadline));
                worth = (1 - q) * v + q * destroyed;
            }
            priced = std::max(priced, worth);
        }
        return plain - priced;
    }

    MinesweeperLevel level_;
    TranspositionTable tt_{4};
    std::unique_ptr<Searcher<MinesweeperBoardRules>> searcher_;
    std::map<Key, int> made_;  // positions this player produced, for the threefold rule
};

class MinesweeperGreedyPlayer final : public ViewPlayer {
  public:
    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        Risk risk(view, legal);
        double least = 2;
        for (Move m : risk.moves) least = std::min(least, risk.loss(m));
        std::vector<std::size_t> safest, captures;
        int bestVictim = 0;
        for (std::size_t i = 0; i < risk.moves.size(); ++i) {
            Move m = risk.moves[i];
            if (risk.loss(m) > least + 1e-12) continue;
            safest.push_back(i);
            Piece victim = m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion
                               ? risk.pos.board().piece_on(m.to())
                               : NoPiece;
            if (victim == NoPiece) continue;
            int worth = SeeValue[type_of(victim)];
            if (worth > bestVictim) captures.clear(), bestVictim = worth;
            if (worth == bestVictim) captures.push_back(i);
        }
        const auto& pool = captures.empty() ? safest : captures;
        return legal[pool[random.uniform(std::uint32_t(pool.size()))]];
    }
};

}  // namespace

const MinesweeperLevel& minesweeper_level(int level) {
    // Measured in self-play (docs/engine.md, bench/minesweeper_figures.sh): each level from 3
    // up scores 64-74 % against the one below. Every level searches with root bounds (far
    // stronger than a full window for the same nodes) and no noise, so the dial is the node
    // budget, about x2 a level; level 1 is mostly random, since any search mates a random
    // player in the end. The opponent-risk search (reply moves) measured no better than
    // without at level 8 and is off. Level 8 also prices landings on the fog inside the tree,
    // for both sides: 40 W 41 D 19 L of 100 against itself without (the levels below keep
    // their measured steps without it).
    static const MinesweeperLevel table[MaxViewPlayerLevel + 1] = {
        // depth, nodes, branch, noise, random %, reply moves, reply nodes, fog in tree,
        // root bounds
        {0, 0, 0, 0, 100, 0, 0, false, false},          // 0: random
        {64, 100, 50, 0, 85, 0, 0, false, true},        // 1
        {64, 1'200, 200, 0, 0, 0, 0, false, true},      // 2
        {64, 2'500, 400, 0, 0, 0, 0, false, true},      // 3
        {64, 5'000, 600, 0, 0, 0, 0, false, true},      // 4
        {64, 10'000, 1'200, 0, 0, 0, 0, false, true},   // 5
        {64, 20'000, 2'500, 0, 0, 0, 0, false, true},   // 6
        {64, 50'000, 5'000, 0, 0, 0, 0, false, true},   // 7
        {64, 100'000, 10'000, 0, 0, 0, 0, true, true},  // 8
    };
    return table[std::clamp(level, 0, MaxViewPlayerLevel)];
}

std::unique_ptr<ViewPlayer> make_minesweeper_player(int level) {
    if (level <= 0) return std::make_unique<RandomViewPlayer>();
    return std::make_unique<MinesweeperLevelPlayer>(minesweeper_level(level));
}

std::unique_ptr<ViewPlayer> make_minesweeper_player(const MinesweeperLevel& level) {
    return std::make_unique<MinesweeperLevelPlayer>(level);
}

std::unique_ptr<ViewPlayer> make_minesweeper_greedy() {
    return std::make_unique<MinesweeperGreedyPlayer>();
}

}  // namespace arbiter::engine
