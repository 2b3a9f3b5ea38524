// The deduction of one Chief & Spy seat, built from that seat's referee view alone (its own
// initial values, the moves and the public battle reports of the current round), so the
// notebook overlay and the computer player see exactly what the player sees.
#pragma once

#include <optional>
#include <string>

#include "belief/chiefspy_belief.h"
#include "core/json.h"

namespace arbiter::belief {

struct ViewBelief {
    std::optional<ChiefSpyBelief> belief;  // none before the seat has values, or for spectators
    std::string error;                     // why an observation was refused (malformed view)
};

ViewBelief belief_from_view(const json::object& view);

}  // namespace arbiter::belief
