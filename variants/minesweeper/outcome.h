// How a Minesweeper Chess game ends by the rules alone (docs/rules.md#other-rules): the "king
// exposed" loss (docs/rules.md#what-counts-for-legality-d), checkmate, stalemate, dead position
// (the cases of standard chess, on the pieces alone) and threefold repetition, which ends the
// game at once [D]. No 50- or 75-move rule. Agreement, resignation and the clock are the
// referee's business.
#pragma once

#include <optional>
#include <string>

#include "variants/minesweeper/movegen.h"

namespace arbiter::minesweeper {

struct Outcome {
    std::string reason;           // "king exposed", "checkmate", "stalemate", ...
    std::optional<Color> winner;  // none for a draw
};

// The repetition count that ends the game at once [D].
constexpr int RepetitionsForDraw = 3;

std::optional<Outcome> automatic_outcome(const MinesweeperPosition& pos);

}  // namespace arbiter::minesweeper
