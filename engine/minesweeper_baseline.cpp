// The frozen pre-issue-15 Minesweeper level 8 (see minesweeper_baseline.h): the same code as
// engine/minesweeper_player.cpp at commit 1eba635, level 8's numbers written in, on the
// shared search (engine/search.h) without landing risk.
#include "engine/minesweeper_baseline.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "belief/mine_odds.h"
#include "belief/mine_view_json.h"
#include "engine/search.h"
#include "variants/minesweeper/notation.h"

namespace arbiter::engine {
namespace {

using minesweeper::Board;
using minesweeper::MinesweeperPosition;

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
    // The chance that the moving piece is destroyed where it lands.
    double loss(Move m) const {
        if (m.kind() == MoveKind::Sapper || m.kind() == MoveKind::Castling) return 0;
        if (type_of(pos.board().moved_piece(m)) == King) return 0;
        return mine_on(m.to());
    }
};

double gaussian(std::mt19937_64& rng) {
    double u1 = (double(rng() >> 11) + 0.5) * 0x1.0p-53;
    double u2 = double(rng() >> 11) * 0x1.0p-53;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

// Mate scores kept in order but on a scale an expectation can mix with centipawns.
double expectable(int v) {
    if (v >= ValueMateInMaxPly) return 20000.0 - (ValueMate - v);
    if (v <= -ValueMateInMaxPly) return -20000.0 + (ValueMate + v);
    return v;
}

class Baseline8Player final : public ViewPlayer {
  public:
    Baseline8Player() = default;

    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        Risk risk(view, legal);
        std::mt19937_64 rng(draw_seed(random));
        if (legal.size() == 1) return legal[0];
        const Board& board = risk.pos.board();
        const Color us = board.side_to_move();
        auto searcher = std::make_unique<Searcher<MinesweeperBoardRules>>(tt_);
        std::map<std::uint32_t, int> safe;
        for (auto [m, v] : searcher->score_root_moves(board, level_.depth, level_.nodes))
            safe[m.raw()] = v;

        double bestValue = -1e18;
        std::size_t best = 0;
        for (std::size_t i = 0; i < risk.moves.size(); ++i) {
            Move m = risk.moves[i];
            double value;
            Key after;
            if (m.kind() == MoveKind::Sapper) {
                Board child = board;
                child.do_null_move();
                value = -expectable(reply_value(*searcher, child));
                Square front = m.from() + (us == White ? 8 : -8);
                value += 30 * risk.mine_on(front);
                after = position_key(child);
            } else {
                auto it = safe.find(m.raw());
                double stays = it != safe.end() ? expectable(it->second) : 0;
                double p = risk.loss(m);
                value = stays;
                if (p > 0) value = (1 - p) * stays + p * destroyed_value(*searcher, board, m);
                Board child = board;
                child.do_move(m);
                after = position_key(child);
            }
            // With the fog as it will be: a landing lifts its square and ring, a sapper action its
            // one square (what the rest of the move does to the fog is rare enough to ignore).
            minesweeper::Bitboard lifts =
                m.kind() == MoveKind::Sapper
                    ? minesweeper::bb(m.from() + (us == White ? 8 : -8))
                    : minesweeper::bb(m.to()) | king_attacks<minesweeper::G>(m.to());
            minesweeper::Bitboard fogAfter = risk.pos.fog() & ~lifts;
            after ^= (Key(fogAfter) ^ Key(fogAfter >> 64)) * 0x9e3779b97f4a7c15ull ^
                     Key(risk.pos.counter());
            const double base = value;
            if (level_.noise) value += level_.noise * gaussian(rng);
            // The same position made again edges toward the threefold draw (which ends the game
            // at once here): unwelcome unless we are clearly worse. Charged after the noise, so
            // even a noisy level does not shuffle into a draw — sapper actions on squares that
            // are already clear are passes, and two passing sides repeat at once.
            if (auto seen = made_.find(after); seen != made_.end() && base > -200)
                value -= seen->second >= 2 ? 1e6 : 60 + 0.3 * std::abs(base);
            if (value > bestValue) {
                bestValue = value;
                best = i;
                bestKey_ = after;
            }
        }
        ++made_[bestKey_];
        return legal[best];
    }

  private:
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

    // The position after the opponent's best reply, from its point of view.
    int reply_value(Searcher<MinesweeperBoardRules>& searcher, const Board& child) {
        if (legal_moves(child).empty()) return child.in_check() ? -ValueMate : ValueDraw;
        SearchLimits limits;
        limits.nodes = level_.branch;
        limits.depth = std::max(1, level_.depth - 1);
        limits.moveOverhead = 0;
        return searcher.run(child, limits).score;
    }

    // Our value if the piece making m is destroyed on its landing square.
    double destroyed_value(Searcher<MinesweeperBoardRules>& searcher, const Board& board, Move m) {
        const Color us = board.side_to_move();
        Board child = board;
        child.do_move(m);
        child.remove_piece_after_move(m.to());
        Square king = child.king_square(us);
        if (king != NoSquare && (child.attackers_to(king) & child.pieces(~us)))
            return -20000.0;  // king exposed: lost at once
        return -expectable(reply_value(searcher, child));
    }

    struct {
        int depth = 8;
        std::uint64_t nodes = 600'000;
        std::uint64_t branch = 20'000;
        int noise = 0;
    } level_;
    TranspositionTable tt_{4};
    std::map<Key, int> made_;  // positions this player produced, for the threefold rule
    Key bestKey_ = 0;
};

}  // namespace

std::unique_ptr<ViewPlayer> make_minesweeper_baseline8() {
    return std::make_unique<Baseline8Player>();
}

}  // namespace arbiter::engine
