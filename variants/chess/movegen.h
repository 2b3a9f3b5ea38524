// Legal move generation. Moves are produced legal directly: the king avoids attacked
// squares, pinned pieces stay on their pin line, check evasions block or capture, and the
// rare en passant case is verified by replaying the occupancy.
#pragma once

#include "variants/chess/position.h"

namespace arbiter {

namespace movegen_detail {

template <typename R, int Cap>
inline void add_promotions(MoveList<Cap>& list, Square from, Square to) {
    list.push(Move::make(from, to, MoveKind::Promotion, Queen));
    if constexpr (R::UnderPromotion) {
        list.push(Move::make(from, to, MoveKind::Promotion, Rook));
        list.push(Move::make(from, to, MoveKind::Promotion, Bishop));
        list.push(Move::make(from, to, MoveKind::Promotion, Knight));
    }
}

template <typename R, Color Us, int Cap>
void generate_pawn_moves(const BasicPosition<R>& pos, MoveList<Cap>& list,
                         typename R::Geometry::Bitboard target,
                         typename R::Geometry::Bitboard pinned, Square ksq) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpEast = Us == White ? NorthEast : SouthEast;
    constexpr Direction UpWest = Us == White ? NorthWest : SouthWest;
    constexpr int Push = Us == White ? G::Files : -G::Files;
    constexpr Bitboard Rank7 = rank_bb<G>(Us == White ? G::Ranks - 2 : 1);
    constexpr Bitboard Rank3 = rank_bb<G>(Us == White ? 2 : G::Ranks - 3);

    const Bitboard pawns = pos.pieces(Us, Pawn);
    const Bitboard empty = ~pos.pieces() & all_squares_bb<G>();
    const Bitboard enemies = pos.pieces(Them) & target;
    const Bitboard onSeventh = pawns & Rank7, others = pawns & ~Rank7;

    auto legal = [&](Square from, Square to) {
        return !(pinned & square_bb<G>(from)) || aligned<G>(from, to, ksq);
    };

    Bitboard single = shift<G, Up>(others) & empty;
    Bitboard twice = shift<G, Up>(single & Rank3) & empty & target;
    single &= target;
    while (single) {
        Square to = pop_lsb(single);
        if (legal(to - Push, to)) list.push(Move::make(to - Push, to));
    }
    while (twice) {
        Square to = pop_lsb(twice);
        if (legal(to - 2 * Push, to)) list.push(Move::make(to - 2 * Push, to));
    }

    constexpr int EastStep = Push + 1, WestStep = Push - 1;
    Bitboard east = shift<G, UpEast>(others) & enemies;
    Bitboard west = shift<G, UpWest>(others) & enemies;
    while (east) {
        Square to = pop_lsb(east);
        if (legal(to - EastStep, to)) list.push(Move::make(to - EastStep, to));
    }
    while (west) {
        Square to = pop_lsb(west);
        if (legal(to - WestStep, to)) list.push(Move::make(to - WestStep, to));
    }

    if (onSeventh) {
        Bitboard push = shift<G, Up>(onSeventh) & empty & target;
        Bitboard eastP = shift<G, UpEast>(onSeventh) & enemies;
        Bitboard westP = shift<G, UpWest>(onSeventh) & enemies;
        while (push) {
            Square to = pop_lsb(push);
            if (legal(to - Push, to)) add_promotions<R>(list, to - Push, to);
        }
        while (eastP) {
            Square to = pop_lsb(eastP);
            if (legal(to - EastStep, to)) add_promotions<R>(list, to - EastStep, to);
        }
        while (westP) {
            Square to = pop_lsb(westP);
            if (legal(to - WestStep, to)) add_promotions<R>(list, to - WestStep, to);
        }
    }

    if constexpr (R::EnPassant) {
        Square ep = pos.en_passant_square();
        if (ep != NoSquare) {
            Square capSq = ep - Push;
            Bitboard takers = pawn_attacks<G>(Them, ep) & others;
            while (takers) {
                Square from = pop_lsb(takers);
                // Replay the occupancy: this catches the pin along the rank through both
                // pawns, and evasions where only capturing the checking pawn helps.
                Bitboard occ = (pos.pieces() ^ square_bb<G>(from) ^ square_bb<G>(capSq)) |
                               square_bb<G>(ep);
                Bitboard attackers =
                    pos.attackers_to(ksq, occ) & pos.pieces(Them) & ~square_bb<G>(capSq);
                if (!attackers) list.push(Move::make(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

template <typename R, Color Us, int Cap>
void generate_all(const BasicPosition<R>& pos, MoveList<Cap>& list) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    constexpr Color Them = ~Us;
    const Square ksq = pos.king_square(Us);
    const Bitboard ours = pos.pieces(Us);
    const Bitboard occupied = pos.pieces();
    const Bitboard checkers = pos.checkers();

    if (ksq != NoSquare) {
        Bitboard kingTargets = king_attacks<G>(ksq) & ~ours;
        Bitboard withoutKing = occupied ^ square_bb<G>(ksq);
        while (kingTargets) {
            Square to = pop_lsb(kingTargets);
            if (!(pos.attackers_to(to, withoutKing) & pos.pieces(Them)))
                list.push(Move::make(ksq, to));
        }
        if (more_than_one(checkers)) return;  // double check: only the king may move
    }

    const Bitboard target = checkers ? between_bb<G>(ksq, lsb(checkers)) : ~ours & all_squares_bb<G>();
    const Bitboard pinned = pos.king_blockers() & ours;

    generate_pawn_moves<R, Us>(pos, list, target, pinned, ksq);

    Bitboard knights = pos.pieces(Us, Knight) & ~pinned;
    while (knights) {
        Square from = pop_lsb(knights);
        Bitboard b = knight_attacks<G>(from) & target;
        while (b) list.push(Move::make(from, pop_lsb(b)));
    }
    for (PieceType pt : {Bishop, Rook, Queen}) {
        Bitboard sliders = pos.pieces(Us, pt);
        while (sliders) {
            Square from = pop_lsb(sliders);
            Bitboard b = piece_attacks<G>(pt, from, occupied) & target;
            if (pinned & square_bb<G>(from)) b &= line_bb<G>(ksq, from);
            while (b) list.push(Move::make(from, pop_lsb(b)));
        }
    }

    if (!checkers && pos.castling_rights()) {
        constexpr CastlingRights Sides[2] = {Us == White ? WhiteKingSide : BlackKingSide,
                                             Us == White ? WhiteQueenSide : BlackQueenSide};
        for (CastlingRights side : Sides) {
            if (!pos.can_castle(side)) continue;
            Square rookSq = pos.castling_rook_square(side);
            Move m = Move::make(ksq, rookSq, MoveKind::Castling);
            Square kingTo = pos.castling_king_to(m), rookTo = pos.castling_rook_to(m);
            Bitboard mustBeEmpty = (between_bb<G>(ksq, rookSq) | between_bb<G>(ksq, kingTo) |
                                    between_bb<G>(rookSq, rookTo)) &
                                   ~(square_bb<G>(ksq) | square_bb<G>(rookSq));
            if (mustBeEmpty & occupied) continue;
            bool safe = true;
            Bitboard path = between_bb<G>(ksq, kingTo);
            while (path && safe) safe = !(pos.attackers_to(pop_lsb(path)) & pos.pieces(Them));
            if (safe) list.push(m);
        }
    }
}

}  // namespace movegen_detail

// Every legal move in the position.
template <typename R, int Cap>
void generate_legal(const BasicPosition<R>& pos, MoveList<Cap>& list) {
    if (pos.side_to_move() == White) movegen_detail::generate_all<R, White>(pos, list);
    else movegen_detail::generate_all<R, Black>(pos, list);
}

template <typename R>
MoveList<> legal_moves(const BasicPosition<R>& pos) {
    MoveList<> list;
    generate_legal(pos, list);
    return list;
}

template <typename R>
bool BasicPosition<R>::is_legal(Move m) const {
    if (!m.is_ok() || m.from() >= SquareCount || m.to() >= SquareCount) return false;
    if (board_[m.from()] == NoPiece || color_of(board_[m.from()]) != side_) return false;
    return legal_moves(*this).contains(m);
}

template <typename R>
bool BasicPosition<R>::gives_check(Move m) const {
    BasicPosition copy = *this;
    copy.do_move(m);
    return copy.in_check();
}

// Leaf nodes are counted, not visited ("bulk counting"), as Stockfish's perft does.
template <typename R>
std::uint64_t perft(BasicPosition<R>& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList<> list;
    generate_legal(pos, list);
    if (depth == 1) return std::uint64_t(list.size());
    std::uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

}  // namespace arbiter
