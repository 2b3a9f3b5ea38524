// The computer's levels as the lobby shows them (engine/level_catalog.h, GET /api/levels) and
// the wall-clock budget of one computer move, which scales with the clock (server/computer.h).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/level_catalog.h"
#include "engine/levels.h"
#include "referee/game.h"
#include "referee/random.h"
#include "server/computer.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;
using arbiter::referee::Seat;

namespace {

json::object move(std::string_view uci) { return {{"type", "move"}, {"move", uci}}; }

}  // namespace

TEST(LevelCatalog, EveryGameHasNineLevelsWithRisingEloAndWords) {
    for (std::string_view game : engine::LevelGames) {
        SCOPED_TRACE(std::string(game));
        const engine::LevelLadder* ladder = engine::level_ladder(game);
        ASSERT_NE(ladder, nullptr);
        for (int level = 0; level <= engine::CatalogMaxLevel; ++level) {
            const auto& e = (*ladder)[std::size_t(level)];
            EXPECT_FALSE(e.en.empty());
            EXPECT_FALSE(e.it.empty());
            EXPECT_EQ(e.en.find('\n'), std::string_view::npos);  // one line
            if (level > 0) {
                EXPECT_GT(e.elo, (*ladder)[std::size_t(level - 1)].elo) << level;
                EXPECT_GE(e.maxMoveMs, (*ladder)[std::size_t(level - 1)].maxMoveMs) << level;
                EXPECT_GE(e.maxMoveMs, server::MinMoveBudgetMs) << level;
            }
        }
        EXPECT_EQ((*ladder)[0].maxMoveMs, 0);  // random: no thinking
        EXPECT_EQ((*ladder)[8].maxMoveMs, 1000);
    }
    EXPECT_EQ(engine::level_ladder("go"), nullptr);
    // chess on the UCI_Elo scale (the numbers UCI_Elo maps onto); the others anchored at random
    for (int level = 0; level <= engine::MaxLevel; ++level)
        EXPECT_EQ(engine::ChessLevels[std::size_t(level)].elo, engine::LevelElo[level]);
    EXPECT_EQ(engine::ChiefSpyLevels[0].elo, engine::HiddenGameRandomElo);
    EXPECT_EQ(engine::MinesweeperLevels[0].elo, engine::HiddenGameRandomElo);
}

TEST(MoveBudget, UntimedIsTheLevelsMost) {
    EXPECT_EQ(server::move_budget_ms(1000, std::nullopt, 0), 1000);
    EXPECT_EQ(server::move_budget_ms(250, std::nullopt, 5000), 250);
    json::object untimed{{"seat", "black"}, {"clock", nullptr}};
    EXPECT_EQ(server::move_budget_ms("chess", 8, untimed), 1000);
    EXPECT_EQ(server::move_budget_ms("chess", 20, untimed), 1000);  // above 8 plays as 8
    EXPECT_EQ(server::move_budget_ms("chiefspy", 8, untimed), 1000);
    EXPECT_EQ(server::move_budget_ms("minesweeper", 8, json::object{}), 1000);
    EXPECT_LT(server::move_budget_ms("chess", 3, untimed), 1000);
    EXPECT_LT(server::move_budget_ms("chess", 1, untimed),
              server::move_budget_ms("chess", 7, untimed));
    EXPECT_EQ(server::move_budget_ms("chess", 0, untimed), 0);
}

namespace {
// White's view in a 60+1 game with 3 s left on its clock, White to move.
json::object white_on_3_seconds_of_60_plus_1() {
    return {{"seat", "white"},
            {"clock", json::object{{"initial", 60},
                                   {"increment", 1},
                                   {"white", 3000},
                                   {"black", 60000},
                                   {"running", "white"}}}};
}
}  // namespace

TEST(MoveBudget, ScalesWithTheClock) {
    // bullet, 2 s left: a thirtieth of it (66 ms), far below level 8's second
    EXPECT_EQ(server::move_budget_ms(1000, 2000, 0), 66);
    // but never under the floor, even with almost nothing left
    EXPECT_EQ(server::move_budget_ms(1000, 300, 0), server::MinMoveBudgetMs);
    EXPECT_EQ(server::move_budget_ms(1000, 0, 0), server::MinMoveBudgetMs);
    EXPECT_EQ(server::move_budget_ms(1000, -20, 0), server::MinMoveBudgetMs);
    // the increment counts three quarters: 6 s left + 0.4 s → 200 + 300
    EXPECT_EQ(server::move_budget_ms(1000, 6000, 400), 500);
    // a long clock is capped by the level
    EXPECT_EQ(server::move_budget_ms(1000, 300000, 3000), 1000);
    EXPECT_EQ(server::move_budget_ms(150, 300000, 3000), 150);
    // the clock of the computer's own seat, the increment in seconds
    const json::object view = white_on_3_seconds_of_60_plus_1();
    EXPECT_EQ(server::move_budget_ms("chess", 8, view), 100 + 750);
    EXPECT_EQ(server::move_budget_ms("chess", 6, view), 600);  // level 6's most
}

// A computer move queued behind other games' thinking: the wait ran on its clock and counts
// against the level's most, so the answer still comes within the level's time.
TEST(MoveBudget, TimeWaitingForAComputeThreadComesOffTheBudget) {
    EXPECT_EQ(server::move_budget_ms(1000, std::nullopt, 0, 300), 700);
    EXPECT_EQ(server::move_budget_ms(1000, std::nullopt, 0, 5000), server::MinMoveBudgetMs);
    EXPECT_EQ(server::move_budget_ms(1000, std::nullopt, 0, -5), 1000);  // a clock step back
    // 30 s left, 0.6 s queued: 29.4 s / 30 = 980, but the level's second has 400 ms left
    EXPECT_EQ(server::move_budget_ms(1000, 30000, 0, 600), 400);
    // 6 s left, 3 s queued: a thirtieth of the 3 s that remain, plus the increment's share
    EXPECT_EQ(server::move_budget_ms(5000, 6000, 400, 3000), 100 + 300);
    // a wait past the level's most leaves only the floor, however much clock is left
    EXPECT_EQ(server::move_budget_ms(1000, 600000, 0, 1200), server::MinMoveBudgetMs);
    EXPECT_EQ(server::move_budget_ms(1000, 2000, 0, 2500), server::MinMoveBudgetMs);
    // level 0 still thinks not at all
    EXPECT_EQ(server::move_budget_ms(0, std::optional<std::int64_t>(2000), 0, 100), 0);
    json::object untimed{{"seat", "black"}, {"clock", nullptr}};
    EXPECT_EQ(server::move_budget_ms("chess", 8, untimed, 250), 750);
    const json::object view = white_on_3_seconds_of_60_plus_1();
    EXPECT_EQ(server::move_budget_ms("chess", 8, view, 100), 2900 / 30 + 750);
}

// A level-8 computer in chess on a one-second clock: the budget it passes to the engine (a pure
// function of its view) is the floor, not the level's second, and it still plays a legal move.
TEST(MoveBudget, Level8ChessOnATinyClockThinksBriefly) {
    referee::SeededRandom secrets(1);
    referee::GameOptions options;
    options.clock = referee::TimeControl{1, 0};
    auto game = referee::create_game("chess", options, secrets);
    ASSERT_TRUE(game->act(Seat::White, move("e2e4"), 0).accepted);
    ASSERT_TRUE(game->act(Seat::Black, move("e7e5"), 100).accepted);
    ASSERT_TRUE(game->act(Seat::White, move("g1f3"), 300).accepted);
    json::object view = game->view(Seat::Black, 400);
    ASSERT_TRUE(view.at("clock").is_object());
    EXPECT_LE(view.at("clock").at("black").to_number<std::int64_t>(), 1000);
    std::int64_t budget = server::move_budget_ms("chess", 8, view);
    EXPECT_EQ(budget, server::MinMoveBudgetMs);
    EXPECT_LT(budget, 100);

    auto legal = game->legal_actions(Seat::Black);
    referee::SeededRandom r(2);
    auto chosen = server::make_computer_player("chess", 8)->choose("chess", view, legal, r, 0);
    EXPECT_TRUE(game->act(Seat::Black, chosen, 450).accepted) << json::serialize(chosen);
}

TEST(MoveBudget, HiddenInformationPlayersGetTheirBudgetToo) {
    // Minesweeper on a one-second clock: the player is given the floor as its cap and plays.
    referee::SeededRandom secrets(3), r(4);
    referee::GameOptions options;
    options.clock = referee::TimeControl{1, 0};
    auto game = referee::create_game("minesweeper", options, secrets);
    auto view = game->view(Seat::White, 0);
    EXPECT_EQ(server::move_budget_ms("minesweeper", 8, view), server::MinMoveBudgetMs);
    auto legal = game->legal_actions(Seat::White);
    auto chosen =
        server::make_computer_player("minesweeper", 8)->choose("minesweeper", view, legal, r, 0);
    EXPECT_TRUE(game->act(Seat::White, chosen, 10).accepted) << json::serialize(chosen);
}

TEST(ServerLevels, ListsEveryGamesLevelsWithEloAndDescription) {
    TestServer s;
    auto r = http(s.port(), "GET", "/api/levels");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.contentType, "application/json");
    auto o = r.json().as_object();
    for (std::string_view game : engine::LevelGames) {
        SCOPED_TRACE(std::string(game));
        const auto& levels = o.at(game).as_array();
        ASSERT_EQ(levels.size(), 9u);
        for (std::size_t i = 0; i < levels.size(); ++i) {
            const auto& l = levels[i].as_object();
            const auto& e = (*engine::level_ladder(game))[i];
            EXPECT_EQ(l.at("level").to_number<std::size_t>(), i);
            EXPECT_EQ(l.at("elo").to_number<int>(), e.elo);
            EXPECT_EQ(l.at("description").as_string(), e.en);
            EXPECT_EQ(l.at("translations").at("it").as_string(), e.it);
        }
    }
    EXPECT_EQ(o.at("chess").at(3).at("elo").to_number<int>(), engine::LevelElo[3]);
    EXPECT_EQ(http(s.port(), "POST", "/api/levels", "{}").status, 405);
}
