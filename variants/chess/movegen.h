// Legal move generation. Moves are produced legal directly: the king avoids attacked
// squares, pinned pieces stay on their pin line, check evasions block or capture, and the
// rare en passant case is verified by replaying the occupancy.
#pragma once

#include "variants/chess/position.h"

namespace arbiter {

namespace movegen_detail {

// Where generated moves go. Generation is written once against this interface; the list
// sink stores moves, the counting sink only counts them (perft's leaves need no list).
template <typename R, int Cap>
struct ListSink {
    using Bitboard = typename R::Geometry::Bitboard;
    MoveList<Cap>& list;
    void move(Move m) { list.push(m); }
    void piece_moves(Square from, Bitboard targets) {
        while (targets) list.push(Move::make(from, pop_lsb(targets)));
    }
    void pawn_moves(Bitboard targets, int step) {
        while (targets) {
            Square to = pop_lsb(targets);
            list.push(Move::make(to - step, to));
        }
    }
    void promotions(Bitboard targets, int step) {
        while (targets) {
            Square to = pop_lsb(targets);
            list.push(Move::make(to - step, to, MoveKind::Promotion, Queen));
            if constexpr (R::UnderPromotion) {
                list.push(Move::make(to - step, to, MoveKind::Promotion, Rook));
                list.push(Move::make(to - step, to, MoveKind::Promotion, Bishop));
                list.push(Move::make(to - step, to, MoveKind::Promotion, Knight));
            }
        }
    }
};

template <typename R>
struct CountSink {
    using Bitboard = typename R::Geometry::Bitboard;
    std::uint64_t count = 0;
    void move(Move) { ++count; }
    void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
    void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
    void promotions(Bitboard targets, int) {
        count += std::uint64_t(popcount(targets)) * (R::UnderPromotion ? 4 : 1);
    }
};

template <typename R, Color Us, typename Sink>
void generate_pawn_moves(const BasicPosition<R>& pos, Sink& sink,
                         typename R::Geometry::Bitboard target,
                         typename R::Geometry::Bitboard pinned, Square ksq) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpEast = Us == White ? NorthEast : SouthEast;
    constexpr Direction UpWest = Us == White ? NorthWest : SouthWest;
    constexpr int Push = Us == White ? G::Files : -G::Files;
    constexpr int EastStep = Push + 1, WestStep = Push - 1;
    constexpr Bitboard Rank7 = rank_bb<G>(Us == White ? G::Ranks - 2 : 1);
    constexpr Bitboard Rank3 = rank_bb<G>(Us == White ? 2 : G::Ranks - 3);

    const Bitboard empty = ~pos.pieces() & all_squares_bb<G>();
    const Bitboard enemies = pos.pieces(Them) & target;
    const Bitboard allPawns = pos.pieces(Us, Pawn);

    // Pawns free of pins move as a whole board; pinned ones (rare) one by one, each
    // limited to the line through its king.
    auto generate = [&](Bitboard pawns, Bitboard allowed) {
        const Bitboard onSeventh = pawns & Rank7, others = pawns & ~Rank7;
        Bitboard single = shift<G, Up>(others) & empty;
        Bitboard twice = shift<G, Up>(single & Rank3) & empty & target & allowed;
        sink.pawn_moves(single & target & allowed, Push);
        sink.pawn_moves(twice, 2 * Push);
        sink.pawn_moves(shift<G, UpEast>(others) & enemies & allowed, EastStep);
        sink.pawn_moves(shift<G, UpWest>(others) & enemies & allowed, WestStep);
        if (onSeventh) {
            sink.promotions(shift<G, Up>(onSeventh) & empty & target & allowed, Push);
            sink.promotions(shift<G, UpEast>(onSeventh) & enemies & allowed, EastStep);
            sink.promotions(shift<G, UpWest>(onSeventh) & enemies & allowed, WestStep);
        }
    };
    generate(allPawns & ~pinned, all_squares_bb<G>());
    Bitboard pinnedPawns = allPawns & pinned;
    while (pinnedPawns) {
        Square from = pop_lsb(pinnedPawns);
        generate(square_bb<G>(from), line_bb<G>(ksq, from));
    }

    if constexpr (R::EnPassant) {
        Square ep = pos.en_passant_square();
        if (ep != NoSquare) {
            Square capSq = ep - Push;
            Bitboard takers = pawn_attacks<G>(Them, ep) & allPawns & ~Rank7;
            while (takers) {
                Square from = pop_lsb(takers);
                // Replay the occupancy: this catches the pin along the rank through both
                // pawns, and evasions where only capturing the checking pawn helps.
                Bitboard occ =
                    (pos.pieces() ^ square_bb<G>(from) ^ square_bb<G>(capSq)) | square_bb<G>(ep);
                Bitboard attackers =
                    pos.attackers_to(ksq, occ) & pos.pieces(Them) & ~square_bb<G>(capSq);
                if (!attackers) sink.move(Move::make(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

template <typename R, Color Us, typename Sink>
void generate_all(const BasicPosition<R>& pos, Sink& sink) {
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
        Bitboard safe = 0;
        while (kingTargets) {
            Square to = pop_lsb(kingTargets);
            if (!(pos.attackers_to(to, withoutKing) & pos.pieces(Them))) safe |= square_bb<G>(to);
        }
        sink.piece_moves(ksq, safe);
        if (more_than_one(checkers)) return;  // double check: only the king may move
    }

    const Bitboard target =
        checkers ? between_bb<G>(ksq, lsb(checkers)) : ~ours & all_squares_bb<G>();
    const Bitboard pinned = pos.king_blockers() & ours;

    generate_pawn_moves<R, Us>(pos, sink, target, pinned, ksq);

    Bitboard knights = pos.pieces(Us, Knight) & ~pinned;
    while (knights) {
        Square from = pop_lsb(knights);
        sink.piece_moves(from, knight_attacks<G>(from) & target);
    }
    for (PieceType pt : {Bishop, Rook, Queen}) {
        Bitboard sliders = pos.pieces(Us, pt);
        while (sliders) {
            Square from = pop_lsb(sliders);
            Bitboard b = piece_attacks<G>(pt, from, occupied) & target;
            if (pinned & square_bb<G>(from)) b &= line_bb<G>(ksq, from);
            sink.piece_moves(from, b);
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
            if (safe) sink.move(m);
        }
    }
}

}  // namespace movegen_detail

// Every legal move in the position.
template <typename R, int Cap>
void generate_legal(const BasicPosition<R>& pos, MoveList<Cap>& list) {
    movegen_detail::ListSink<R, Cap> sink{list};
    if (pos.side_to_move() == White)
        movegen_detail::generate_all<R, White>(pos, sink);
    else
        movegen_detail::generate_all<R, Black>(pos, sink);
}

// How many legal moves there are, without listing them.
template <typename R>
std::uint64_t count_legal(const BasicPosition<R>& pos) {
    movegen_detail::CountSink<R> sink;
    if (pos.side_to_move() == White)
        movegen_detail::generate_all<R, White>(pos, sink);
    else
        movegen_detail::generate_all<R, Black>(pos, sink);
    return sink.count;
}

template <typename R>
MoveList<> legal_moves(const BasicPosition<R>& pos) {
    MoveList<> list;
    generate_legal(pos, list);
    return list;
}

// Decided for the one move, by the generator's own rules: the piece can make it on this
// board, a check is answered, a pinned piece stays on its line, the king does not step
// into an attack. Castling and en passant (rare) are looked up in the generated moves.
template <typename R>
bool BasicPosition<R>::is_legal(Move m) const {
    if (!m.is_ok() || m.from() >= SquareCount || m.to() >= SquareCount) return false;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    if (pc == NoPiece || color_of(pc) != side_) return false;
    const MoveKind kind = m.kind();
    if (kind != MoveKind::Normal && kind != MoveKind::Promotion)
        return legal_moves(*this).contains(m);
    // Only the encoding the generator produces (a normal move carries the default piece).
    if (m != Move::make(from, to, kind, kind == MoveKind::Promotion ? m.promotion() : Knight))
        return false;

    const Color us = side_;
    const PieceType pt = type_of(pc);
    const Bitboard toBB = square_bb<G>(to), occupied = pieces();
    if (pieces(us) & toBB) return false;
    const bool toLastRank = G::rank_of(to) == (us == White ? G::Ranks - 1 : 0);
    if (kind == MoveKind::Promotion) {
        const PieceType promo = m.promotion();
        const bool allowed =
            promo == Queen ||
            (R::UnderPromotion && (promo == Rook || promo == Bishop || promo == Knight));
        if (pt != Pawn || !toLastRank || !allowed) return false;
    } else if (pt == Pawn && toLastRank) {
        return false;
    }
    if (pt == Pawn) {
        const int push = us == White ? G::Files : -G::Files;
        const bool capture = (pawn_attacks<G>(us, from) & toBB & pieces(~us)) != 0;
        const bool single = to == from + push && !(occupied & toBB);
        const bool twice = to == from + 2 * push &&
                           G::rank_of(from) == (us == White ? 1 : G::Ranks - 2) &&
                           !(occupied & (toBB | square_bb<G>(from + push)));
        if (!capture && !single && !twice) return false;
    } else if (!(piece_attacks<G>(pt, from, occupied) & toBB)) {
        return false;
    }

    const Square ksq = king_square(us);
    if (ksq == NoSquare) return true;
    if (pt == King) return !(attackers_to(to, occupied ^ square_bb<G>(from)) & pieces(~us));
    if (const Bitboard checkers = st().checkers) {
        if (more_than_one(checkers) || !(between_bb<G>(ksq, lsb(checkers)) & toBB)) return false;
    }
    return !(st().blockers & square_bb<G>(from)) || (line_bb<G>(ksq, from) & toBB);
}

template <typename R>
bool BasicPosition<R>::gives_check(Move m) const {
    BasicPosition copy = *this;
    copy.do_move(m);
    return copy.in_check();
}

// Leaf nodes are counted, not visited ("bulk counting", as Stockfish's perft does), and
// counted without being listed.
template <typename R>
std::uint64_t perft(BasicPosition<R>& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal(pos);
    MoveList<> list;
    generate_legal(pos, list);
    std::uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

}  // namespace arbiter
