// Self-play between the computer players of the hidden-information games, refereed by the
// real referee: each player is given only Game::view(seat) and legal_actions(seat).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::engine {

struct SelfplayOptions {
    std::string variant;                // "chiefspy" or "minesweeper"
    std::string a = "4", b = "random";  // player kinds: a level 0-8, "greedy" or "random"
    // An outside UCI engine for the kinds "uci-depthN" and "uci-nodesN" (Minesweeper only,
    // engine/uci_view_player.h), and its options.
    std::string uciCommand;
    std::vector<std::pair<std::string, std::string>> uciOptions;
    int games = 10;
    std::uint64_t seed = 1;
    int concurrency = 1;
    int maxPlies = 2000;  // a game still running after this many actions counts as a draw
};

struct SelfplayResult {
    int wins = 0, draws = 0, losses = 0;  // for player A
    int unfinished = 0;                   // drawn by the maxPlies cap (included in draws)
    // Thinking time per action (wall clock, measured only for the report).
    std::uint64_t actions[2] = {0, 0};  // A, B
    double totalMs[2] = {0, 0}, maxMs[2] = {0, 0};
    double cpuMs[2] = {0, 0}, maxCpuMs[2] = {0, 0};  // the thinking thread's CPU time
    double score() const { return wins + 0.5 * draws; }
};

// Games 2k and 2k+1 use the same referee secrets with A's seat swapped (A is White in the
// even games). Prints one line per game and a summary. Throws std::invalid_argument for
// bad options (the message names the problem).
SelfplayResult run_selfplay(const SelfplayOptions& options, std::ostream& out);

}  // namespace arbiter::engine
