// Legal captures and queen promotions only, for quiescence search, when the side to move
// is not in check (in check, search every evasion instead). En passant is left out:
// it is rare and quiescence loses little without it.
#pragma once

#include "variants/chess/movegen.h"

namespace arbiter::engine {

template <typename R, int Cap>
void generate_captures(const BasicPosition<R>& pos, MoveList<Cap>& list) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us);
    const Bitboard enemies = pos.pieces(them);
    const Bitboard occupied = pos.pieces();
    const Bitboard pinned = pos.king_blockers() & pos.pieces(us);
    const int push = us == White ? G::Files : -G::Files;
    const int lastRank = us == White ? G::Ranks - 1 : 0;
    auto stays_legal = [&](Square from, Square to) {
        return !(pinned & square_bb<G>(from)) || aligned<G>(from, to, ksq);
    };

    Bitboard pawns = pos.pieces(us, Pawn);
    while (pawns) {
        Square from = pop_lsb(pawns);
        Bitboard targets = pawn_attacks<G>(us, from) & enemies;
        Square ahead = from + push;
        bool promotes = G::rank_of(ahead) == lastRank;
        if (promotes && pos.empty(ahead)) targets |= square_bb<G>(ahead);
        while (targets) {
            Square to = pop_lsb(targets);
            if (ksq != NoSquare && !stays_legal(from, to)) continue;
            if (promotes)
                list.push(Move::make(from, to, MoveKind::Promotion, Queen));
            else
                list.push(Move::make(from, to));
        }
    }
    for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
        Bitboard b = pos.pieces(us, pt);
        while (b) {
            Square from = pop_lsb(b);
            Bitboard targets = piece_attacks<G>(pt, from, occupied) & enemies;
            if (ksq != NoSquare && (pinned & square_bb<G>(from))) targets &= line_bb<G>(ksq, from);
            while (targets) list.push(Move::make(from, pop_lsb(targets)));
        }
    }
    if (ksq != NoSquare) {
        Bitboard targets = king_attacks<G>(ksq) & enemies;
        Bitboard withoutKing = occupied ^ square_bb<G>(ksq);
        while (targets) {
            Square to = pop_lsb(targets);
            if (!(pos.attackers_to(to, withoutKing) & pos.pieces(them)))
                list.push(Move::make(ksq, to));
        }
    }
}

}  // namespace arbiter::engine
