// Legal moves of Minesweeper Chess, judged on what the players see
// (docs/rules.md#what-counts-for-legality-d): the 8x10 chess moves with hidden mines counted as
// absent; a non-king piece moving onto a discovered mine is destroyed there, so such a move is
// legal only if the king is safe once the piece has left its square; plus the pawns' sapper
// actions while a mine remains and the king is not in check.
#pragma once

#include "variants/minesweeper/position.h"

namespace arbiter::minesweeper {

template <int Cap>
void generate_legal(const MinesweeperPosition& pos, MoveList<Cap>& list) {
    if (pos.king_exposed()) return;  // the game is over
    const Board& b = pos.board();
    const Color us = b.side_to_move(), them = ~us;
    const Bitboard discovered = pos.discovered_mines();
    if (!discovered) {
        arbiter::generate_legal(b, list);
    } else {
        MoveList<Cap> chess;
        arbiter::generate_legal(b, chess);
        const Square ksq = b.king_square(us);
        for (Move m : chess) {
            if ((discovered & bb(m.to())) && m.kind() == MoveKind::Normal &&
                type_of(b.moved_piece(m)) != King &&
                (b.attackers_to(ksq, b.pieces() ^ bb(m.from())) & b.pieces(them)))
                continue;  // the piece would vanish on the mine and expose its king
            list.push(m);
        }
    }
    if (pos.counter() > 0 && !b.in_check()) {
        Bitboard pawns = b.pieces(us, Pawn);
        Bitboard fronts = (us == White ? shift<G, North>(pawns) : shift<G, South>(pawns)) &
                          ~b.pieces() & all_squares_bb<G>();
        const int push = us == White ? G::Files : -G::Files;
        while (fronts) {
            Square front = pop_lsb(fronts);
            list.push(Move::make(front - push, front - push, MoveKind::Sapper));
        }
    }
}

inline MoveList<> legal_moves(const MinesweeperPosition& pos) {
    MoveList<> list;
    generate_legal(pos, list);
    return list;
}

// Leaves of the legal move tree, counted in bulk at depth 1. Needs the layout while hidden
// mines remain; once no mine is left it is plain 8x10 chess and runs the chess perft.
std::uint64_t perft(MinesweeperPosition& pos, int depth);

}  // namespace arbiter::minesweeper
