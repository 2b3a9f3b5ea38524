// Drawing boards for the terminal: Unicode pieces, coordinates, optional square marks.
#pragma once

#include <functional>
#include <string>

#include "core/geometry.h"
#include "core/types.h"

namespace arbiter::apps {

// The Unicode chess symbol of a piece ("♔", "♟", ...).
const char* unicode_piece(Piece p);

// Renders a board of F files by R ranks. `cell` gives the (display-width-2) text of each
// square; White's side is at the bottom unless flipped.
std::string render_board(int files, int ranks, bool flipped,
                         const std::function<std::string(int file, int rank)>& cell);

}  // namespace arbiter::apps
