// A Chief & Spy battle (docs/rules.md#battles), with the board already reduced to two
// bonuses. The same function decides real battles, the companion calculator's answers
// and every hypothesis the deduction module replays, so all three agree by construction.
#pragma once

#include "variants/chiefspy/value.h"

namespace arbiter::chiefspy {

enum class BattleWinner { Attacker, Defender, Tie };

struct Fighter {
    Value current;  // the value it fights with
    Value initial;  // the cap on a numbered winner's new value
    int bonus = 0;  // attacker: +1 base plus supporters; defender: supporters
};

struct BattleResult {
    BattleWinner winner;
    // New values of the pieces that stay on the board (none for a piece that leaves it).
    std::optional<Value> attackerAfter, defenderAfter;
};

BattleResult resolve_battle(const Fighter& attacker, const Fighter& defender);

// Numeric total (value + bonus) of a numbered fighter; specials have none.
inline std::optional<int> total_of(const Fighter& f) {
    if (!f.current.is_number()) return std::nullopt;
    return f.current.as_number() + f.bonus;
}

const char* winner_name(BattleWinner w);

}  // namespace arbiter::chiefspy
