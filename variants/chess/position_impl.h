// Template definitions for BasicPosition (included by position.h).
#pragma once

namespace arbiter {

template <typename R>
BasicPosition<R>::BasicPosition() {
    *this = from_fen(R::StartFen);
}

template <typename R>
void BasicPosition<R>::clear() {
    board_.fill(NoPiece);
    byType_.fill(0);
    byColor_.fill(0);
    side_ = White;
    gamePly_ = 0;
    states_.clear();
    states_.reserve(256);
    states_.emplace_back();
    castlingMask_.fill(NoCastling);
    castlingRook_.fill(NoSquare);
}

template <typename R>
void BasicPosition<R>::put_piece(Piece p, Square s) {
    board_[s] = p;
    byType_[type_of(p)] |= square_bb<G>(s);
    byColor_[color_of(p)] |= square_bb<G>(s);
}

template <typename R>
void BasicPosition<R>::remove_piece(Square s) {
    Piece p = board_[s];
    byType_[type_of(p)] ^= square_bb<G>(s);
    byColor_[color_of(p)] ^= square_bb<G>(s);
    board_[s] = NoPiece;
}

template <typename R>
void BasicPosition<R>::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard fromTo = square_bb<G>(from) | square_bb<G>(to);
    byType_[type_of(p)] ^= fromTo;
    byColor_[color_of(p)] ^= fromTo;
    board_[from] = NoPiece;
    board_[to] = p;
}

template <typename R>
void BasicPosition<R>::finish_setup() {
    // Castling geometry: the king on the e-file of its back rank, rooks in the corners.
    for (Color c : {White, Black}) {
        int rank = c == White ? 0 : G::Ranks - 1;
        Square kingSq = G::square(4, rank);
        CastlingRights kingSide = c == White ? WhiteKingSide : BlackKingSide;
        CastlingRights queenSide = c == White ? WhiteQueenSide : BlackQueenSide;
        castlingRook_[index_of(kingSide)] = G::square(G::Files - 1, rank);
        castlingRook_[index_of(queenSide)] = G::square(0, rank);
        castlingMask_[kingSq] = castlingMask_[kingSq] | kingSide | queenSide;
        castlingMask_[G::square(G::Files - 1, rank)] = kingSide;
        castlingMask_[G::square(0, rank)] = queenSide;
    }
    st().key = compute_key();
    st().nonPawnKey = {compute_non_pawn_key(White), compute_non_pawn_key(Black)};
    update_check_info();
}

template <typename R>
bool BasicPosition<R>::en_passant_capturable(Square s) const {
    if constexpr (!R::EnPassant) return false;
    return s != NoSquare && (pawn_attacks<G>(~side_, s) & pieces(side_, Pawn)) != 0;
}

template <typename R>
Key BasicPosition<R>::compute_key() const {
    const auto& z = zobrist<G>();
    Key k = 0;
    for (Square s = 0; s < SquareCount; ++s)
        if (board_[s] != NoPiece) k ^= z.pieceSquare[board_[s]][s];
    k ^= z.castling[st().castling];
    if (en_passant_capturable(st().epSquare)) k ^= z.enPassantFile[G::file_of(st().epSquare)];
    if (side_ == Black) k ^= z.blackToMove;
    return k;
}

template <typename R>
Key BasicPosition<R>::compute_non_pawn_key(Color c) const {
    const auto& z = zobrist<G>();
    Key k = 0;
    for (Bitboard b = pieces(c) & ~pieces(Pawn); b;) {
        const Square s = pop_lsb(b);
        k ^= z.pieceSquare[board_[s]][s];
    }
    return k;
}

template <typename R>
typename BasicPosition<R>::Bitboard BasicPosition<R>::attackers_to(Square s,
                                                                   Bitboard occupied) const {
    return (pawn_attacks<G>(Black, s) & pieces(White, Pawn)) |
           (pawn_attacks<G>(White, s) & pieces(Black, Pawn)) |
           (knight_attacks<G>(s) & byType_[Knight]) | (king_attacks<G>(s) & byType_[King]) |
           (rook_attacks<G>(s, occupied) & (byType_[Rook] | byType_[Queen])) |
           (bishop_attacks<G>(s, occupied) & (byType_[Bishop] | byType_[Queen]));
}

template <typename R>
void BasicPosition<R>::update_check_info() {
    State& s = st();
    Square ksq = king_square(side_);
    s.checkers = 0;
    s.blockers = 0;
    if (ksq == NoSquare) return;
    Color them = ~side_;
    s.checkers = attackers_to(ksq) & pieces(them);
    const auto& t = attack_tables<G>();
    Bitboard snipers = (t.rookEmpty[ksq] & pieces(them, Rook, Queen)) |
                       (t.bishopEmpty[ksq] & pieces(them, Bishop, Queen));
    Bitboard occupied = pieces() ^ snipers;
    while (snipers) {
        Square sniper = pop_lsb(snipers);
        Bitboard b = between_bb<G>(ksq, sniper) & occupied;
        if (b && !more_than_one(b)) s.blockers |= b;
    }
}

template <typename R>
Square BasicPosition<R>::castling_king_to(Move m) const {
    bool kingSide = m.to() > m.from();
    return G::square(kingSide ? G::Files - 2 : 2, G::rank_of(m.from()));
}

template <typename R>
Square BasicPosition<R>::castling_rook_to(Move m) const {
    bool kingSide = m.to() > m.from();
    return G::square(kingSide ? G::Files - 3 : 3, G::rank_of(m.from()));
}

template <typename R>
Key BasicPosition<R>::key_after(Move m) const {
    const auto& z = zobrist<G>();
    const Piece pc = board_[m.from()];
    Key k = st().key ^ z.blackToMove ^ z.pieceSquare[pc][m.from()] ^ z.pieceSquare[pc][m.to()];
    if (m.kind() != MoveKind::Castling && board_[m.to()] != NoPiece)
        k ^= z.pieceSquare[board_[m.to()]][m.to()];
    return k;
}

template <typename R>
void BasicPosition<R>::do_move(Move m) {
    const auto& z = zobrist<G>();
    states_.push_back(states_.back());
    State& s = st();
    const State& prev = states_[states_.size() - 2];
    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    Key k = prev.key ^ z.blackToMove;
    // Every piece put on or taken off a square goes through here, so both keys stay exact.
    auto toggle = [&](Piece p, Square sq) {
        k ^= z.pieceSquare[p][sq];
        if (type_of(p) != Pawn) s.nonPawnKey[color_of(p)] ^= z.pieceSquare[p][sq];
    };
    s.rule50 = prev.rule50 + 1;
    s.pliesFromNull = prev.pliesFromNull + 1;
    s.captured = NoPiece;
    if (prev.epSquare != NoSquare) {
        if (en_passant_capturable(prev.epSquare)) k ^= z.enPassantFile[G::file_of(prev.epSquare)];
        s.epSquare = NoSquare;
    }

    if (m.kind() == MoveKind::Castling) {
        Square kingTo = castling_king_to(m), rookTo = castling_rook_to(m);
        Piece rook = board_[to];
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kingTo);
        put_piece(rook, rookTo);
        toggle(pc, from);
        toggle(pc, kingTo);
        toggle(rook, to);
        toggle(rook, rookTo);
    } else {
        Square capSq = to;
        Piece captured = board_[to];
        if (m.kind() == MoveKind::EnPassant) {
            capSq = us == White ? to - G::Files : to + G::Files;
            captured = board_[capSq];
        }
        if (captured != NoPiece) {
            remove_piece(capSq);
            toggle(captured, capSq);
            s.rule50 = 0;
            s.captured = captured;
        }
        move_piece(from, to);
        toggle(pc, from);
        toggle(pc, to);
        if (type_of(pc) == Pawn) {
            s.rule50 = 0;
            if constexpr (R::EnPassant) {
                if (to - from == 2 * G::Files || from - to == 2 * G::Files) {
                    Square ep = (from + to) / 2;
                    if (pawn_attacks<G>(us, ep) & pieces(them, Pawn)) {
                        s.epSquare = ep;
                        k ^= z.enPassantFile[G::file_of(ep)];
                    }
                }
            }
            if (m.kind() == MoveKind::Promotion) {
                Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                toggle(pc, to);
                toggle(promoted, to);
            }
        }
    }
    if (s.castling && (castlingMask_[from] | castlingMask_[to])) {
        k ^= z.castling[s.castling];
        s.castling = s.castling & ~(castlingMask_[from] | castlingMask_[to]);
        k ^= z.castling[s.castling];
    }
    s.key = k;
    side_ = them;
    ++gamePly_;
    update_check_info();
}

template <typename R>
void BasicPosition<R>::undo_move(Move m) {
    side_ = ~side_;
    --gamePly_;
    Color us = side_;
    Square from = m.from(), to = m.to();
    if (m.kind() == MoveKind::Castling) {
        Square kingTo = castling_king_to(m), rookTo = castling_rook_to(m);
        Piece king = board_[kingTo], rook = board_[rookTo];
        remove_piece(kingTo);
        remove_piece(rookTo);
        put_piece(king, from);
        put_piece(rook, to);
    } else {
        if (m.kind() == MoveKind::Promotion) {
            remove_piece(to);
            put_piece(make_piece(us, Pawn), to);
        }
        move_piece(to, from);
        Piece captured = st().captured;
        if (captured != NoPiece) {
            Square capSq = to;
            if (m.kind() == MoveKind::EnPassant)
                capSq = us == White ? to - G::Files : to + G::Files;
            put_piece(captured, capSq);
        }
    }
    states_.pop_back();
}

template <typename R>
void BasicPosition<R>::remove_piece_after_move(Square s) {
    const Piece p = board_[s];
    st().key ^= zobrist<G>().pieceSquare[p][s];
    if (type_of(p) != Pawn) st().nonPawnKey[color_of(p)] ^= zobrist<G>().pieceSquare[p][s];
    remove_piece(s);
    update_check_info();
}

template <typename R>
void BasicPosition<R>::do_null_move() {
    const auto& z = zobrist<G>();
    states_.push_back(states_.back());
    State& s = st();
    Key k = s.key ^ z.blackToMove;
    if (s.epSquare != NoSquare) {
        if (en_passant_capturable(s.epSquare)) k ^= z.enPassantFile[G::file_of(s.epSquare)];
        s.epSquare = NoSquare;
    }
    s.key = k;
    s.rule50++;
    s.pliesFromNull = 0;
    s.captured = NoPiece;
    side_ = ~side_;
    ++gamePly_;
    update_check_info();
}

template <typename R>
void BasicPosition<R>::undo_null_move() {
    side_ = ~side_;
    --gamePly_;
    states_.pop_back();
}

template <typename R>
int BasicPosition<R>::repetition_count() const {
    int n = 1;
    int last = int(states_.size()) - 1;
    int reach = std::min(st().rule50, st().pliesFromNull);
    for (int back = 4; back <= reach && last - back >= 0; back += 2)
        if (states_[last - back].key == st().key) ++n;
    return n;
}

}  // namespace arbiter
