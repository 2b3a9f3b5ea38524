// What a Chief & Spy player reads about its opponent from the public record: a prior over the
// opponent's assignments on top of the exact deduction (a belief about a person, not a fact).
//  - A player guards its Chief: each battle an enemy piece has started this round multiplies
//    the odds that it is the Chief by ChiefShy.
//  - A player may keep its Chief and Spy where they stood in earlier rounds (the round-end
//    reveals are public). Whether this opponent does is learned from those reveals: the
//    weight of a habitual slot follows the odds that the opponent repeats its places, which
//    start even and move with every later round that did or did not repeat them.
#pragma once

#include <array>

#include "core/json.h"
#include "core/types.h"
#include "variants/chiefspy/board.h"

namespace arbiter::engine::cs_model {

constexpr double ChiefShy = 0.1;
// The most an earlier round on a slot multiplies an assignment's weight by (1 + this), for a
// player who surely repeats (as the old level 8, rooks every round, did).
constexpr double HabitWeight = 8;
// A habitual player puts each special piece on one of its earlier places this often; the
// even prior odds and this rate decide how fast the evidence of later rounds moves the weight.
constexpr double RepeatRate = 0.75;

struct OpponentHabits {
    // Earlier rounds with the opponent's Chief or Spy on each slot (a..h).
    std::array<int, chiefspy::SlotCount> count{};
    // What one such round adds to the weight: HabitWeight until a round has shown the
    // opponent does not repeat (HabitWeight x the odds ratio of the evidence, at most 1).
    double weight = HabitWeight;
    double repeatProbability = 0.5;  // the posterior that the opponent keeps its places
};

// From view["rounds"] (the round-end summaries, oldest first) for the seat playing `me`.
OpponentHabits opponent_habits(const json::object& view, Color me);

// How many battles each opponent piece (by slot) has started this round, from view["battles"].
std::array<int, chiefspy::SlotCount> opponent_attacks(const json::object& view, Color me);

}  // namespace arbiter::engine::cs_model
