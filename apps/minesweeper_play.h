// `arbiter play --variant minesweeper`: two players at one terminal, through the referee.
#pragma once

#include <iosfwd>
#include <string>

#include "core/json.h"
#include "referee/random.h"

namespace arbiter::apps {

// Plays one game reading commands from in and drawing to out; returns the exit status (0).
// Never throws on bad input: every problem is explained and the prompt comes back.
int play_minesweeper_terminal(std::istream& in, std::ostream& out);
// The same with the mines drawn from the given source (tests use a seeded one).
int play_minesweeper_terminal(std::istream& in, std::ostream& out, referee::RandomSource& random);

// The board of a Minesweeper view (the referee's JSON) as text: rank 10 at the top, fog
// shaded, numbers, discovered mines as '*', pieces as FEN letters.
std::string draw_minesweeper_board(const json::object& view);

}  // namespace arbiter::apps
