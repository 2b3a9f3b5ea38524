// The battle examples of docs/rules.md#battles, one test each.
#include <gtest/gtest.h>

#include "variants/chiefspy/battle.h"

using namespace arbiter::chiefspy;

namespace {
Value n(int x) { return Value::number(x); }
Fighter fighter(Value v, int bonus, std::optional<Value> initial = std::nullopt) {
    return Fighter{v, initial.value_or(v), bonus};
}
}  // namespace

TEST(ChiefSpyBattle, AttackWins) {
    auto r = resolve_battle(fighter(n(5), 1), fighter(n(4), 0));
    EXPECT_EQ(r.winner, BattleWinner::Attacker);
    EXPECT_EQ(r.attackerAfter, n(2));  // 6 - 4
    EXPECT_FALSE(r.defenderAfter);
}

TEST(ChiefSpyBattle, DefenceWins) {
    auto r = resolve_battle(fighter(n(3), 1), fighter(n(6), 1));
    EXPECT_EQ(r.winner, BattleWinner::Defender);
    EXPECT_EQ(r.defenderAfter, n(4));  // 7 - 3
    EXPECT_FALSE(r.attackerAfter);
}

TEST(ChiefSpyBattle, EqualTotalsRemoveBoth) {
    auto r = resolve_battle(fighter(n(4), 2), fighter(n(5), 1));
    EXPECT_EQ(r.winner, BattleWinner::Tie);
    EXPECT_FALSE(r.attackerAfter);
    EXPECT_FALSE(r.defenderAfter);
}

TEST(ChiefSpyBattle, NewValueIsCappedAtTheInitialValue) {
    // A 3 with big support cannot grow above 3; a 5 worn down to 2 can win back up to 5.
    auto r = resolve_battle(fighter(n(3), 5, n(3)), fighter(n(1), 0));
    EXPECT_EQ(r.attackerAfter, n(3));
    auto r2 = resolve_battle(fighter(n(2), 4, n(5)), fighter(n(1), 0));
    EXPECT_EQ(r2.attackerAfter, n(5));
}

TEST(ChiefSpyBattle, ChiefBeatsANumberWhateverTheTotals) {
    auto r = resolve_battle(fighter(Value::chief(), 1), fighter(n(7), 6));
    EXPECT_EQ(r.winner, BattleWinner::Attacker);
    EXPECT_EQ(r.attackerAfter, Value::chief());
}

TEST(ChiefSpyBattle, NumberAttackingTheChiefLoses) {
    auto r = resolve_battle(fighter(n(7), 6), fighter(Value::chief(), 0));
    EXPECT_EQ(r.winner, BattleWinner::Defender);
    EXPECT_EQ(r.defenderAfter, Value::chief());
}

TEST(ChiefSpyBattle, NumberBeatsTheSpyAndPaysNothingForIt) {
    auto r = resolve_battle(fighter(n(2), 1), fighter(Value::spy(), 3));
    EXPECT_EQ(r.winner, BattleWinner::Attacker);
    EXPECT_EQ(r.attackerAfter, n(2));  // min(initial 2, 3 - 0)
}

TEST(ChiefSpyBattle, SpyAttackingANumberLoses) {
    auto r = resolve_battle(fighter(Value::spy(), 4), fighter(n(2), 0));
    EXPECT_EQ(r.winner, BattleWinner::Defender);
    EXPECT_EQ(r.defenderAfter, n(2));
}

TEST(ChiefSpyBattle, SpyAttackingTheChiefWins) {
    auto r = resolve_battle(fighter(Value::spy(), 1), fighter(Value::chief(), 5));
    EXPECT_EQ(r.winner, BattleWinner::Attacker);
    EXPECT_EQ(r.attackerAfter, Value::spy());
}

TEST(ChiefSpyBattle, ChiefAttackingTheSpyLoses) {
    auto r = resolve_battle(fighter(Value::chief(), 3), fighter(Value::spy(), 0));
    EXPECT_EQ(r.winner, BattleWinner::Defender);
    EXPECT_EQ(r.defenderAfter, Value::spy());
}

TEST(ChiefSpyBattle, ChiefAgainstChiefAndSpyAgainstSpyCompareBonuses) {
    EXPECT_EQ(resolve_battle(fighter(Value::chief(), 2), fighter(Value::chief(), 1)).winner,
              BattleWinner::Attacker);
    EXPECT_EQ(resolve_battle(fighter(Value::chief(), 1), fighter(Value::chief(), 2)).winner,
              BattleWinner::Defender);
    EXPECT_EQ(resolve_battle(fighter(Value::spy(), 1), fighter(Value::spy(), 1)).winner,
              BattleWinner::Tie);
}

TEST(ChiefSpyBattle, SeedBonusExampleIsATieOnEqualValues) {
    // The seed: attacking bishop +1 base +1 knight = +2; defending great knight +0 base
    // +1 great rook +1 pawn = +2. With equal values the totals tie.
    auto r = resolve_battle(fighter(n(4), 2), fighter(n(4), 2));
    EXPECT_EQ(r.winner, BattleWinner::Tie);
}

TEST(ChiefSpyBattle, ValueParsing) {
    EXPECT_EQ(Value::parse("C"), Value::chief());
    EXPECT_EQ(Value::parse("s"), Value::spy());
    EXPECT_EQ(Value::parse("7"), n(7));
    EXPECT_FALSE(Value::parse("8"));
    EXPECT_FALSE(Value::parse("0"));
    EXPECT_FALSE(Value::parse(""));
    EXPECT_FALSE(Value::parse("77"));
    EXPECT_EQ(Value::chief().to_string(), "C");
}
