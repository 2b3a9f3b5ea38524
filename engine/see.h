// Static exchange evaluation: the material balance of the capture sequence on one square
// when both sides always recapture with their least valuable attacker and may stop at
// any point. Sliders behind the exchanged pieces (x-rays) join as the line opens.
#pragma once

#include "engine/score.h"
#include "variants/chess/position.h"

namespace arbiter::engine {

// Whether the exchange started by m gains at least threshold for the side to move.
template <typename R>
bool see_ge(const BasicPosition<R>& pos, Move m, int threshold) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    if (m.kind() == MoveKind::Castling) return threshold <= 0;
    const Square from = m.from(), to = m.to();
    int gain = 0;
    if (m.kind() == MoveKind::EnPassant)
        gain = SeeValue[Pawn];
    else if (!pos.empty(to))
        gain = SeeValue[type_of(pos.piece_on(to))];
    PieceType next = type_of(pos.piece_on(from));
    if (m.kind() == MoveKind::Promotion) {
        gain += SeeValue[m.promotion()] - SeeValue[Pawn];
        next = m.promotion();
    }
    // balance: what we have if the opponent now stops; the opponent then may take `next`.
    int balance = gain - threshold;
    if (balance < 0) return false;
    balance -= SeeValue[next];
    if (balance >= 0) return true;  // even losing the mover keeps us above the threshold

    Bitboard occupied = pos.pieces() ^ square_bb<G>(from) ^ square_bb<G>(to);
    if (m.kind() == MoveKind::EnPassant)
        occupied ^= square_bb<G>(pos.side_to_move() == White ? to - G::Files : to + G::Files);
    Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
    const Bitboard bishops = pos.pieces(Bishop, Queen), rooks = pos.pieces(Rook, Queen);
    Color side = ~pos.side_to_move();
    bool usWin = true;  // whether the side to move wins if `side` cannot recapture
    while (true) {
        Bitboard mine = attackers & pos.pieces(side);
        if (!mine) break;
        PieceType pt = Pawn;
        Bitboard b = 0;
        for (pt = Pawn; pt <= King; pt = PieceType(pt + 1))
            if ((b = mine & pos.pieces(pt))) break;
        side = ~side;
        usWin = !usWin;
        // Negamax the balance: the side that just captured now risks the piece it used.
        balance = -balance - 1 - SeeValue[pt];
        if (balance >= 0) {
            // Capturing with the king into a defended square is illegal: undo that step.
            if (pt == King && (attackers & pos.pieces(side))) usWin = !usWin;
            break;
        }
        occupied ^= square_bb<G>(lsb(b));
        if (pt == Pawn || pt == Bishop || pt == Queen)
            attackers |= bishop_attacks<G>(to, occupied) & bishops;
        if (pt == Rook || pt == Queen) attackers |= rook_attacks<G>(to, occupied) & rooks;
        attackers &= occupied;
    }
    return usWin;
}

// The exchange value itself, found by bisection on see_ge (tests and move ordering).
template <typename R>
int see_value(const BasicPosition<R>& pos, Move m) {
    int lo = -SeeValue[Queen] * 2, hi = SeeValue[Queen] * 2;  // see_ge(lo) holds, see_ge(hi+1) not
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (see_ge(pos, m, mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

}  // namespace arbiter::engine
