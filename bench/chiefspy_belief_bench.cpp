// Chief & Spy deduction speed: one battle observed against all 40,320 opponent assignments
// (the worst case: the first battle of a round), the marginals, the JSON, a new round.
#include <benchmark/benchmark.h>

#include "belief/chiefspy_belief.h"

using namespace arbiter;
using namespace arbiter::belief;

namespace {

const std::array<Value, 8> Mine = {Value::number(5), Value::number(7), Value::number(4),
                                   Value::chief(),   Value::number(2), Value::spy(),
                                   Value::number(3), Value::number(6)};

// Runs `battle` on a fresh copy of `start` per iteration; only the observation is timed.
void time_battle(benchmark::State& state, const ChiefSpyBelief& start, const BattleSeen& battle) {
    std::size_t kept = 0;
    ChiefSpyBelief belief = start;  // copy-assigned below: its buffers are reused, not freed
    for (auto _ : state) {
        state.PauseTiming();
        belief = start;
        state.ResumeTiming();
        auto error = belief.observe_battle(battle);
        benchmark::DoNotOptimize(error);
        kept = belief.consistent();
    }
    state.counters["hypotheses_before"] = double(start.consistent());
    state.counters["hypotheses_after"] = double(kept);
}

// My 5 (+1) beats Black's b: b was 2..5, and my 5's new value depends on which.
void BM_BattleOwnAttackWins(benchmark::State& state) {
    ChiefSpyBelief start(White, Mine);
    time_battle(state, start,
                BattleSeen{CsPiece::back_rank(White, 0), CsPiece::back_rank(Black, 1), 1, 0,
                           BattleWinner::Attacker, false});
}
BENCHMARK(BM_BattleOwnAttackWins)->Unit(benchmark::kMicrosecond);

// Black's c (+1+2) attacks my 7 (+1) and loses: c was 2, 3 or 4.
void BM_BattleOpponentAttackLoses(benchmark::State& state) {
    ChiefSpyBelief start(White, Mine);
    time_battle(state, start,
                BattleSeen{CsPiece::back_rank(Black, 2), CsPiece::back_rank(White, 1), 3, 1,
                           BattleWinner::Defender, false});
}
BENCHMARK(BM_BattleOpponentAttackLoses)->Unit(benchmark::kMicrosecond);

// A pawn (+1) loses to Black's e: e was 3..7 or C, three quarters of the rows stay.
void BM_BattlePawnLosesKeepsMost(benchmark::State& state) {
    ChiefSpyBelief start(White, Mine);
    time_battle(state, start,
                BattleSeen{CsPiece::pawn(White), CsPiece::back_rank(Black, 4), 1, 0,
                           BattleWinner::Defender, false});
}
BENCHMARK(BM_BattlePawnLosesKeepsMost)->Unit(benchmark::kMicrosecond);

void BM_Marginals(benchmark::State& state) {
    ChiefSpyBelief belief(White, Mine);
    for (auto _ : state) benchmark::DoNotOptimize(belief.marginals());
}
BENCHMARK(BM_Marginals)->Unit(benchmark::kMicrosecond);

void BM_Json(benchmark::State& state) {
    ChiefSpyBelief belief(White, Mine);
    for (auto _ : state) benchmark::DoNotOptimize(json::serialize(belief.to_json()));
}
BENCHMARK(BM_Json)->Unit(benchmark::kMicrosecond);

void BM_NewRound(benchmark::State& state) {
    ChiefSpyBelief belief(White, Mine);
    for (auto _ : state) {
        belief.new_round(Black, Mine);
        benchmark::DoNotOptimize(belief.consistent());
    }
}
BENCHMARK(BM_NewRound)->Unit(benchmark::kMicrosecond);

}  // namespace


