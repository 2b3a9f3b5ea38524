#include "variants/minesweeper/outcome.h"

#include "variants/chess/outcome.h"

namespace arbiter::minesweeper {

std::optional<Outcome> automatic_outcome(const MinesweeperPosition& pos) {
    // The mover's piece died on a hidden mine and bared its king: the side now to move
    // would simply take it.
    if (pos.king_exposed()) return Outcome{"king exposed", pos.side_to_move()};
    if (legal_moves(pos).empty()) {
        if (pos.in_check()) return Outcome{"checkmate", ~pos.side_to_move()};
        return Outcome{"stalemate", std::nullopt};
    }
    if (is_dead_position(pos.board())) return Outcome{"dead position", std::nullopt};
    if (pos.repetition_count() >= RepetitionsForDraw)
        return Outcome{"threefold repetition", std::nullopt};
    return std::nullopt;
}

}  // namespace arbiter::minesweeper
