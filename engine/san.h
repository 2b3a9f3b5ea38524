// Standard algebraic notation for writing PGN (Nf3, exd5, O-O, e8=Q+, Qh4#). A local
// writer for the match tool; variants/chess/san.h in main is the general one.
#pragma once

#include <string>

#include "variants/chess/movegen.h"

namespace arbiter::engine {

template <typename R>
std::string move_to_san(const BasicPosition<R>& pos, Move m) {
    using G = typename R::Geometry;
    std::string san;
    if (m.kind() == MoveKind::Castling) {
        san = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        const PieceType pt = type_of(pos.moved_piece(m));
        const bool capture = pos.is_capture(m);
        if (pt == Pawn) {
            if (capture) san += char('a' + G::file_of(m.from()));
        } else {
            san += "PNBRQK"[pt];
            bool ambiguous = false, sameFile = false, sameRank = false;
            for (Move o : legal_moves(pos)) {
                if (o == m || o.to() != m.to() || o.kind() == MoveKind::Castling) continue;
                if (type_of(pos.moved_piece(o)) != pt) continue;
                ambiguous = true;
                if (G::file_of(o.from()) == G::file_of(m.from())) sameFile = true;
                if (G::rank_of(o.from()) == G::rank_of(m.from())) sameRank = true;
            }
            if (ambiguous) {
                std::string name = G::square_name(m.from());
                if (!sameFile)
                    san += name[0];
                else if (!sameRank)
                    san += name.substr(1);
                else
                    san += name;
            }
        }
        if (capture) san += 'x';
        san += G::square_name(m.to());
        if (m.kind() == MoveKind::Promotion) {
            san += '=';
            san += "PNBRQK"[m.promotion()];
        }
    }
    BasicPosition<R> after = pos;
    after.do_move(m);
    if (after.in_check()) san += legal_moves(after).empty() ? '#' : '+';
    return san;
}

}  // namespace arbiter::engine
