// A frozen copy of the Chief & Spy level player as it was before issue 15 (commit 1eba635):
// PIMC over the exact belief, Chief and Spy always on the two rooks. Kept only as a fixed
// opponent for measuring the current player (`arbiter selfplay --b baseline8`).
#pragma once

#include <memory>

#include "engine/view_player.h"

namespace arbiter::engine {

// Levels 1..8 of the old table; "baselineN" in make_view_player.
std::unique_ptr<ViewPlayer> make_chiefspy_baseline(int level);

}  // namespace arbiter::engine
