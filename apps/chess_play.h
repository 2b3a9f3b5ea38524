// Terminal play of standard chess for two people at one keyboard.
#pragma once

#include <iosfwd>
#include <string>

namespace arbiter::apps {

struct ChessPlayOptions {
    std::string fen;  // empty: the initial position
    bool color = true;  // ANSI colours for the board squares
};

// Reads commands and moves from in until the game ends or input runs out; returns 0.
int play_chess_terminal(std::istream& in, std::ostream& out, const ChessPlayOptions& options);

}  // namespace arbiter::apps
