// Move text for Minesweeper Chess: UCI long algebraic (e2e4, castling e1g1, promotion
// e9e10q) and the pawn's sapper action as its square twice, e5e5 (docs/rules.md#the-sapper-action).
#pragma once

#include <string>
#include <string_view>

#include "variants/minesweeper/movegen.h"

namespace arbiter::minesweeper {

std::string to_uci(const MinesweeperPosition& pos, Move m);

// The legal move the text names; the promotion letter may be left out (always a queen).
// Throws NotationError saying why not; the reason never depends on hidden mines.
Move parse_move(const MinesweeperPosition& pos, std::string_view text);

}  // namespace arbiter::minesweeper
