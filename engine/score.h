// Search scores in centipawns from the side to move's point of view, and the mate band
// above every evaluation: a mate found n plies from the root scores ValueMate - n.
#pragma once

#include "core/types.h"

namespace arbiter::engine {

constexpr int MaxPly = 128;
constexpr int ValueDraw = 0;
constexpr int ValueMate = 32000;
constexpr int ValueInfinite = 32001;
constexpr int ValueNone = 32002;
constexpr int ValueMateInMaxPly = ValueMate - 2 * MaxPly;

constexpr int mate_in(int ply) { return ValueMate - ply; }
constexpr int mated_in(int ply) { return -ValueMate + ply; }
constexpr bool is_mate_score(int v) { return v >= ValueMateInMaxPly || v <= -ValueMateInMaxPly; }
// Moves (not plies) to mate for UCI "score mate N": positive when the side to move mates.
constexpr int mate_moves(int v) { return v > 0 ? (ValueMate - v + 1) / 2 : -(ValueMate + v) / 2; }

// Material values the search uses outside the evaluation (SEE, delta pruning).
constexpr int SeeValue[7] = {100, 320, 330, 500, 950, 20000, 0};

// Minesweeper Chess: what a mine takes from the side whose piece it destroys. The king is
// never destroyed: it removes the mine and stays (docs/rules.md#mines-and-pieces).
constexpr int mine_loss(PieceType pt) { return pt < King ? SeeValue[pt] : 0; }

}  // namespace arbiter::engine
