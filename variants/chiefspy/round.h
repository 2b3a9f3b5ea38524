// One Chief & Spy round with its secrets (docs/rules.md#chief--spy): the public Board plus both
// sides' initial and current values. Only the referee holds a Round; what a player may see of
// it is chosen by the referee's view code.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "variants/chiefspy/board.h"

namespace arbiter::chiefspy {

// A side's values by slot (a..h): a permutation of 2..7, C, S.
using Assignment = std::array<Value, SlotCount>;

bool is_valid_assignment(const Assignment& a);
// "5,S,3,7,C,2,4,6" (slot order a..h).
std::string assignment_text(const Assignment& a);
// One of the eight set-up values exactly as docs/rules.md#fair-play-in-chief--spy spells it:
// "2".."7", "C" or "S" (no lower case, no words, no white space); nothing otherwise.
std::optional<Value> parse_setup_value(std::string_view text);
// Reads assignment_text; nothing unless it is a valid assignment.
std::optional<Assignment> parse_assignment(std::string_view text);
// The committed string of docs/rules.md#fair-play-in-chief--spy:
// "chiefspy-v1|white|5,S,3,7,C,2,4,6|<salt>".
std::string commitment_preimage(Color side, const Assignment& a, std::string_view salt);

// A battle as everyone is told of it (no value in it).
struct BattleReport {
    Color attackerColor;
    Square attackerFrom, contested;
    Unit attacker, defender;
    int attackerBonus, defenderBonus;
    BattleWinner winner;
};

enum class RoundEndReason {
    ChiefCaptured,  // a Chief left the board (maybe a Spy too)
    SpyCaptured,    // only Spies left the board
    NoLegalMove,    // the side to move could not move: it loses as if its Chief fell [D]
    NoProgress,     // 100 plies without a battle or a pawn move: drawn [D]
    Resignation,    // counts as losing one's Chief [D]
    Timeout,        // counts as losing one's Chief [D]
    Agreement,      // both players agreed to draw the round (our choice, docs/chiefspy.md)
};
std::string_view reason_name(RoundEndReason r);

struct RoundEnd {
    RoundEndReason reason;
    std::array<int, 2> points{};  // by colour
};

constexpr int NoProgressPlies = 100;

class Round {
  public:
    Round(const Assignment& white, const Assignment& black);
    // From a set-up position (tests, studies): the pieces keep their slots' values.
    Round(const Board& board, const Assignment& white, const Assignment& black);

    const Board& board() const { return board_; }
    Color side_to_move() const { return board_.side_to_move(); }
    Value initial(Color c, Slot s) const { return initial_[c][s]; }
    Value current(Color c, Slot s) const { return current_[c][s]; }
    // Whether a piece has won a battle with a numbered value since it (re)entered the board,
    // so that its owner no longer knows its value.
    bool changed(Color c, Slot s) const { return changed_[c][s]; }
    Slot spy_slot(Color c) const;

    // Legal moves of the side to move, gambits for its real Spy.
    std::vector<Move> legal_moves() const { return board_.legal_moves(spy_slot(side_to_move())); }

    struct Played {
        Move move;
        std::string text;
        std::optional<BattleReport> battle;
        bool promoted = false;
    };
    // Plays a legal move (the caller checks is_legal), fights its battle, and ends the round
    // if a Chief or Spy left the board, after 100 quiet plies, or when the side to move then
    // has no legal move.
    Played play(const Move& m);
    // Ends the round for a reason outside the board: the loser loses as if its Chief fell
    // (resignation, timeout), or nobody scores (agreement).
    void end_by(RoundEndReason reason, std::optional<Color> loser);

    bool over() const { return end_.has_value(); }
    const std::optional<RoundEnd>& end() const { return end_; }
    const std::vector<Played>& history() const { return history_; }

  private:
    Board board_;
    Assignment initial_[2];
    Assignment current_[2];
    bool changed_[2][SlotCount]{};
    std::optional<RoundEnd> end_;
    std::vector<Played> history_;
};

// The match around the rounds (docs/rules.md#rounds-and-the-match). Players are 0 and 1;
// player 0 has White in rounds 1 and 3, Black in round 2.
constexpr int MaxRounds = 3;
constexpr int PointsToWin = 2;
constexpr Color color_of_player(int player, int round) { return Color((player + round - 1) % 2); }

struct MatchScore {
    std::array<int, 2> points{};  // by player
    int roundsFinished = 0;
    void add(const RoundEnd& end, int round);  // round is 1-based
    bool over() const;
    // The player ahead, or nothing for a drawn (or unfinished) match.
    std::optional<int> leader() const;
};

}  // namespace arbiter::chiefspy
