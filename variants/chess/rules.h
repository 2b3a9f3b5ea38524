// What distinguishes one chess-like board from another at the level of plain piece
// movement. Standard chess and the Minesweeper board share the position and move
// generator; each supplies one of these.
#pragma once

#include "core/geometry.h"

namespace arbiter {

struct StandardChessRules {
    using Geometry = Geometry8x8;
    static constexpr bool EnPassant = true;
    static constexpr bool UnderPromotion = true;
    static constexpr const char* StartFen =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
};

// Minesweeper Chess on 8x10 as far as the pieces go: no en passant, pawns promote to a
// queen only (docs/rules.md#other-rules). Fog and mines live in variants/minesweeper.
struct MinesweeperBoardRules {
    using Geometry = Geometry8x10;
    static constexpr bool EnPassant = false;
    static constexpr bool UnderPromotion = false;
    static constexpr const char* StartFen =
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
};

}  // namespace arbiter
