#include <gtest/gtest.h>

#include <string>

#include "engine/chiefspy_opponent_model.h"

using namespace arbiter;
using engine::cs_model::HabitWeight;
using engine::cs_model::opponent_attacks;
using engine::cs_model::opponent_habits;

namespace {

// A round-end summary in which the seat `seat` had its Chief on slot `chief` and its Spy on
// `spy` (the other seat's values are all 1: only the opponent's reveal is read).
json::value round_end(const std::string& seat, char chief, char spy) {
    json::object theirs, ours;
    for (char s = 'a'; s <= 'h'; ++s) {
        theirs[std::string(1, s)] = s == chief ? "C" : s == spy ? "S" : "3";
        ours[std::string(1, s)] = "1";
    }
    const std::string other = seat == "white" ? "black" : "white";
    return json::object{
        {"reveal", json::object{{"white", json::object{{"seat", seat}, {"values", theirs}}},
                                {"black", json::object{{"seat", other}, {"values", ours}}}}}};
}

// The view of the "black" seat, playing White this round, after the given rounds.
json::object view_after(json::array rounds) {
    return json::object{{"colourOf", json::object{{"white", "black"}, {"black", "white"}}},
                        {"rounds", std::move(rounds)}};
}

}  // namespace

TEST(ChiefSpyOpponentModel, NoRoundPlayedYetMeansNoHabit) {
    auto h = opponent_habits(view_after({}), White);
    for (int c : h.count) EXPECT_EQ(c, 0);
    EXPECT_DOUBLE_EQ(h.repeatProbability, 0.5);
}

// After one round there is no evidence either way: its places weigh in at the prior's weight.
TEST(ChiefSpyOpponentModel, OneRoundMarksItsPlacesAtThePriorWeight) {
    auto h = opponent_habits(view_after({round_end("white", 'a', 'h')}), White);
    EXPECT_EQ(h.count[0], 1);
    EXPECT_EQ(h.count[7], 1);
    EXPECT_EQ(h.count[3], 0);
    EXPECT_DOUBLE_EQ(h.weight, HabitWeight);
}

// The old level 8 put its Chief and Spy on the rooks every round: the model keeps reading it.
TEST(ChiefSpyOpponentModel, AnOpponentThatRepeatsKeepsTheFullWeight) {
    auto h = opponent_habits(
        view_after({round_end("white", 'a', 'h'), round_end("white", 'h', 'a')}), White);
    EXPECT_EQ(h.count[0], 2);
    EXPECT_EQ(h.count[7], 2);
    EXPECT_GT(h.repeatProbability, 0.9);
    EXPECT_DOUBLE_EQ(h.weight, HabitWeight);
}

// A player who placed them elsewhere in round 2 is no longer read as habitual in round 3.
TEST(ChiefSpyOpponentModel, AnOpponentThatMovesItsPiecesLosesTheWeight) {
    auto h = opponent_habits(
        view_after({round_end("white", 'a', 'h'), round_end("white", 'c', 'e')}), White);
    EXPECT_EQ(h.count[0], 1);
    EXPECT_EQ(h.count[2], 1);
    EXPECT_LT(h.repeatProbability, 0.1);
    EXPECT_LT(h.weight, 0.15 * HabitWeight);
    // one of the two kept: the evidence is mixed, the weight stays near the prior's
    auto mixed = opponent_habits(
        view_after({round_end("white", 'a', 'h'), round_end("white", 'a', 'e')}), White);
    EXPECT_GT(mixed.weight, 0.8 * HabitWeight);
    EXPECT_LT(mixed.weight, h.weight + HabitWeight);
}

// Our own reveals say nothing about the opponent, and malformed records are skipped.
TEST(ChiefSpyOpponentModel, ReadsOnlyTheOpponentsWellFormedReveals) {
    auto ours = opponent_habits(view_after({round_end("black", 'a', 'h')}), White);
    for (int c : ours.count) EXPECT_EQ(c, 0);
    json::array junk{nullptr, 3, json::object{{"reveal", nullptr}},
                     json::object{{"reveal", json::object{{"white", "x"}}}}};
    auto h = opponent_habits(view_after(junk), White);
    for (int c : h.count) EXPECT_EQ(c, 0);
    EXPECT_DOUBLE_EQ(h.weight, HabitWeight);
    json::object noColours{{"rounds", json::array{round_end("white", 'a', 'h')}}};
    for (int c : opponent_habits(noColours, White).count) EXPECT_EQ(c, 0);
}

TEST(ChiefSpyOpponentModel, CountsTheBattlesEachOpponentPieceStarted) {
    auto battle = [](const char* colour, const char* id) {
        return json::object{{"attacker", json::object{{"colour", colour}, {"id", id}}}};
    };
    json::object view{
        {"battles", json::array{battle("black", "g"), battle("black", "g"), battle("white", "a"),
                                battle("black", "ab"), battle("black", "z"), json::object{}}}};
    auto attacks = opponent_attacks(view, White);
    EXPECT_EQ(attacks[6], 2);
    EXPECT_EQ(attacks[0], 0);  // ours
    int total = 0;
    for (int a : attacks) total += a;
    EXPECT_EQ(total, 2);
}
