// The Minesweeper Chess level-8 player as it was before issue 15 (commit 1eba635), frozen as a
// yardstick ("baseline8"): the new level 8 is measured against it (docs/engine.md). Do not
// tune it.
#pragma once

#include <memory>

#include "engine/view_player.h"

namespace arbiter::engine {

std::unique_ptr<ViewPlayer> make_minesweeper_baseline8();

}  // namespace arbiter::engine
