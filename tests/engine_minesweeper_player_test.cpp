// The Minesweeper Chess level player (engine/minesweeper_player.h): the wall-clock cap, the
// same choice for the same view, legal actions and seed, and the fog-aware search.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <string>

#include "engine/minesweeper_player.h"
#include "engine/search.h"
#include "engine/view_player.h"
#include "referee/game.h"
#include "test_support.h"
#include "variants/chess/uci.h"

using namespace arbiter;
using namespace arbiter::engine;
using referee::Seat;
using referee::SeededRandom;

namespace {

struct Turn {
    json::object view;
    std::vector<json::object> legal;
};

// A middlegame turn: `plies` random actions into a seeded game, with the fog partly lifted (the
// next seed if random play ended that game early).
Turn turn_after(int plies, std::uint64_t seed) {
    for (;; seed += 1000) {
        SeededRandom secrets(seed), r(seed + 1);
        auto game = referee::create_game("minesweeper", {}, secrets);
        RandomViewPlayer random;
        for (int n = 0; n < plies && !game->finished(); ++n) {
            Seat seat = *game->seat_to_move();
            auto legal = game->legal_actions(seat);
            auto action = random.choose(game->view(seat, n), legal, r);
            EXPECT_TRUE(game->act(seat, action, n + 1).accepted);
        }
        if (game->finished()) continue;
        Seat seat = *game->seat_to_move();
        return {game->view(seat, plies), game->legal_actions(seat)};
    }
}

bool is_one_of(const json::object& action, const std::vector<json::object>& legal) {
    for (const auto& a : legal)
        if (a == action) return true;
    return false;
}

}  // namespace

TEST(MinesweeperPlayer, AOneMillisecondCapStillGivesALegalActionQuickly) {
    for (std::uint64_t seed : {3u, 11u, 29u}) {
        Turn t = turn_after(24, seed);
        for (const char* kind : {"3", "8"}) {
            auto player = make_view_player("minesweeper", kind);
            player->set_time_cap(1);
            SeededRandom r(seed);
            auto start = std::chrono::steady_clock::now();
            auto action = player->choose(t.view, t.legal, r);
            auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
            EXPECT_TRUE(is_one_of(action, t.legal)) << json::serialize(action);
            // Depth 1 always completes, so a little over the cap; far under level 8's uncapped
            // time on these positions.
            // Loose, so that a loaded machine or a sanitizer build cannot make it fail.
            EXPECT_LT(ms, test::sanitized() ? 20000 : 3000)
                << "level " << kind << ", seed " << seed;
        }
    }
}

TEST(MinesweeperPlayer, ACapThatDoesNotRunOutChangesNothing) {
    Turn t = turn_after(16, 5);
    auto capped = make_minesweeper_player(3), free = make_minesweeper_player(3);
    capped->set_time_cap(60'000);
    SeededRandom r1(9), r2(9);
    EXPECT_EQ(capped->choose(t.view, t.legal, r1), free->choose(t.view, t.legal, r2));
}

TEST(MinesweeperPlayer, TheSameViewAndSeedGiveTheSameChoice) {
    for (std::uint64_t seed : {4u}) {
        Turn t = turn_after(20, seed);
        for (const char* kind : {"3", "8", "baseline8"}) {
            json::object chosen[2];
            for (auto& c : chosen) {
                auto player = make_view_player("minesweeper", kind);
                ASSERT_NE(player, nullptr) << kind;
                SeededRandom r(seed * 7);
                c = player->choose(t.view, t.legal, r);
            }
            EXPECT_TRUE(is_one_of(chosen[0], t.legal)) << kind;
            EXPECT_EQ(chosen[0], chosen[1]) << "level " << kind << ", seed " << seed;
        }
    }
}

TEST(MinesweeperSearch, LandingRiskSteersTheTreeAwayFromTheFog) {
    TranspositionTable tt(1);
    Searcher<MinesweeperBoardRules> searcher(tt);
    const BasicPosition<MinesweeperBoardRules> start;
    SearchLimits limits;
    limits.depth = 4;
    limits.moveOverhead = 0;
    const Move plain = searcher.run(start, limits).best;
    ASSERT_TRUE(plain.is_ok());
    ASSERT_NE(type_of(start.moved_piece(plain)), King);
    // A discovered mine (certain loss) on the square the plain search lands on.
    std::array<std::int16_t, Geometry8x10::Squares> risk{};
    risk[plain.to()] = 1000;
    searcher.set_landing_risk(risk);
    tt.clear();
    searcher.clear_history();
    const Move wary = searcher.run(start, limits).best;
    EXPECT_NE(wary.to(), plain.to());
    // No risk anywhere: the plain search again.
    searcher.set_landing_risk({});
    tt.clear();
    searcher.clear_history();
    EXPECT_EQ(searcher.run(start, limits).best, plain);
}

namespace {

using LandingRisk = std::array<std::int16_t, Geometry8x10::Squares>;

// A search of the 8x10 position to `depth` from fresh tables, with these landing odds (1/1000).
SearchResult search_with_risk(const char* fen, int depth, const LandingRisk& risk) {
    TranspositionTable tt(1);
    Searcher<MinesweeperBoardRules> searcher(tt);
    searcher.set_landing_risk(risk);
    SearchLimits limits;
    limits.depth = depth;
    limits.moveOverhead = 0;
    return searcher.run(BasicPosition<MinesweeperBoardRules>::from_fen(fen), limits);
}

}  // namespace

// docs/rules.md#mines-and-pieces: a pawn moving onto a mine is destroyed. Here e3-e4 is White's
// only move (the king is boxed in by the black king and bishop): a certain mine on e4 costs
// exactly a pawn's worth.
TEST(MinesweeperSearch, APawnLandingOnAMineIsLost) {
    const char* fen = "8/8/8/7b/8/8/8/k3P3/P7/K7 w - - 0 1";
    const SearchResult plain = search_with_risk(fen, 3, {});
    ASSERT_EQ(to_uci(BasicPosition<MinesweeperBoardRules>::from_fen(fen), plain.best), "e3e4");
    LandingRisk risk{};
    risk[plain.best.to()] = 1000;
    const SearchResult wary = search_with_risk(fen, 3, risk);
    EXPECT_EQ(wary.best, plain.best);
    EXPECT_EQ(wary.score, plain.score - 100);
}

// docs/rules.md#mines-and-pieces: the king is a royal sapper — it removes a mine it lands on and
// stays. Mine odds on the squares only the king can reach change nothing in the search.
TEST(MinesweeperSearch, TheKingLandsOnAMineUnharmed) {
    const char* fen = "7k/8/8/8/p7/8/8/4K3/8/8 w - - 0 1";
    const SearchResult plain = search_with_risk(fen, 4, {});
    ASSERT_EQ(to_uci(BasicPosition<MinesweeperBoardRules>::from_fen(fen), plain.best).substr(0, 2),
              "e3");  // a king move
    LandingRisk risk{};
    for (const char* square : {"d4", "e4", "f4"}) risk[*Geometry8x10::parse_square(square)] = 1000;
    const SearchResult wary = search_with_risk(fen, 4, risk);
    EXPECT_EQ(wary.best, plain.best);
    EXPECT_EQ(wary.score, plain.score);
    EXPECT_EQ(wary.nodes, plain.nodes);
}

// A blunder that may pick only the best move is no blunder: the level plays as it does with
// exact root scores (a blunder needs them, so it turns the root bounds off).
TEST(MinesweeperBlunder, ASlipAmongTheBestOneIsTheLevelWithExactScores) {
    for (std::uint64_t seed : {3u, 11u, 29u}) {
        Turn t = turn_after(20, seed);
        auto slip = make_view_player("minesweeper", "2-blunder100-top1");
        auto exact = make_view_player("minesweeper", "2-unbounded");
        ASSERT_TRUE(slip && exact);
        SeededRandom r1(seed), r2(seed);
        EXPECT_EQ(slip->choose(t.view, t.legal, r1), exact->choose(t.view, t.legal, r2))
            << "seed " << seed;
    }
}

// Always slipping among the three best: more than one choice over many seeds, never more than
// three, and each one the same again for the same seed.
TEST(MinesweeperBlunder, ASlipPicksOneOfTheFewBestMoves) {
    Turn t = turn_after(20, 11);
    ASSERT_GT(t.legal.size(), 3u);
    std::set<std::string> chosen;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        auto player = make_view_player("minesweeper", "2-blunder100-top3");
        SeededRandom r(seed), again(seed);
        auto action = player->choose(t.view, t.legal, r);
        EXPECT_TRUE(is_one_of(action, t.legal));
        EXPECT_EQ(
            make_view_player("minesweeper", "2-blunder100-top3")->choose(t.view, t.legal, again),
            action);
        chosen.insert(json::serialize(action));
    }
    EXPECT_GE(chosen.size(), 2u);
    EXPECT_LE(chosen.size(), 3u);
}

TEST(MinesweeperBlunder, TunedKindsNameTheirDialsAndRejectOthers) {
    std::string why;
    for (const char* kind : {"2-blunder30-top3", "3-nodes800-branch100", "1-random70", "2-noise200",
                             "4-unbounded", "8-fog"})
        EXPECT_NE(make_view_player("minesweeper", kind, &why), nullptr) << kind << ": " << why;
    for (const char* kind : {"2-blunder101", "2-nodes0", "2-fast", "2-top"}) {
        EXPECT_EQ(make_view_player("minesweeper", kind, &why), nullptr) << kind;
        EXPECT_NE(why.find("blunderN"), std::string::npos) << why;
    }
}
