#include "variants/minesweeper/position.h"

#include <stdexcept>

#include "variants/minesweeper/movegen.h"

namespace arbiter::minesweeper {

MinesweeperPosition MinesweeperPosition::start(Bitboard layout) {
    if ((layout & ~FogZone) || popcount(layout) > FogZoneSquares)
        throw std::invalid_argument("mines lie on fog-zone squares (ranks 4-7) only");
    MinesweeperPosition pos;
    pos.mines_ = layout;
    pos.counter_ = popcount(layout);
    pos.fog_ = layout ? FogZone : 0;
    return pos;
}

int MinesweeperPosition::number(Square s) const {
    if (!layoutKnown_) return givenNumbers_[s];
    return popcount(king_attacks<G>(s) & mines_);
}

bool MinesweeperPosition::is_legal(Move m) const { return legal_moves(*this).contains(m); }

void MinesweeperPosition::lift_fog_around(Square s, MoveEffects& e) {
    Bitboard lifted = fog_ & (bb(s) | king_attacks<G>(s));
    fog_ ^= lifted;
    e.fogLifted |= lifted;
}

// The moment no mine is hidden any more, whatever fog is left goes for good (it may be none,
// if the move itself uncovered the last fogged squares).
void MinesweeperPosition::check_full_lift(MoveEffects& e, Bitboard fogBefore) {
    if (fogBefore && counter_ == popcount(discovered_mines())) {
        e.fogGone = fog_;
        e.fullLift = true;
        fog_ = 0;
    }
}

MoveEffects MinesweeperPosition::do_move(Move m) {
    if (!layoutKnown_ && hidden_mines() > 0)
        throw std::logic_error(
            "a public Minesweeper state cannot play moves while mines are hidden");
    keys_.push_back(key());
    undo_.push_back({fog_, mines_, counter_, NoPiece, kingExposed_});
    MoveEffects e;
    e.move = m;
    e.mover = board_.moved_piece(m);
    const Color us = board_.side_to_move();
    if (m.kind() == MoveKind::Sapper) {
        e.sapper = true;
        e.target = m.from() + (us == White ? G::Files : -G::Files);
        if (mines_ & bb(e.target)) {
            mines_ ^= bb(e.target);
            --counter_;
            e.mineRemoved = true;
        }
        e.fogLifted = fog_ & bb(e.target);
        fog_ &= ~bb(e.target);
        board_.do_null_move();
        board_.set_halfmove_clock(0);  // a pawn's move: resets the FEN halfmove field [D]
    } else {
        e.target = m.kind() == MoveKind::Castling ? board_.castling_king_to(m) : m.to();
        const bool wasHidden = (fog_ & bb(e.target)) != 0;
        board_.do_move(m);
        if (mines_ & bb(e.target)) {
            mines_ ^= bb(e.target);
            --counter_;
            e.mineRemoved = true;
            if (type_of(e.mover) != King) {
                e.destroyed = true;
                undo_.back().destroyed = board_.piece_on(e.target);
                board_.remove_piece_after_move(e.target);
                // Only a hidden mine can do this: legality already covers discovered ones.
                Square ksq = board_.king_square(us);
                if (wasHidden && board_.attacked_by(~us, ksq)) e.kingExposed = kingExposed_ = true;
            }
        }
        lift_fog_around(e.target, e);
        if (m.kind() == MoveKind::Castling) lift_fog_around(board_.castling_rook_to(m), e);
    }
    check_full_lift(e, undo_.back().fog);
    return e;
}

void MinesweeperPosition::undo_move(Move m) {
    const Undo u = undo_.back();
    undo_.pop_back();
    keys_.pop_back();
    if (m.kind() == MoveKind::Sapper) {
        board_.undo_null_move();
    } else {
        if (u.destroyed != NoPiece) board_.put_piece(u.destroyed, m.to());
        board_.undo_move(m);
    }
    fog_ = u.fog;
    mines_ = u.mines;
    counter_ = u.counter;
    kingExposed_ = u.kingExposed;
}

Key MinesweeperPosition::key() const {
    const auto& z = zobrist<G>();
    Key k = board_.key();
    for (Bitboard b = fog_; b;) k ^= z.extra[0][pop_lsb(b)];
    for (Bitboard b = discovered_mines(); b;) k ^= z.extra[1][pop_lsb(b)];
    k ^= z.extra[2][counter_];
    return k;
}

int MinesweeperPosition::repetition_count() const {
    const Key now = key();
    int n = 1;
    for (Key k : keys_) n += k == now;
    return n;
}

std::uint64_t perft(MinesweeperPosition& pos, int depth) {
    if (pos.counter_ == 0 && !pos.kingExposed_) return arbiter::perft(pos.board_, depth);
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

}  // namespace arbiter::minesweeper
