// Minesweeper Chess (docs/rules.md#minesweeper-chess): the 8x10 chess position plus the fog
// over ranks 4-7, the mines and the public mine counter. The pieces are a BasicPosition with
// MinesweeperBoardRules (no en passant, queen-only promotion); this class adds only what
// differs: fog lifting on landing, explosions, the royal and pawn sappers, the full lift, and
// legality read from public information.
//
// A state either knows the whole layout (the referee's, or a FEN with `layout:`) or only
// what the players see (a public FEN): then it can list legal moves but not play a move
// while hidden mines remain, since what a move does depends on them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "variants/chess/movegen.h"

namespace arbiter::minesweeper {

using Board = BasicPosition<MinesweeperBoardRules>;
using G = Geometry8x10;
using Bitboard = G::Bitboard;

// Ranks 4-7: the only squares that are ever fogged or mined.
constexpr Bitboard FogZone = rank_bb<G>(3) | rank_bb<G>(4) | rank_bb<G>(5) | rank_bb<G>(6);
constexpr int FogZoneSquares = 32;
// How many mines the referee places at the start (docs/rules.md#fog-mines-and-numbers).
constexpr int MinesAtStart = 4;

constexpr Bitboard bb(Square s) { return square_bb<G>(s); }

// What one move did, for events, records and the terminal.
struct MoveEffects {
    Move move;
    Piece mover = NoPiece;
    bool sapper = false;
    Square target = NoSquare;  // landing square (king's for castling); sapper: the square in front
    bool mineRemoved = false;  // a mine was on target and is gone
    bool destroyed = false;    // the moving piece exploded on target
    bool kingExposed = false;  // ...and that left its own king attacked: the mover loses
    Bitboard fogLifted = 0;    // squares the landing (or sapper action) uncovered
    bool fullLift = false;     // every mine is discovered or removed: the fog is gone for good
    Bitboard fogGone = 0;      // ...and these squares were still fogged then
};

class MinesweeperPosition {
  public:
    // The standard start with no mines and no fog (plain 8x10 chess).
    MinesweeperPosition() = default;
    // The standard start, every fog square fogged, the given mines (distinct fog squares).
    static MinesweeperPosition start(Bitboard layout);
    // Plain 10-rank FEN, or FEN with the zone:/counter:/layout: fields (docs/minesweeper.md).
    // Throws NotationError naming the field at fault.
    static MinesweeperPosition from_fen(std::string_view fen);
    // What everyone may see: no layout. A plain FEN when there is no fog and no mine.
    std::string fen() const;
    // fen() plus the layout of every mine still on the board (referee's records only).
    std::string full_fen() const;

    const Board& board() const { return board_; }
    Color side_to_move() const { return board_.side_to_move(); }
    bool in_check() const { return board_.in_check(); }

    Bitboard fog() const { return fog_; }
    // Mines on revealed squares, visible to all.
    Bitboard discovered_mines() const { return mines_ & ~fog_; }
    // The public counter: mines still on the board.
    int counter() const { return counter_; }
    int hidden_mines() const { return counter_ - popcount(discovered_mines()); }
    // Whether this state knows where every mine is (else it is a public view).
    bool layout_known() const { return layoutKnown_; }
    // Every mine still on the board; only meaningful when layout_known().
    Bitboard layout() const { return mines_; }
    // Squares of the fog zone that are revealed and show a number or a blank.
    Bitboard revealed_zone() const { return FogZone & ~fog_ & ~mines_; }
    // The number a revealed fog-zone square shows: mines among its 8 neighbours.
    int number(Square s) const;
    // The mover lost at once: a piece destroyed by a hidden mine left its king attacked.
    bool king_exposed() const { return kingExposed_; }

    // Legal moves on public information (movegen.h). Sapper actions are Move::make(s, s,
    // MoveKind::Sapper) with s the pawn's square.
    bool is_legal(Move m) const;

    // Plays a legal move; needs the layout while hidden mines remain (std::logic_error).
    MoveEffects do_move(Move m);
    void undo_move(Move m);

    // Pieces, side, castling, fog, discovered mines and counter: what must match for a position
    // to repeat (docs/rules.md#other-rules).
    Key key() const;
    // How often the current position occurred in the moves played from the start state.
    int repetition_count() const;

  private:
    friend std::uint64_t perft(MinesweeperPosition& pos, int depth);
    void lift_fog_around(Square s, MoveEffects& e);
    void check_full_lift(MoveEffects& e, Bitboard fogBefore);

    struct Undo {
        Bitboard fog, mines;
        int counter;
        Piece destroyed;
        bool kingExposed;
    };

    Board board_{};
    Bitboard fog_ = 0;
    Bitboard mines_ = 0;  // all mines when layoutKnown_, else the discovered ones
    int counter_ = 0;
    bool layoutKnown_ = true;
    bool kingExposed_ = false;
    std::array<std::uint8_t, G::Squares> givenNumbers_{};  // public states only
    std::vector<Undo> undo_;
    std::vector<Key> keys_;  // key before each move played, for repetitions
};

}  // namespace arbiter::minesweeper
