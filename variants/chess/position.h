// A chess position on a board of any supported geometry: piece placement, side to move,
// castling rights, en passant square, move clocks and a history of states for undo and
// repetition. Moves are made and unmade in place without allocation.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/attacks.h"
#include "core/bitboard.h"
#include "core/zobrist.h"
#include "variants/chess/move.h"
#include "variants/chess/rules.h"

namespace arbiter {

template <typename Rules>
class BasicPosition {
  public:
    using G = typename Rules::Geometry;
    using Bitboard = typename G::Bitboard;
    static constexpr int SquareCount = G::Squares;

    // The standard starting position of these rules.
    BasicPosition();
    // Reads FEN (or the first four EPD fields); throws NotationError naming the bad field.
    static BasicPosition from_fen(std::string_view fen);
    std::string fen() const;

    // --- placement -------------------------------------------------------------------
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NoPiece; }
    Bitboard pieces() const { return byColor_[White] | byColor_[Black]; }
    Bitboard pieces(Color c) const { return byColor_[c]; }
    Bitboard pieces(PieceType pt) const { return byType_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor_[c] & byType_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return byColor_[c] & (byType_[a] | byType_[b]);
    }
    int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }
    // The king's square, or NoSquare when that side has no king.
    Square king_square(Color c) const {
        Bitboard k = pieces(c, King);
        return k ? lsb(k) : NoSquare;
    }

    // --- state -----------------------------------------------------------------------
    Color side_to_move() const { return side_; }
    CastlingRights castling_rights() const { return st().castling; }
    bool can_castle(CastlingRights r) const { return (st().castling & r) != 0; }
    Square castling_rook_square(CastlingRights r) const { return castlingRook_[index_of(r)]; }
    // As read from FEN or set by a double step (only when a capture is pseudo-possible).
    Square en_passant_square() const { return st().epSquare; }
    int halfmove_clock() const { return st().rule50; }
    int fullmove_number() const { return 1 + gamePly_ / 2; }
    int game_ply() const { return gamePly_; }
    Key key() const { return st().key; }
    // The key after m as far as the pieces and the side to move say (castling and en passant
    // changes left out): early enough to fetch the hash entry m leads to before m is made.
    Key key_after(Move m) const;
    // The Zobrist key of colour c's pieces other than pawns (its king included), kept with the
    // full key: the search's correction history indexes its non-pawn tables by it.
    Key non_pawn_key(Color c) const { return st().nonPawnKey[c]; }
    Piece captured_piece() const { return st().captured; }  // by the last move made

    // --- attacks and checks ----------------------------------------------------------
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s) const { return (attackers_to(s) & pieces(c)) != 0; }
    Bitboard checkers() const { return st().checkers; }
    bool in_check() const { return st().checkers != 0; }
    // Pieces (of either colour) that alone shield the side to move's king from a slider.
    Bitboard king_blockers() const { return st().blockers; }
    // Whether the side to move has a pawn that could take en passant on square s.
    bool en_passant_capturable(Square s) const;

    // --- moves -----------------------------------------------------------------------
    Piece moved_piece(Move m) const { return board_[m.from()]; }
    bool is_capture(Move m) const {
        return m.kind() == MoveKind::EnPassant ||
               (m.kind() != MoveKind::Castling && !empty(m.to()) && m.from() != m.to());
    }
    // Whether m is one of the legal moves here (any 32-bit pattern is safe to ask about).
    bool is_legal(Move m) const;
    // Whether the move, once made, checks the opponent.
    bool gives_check(Move m) const;
    // Where the king and rook of a castling move end up.
    Square castling_king_to(Move m) const;
    Square castling_rook_to(Move m) const;

    void do_move(Move m);
    void undo_move(Move m);
    void do_null_move();
    void undo_null_move();
    // For variants whose moves have side effects: right after do_move, removes the piece
    // on s (Minesweeper: a piece destroyed by a mine), keeping key and check info exact.
    // Before the matching undo_move, put the piece back with put_piece.
    void remove_piece_after_move(Square s);

    // --- history ---------------------------------------------------------------------
    // How many times the current position has occurred, this time included (same
    // placement, side, castling rights and en passant possibilities).
    int repetition_count() const;
    int ply_count_in_history() const { return int(states_.size()) - 1; }

    // --- set-up (used by the FEN reader and variants; call finish_setup() last) -------
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void set_side_to_move(Color c) { side_ = c; }
    void set_castling(CastlingRights rights) { st().castling = rights; }
    void set_en_passant_square(Square s) { st().epSquare = s; }
    void set_clocks(int halfmove, int fullmove) {
        st().rule50 = halfmove;
        gamePly_ = 2 * (fullmove - 1) + (side_ == Black);
    }
    // The halfmove clock of the current state only (undo restores the previous one): for a
    // variant move the board plays as a null move that the variant's rules count as a pawn's.
    void set_halfmove_clock(int plies) { st().rule50 = plies; }
    void finish_setup();
    // Rebuild the keys from scratch (tests compare them with the incremental ones).
    Key compute_key() const;
    Key compute_non_pawn_key(Color c) const;

  private:
    struct Empty {};
    explicit BasicPosition(Empty) { clear(); }
    struct State {
        Key key = 0;
        std::array<Key, 2> nonPawnKey{};
        Square epSquare = NoSquare;
        CastlingRights castling = NoCastling;
        int rule50 = 0;
        int pliesFromNull = 0;
        Piece captured = NoPiece;
        Bitboard checkers = 0;
        Bitboard blockers = 0;
    };
    State& st() { return states_.back(); }
    const State& st() const { return states_.back(); }
    static int index_of(CastlingRights r) { return std::countr_zero(unsigned(r)); }
    void move_piece(Square from, Square to);
    void update_check_info();

    std::array<Piece, SquareCount> board_;
    std::array<Bitboard, PieceTypeCount> byType_{};
    std::array<Bitboard, 2> byColor_{};
    Color side_ = White;
    int gamePly_ = 0;
    std::vector<State> states_;
    std::array<CastlingRights, SquareCount> castlingMask_{};
    std::array<Square, 4> castlingRook_{};
};

using Position = BasicPosition<StandardChessRules>;

}  // namespace arbiter

#include "variants/chess/fen_impl.h"
#include "variants/chess/position_impl.h"
