// Builds the mine-odds input from the referee's public Minesweeper view (the JSON every
// seat receives), so the odds are computed from exactly what a player sees and nothing more.
#pragma once

#include "belief/mine_odds.h"
#include "core/json.h"

namespace arbiter::belief {

// Reads "fen" (pieces), "fog", "numbers", "mines" and "counter" of a Minesweeper view;
// throws NotationError naming the field when one is missing or malformed.
MineView mine_view_from_json(const json::object& view);

}  // namespace arbiter::belief
