// The Chief & Spy computer players. They read the seat's view only: the public board, the
// battle reports, their own initial values and `changed` flags, and the exact deduction of
// the opponent's values built from it (belief/chiefspy_view_belief.h).
//
// The level player samples opponent assignments from the exact belief, weighted by a small
// opponent model (engine/chiefspy_opponent_model.h: a piece that has started battles is less
// likely the Chief; from round 2, the places of the opponent's Chief and Spy in earlier rounds
// are likelier, as far as its later rounds show that it keeps them) (each sample also
// fixes the current value of every piece, ours included after battles we won), plays every
// legal move in each sampled world through the referee's battle function, searches the
// reply shallowly (alpha-beta with battle quiescence) and picks the move with the best
// average: perfect-information Monte Carlo. A battle fought by our own Chief that does not
// end the round is charged for what it tells the opponent.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/view_player.h"
#include "variants/chiefspy/round.h"

namespace arbiter::engine {

// What our Chief within a Spy's reach costs when the opponent is sure of it (chiefspy_search).
inline constexpr int DefaultChiefExposure = 3000;

struct ChiefSpyLevel {
    int samples;           // opponent assignments drawn from the belief (at most)
    int depth;             // plies searched in each world, our move included
    int noise;             // Gaussian noise on the averaged root scores
    std::uint64_t budget;  // no new sample once the search has visited this many nodes
    bool opponentModel;    // the deduction weighted by the opponent's habits and guarded Chief
    int opponentReads;     // the opponent's deductions of us replayed (0: it is assumed blind)
    bool bluffs = true;    // a piece that the opponent reads as stronger than it is may bluff
    int chiefExposure = DefaultChiefExposure;  // our Chief in reach of a possible Spy, at most
    bool bluffOnReads = true;  // a bluff needs the opponent's read of the piece (else its prior)
};

const ChiefSpyLevel& chiefspy_level(int level);

std::unique_ptr<ViewPlayer> make_chiefspy_player(int level);
// A level player with its row changed, to measure what one part of it is worth.
std::unique_ptr<ViewPlayer> make_chiefspy_player(const ChiefSpyLevel& level);
// The baseline: attacks whenever its expected total (expected current value from the
// belief, Chief counted as 8 and Spy as 0, plus its bonus) is higher than the defender's,
// the largest margin first; otherwise a random move that starts no battle.
std::unique_ptr<ViewPlayer> make_chiefspy_greedy();

// The level player's set-up: a uniformly random permutation of 2..7, C, S over the eight
// pieces. Someone who knows this code and sees the board guesses our Chief (or Spy) with
// probability 1/8, no better than blind; any preference (say, the Spy on a rook) would leak.
// It is also the prior the exact belief assumes, so the opponent's deduction that the level
// player models is the right one for us.
chiefspy::Assignment choose_chiefspy_setup(std::mt19937_64& rng);

// The public board of the seat's current round, replayed from its moves and battle
// reports; nothing if the view does not describe one consistently.
std::optional<chiefspy::Board> board_from_view(const json::object& view);

}  // namespace arbiter::engine
