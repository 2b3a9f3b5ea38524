// Chief & Spy deduction (belief/chiefspy_belief.h): hand-made histories with answers worked
// out by hand, random histories checked against a brute force that replays every one of the
// 40,320 opponent assignments from scratch, and refused (bad or contradictory) observations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>

#include "belief/chiefspy_belief.h"

using namespace arbiter;
using namespace arbiter::belief;
using chiefspy::Fighter;
using chiefspy::resolve_battle;

namespace {

Value n(int x) { return Value::number(x); }
const Value C = Value::chief(), S = Value::spy();

// White's values in file order a..h for the hand-made tests.
const std::array<Value, 8> Mine = {n(5), n(7), n(4), C, n(2), S, n(3), n(6)};

CsPiece w(int file) { return CsPiece::back_rank(White, file); }
CsPiece b(int file) { return CsPiece::back_rank(Black, file); }

BattleSeen battle(CsPiece a, CsPiece d, int ab, int db, BattleWinner win, bool over = false) {
    return BattleSeen{a, d, ab, db, win, over};
}

double p_initial(const CsMarginals& m, int slot, Value v) {
    return double(m.opponent_initial[slot][chiefspy::value_index(v)]) / m.consistent;
}
double p_current_opp(const CsMarginals& m, int slot, Value v) {
    return double(m.opponent_current[slot][current_index(v)]) / m.consistent;
}
double p_current_own(const CsMarginals& m, int slot, Value v) {
    return double(m.own_current[slot][current_index(v)]) / m.consistent;
}

bool sanitized() {
    const char* s = std::getenv("ARBITER_SANITIZED");
    return s && std::string(s) == "1";
}

}  // namespace

TEST(ChiefSpyBelief, BeforeAnyBattleEveryAssignmentIsPossible) {
    ChiefSpyBelief belief(White, Mine);
    EXPECT_EQ(belief.consistent(), 40320u);
    auto m = belief.marginals();
    for (int s = 0; s < 8; ++s)
        for (int v = 0; v < 8; ++v) EXPECT_EQ(m.opponent_initial[s][v], 5040u);
    for (int s = 0; s < 8; ++s) {
        EXPECT_DOUBLE_EQ(belief.probability_chief(s), 0.125);
        EXPECT_EQ(m.own_current[s][current_index(Mine[s])], 40320u);
    }
}

TEST(ChiefSpyBelief, GambitRevealsTheSpy) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_gambit(b(3)));
    EXPECT_EQ(belief.consistent(), 5040u);
    EXPECT_EQ(belief.probability_spy(3), 1.0);
    for (int s = 0; s < 8; ++s) {
        EXPECT_EQ(belief.probability_spy(s), s == 3 ? 1.0 : 0.0);
    }
    EXPECT_DOUBLE_EQ(belief.probability_chief(0), 1.0 / 7);
}

TEST(ChiefSpyBelief, NumberAttacksAndLosesSoTheDefenderBeatsItsTotal) {
    // My 5 (+1) attacks b and loses to a defender with no support: b beats 6, so it is the
    // 7 (left with min(7, 7 - 5) = 2) or the Chief (stays C). The Spy would lose.
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(0), b(1), 1, 0, BattleWinner::Defender)));
    EXPECT_EQ(belief.consistent(), 2u * 5040);
    auto m = belief.marginals();
    EXPECT_EQ(p_initial(m, 1, n(7)), 0.5);
    EXPECT_EQ(p_initial(m, 1, C), 0.5);
    EXPECT_EQ(p_current_opp(m, 1, n(2)), 0.5);
    EXPECT_EQ(p_current_opp(m, 1, C), 0.5);
    EXPECT_FALSE(belief.on_board(w(0)));
    EXPECT_TRUE(belief.on_board(b(1)));
    // The others share what is left: 7 and C are each elsewhere in half the cases.
    EXPECT_DOUBLE_EQ(p_initial(m, 0, n(7)), 0.5 * (1.0 / 7));
}

TEST(ChiefSpyBelief, WinningMakesOwnCurrentValueUncertain) {
    // My 7 (+1, total 8) beats c without ending the round: c was a number 2..7 (the Chief
    // would win, the Spy would end the round). My 7 becomes min(7, 8 - c): 6..1 evenly.
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(1), b(2), 1, 0, BattleWinner::Attacker)));
    EXPECT_EQ(belief.consistent(), 6u * 5040);
    auto m = belief.marginals();
    EXPECT_EQ(p_initial(m, 2, C), 0.0);
    EXPECT_EQ(p_initial(m, 2, S), 0.0);
    for (int v = 2; v <= 7; ++v) {
        EXPECT_DOUBLE_EQ(p_initial(m, 2, n(v)), 1.0 / 6);
        EXPECT_DOUBLE_EQ(p_current_own(m, 1, n(8 - v)), 1.0 / 6);
    }
    EXPECT_FALSE(belief.on_board(b(2)));
    EXPECT_EQ(m.opponent_current[2], (std::array<std::uint32_t, 9>{}));
}

TEST(ChiefSpyBelief, BeatingAPieceThatEndsTheRoundFindsTheSpy) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(4), b(6), 1, 3, BattleWinner::Attacker, true)));
    EXPECT_EQ(belief.consistent(), 5040u);
    EXPECT_EQ(belief.probability_spy(6), 1.0);
    EXPECT_TRUE(belief.round_over());
    // Nothing more happens in this round.
    EXPECT_TRUE(belief.observe_gambit(b(0)));
}

TEST(ChiefSpyBelief, TieFixesTheDefendersValue) {
    // My 4 (+1+1 = 6) ties with d (+2): d is the 4 and both leave the board.
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(2), b(3), 2, 2, BattleWinner::Tie)));
    EXPECT_EQ(belief.consistent(), 5040u);
    auto m = belief.marginals();
    EXPECT_EQ(p_initial(m, 3, n(4)), 1.0);
    EXPECT_FALSE(belief.on_board(w(2)));
    EXPECT_FALSE(belief.on_board(b(3)));
}

TEST(ChiefSpyBelief, PawnAgainstMyChiefIsDecidedByPublicValues) {
    // A black pawn (+1, total 2) attacks my Chief: the Chief wins and stays C.
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(
        belief.observe_battle(battle(CsPiece::pawn(Black), w(3), 1, 0, BattleWinner::Defender)));
    EXPECT_EQ(belief.consistent(), 40320u);
    EXPECT_EQ(belief.pawns(Black), 7);
    // The same pawn attack beating my Chief is impossible.
    EXPECT_TRUE(
        belief.observe_battle(battle(CsPiece::pawn(Black), w(3), 1, 0, BattleWinner::Attacker)));
}

TEST(ChiefSpyBelief, OpponentSpyDefendingAgainstMyChiefEndsTheRound) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(3), b(5), 1, 0, BattleWinner::Defender, true)));
    EXPECT_EQ(belief.probability_spy(5), 1.0);
    EXPECT_EQ(belief.consistent(), 5040u);
}

TEST(ChiefSpyBelief, PromotionReturnsAFallenPieceAtItsInitialValue) {
    ChiefSpyBelief belief(Black, Mine);
    // White's b (+1) beats my 7 at a: b is C (stays C), or a number whose total b+1 > 5.
    ASSERT_FALSE(belief.observe_battle(battle(w(1), b(0), 1, 0, BattleWinner::Attacker)));
    // Then my 7 at b beats White's b, which must have been a number: 5, 6 or 7.
    ASSERT_FALSE(belief.observe_battle(battle(b(1), w(1), 1, 0, BattleWinner::Attacker)));
    EXPECT_EQ(belief.consistent(), 3u * 5040);
    ASSERT_FALSE(belief.observe_promotion(w(1)));
    auto m = belief.marginals();
    for (int v = 5; v <= 7; ++v) {
        EXPECT_DOUBLE_EQ(p_initial(m, 1, n(v)), 1.0 / 3);
        EXPECT_DOUBLE_EQ(p_current_opp(m, 1, n(v)), 1.0 / 3);
    }
    EXPECT_EQ(belief.pawns(White), 7);
    // My fallen 5 comes back as a 5.
    ASSERT_FALSE(belief.observe_promotion(b(0)));
    m = belief.marginals();
    EXPECT_EQ(p_current_own(m, 0, n(5)), 1.0);
}

TEST(ChiefSpyBelief, NewRoundForgetsEverything) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_gambit(b(3)));
    std::array<Value, 8> next = {C, S, n(2), n(3), n(4), n(5), n(6), n(7)};
    belief.new_round(Black, next);
    EXPECT_EQ(belief.me(), Black);
    EXPECT_EQ(belief.consistent(), 40320u);
    EXPECT_FALSE(belief.round_over());
    EXPECT_TRUE(belief.on_board(w(0)));
}

TEST(ChiefSpyBelief, JsonGivesExactProbabilities) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(0), b(1), 1, 0, BattleWinner::Defender)));
    auto j = belief.to_json();
    EXPECT_EQ(j.at("consistent").as_int64(), 10080);
    EXPECT_EQ(j.at("side").as_string(), "white");
    const auto& bb = j.at("opponent").at("b").as_object();
    EXPECT_EQ(bb.at("initial").at("7").as_double(), 0.5);
    EXPECT_EQ(bb.at("initial").at("S").as_double(), 0.0);
    EXPECT_EQ(bb.at("chief").as_double(), 0.5);
    EXPECT_EQ(bb.at("current").at("2").as_double(), 0.5);
    EXPECT_EQ(bb.at("current").at("C").as_double(), 0.5);
    EXPECT_EQ(bb.at("current").as_object().size(), 2u);
    EXPECT_TRUE(j.at("own").at("a").at("current").is_null());
    EXPECT_EQ(j.at("own").at("b").at("current").at("7").as_double(), 1.0);
    EXPECT_EQ(j.at("own").at("b").at("initial").as_string(), "7");
}

TEST(ChiefSpyBelief, SamplesAreConsistentAssignments) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_battle(battle(w(1), b(2), 1, 0, BattleWinner::Attacker)));
    referee::SeededRandom rng(7);
    auto samples = belief.sample(rng, 50);
    ASSERT_EQ(samples.size(), 50u);
    for (const auto& h : samples) {
        EXPECT_TRUE(h.opponent_initial[2].is_number());
        EXPECT_FALSE(h.opponent_current[2]);
        int c = h.opponent_initial[2].as_number();
        EXPECT_EQ(h.own_current[1], n(8 - c));
        EXPECT_EQ(h.opponent_current[0], h.opponent_initial[0]);
    }
}

// ---- Refused observations ----

TEST(ChiefSpyBelief, ContradictoryObservationIsRefusedAndChangesNothing) {
    ChiefSpyBelief belief(White, Mine);
    ASSERT_FALSE(belief.observe_gambit(b(3)));
    // b's d is the Spy: it cannot beat my 2 as a defender.
    auto error = belief.observe_battle(battle(w(4), b(3), 1, 0, BattleWinner::Defender));
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("contradict"), std::string::npos) << *error;
    EXPECT_EQ(belief.consistent(), 5040u);
    EXPECT_TRUE(belief.on_board(w(4)));
    // Two gambits by different pieces cannot both be the Spy's.
    EXPECT_TRUE(belief.observe_gambit(b(4)));
    EXPECT_EQ(belief.consistent(), 5040u);
    // A pawn battle whose outcome the public values already decide the other way.
    EXPECT_TRUE(belief.observe_battle(
        battle(CsPiece::pawn(White), CsPiece::pawn(Black), 1, 0, BattleWinner::Defender)));
}

TEST(ChiefSpyBelief, BadInputIsRefusedWithAReason) {
    ChiefSpyBelief belief(White, Mine);
    auto same = belief.observe_battle(battle(w(0), w(1), 1, 0, BattleWinner::Attacker));
    ASSERT_TRUE(same);
    EXPECT_NE(same->find("same side"), std::string::npos);
    EXPECT_TRUE(belief.observe_battle(battle(w(0), b(9), 1, 0, BattleWinner::Attacker)));
    EXPECT_TRUE(belief.observe_battle(battle(w(0), b(1), 0, 0, BattleWinner::Attacker)));
    EXPECT_TRUE(belief.observe_battle(battle(w(0), b(1), 1, -1, BattleWinner::Attacker)));
    EXPECT_TRUE(belief.observe_gambit(w(0)));  // my a is a 5, not my Spy
    EXPECT_TRUE(belief.observe_gambit(CsPiece::pawn(Black)));
    EXPECT_TRUE(belief.observe_promotion(b(0)));  // still on the board
    // My Chief beats a: anything but the Spy (round over) and the Chief (bonuses 1 v 0
    // would beat it too, and end the round).
    ASSERT_FALSE(belief.observe_battle(battle(w(3), b(0), 1, 0, BattleWinner::Attacker)));
    auto gone = belief.observe_battle(battle(b(0), w(3), 1, 0, BattleWinner::Attacker));
    ASSERT_TRUE(gone);
    EXPECT_NE(gone->find("not on the board"), std::string::npos);
    EXPECT_EQ(belief.consistent(), 6u * 5040);
    EXPECT_THROW(ChiefSpyBelief(White, {n(2), n(2), n(3), n(4), n(5), n(6), C, S}),
                 std::invalid_argument);
    EXPECT_THROW(ChiefSpyBelief(White, {n(1), n(7), n(3), n(4), n(5), n(6), C, S}),
                 std::invalid_argument);
}

// ---- Random histories against a brute force ----

namespace {

struct Observation {
    enum Kind { Battle, Gambit, Promotion } kind;
    BattleSeen battle;
    CsPiece piece;
};

// The true state of a synthetic round: no board, only who is on it and the values.
struct TrueRound {
    std::array<Value, 8> initial[2];
    std::array<std::optional<Value>, 8> current[2];
    int pawns[2] = {8, 8};
};

std::array<Value, 8> random_assignment(std::mt19937_64& gen) {
    auto a = chiefspy::AllBackRankValues;
    std::shuffle(a.begin(), a.end(), gen);
    return a;
}

int pick(std::mt19937_64& gen, int bound) {
    return int(std::uniform_int_distribution<int>(0, bound - 1)(gen));
}

// Fighter as the truth sees it.
Fighter fighter_of(const TrueRound& t, CsPiece p, int bonus) {
    if (p.is_pawn()) return Fighter{n(1), n(1), bonus};
    return Fighter{*t.current[p.side][p.slot], t.initial[p.side][p.slot], bonus};
}

// Plays the battle on the truth; returns whether a Chief or Spy left the board.
bool play(TrueRound& t, const BattleSeen& bs, const chiefspy::BattleResult& r) {
    bool special_left = false;
    auto leave = [&](CsPiece p) {
        if (p.is_pawn()) {
            --t.pawns[p.side];
        } else {
            special_left |= t.current[p.side][p.slot]->is_special();
            t.current[p.side][p.slot].reset();
        }
    };
    auto stay = [&](CsPiece p, Value v) {
        if (!p.is_pawn()) t.current[p.side][p.slot] = v;
    };
    if (r.attackerAfter)
        stay(bs.attacker, *r.attackerAfter);
    else
        leave(bs.attacker);
    if (r.defenderAfter)
        stay(bs.defender, *r.defenderAfter);
    else
        leave(bs.defender);
    return special_left;
}

std::vector<CsPiece> pieces_of(const TrueRound& t, Color side) {
    std::vector<CsPiece> out;
    for (int s = 0; s < 8; ++s)
        if (t.current[side][s]) out.push_back(CsPiece::back_rank(side, s));
    if (t.pawns[side] > 0) out.push_back(CsPiece::pawn(side));
    return out;
}

// A random round of up to `length` observations. With `keep_going`, battles that would end
// the round are re-drawn a few times, so that long histories happen too.
std::vector<Observation> random_round(std::mt19937_64& gen, TrueRound& t, int length,
                                      bool keep_going) {
    std::vector<Observation> out;
    for (int step = 0; step < length; ++step) {
        Color side = Color(pick(gen, 2));
        int roll = pick(gen, 10);
        if (roll == 0) {  // promotion, if a pawn and a fallen piece are there
            std::vector<int> fallen;
            for (int s = 0; s < 8; ++s)
                if (!t.current[side][s]) fallen.push_back(s);
            if (t.pawns[side] > 0 && !fallen.empty()) {
                int s = fallen[pick(gen, int(fallen.size()))];
                --t.pawns[side];
                t.current[side][s] = t.initial[side][s];
                out.push_back({Observation::Promotion, {}, CsPiece::back_rank(side, s)});
                continue;
            }
        }
        std::vector<CsPiece> defenders = pieces_of(t, ~side);
        std::vector<CsPiece> attackers = pieces_of(t, side);
        if (defenders.empty() || attackers.empty()) break;
        bool gambit = false;
        CsPiece attacker = attackers[pick(gen, int(attackers.size()))];
        if (roll == 1) {  // the Spy's gambit, if it is still there
            for (int s = 0; s < 8; ++s)
                if (t.current[side][s] && t.current[side][s]->is_spy()) {
                    attacker = CsPiece::back_rank(side, s);
                    gambit = true;
                }
        }
        BattleSeen bs;
        chiefspy::BattleResult r;
        for (int attempt = 0; attempt < (keep_going ? 6 : 1); ++attempt) {
            if (attempt > 0 && !gambit) attacker = attackers[pick(gen, int(attackers.size()))];
            bs.attacker = attacker;
            bs.defender = defenders[pick(gen, int(defenders.size()))];
            bs.attacker_bonus = 1 + pick(gen, 5);
            bs.defender_bonus = pick(gen, 5);
            r = resolve_battle(fighter_of(t, bs.attacker, bs.attacker_bonus),
                               fighter_of(t, bs.defender, bs.defender_bonus));
            TrueRound preview = t;
            if (!play(preview, bs, r)) break;
        }
        if (gambit) out.push_back({Observation::Gambit, {}, attacker});
        bs.winner = r.winner;
        bs.round_over = play(t, bs, r);
        out.push_back({Observation::Battle, bs, {}});
        if (bs.round_over) break;
    }
    return out;
}

// The brute force: every permutation of the opponent's values, replayed from the start of
// the round with nothing but resolve_battle, tallied after each observation it survives.
struct BruteForce {
    std::vector<CsMarginals> after;  // after[k]: tallies after observations 0..k
    std::map<std::array<int, 8>, std::array<std::optional<Value>, 16>> final_states;
};

BruteForce brute_force(Color me, const std::array<Value, 8>& mine,
                       const std::vector<Observation>& history) {
    BruteForce bf;
    bf.after.resize(history.size());
    const Color them = ~me;
    std::array<int, 8> perm{0, 1, 2, 3, 4, 5, 6, 7};
    do {
        TrueRound t;
        t.initial[me] = mine;
        for (int s = 0; s < 8; ++s) t.initial[them][s] = chiefspy::AllBackRankValues[perm[s]];
        for (Color c : {White, Black})
            for (int s = 0; s < 8; ++s) t.current[c][s] = t.initial[c][s];
        bool alive = true;
        for (std::size_t k = 0; k < history.size() && alive; ++k) {
            const Observation& o = history[k];
            if (o.kind == Observation::Battle) {
                const BattleSeen& bs = o.battle;
                auto r = resolve_battle(fighter_of(t, bs.attacker, bs.attacker_bonus),
                                        fighter_of(t, bs.defender, bs.defender_bonus));
                bool over = play(t, bs, r);
                alive = r.winner == bs.winner && over == bs.round_over;
            } else if (o.kind == Observation::Gambit) {
                alive = t.initial[o.piece.side][o.piece.slot].is_spy();
            } else {
                t.current[o.piece.side][o.piece.slot] = t.initial[o.piece.side][o.piece.slot];
                --t.pawns[o.piece.side];
            }
            if (!alive) break;
            CsMarginals& m = bf.after[k];
            ++m.consistent;
            for (int s = 0; s < 8; ++s) {
                ++m.opponent_initial[s][chiefspy::value_index(t.initial[them][s])];
                if (t.current[them][s]) ++m.opponent_current[s][current_index(*t.current[them][s])];
                if (t.current[me][s]) ++m.own_current[s][current_index(*t.current[me][s])];
            }
        }
        if (alive) {
            std::array<std::optional<Value>, 16> state;
            for (int s = 0; s < 8; ++s)
                state[s] = t.current[them][s], state[8 + s] = t.current[me][s];
            bf.final_states[perm] = state;
        }
    } while (std::next_permutation(perm.begin(), perm.end()));
    return bf;
}

void expect_same(const CsMarginals& got, const CsMarginals& want, const std::string& where) {
    ASSERT_EQ(got.consistent, want.consistent) << where;
    EXPECT_EQ(got.opponent_initial, want.opponent_initial) << where;
    EXPECT_EQ(got.opponent_current, want.opponent_current) << where;
    EXPECT_EQ(got.own_current, want.own_current) << where;
}

}  // namespace

TEST(ChiefSpyBelief, MatchesBruteForceOnRandomHistories) {
    const int histories = sanitized() ? 8 : 240;
    std::mt19937_64 gen(20261129);
    int longest = 0, total_battles = 0, rounds_over = 0, gambits = 0, promotions = 0;
    for (int h = 0; h < histories; ++h) {
        Color me = Color(h & 1);
        TrueRound truth;
        truth.initial[White] = random_assignment(gen);
        truth.initial[Black] = random_assignment(gen);
        for (Color c : {White, Black})
            for (int s = 0; s < 8; ++s) truth.current[c][s] = truth.initial[c][s];
        auto history = random_round(gen, truth, 12 + pick(gen, 30), h % 3 != 0);
        longest = std::max(longest, int(history.size()));

        // Every other history starts from a belief that has lived through another round.
        ChiefSpyBelief belief(~me, random_assignment(gen));
        if (h % 2 == 0) {
            ASSERT_FALSE(belief.observe_gambit(CsPiece::back_rank(me, 2)));
            ASSERT_FALSE(belief.observe_battle(battle(CsPiece::back_rank(me, 2), CsPiece::pawn(~me),
                                                      1, 0, BattleWinner::Defender, true)));
        }
        belief.new_round(me, truth.initial[me]);

        BruteForce bf = brute_force(me, truth.initial[me], history);
        for (std::size_t k = 0; k < history.size(); ++k) {
            const Observation& o = history[k];
            std::optional<std::string> error;
            if (o.kind == Observation::Battle) {
                error = belief.observe_battle(o.battle);
                ++total_battles;
                rounds_over += o.battle.round_over;
            } else if (o.kind == Observation::Gambit) {
                error = belief.observe_gambit(o.piece);
                ++gambits;
            } else {
                error = belief.observe_promotion(o.piece);
                ++promotions;
            }
            ASSERT_FALSE(error) << "history " << h << " step " << k << ": " << *error;
            expect_same(belief.marginals(), bf.after[k],
                        "history " + std::to_string(h) + " step " + std::to_string(k));
        }
        // The same consistent set, the same states, and the truth among them.
        auto hyps = belief.hypotheses();
        ASSERT_EQ(hyps.size(), bf.final_states.size());
        bool truth_found = false;
        for (const auto& hy : hyps) {
            std::array<int, 8> perm;
            for (int s = 0; s < 8; ++s) perm[s] = chiefspy::value_index(hy.opponent_initial[s]);
            auto it = bf.final_states.find(perm);
            ASSERT_NE(it, bf.final_states.end()) << "history " << h;
            for (int s = 0; s < 8; ++s) {
                EXPECT_EQ(hy.opponent_current[s], it->second[s]) << "history " << h;
                EXPECT_EQ(hy.own_current[s], it->second[8 + s]) << "history " << h;
            }
            if (hy.opponent_initial == truth.initial[~me]) {
                truth_found = true;
                for (int s = 0; s < 8; ++s) {
                    EXPECT_EQ(hy.opponent_current[s], truth.current[~me][s]);
                    EXPECT_EQ(hy.own_current[s], truth.current[me][s]);
                }
            }
        }
        EXPECT_TRUE(truth_found) << "history " << h;
        // Probabilities in the JSON are exactly count / consistent.
        auto j = belief.to_json();
        auto m = belief.marginals();
        for (int s = 0; s < 8; ++s) {
            const char file[2] = {char('a' + s), 0};
            EXPECT_EQ(j.at("opponent").at(file).at("spy").as_double(),
                      double(m.opponent_initial[s][7]) / double(m.consistent));
        }
    }
    // The generator must exercise long histories and round ends, or the check is weak.
    EXPECT_GE(longest, 10);
    EXPECT_GT(rounds_over, histories / 10);
    EXPECT_GT(total_battles, histories * 3);
    EXPECT_GT(gambits, 0);
    EXPECT_GT(promotions, 0);
}
