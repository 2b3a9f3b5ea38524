// Mine odds recomputation time (belief/mine_odds.h) on typical and hard Minesweeper Chess
// views. Target: well under 1 ms per recomputation.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "belief/mine_odds.h"
#include "core/bitboard.h"
#include "referee/random.h"

using namespace arbiter;
using namespace arbiter::belief;

namespace {

MineBitboard bb(Square s) { return MineBitboard(1) << s; }

MineBitboard ring(Square s) {
    MineBitboard out = bb(s);
    int f = MineBoard::file_of(s), r = MineBoard::rank_of(s);
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
            if (MineBoard::on_board(f + df, r + dr)) out |= bb(MineBoard::square(f + df, r + dr));
    return out;
}

// The public view of a true layout `mines` (all still on the board) with `lifted` fog gone.
MineView view_of(MineBitboard mines, MineBitboard lifted, MineBitboard pieces) {
    MineView v;
    lifted &= fog_zone_bb();
    v.fogged = fog_zone_bb() & ~lifted;
    v.discovered = lifted & mines;
    v.revealed = lifted & ~mines;
    v.occupied = pieces & ~mines;
    v.minesOnBoard = popcount(mines);
    for (MineBitboard r = v.revealed; r;) {
        Square s = pop_lsb(r);
        v.number[s] = std::int8_t(popcount((ring(s) & ~bb(s)) & mines));
    }
    return v;
}

Square sq(const char* name) { return *MineBoard::parse_square(name); }

// A middlegame: pieces have landed on d4, e5, c6 and g4; no mine found yet.
MineView middlegame() {
    MineBitboard mines = bb(sq("b5")) | bb(sq("f6")) | bb(sq("h7")) | bb(sq("a7"));
    MineBitboard lifted = ring(sq("d4")) | ring(sq("e5")) | ring(sq("c6")) | ring(sq("g4"));
    return view_of(mines, lifted, bb(sq("d4")) | bb(sq("e5")) | bb(sq("g4")));
}

// Ranks 4 and 6 revealed, 5 and 7 fogged: one 16-square frontier group, no interior.
MineView striped() {
    MineBitboard mines = bb(sq("b5")) | bb(sq("f5")) | bb(sq("c7")) | bb(sq("h7"));
    MineBitboard lifted = rank_bb<MineBoard>(3) | rank_bb<MineBoard>(5);
    return view_of(mines, lifted, 0);
}

// Ranks 4 and 7 revealed, the mines between them: two loose frontier groups of 8 squares.
MineView two_walls() {
    MineBitboard mines = bb(sq("b5")) | bb(sq("c5")) | bb(sq("f6")) | bb(sq("g5"));
    MineBitboard lifted = rank_bb<MineBoard>(3) | rank_bb<MineBoard>(6);
    return view_of(mines, lifted, 0);
}

// Revealed squares on a checkerboard: every fogged square is on the frontier.
MineView checkerboard() {
    MineBitboard mines = bb(sq("a4")) | bb(sq("c6")) | bb(sq("f5")) | bb(sq("h7"));
    MineBitboard lifted = dark_squares_bb<MineBoard>() & ~mines;
    return view_of(mines, lifted, 0);
}

// Random views from random landings, as a game produces them.
std::vector<MineView> random_views() {
    std::mt19937_64 rng(42);
    std::vector<MineView> out;
    while (out.size() < 256) {
        MineBitboard mines = 0;
        while (popcount(mines) < 4) mines |= bb(24 + int(rng() % 32));
        MineBitboard lifted = 0, pieces = 0;
        int landings = 1 + int(rng() % 8);
        for (int i = 0; i < landings; ++i) {
            Square s = 24 + int(rng() % 32);
            if ((mines >> s) & 1) continue;  // keep every mine on the board
            lifted |= ring(s);
            pieces |= bb(s);
        }
        out.push_back(view_of(mines, lifted, pieces));
    }
    return out;
}

void run(benchmark::State& state, const MineView& v) {
    for (auto _ : state) {
        MineOdds o = compute_mine_odds(v);
        benchmark::DoNotOptimize(o.layouts);
    }
    MineOdds o = compute_mine_odds(v);
    state.counters["layouts"] = double(o.layouts);
}

void BM_MineOddsOpening(benchmark::State& state) {
    MineView v = view_of(bb(sq("a5")) | bb(sq("b5")) | bb(sq("c5")) | bb(sq("d5")), 0, 0);
    run(state, v);
}
void BM_MineOddsMiddlegame(benchmark::State& state) { run(state, middlegame()); }
void BM_MineOddsStriped(benchmark::State& state) { run(state, striped()); }
void BM_MineOddsCheckerboard(benchmark::State& state) { run(state, checkerboard()); }
void BM_MineOddsTwoWalls(benchmark::State& state) { run(state, two_walls()); }

void BM_MineOddsRandomViews(benchmark::State& state) {
    auto views = random_views();
    std::size_t i = 0;
    for (auto _ : state) {
        MineOdds o = compute_mine_odds(views[i++ % views.size()]);
        benchmark::DoNotOptimize(o.layouts);
    }
}

void BM_MineLayoutSample(benchmark::State& state) {
    MineLayouts layouts(middlegame());
    referee::SeededRandom random(1);
    for (auto _ : state) benchmark::DoNotOptimize(layouts.sample(random));
}

}  // namespace

BENCHMARK(BM_MineOddsOpening);
BENCHMARK(BM_MineOddsMiddlegame);
BENCHMARK(BM_MineOddsStriped);
BENCHMARK(BM_MineOddsCheckerboard);
BENCHMARK(BM_MineOddsTwoWalls);
BENCHMARK(BM_MineOddsRandomViews);
BENCHMARK(BM_MineLayoutSample);
