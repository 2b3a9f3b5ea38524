// The Minesweeper Chess computer players. They read the public view only (every seat sees
// the same fog, numbers, discovered mines and counter) and the exact mine odds computed
// from it (belief/mine_odds.h).
//
// The level player scores every root move by the chess search on the 8x10 board and takes
// the expectation over the mine odds of its landing square: with probability p the moving
// piece is destroyed there (or, if that leaves its king attacked, the game is lost: "king
// exposed"), otherwise it stands there. A king landing on a mine clears it (royal
// sapper); a pawn's sapper action is scored as a pass that clears the square in front with
// its mine probability. At level 8 (fogInTree), inside the tree (Searcher::set_landing_risk)
// a quiet landing of a non-king piece on the fog costs its mine odds times the piece's worth,
// for both sides; the tree lifts no fog. At the levels that ask for it (replyMoves; none
// today) the best few moves are also searched again from the opponent's side with its
// landing risk priced.
// Every level scores its root moves with bounds (Searcher::score_root_moves' setsBar): exact
// for the moves with no mine risk, the others only as far as they can beat the best of those;
// the levels differ in their node budgets (and level 1 in its share of random moves).
//
// Every choice respects ViewPlayer::time_cap(): when the cap runs out the player stops
// deepening, prices the remaining risks by cheap estimates and plays the best it has.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/view_player.h"

namespace arbiter::engine {

struct MinesweeperLevel {
    int depth;                 // iterative deepening of the root scores
    std::uint64_t nodes;       // node budget for the root scores
    std::uint64_t branch;      // node budget of each "destroyed on landing" or sapper search
    int noise;                 // Gaussian noise on the root scores, centipawns
    int randomPercent;         // share of choices made uniformly at random (the weakest levels)
    int replyMoves;            // how many of the best moves get the opponent-risk search (0: none)
    std::uint64_t replyNodes;  // node budget of each of those searches
    bool fogInTree;            // the search prices quiet landings on the fog, for both sides
    bool rootBounds;           // root scores only as exact as a noiseless choice needs
    int blunderPercent = 0;    // share of choices made among the few best moves, not the best
    int blunderMoves = 0;      // how many of the best moves such a choice picks from
};

const MinesweeperLevel& minesweeper_level(int level);

// Level 0 random; 1-8 as minesweeper_level.
std::unique_ptr<ViewPlayer> make_minesweeper_player(int level);
// A level player with its row changed, to measure what one dial is worth.
std::unique_ptr<ViewPlayer> make_minesweeper_player(const MinesweeperLevel& level);
// The baseline: among the moves whose landing square is least likely to hold a mine, the
// capture of the most valuable piece, else a random one.
std::unique_ptr<ViewPlayer> make_minesweeper_greedy();

}  // namespace arbiter::engine
