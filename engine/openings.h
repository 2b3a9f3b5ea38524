// Opening lines for engine matches: the built-in list and the openings-file format.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "variants/chess/position.h"

namespace arbiter::engine {

struct Opening {
    std::string fen;                 // empty: the standard start position
    std::vector<std::string> moves;  // UCI moves played from it
};
// Twenty-odd balanced opening lines, each a few moves deep.
const std::vector<Opening>& builtin_openings();
// One opening per line: UCI moves from the start ("e2e4 e7e5 g1f3"), or a FEN optionally
// followed by "moves ...". Blank lines and lines starting with '#' are skipped. Throws
// std::invalid_argument naming the line if a FEN or a move is bad.
std::vector<Opening> read_openings(std::istream& in);
// count openings of plies random moves each, for engine tests that need many distinct games:
// every move is drawn among those a shallow search scores within 50 centipawns of the best,
// and an opening is kept only if an 8-ply search scores its end within 80 centipawns of
// equality. Depends only on the arguments.
std::vector<Opening> random_openings(int count, int plies, std::uint64_t seed);
// The position after the opening; throws std::invalid_argument if it is not legal.
Position opening_position(const Opening& opening);

}  // namespace arbiter::engine
