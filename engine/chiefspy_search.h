// The Chief & Spy level player's search in one determinisation (engine/chiefspy_player.h):
// the public board with every value fixed by a sampled opponent assignment, searched by
// alpha-beta with battle quiescence. Besides the sampled values, every world carries what is
// the same in all of them: what the opponent can read about our pieces from what we have
// shown (its own exact deduction, replayed with the sampled opponent values), our belief's
// odds of each enemy piece being the Spy, and where the match stands (points and round), so
// that the round's end is scored by what it does to the match.
#pragma once

#include <array>
#include <cstdint>

#include "engine/chiefspy_player.h"
#include "variants/chiefspy/board.h"
#include "variants/chiefspy/value.h"

namespace arbiter::engine::cs_detail {

using chiefspy::Board;
using chiefspy::Slot;
using chiefspy::SlotCount;
using chiefspy::Value;

// What the match is worth, from the searching player's side, in [-1, 1] (a won match 1).
// Rounds still to come are valued by a small model of a round between equals.
struct MatchOutlook {
    int mine = 0, theirs = 0;  // points before this round
    int round = 1;             // this round's number, 1..3
    // The match value if this round ends with these points scored in it (by us, by them);
    // a drawn round is (0, 0).
    double after_round(int scoredByMe, int scoredByThem) const;
    // The match value as the round stands now, before its outcome is known.
    double now() const;
};

// Shared by every world of one choice.
struct Context {
    Color me = White;
    MatchOutlook match;
    double matchNow = 0;                        // match.now()
    double drawValue = 0;                       // match.after_round(0, 0)
    std::array<double, SlotCount> enemySpy{};   // our belief: P(enemy piece is the Spy)
    std::array<double, SlotCount> readChief{};  // the opponent's belief: P(our piece is the Chief)
    std::array<double, SlotCount> readSpy{};    // ... P(our piece is the Spy)
    std::array<double, SlotCount> readValue{};  // ... our piece's expected value (C 8, S 0)
    bool bluffs = true;                         // the bluff bonus counts
    int chiefExposure = DefaultChiefExposure;   // our Chief in a Spy's reach, fully read
};

struct World {
    Board board;
    Value current[2][SlotCount];
    Value initial[2][SlotCount];
    Slot spy[2] = {chiefspy::NoSlot, chiefspy::NoSlot};
    int points[2] = {0, 0};  // scored in the searched line
    bool over = false;
    const Context* ctx = nullptr;

    Value value_of(Color c, chiefspy::Unit u, bool initialValue) const;
    // Round::play without the bookkeeping: the battle through the referee's function.
    void play(const chiefspy::Move& m);
};

constexpr int Infinite = 1'000'000;
// A whole match won, in evaluation units (a pawn is 100): a Spy taken at 0-0 in round 1 is
// worth 0.34 of it, 3000. What is lost counts 1.5 times what is won: a player that does not
// gamble at even odds scored better in self-play (it keeps its Spy out of harm's way).
constexpr int MatchScale = 8800;
constexpr double LossAversion = 1.5;

// From the side to move's point of view.
int evaluate_world(const World& w);

class WorldSearch {
  public:
    explicit WorldSearch(std::uint64_t nodeCap) : cap_(nodeCap) {}
    // Negamax value of w for its side to move, `depth` full plies then battles only.
    int search(const World& w, int depth, int alpha, int beta, int qdepth);
    std::uint64_t nodes() const { return nodes_; }

  private:
    std::uint64_t cap_;
    std::uint64_t nodes_ = 0;
};

}  // namespace arbiter::engine::cs_detail
