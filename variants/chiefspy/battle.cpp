#include "variants/chiefspy/battle.h"

namespace arbiter::chiefspy {

std::string Value::to_string() const {
    if (is_chief()) return "C";
    if (is_spy()) return "S";
    return std::to_string(code_);
}

std::optional<Value> Value::parse(std::string_view t) {
    if (t == "C" || t == "c" || t == "chief" || t == "Chief") return chief();
    if (t == "S" || t == "s" || t == "spy" || t == "Spy") return spy();
    if (t.size() == 1 && t[0] >= '1' && t[0] <= '7') return number(t[0] - '0');
    return std::nullopt;
}

const char* winner_name(BattleWinner w) {
    switch (w) {
        case BattleWinner::Attacker: return "attacker";
        case BattleWinner::Defender: return "defender";
        default: return "tie";
    }
}

namespace {

// The value the loser takes from a numbered winner: a number counts as itself, the Spy
// as 0 [D]. (A numbered piece never beats the Chief.)
int cost_of(Value loser) { return loser.is_number() ? loser.as_number() : 0; }

Value new_value(const Fighter& winner, const Fighter& loser) {
    if (winner.current.is_special()) return winner.current;
    int total = winner.current.as_number() + winner.bonus;
    int cap = winner.initial.is_number() ? winner.initial.as_number() : total;
    int v = total - cost_of(loser.current);
    if (v > cap) v = cap;
    if (v < 1) v = 1;  // cannot happen for a real winner; kept as the rules' floor
    return Value::number(v);
}

BattleWinner decide(const Fighter& a, const Fighter& d) {
    Value x = a.current, y = d.current;
    // Spy beats Chief whoever attacks.
    if (x.is_spy() && y.is_chief()) return BattleWinner::Attacker;
    if (x.is_chief() && y.is_spy()) return BattleWinner::Defender;
    // Chief v Chief, Spy v Spy: the special values are equal, so the bonuses decide [D].
    if (x == y && x.is_special()) {
        if (a.bonus != d.bonus)
            return a.bonus > d.bonus ? BattleWinner::Attacker : BattleWinner::Defender;
        return BattleWinner::Tie;
    }
    if (x.is_chief()) return BattleWinner::Attacker;
    if (y.is_chief()) return BattleWinner::Defender;
    if (x.is_spy()) return BattleWinner::Defender;
    if (y.is_spy()) return BattleWinner::Attacker;
    int ta = x.as_number() + a.bonus, td = y.as_number() + d.bonus;
    if (ta == td) return BattleWinner::Tie;
    return ta > td ? BattleWinner::Attacker : BattleWinner::Defender;
}

}  // namespace

BattleResult resolve_battle(const Fighter& attacker, const Fighter& defender) {
    BattleResult r{decide(attacker, defender), std::nullopt, std::nullopt};
    if (r.winner == BattleWinner::Attacker) r.attackerAfter = new_value(attacker, defender);
    if (r.winner == BattleWinner::Defender) r.defenderAfter = new_value(defender, attacker);
    return r;
}

}  // namespace arbiter::chiefspy
