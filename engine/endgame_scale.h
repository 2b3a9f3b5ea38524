// Endgame knowledge the network lacks: material that cannot win, fortresses the network
// scores as won, and the fifty-move rule. The network learnt from scores and results of our
// own games, where both sides shared its blind spots; against Stockfish it steered into
// endings it called won by three pawns or more and drew them by the fifty-move rule. These
// rules only shrink a score towards a draw, never change its sign.
#pragma once

#include <algorithm>

#include "engine/evaluate.h"
#include "variants/chess/position.h"

namespace arbiter::engine {

namespace endgame_detail {

struct Material {
    int pawns = 0, knights = 0, bishops = 0, rooks = 0, queens = 0;
    int minors() const { return knights + bishops; }
    int pieces() const { return minors() + rooks + queens; }
    // In minor-piece thirds: a minor 3, a rook 5, a queen 9.
    int value() const { return 3 * minors() + 5 * rooks + 9 * queens; }
};

template <typename R>
Material material_of(const BasicPosition<R>& pos, Color c) {
    return {pos.count(c, Pawn), pos.count(c, Knight), pos.count(c, Bishop), pos.count(c, Rook),
            pos.count(c, Queen)};
}

// The strong side's pawns all on one rook file, its pieces at most a bishop that does not
// cover the promotion square, and the weak king on or next to that square: a fortress.
template <typename R>
bool rook_pawn_fortress(const BasicPosition<R>& pos, Color strong, const Material& m) {
    using G = typename R::Geometry;
    if (!m.pawns || m.knights || m.rooks || m.queens || m.bishops > 1) return false;
    const auto pawns = pos.pieces(strong, Pawn);
    int file = -1;
    if ((pawns & file_bb<G>(0)) == pawns)
        file = 0;
    else if ((pawns & file_bb<G>(G::Files - 1)) == pawns)
        file = G::Files - 1;
    if (file < 0) return false;
    const int promotionRank = strong == White ? G::Ranks - 1 : 0;
    const Square promotion = G::square(file, promotionRank);
    if (m.bishops) {
        const bool bishopDark = (pos.pieces(strong, Bishop) & dark_squares_bb<G>()) != 0;
        const bool cornerDark = (square_bb<G>(promotion) & dark_squares_bb<G>()) != 0;
        if (bishopDark == cornerDark) return false;  // the right bishop wins
    }
    const Square k = pos.king_square(~strong);
    return eval_detail::chebyshev(G::file_of(k), G::rank_of(k), file, promotionRank) <= 1;
}

}  // namespace endgame_detail

// The share of a score (in 64ths) that the material and the fortresses above leave to the
// side the score favours; 64 where nothing applies. `score` is from the side to move's view.
template <typename R>
int endgame_scale(const BasicPosition<R>& pos, int score) {
    using G = typename R::Geometry;
    using namespace endgame_detail;
    const Color us = pos.side_to_move();
    const Color strong = score >= 0 ? us : ~us, weak = ~strong;
    const Material s = material_of(pos, strong), w = material_of(pos, weak);

    if (!s.pawns) {
        // Without pawns the strong side needs about a rook more to mate.
        const int edge = s.value() - w.value();
        if (s.pieces() == 1 && s.minors() == 1) return 4;                // a lone minor
        if (s.knights == 2 && s.pieces() == 2 && !w.pieces()) return 4;  // two knights
        if (edge <= 3) return w.value() <= 3 ? 8 : 16;                   // e.g. rook v minor
    }
    if (rook_pawn_fortress(pos, strong, s)) return 4;

    // Opposite-coloured bishops, one each and no other pieces (or a rook each besides).
    if (s.bishops == 1 && w.bishops == 1 && !s.knights && !w.knights && !s.queens && !w.queens &&
        s.rooks == w.rooks && s.rooks <= 1) {
        const auto dark = dark_squares_bb<G>();
        const bool strongDark = (pos.pieces(strong, Bishop) & dark) != 0;
        const bool weakDark = (pos.pieces(weak, Bishop) & dark) != 0;
        if (strongDark != weakDark) return s.rooks ? 48 : 32;
    }
    return 64;
}

// A network score shrunk where the material cannot win.
template <typename R>
int scale_endgame(const BasicPosition<R>& pos, int score) {
    return score * endgame_scale(pos, score) / 64;
}

// A score faded towards a draw as the fifty-move clock runs (half of it at the 100th
// half-move), so that a side ahead prefers the pawn move or capture that restarts the clock.
inline int fade_by_fifty_move_clock(int score, int halfmoveClock) {
    return score * (200 - std::min(halfmoveClock, 100)) / 200;
}

}  // namespace arbiter::engine
