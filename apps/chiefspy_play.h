// Chief & Spy for two people at one terminal, driven entirely through the referee's Game:
// a secret set-up per player with a "hand over the screen" step that clears the screen,
// battles announced with their bonuses, gambit and promotion input, round and match score.
// Returns 0 when the match ends (or the input does).
#pragma once

#include <istream>
#include <ostream>

namespace arbiter::apps {

int play_chiefspy_terminal(std::istream& in, std::ostream& out);

}  // namespace arbiter::apps
