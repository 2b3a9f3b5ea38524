// What one Chief & Spy seat can deduce from what it has seen (docs/rules.md#chief--spy): the
// exact set of opponent value assignments consistent with every battle outcome, gambit and
// promotion of the round, and from it the distribution of every piece's initial and current
// value.
//
// The whole history of a round is deterministic once the opponent's assignment is fixed
// (own values are known, bonuses and winners are public), so the belief keeps, for each of
// the 8! = 40,320 assignments still consistent, the current value of every piece, and
// replays each new battle through chiefspy::resolve_battle — the referee's own function —
// dropping the assignments whose outcome differs from the one announced. Probabilities are
// exact under a uniform prior over the opponent's permutations (see docs/chiefspy-deduction.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/types.h"
#include "referee/random.h"
#include "variants/chiefspy/battle.h"

namespace arbiter::belief {

using chiefspy::BattleWinner;
using chiefspy::Value;

// A piece as both players can name it: its side and its starting file a..h (slot 0..7) for
// the eight back-rank pieces (a = great rook ... h = rook), or any pawn (value 1, public).
struct CsPiece {
    static constexpr int PawnSlot = 8;
    Color side = White;
    int slot = PawnSlot;

    static constexpr CsPiece back_rank(Color c, int file) { return CsPiece{c, file}; }
    static constexpr CsPiece pawn(Color c) { return CsPiece{c, PawnSlot}; }
    constexpr bool is_pawn() const { return slot == PawnSlot; }
    constexpr bool operator==(const CsPiece&) const = default;
};

// One battle as both players are told of it.
struct BattleSeen {
    CsPiece attacker, defender;
    int attacker_bonus = 1;  // including the attacker's +1 base
    int defender_bonus = 0;
    BattleWinner winner = BattleWinner::Tie;
    bool round_over = false;  // the referee ended the round with this battle
};

// One opponent assignment still consistent, with the state it implies now. A current value
// is empty for a piece off the board.
struct CsHypothesis {
    std::array<Value, 8> opponent_initial;
    std::array<std::optional<Value>, 8> opponent_current, own_current;
};

// Number of consistent assignments per value, exact. Current values are indexed by
// current_index (1..7 -> 0..6, C -> 7, S -> 8); initial values by chiefspy::value_index.
struct CsMarginals {
    std::uint32_t consistent = 0;
    std::array<std::array<std::uint32_t, 8>, 8> opponent_initial{};
    std::array<std::array<std::uint32_t, 9>, 8> opponent_current{}, own_current{};
};

constexpr int current_index(Value v) {
    return v.is_chief() ? 7 : v.is_spy() ? 8 : v.as_number() - 1;
}
constexpr Value value_at_current_index(int i) {
    return i == 7 ? Value::chief() : i == 8 ? Value::spy() : Value::number(i + 1);
}

class ChiefSpyBelief {
public:
    // The seat plays `me` this round with these initial values (a..h); throws
    // std::invalid_argument unless they are a permutation of 2..7, C, S.
    ChiefSpyBelief(Color me, const std::array<Value, 8>& own_initial);

    // A new round: new colour, new values, everything seen before is forgotten.
    void new_round(Color me, const std::array<Value, 8>& own_initial);

    // Each observation returns nothing when taken in, or the reason it was refused: bad
    // input (a piece off the board, two pieces of one side, the round already over...) or
    // an outcome no assignment can explain. A refused observation changes nothing.
    std::optional<std::string> observe_battle(const BattleSeen& battle);
    // `spy` made a Spy gambit, so it is its side's Spy (the battle that ends the gambit
    // is a separate observe_battle).
    std::optional<std::string> observe_gambit(CsPiece spy);
    // A pawn of `returning.side` was promoted into the fallen `returning`, which comes back
    // with its initial value.
    std::optional<std::string> observe_promotion(CsPiece returning);

    Color me() const { return me_; }
    bool round_over() const { return round_over_; }
    bool on_board(CsPiece p) const;
    int pawns(Color side) const { return pawns_[side]; }
    const std::array<Value, 8>& own_initial() const { return own_initial_; }

    std::size_t consistent() const { return rows_.size(); }
    CsMarginals marginals() const;
    double probability_chief(int opponent_slot) const;
    double probability_spy(int opponent_slot) const;
    // Every consistent assignment, in no particular order.
    std::vector<CsHypothesis> hypotheses() const;
    // n consistent assignments drawn uniformly (with replacement), for determinisation.
    std::vector<CsHypothesis> sample(referee::RandomSource& rng, std::size_t n) const;

    // The whole belief for the web overlay; the format is in docs/chiefspy-deduction.md.
    json::object to_json() const;

private:
    // One consistent assignment: the opponent's initial values and the current value of
    // every piece of both sides, as codes (current_index of the value).
    struct Row {
        std::uint8_t opponent_initial[8];
        std::uint8_t current[2][8];  // [Color][slot]
    };

    void reset();
    std::optional<std::string> check_piece(CsPiece p, const char* role) const;
    CsHypothesis hypothesis_of(const Row& r) const;

    Color me_ = White;
    std::array<Value, 8> own_initial_{};
    std::array<std::uint8_t, 8> own_initial_code_{};
    bool round_over_ = false;
    bool on_board_[2][8]{};
    bool won_[2][8]{};  // won a battle since it (re)entered the board: value may have changed
    int pawns_[2]{8, 8};
    std::vector<Row> rows_, scratch_;
    std::vector<std::uint32_t> memo_;  // battle outcome per (fighters' current, initial)
};

}  // namespace arbiter::belief
