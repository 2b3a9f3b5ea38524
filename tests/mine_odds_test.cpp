// Exact mine odds (belief/mine_odds.h): hand-checked positions, then random positions from
// simulated play checked against naive enumeration of every layout.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "belief/mine_odds.h"
#include "core/bitboard.h"
#include "referee/random.h"

using namespace arbiter;
using namespace arbiter::belief;

namespace {

Square sq(const char* name) { return *MineBoard::parse_square(name); }
MineBitboard bb(Square s) { return MineBitboard(1) << s; }

// The fog zone drawn rank 7 first, file a first: '#' fogged, '0'-'8' revealed with that
// number, '?' revealed with no number given, '*' a discovered mine.
MineView diagram(const std::vector<std::string>& rows, int counter) {
    MineView v;
    v.minesOnBoard = counter;
    for (int row = 0; row < 4; ++row)
        for (int file = 0; file < 8; ++file) {
            Square s = MineBoard::square(file, 6 - row);
            char c = rows.at(row).at(file);
            if (c == '#')
                v.fogged |= bb(s);
            else if (c == '*')
                v.discovered |= bb(s);
            else {
                v.revealed |= bb(s);
                if (c != '?') v.number[s] = std::int8_t(c - '0');
            }
        }
    return v;
}

bool sanitized() {
    const char* e = std::getenv("ARBITER_SANITIZED");
    return e && std::string(e) == "1";
}

}  // namespace

TEST(MineOdds, NoInformationSpreadsTheMinesEvenly) {
    MineView v = diagram({"########", "########", "########", "########"}, 4);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 35960u);  // C(32,4)
    for (Square s = 24; s < 56; ++s) EXPECT_DOUBLE_EQ(o.probability(s), 4.0 / 32);
    EXPECT_EQ(o.certainlySafe, 0);
    EXPECT_EQ(o.certainlyMined, 0);
}

TEST(MineOdds, RevealedZeroMakesItsNeighboursSafe) {
    MineView v = diagram({"########", "########", "###0####", "########"}, 4);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 8855u);  // 4 mines among the 23 squares not touching d5: C(23,4)
    for (const char* n : {"c4", "d4", "e4", "c5", "e5", "c6", "d6", "e6"}) {
        EXPECT_EQ(o.probability(sq(n)), 0.0) << n;
        EXPECT_TRUE((o.certainlySafe >> sq(n)) & 1) << n;
    }
    EXPECT_DOUBLE_EQ(o.probability(sq("a7")), 4.0 / 23);
    EXPECT_EQ(o.probability(sq("d5")), 0.0);  // revealed: not fogged
}

TEST(MineOdds, NumberEqualToItsFoggedNeighboursMakesThemAllMines) {
    // a4 touches only a5, b5 and b4 in the fog zone (rank 3 never holds mines).
    MineView v = diagram({"########", "########", "########", "3#######"}, 4);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 28u);  // the fourth mine on any of the other 28 squares
    for (const char* n : {"a5", "b5", "b4"}) EXPECT_EQ(o.probability(sq(n)), 1.0) << n;
    EXPECT_EQ(o.certainlyMined, bb(sq("a5")) | bb(sq("b5")) | bb(sq("b4")));
    EXPECT_DOUBLE_EQ(o.probability(sq("h7")), 1.0 / 28);
}

TEST(MineOdds, CounterZeroMakesEveryFoggedSquareSafe) {
    MineView v = diagram({"########", "#######*", "######1#", "########"}, 1);
    MineOdds o = compute_mine_odds(v);  // the one mine left is the discovered h6
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.hiddenMines, 0);
    EXPECT_EQ(o.layouts, 1u);
    EXPECT_EQ(o.certainlySafe, v.fogged);
    for (Square s = 24; s < 56; ++s) EXPECT_EQ(o.probability(s), 0.0);
}

TEST(MineOdds, ClassicOneTwoOnePattern) {
    // Rank 4 revealed, b4 c4 d4 show 1 2 1 under a wall of fog: the mines are on b5 and d5.
    MineView v = diagram({"########", "########", "########", "?121????"}, 4);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 171u);  // the other two mines among 19 interior squares: C(19,2)
    EXPECT_EQ(o.probability(sq("b5")), 1.0);
    EXPECT_EQ(o.probability(sq("d5")), 1.0);
    for (const char* n : {"a5", "c5", "e5"}) EXPECT_EQ(o.probability(sq(n)), 0.0) << n;
    EXPECT_DOUBLE_EQ(o.probability(sq("f5")), 2.0 / 19);
    EXPECT_DOUBLE_EQ(o.probability(sq("a7")), 2.0 / 19);
}

TEST(MineOdds, DiscoveredMinesCountInTheNumbers) {
    // d5 shows 1 and the discovered e6 is that one: its fogged neighbours are safe.
    MineView v = diagram({"########", "####*###", "###1####", "########"}, 3);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.hiddenMines, 2);
    for (const char* n : {"c4", "d4", "e4", "c5", "e5", "c6", "d6"})
        EXPECT_EQ(o.probability(sq(n)), 0.0) << n;
    EXPECT_EQ(o.layouts, 253u);  // 2 mines among the 23 others: C(23,2)
}

TEST(MineOdds, NumbersAreWeightedByTheInteriorCombinatorially) {
    // a4 shows 1: exactly one mine among a5 b5 b4, so the other 3 are among the 28 interior
    // squares. Each of a5 b5 b4 has probability 1/3, each interior square 3/28.
    MineView v = diagram({"########", "########", "########", "1#######"}, 4);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 3u * 3276u);  // 3 * C(28,3)
    EXPECT_DOUBLE_EQ(o.probability(sq("b5")), 1.0 / 3);
    EXPECT_DOUBLE_EQ(o.probability(sq("e7")), 3.0 / 28);
}

TEST(MineOdds, SmallGroupsAgainstTheInteriorAreNotUniform) {
    // a4 shows 1 (one mine among a5 b5 b4) and h4 shows 1 (one among h5 g5 g4), counter 2:
    // both mines are fixed to those groups, so the interior is certainly safe.
    MineView v = diagram({"########", "########", "########", "1######1"}, 2);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 9u);
    EXPECT_DOUBLE_EQ(o.probability(sq("g4")), 1.0 / 3);
    EXPECT_EQ(o.probability(sq("d6")), 0.0);
    EXPECT_TRUE((o.certainlySafe >> sq("d6")) & 1);
}

TEST(MineOdds, APieceOnAFoggedSquareHoldsNoMine) {
    MineView v = diagram({"########", "########", "########", "########"}, 1);
    v.occupied = bb(sq("e5")) | bb(sq("e1"));  // e1 is outside the fog zone: no effect
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 31u);
    EXPECT_EQ(o.probability(sq("e5")), 0.0);
    EXPECT_TRUE((o.certainlySafe >> sq("e5")) & 1);
    EXPECT_DOUBLE_EQ(o.probability(sq("a5")), 1.0 / 31);
}

TEST(MineOdds, RevealedSquareWithoutANumberConstrainsNothing) {
    MineView v = diagram({"########", "########", "###?####", "########"}, 4);
    MineOdds o = compute_mine_odds(v);
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.layouts, 31465u);  // C(31,4)
}

TEST(MineOdds, OneSquareQuery) {
    MineView v = diagram({"########", "########", "########", "3#######"}, 4);
    EXPECT_EQ(mine_probability(v, sq("a5")), 1.0);
    EXPECT_DOUBLE_EQ(*mine_probability(v, sq("c7")), 1.0 / 28);
    EXPECT_EQ(mine_probability(v, sq("e2")), 0.0);
    v.minesOnBoard = 2;  // a4 needs three
    EXPECT_FALSE(mine_probability(v, sq("a5")));
}

TEST(MineOdds, JsonListsEveryFoggedSquare) {
    MineView v = diagram({"########", "########", "########", "3#######"}, 4);
    json::value j = mine_odds_json(compute_mine_odds(v));
    const auto& o = j.as_object();
    EXPECT_EQ(o.at("layouts").to_number<std::uint64_t>(), 28u);
    EXPECT_EQ(o.at("hidden").to_number<int>(), 4);
    const auto& odds = o.at("odds").as_object();
    EXPECT_EQ(odds.size(), 31u);
    EXPECT_EQ(odds.at("a5").to_number<double>(), 1.0);
    EXPECT_DOUBLE_EQ(odds.at("d7").to_number<double>(), 1.0 / 28);
    EXPECT_FALSE(odds.contains("a4"));
    EXPECT_EQ(json::serialize(o.at("mined")), R"(["b4","a5","b5"])");
    EXPECT_EQ(json::serialize(o.at("safe")), "[]");
}

TEST(MineOdds, ImpossibleViewsGiveAClearError) {
    struct Case {
        MineView view;
        const char* mentions;
    };
    std::vector<Case> cases = {
        // The counter is below the discovered mines.
        {diagram({"*#######", "*#######", "########", "########"}, 1), "2 are discovered"},
        // A number larger than the squares that could hold its mines.
        {diagram({"########", "########", "??######", "4?######"}, 4), "a4 shows 4"},
        // A number below the discovered mines it touches.
        {diagram({"########", "*#######", "1*######", "########"}, 4), "a5 shows 1"},
        // Each number alone fits, together they need more mines than are hidden.
        {diagram({"########", "########", "########", "1######1"}, 1), "no layout of 1"},
        // Groups whose numbers contradict one another: b4 needs a mine that a4 forbids.
        {diagram({"########", "########", "##?#####", "01?#####"}, 4), "agrees with the numbers"},
        // More hidden mines than fogged squares.
        {diagram({"????????", "????????", "????????", "???????#"}, 2), "only 1 fogged"},
    };
    for (const auto& c : cases) {
        MineLayouts layouts(c.view);
        const MineOdds& o = layouts.odds();
        EXPECT_EQ(o.status, MineOddsStatus::Inconsistent) << c.mentions;
        EXPECT_NE(o.error.find(c.mentions), std::string::npos) << o.error;
        EXPECT_EQ(o.layouts, 0u);
        EXPECT_TRUE(std::isnan(o.probability(sq("a5"))));
        json::value j = mine_odds_json(o);
        EXPECT_EQ(j.as_object().at("status").as_string(), "inconsistent");
        EXPECT_THROW(layouts.layout(0), std::out_of_range);
        referee::SeededRandom random(1);
        EXPECT_THROW(layouts.sample(random), std::logic_error);
    }
}

TEST(MineOdds, MalformedViewsAreRejected) {
    MineView base = diagram({"########", "########", "########", "########"}, 4);
    auto expect_invalid = [](const MineView& v, const char* mentions) {
        MineOdds o = compute_mine_odds(v);
        EXPECT_EQ(o.status, MineOddsStatus::InvalidView) << mentions;
        EXPECT_NE(o.error.find(mentions), std::string::npos) << o.error;
    };
    MineView v = base;
    v.fogged |= bb(sq("e3"));
    expect_invalid(v, "outside the fog zone");
    v = base;
    v.revealed |= bb(sq("e5"));
    expect_invalid(v, "more than one");
    v = base;
    v.fogged &= ~bb(sq("e5"));
    expect_invalid(v, "neither fogged");
    v = base;
    v.number[sq("e5")] = 2;
    expect_invalid(v, "e5 shows a number");
    v = diagram({"########", "########", "########", "9#######"}, 4);
    expect_invalid(v, "not a number");
    v = diagram({"########", "########", "########", "*#######"}, 4);
    v.occupied = bb(sq("a4"));
    expect_invalid(v, "a piece stands on a discovered mine: a4");
    v = base;
    v.minesOnBoard = 40;
    expect_invalid(v, "counter");
}

// ---- Random positions from simulated play, against naive enumeration ----

namespace {

MineBitboard neighbours_bb(Square s) {
    MineBitboard out = 0;
    int f = MineBoard::file_of(s), r = MineBoard::rank_of(s);
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
            if ((df || dr) && MineBoard::on_board(f + df, r + dr))
                out |= bb(MineBoard::square(f + df, r + dr));
    return out;
}

struct Simulated {
    MineView view;
    MineBitboard hidden = 0;  // the true hidden mines
};

// Plays random landings, sapper actions and explosions over a random initial layout, and
// returns the public view with the true hidden mines.
Simulated simulate(std::mt19937_64& rng) {
    auto below = [&](int n) { return int(rng() % std::uint64_t(n)); };
    const MineBitboard zone = fog_zone_bb();
    int placed = below(10) < 7 ? 4 : below(7);
    MineBitboard mines = 0;
    while (popcount(mines) < placed) mines |= bb(24 + below(32));
    MineBitboard lifted = 0, pieces = 0;
    auto lift = [&](Square s, bool ring) {
        lifted |= bb(s);
        if (ring) lifted |= neighbours_bb(s) & zone;
    };
    int steps = below(14);
    for (int i = 0; i < steps; ++i) {
        Square s = 24 + below(32);
        switch (below(6)) {
            case 0:
            case 1:
            case 2:  // a piece lands on s (a king survives a mine, anything else dies)
                if ((pieces >> s) & 1) break;
                if ((mines >> s) & 1) {
                    mines &= ~bb(s);
                    if (below(2)) pieces |= bb(s);
                } else {
                    pieces |= bb(s);
                }
                lift(s, true);
                break;
            case 3:  // a pawn's sapper action on s
                if ((pieces >> s) & 1) break;
                mines &= ~bb(s);
                lift(s, false);
                break;
            case 4: {  // a piece steps on a discovered mine on purpose
                MineBitboard seen = mines & lifted;
                if (!seen) break;
                int k = below(popcount(seen));
                while (k--) seen &= seen - 1;
                mines &= ~bb(lsb(seen));
                break;
            }
            case 5:  // a piece leaves the fog zone
                if (MineBitboard p = pieces & zone) pieces &= ~bb(lsb(p));
                break;
        }
    }
    Simulated out;
    MineView& v = out.view;
    v.fogged = zone & ~lifted;
    v.discovered = lifted & mines;
    v.revealed = lifted & ~mines;
    v.occupied = pieces | (below(2) ? bb(below(16)) : 0);  // maybe a piece on ranks 1-2
    v.minesOnBoard = popcount(mines);
    for (MineBitboard r = v.revealed; r;) {
        Square s = pop_lsb(r);
        v.number[s] = std::int8_t(popcount(neighbours_bb(s) & mines));
        if (below(20) == 0) v.number[s] = NumberUnknown;
    }
    // Now and then a piece on a fogged mine-free square, or a false number.
    if (below(10) == 0 && (v.fogged & ~mines)) v.occupied |= bb(lsb(v.fogged & ~mines));
    if (below(10) == 0 && v.revealed && v.number[lsb(v.revealed)] != NumberUnknown) {
        Square s = lsb(v.revealed);
        v.number[s] = std::int8_t(v.number[s] == 0 ? 1 : v.number[s] - 1);
    }
    out.hidden = mines & ~lifted;
    return out;
}

struct Naive {
    std::uint64_t layouts = 0;
    std::array<std::uint64_t, MineBoard::Squares> mined{};
    std::set<std::pair<std::uint64_t, std::uint64_t>> all;  // every layout, if asked
};

std::pair<std::uint64_t, std::uint64_t> key(MineBitboard b) {
    return {std::uint64_t(b), std::uint64_t(b >> 64)};
}

bool agrees(const MineView& v, MineBitboard hidden) {
    for (MineBitboard r = v.revealed; r;) {
        Square s = pop_lsb(r);
        if (v.number[s] != NumberUnknown &&
            popcount(neighbours_bb(s) & (hidden | v.discovered)) != v.number[s])
            return false;
    }
    return true;
}

// Every choice of the hidden mines among the fogged squares without a piece, kept if it
// matches every number.
Naive naive(const MineView& v, bool keepAll) {
    Naive out;
    int k = v.minesOnBoard - popcount(v.discovered);
    std::vector<Square> cand;
    for (MineBitboard c = v.fogged & ~v.occupied; c;) cand.push_back(pop_lsb(c));
    if (k < 0) return out;
    std::function<void(std::size_t, int, MineBitboard)> go = [&](std::size_t i, int left,
                                                                 MineBitboard h) {
        if (left == 0) {
            if (!agrees(v, h)) return;
            ++out.layouts;
            for (MineBitboard m = h; m;) ++out.mined[pop_lsb(m)];
            if (keepAll) out.all.insert(key(h));
            return;
        }
        if (cand.size() - i < std::size_t(left)) return;
        go(i + 1, left - 1, h | bb(cand[i]));
        go(i + 1, left, h);
    };
    go(0, k, 0);
    return out;
}

}  // namespace

TEST(MineOdds, MatchesNaiveEnumerationOnRandomPlay) {
    std::mt19937_64 rng(20261129);
    const int cases = sanitized() ? 40 : 400;
    int consistent = 0, inconsistent = 0, enumerated = 0;
    for (int n = 0; n < cases; ++n) {
        Simulated sim = simulate(rng);
        const MineView& v = sim.view;
        MineLayouts layouts(v);
        const MineOdds& o = layouts.odds();
        ASSERT_NE(o.status, MineOddsStatus::InvalidView) << n << ": " << o.error;
        bool small = o.ok() && o.layouts <= 3000;
        Naive want = naive(v, small);
        SCOPED_TRACE("case " + std::to_string(n));
        ASSERT_EQ(o.layouts, want.layouts) << o.error;
        if (want.layouts == 0) {
            EXPECT_EQ(o.status, MineOddsStatus::Inconsistent);
            EXPECT_FALSE(o.error.empty());
            ++inconsistent;
            continue;
        }
        ASSERT_TRUE(o.ok());
        ++consistent;
        if (agrees(v, sim.hidden) && !(sim.hidden & v.occupied)) {
            EXPECT_TRUE((sim.hidden & o.certainlySafe) == 0);
        }
        for (Square s = 0; s < MineBoard::Squares; ++s) {
            ASSERT_EQ(o.minedLayouts[s], want.mined[s]) << MineBoard::square_name(s);
            double p = double(want.mined[s]) / double(want.layouts);
            EXPECT_NEAR(o.probability(s), p, 1e-12);
            bool fogged = (v.fogged >> s) & 1;
            EXPECT_EQ(bool((o.certainlySafe >> s) & 1), fogged && want.mined[s] == 0);
            EXPECT_EQ(bool((o.certainlyMined >> s) & 1), fogged && want.mined[s] == want.layouts);
        }
        if (small) {  // layout(i) lists each consistent layout exactly once
            ++enumerated;
            std::set<std::pair<std::uint64_t, std::uint64_t>> got;
            for (std::uint64_t i = 0; i < o.layouts; ++i) got.insert(key(layouts.layout(i)));
            EXPECT_EQ(got, want.all);
        }
    }
    // The simulation must reach both kinds of view and small enough ones to list.
    EXPECT_GT(consistent, cases / 2);
    EXPECT_GT(inconsistent, 0);
    EXPECT_GT(enumerated, cases / 10);
}

TEST(MineOdds, SamplesAreConsistentLayouts) {
    MineView v = diagram({"########", "########", "#####1##", "?121????"}, 4);
    MineLayouts layouts(v);
    ASSERT_TRUE(layouts.odds().ok()) << layouts.odds().error;
    referee::SeededRandom random(7);
    std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
    for (int i = 0; i < 300; ++i) {
        MineBitboard h = layouts.sample(random);
        EXPECT_EQ(popcount(h), 4);
        EXPECT_EQ(h & ~layouts.odds().candidates, 0);
        EXPECT_TRUE(agrees(v, h));
        seen.insert(key(h));
    }
    EXPECT_EQ(layouts.odds().layouts, 56u);
    EXPECT_GT(seen.size(), 45u);  // draws spread over the layouts, not stuck on a few
}
