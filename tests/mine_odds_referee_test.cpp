// Mine odds computed from the referee's public view during real games: the view always
// admits the true layout, and at the end every mine still hidden had a non-zero chance.
#include <gtest/gtest.h>

#include "belief/mine_view_json.h"
#include "core/notation_error.h"
#include "referee/game.h"
#include "test_support.h"

using namespace arbiter;
using namespace arbiter::referee;

TEST(MineOddsFromView, TrueLayoutIsAlwaysPossible) {
    const int games = test::sanitized() ? 5 : 40;
    int checkedEnds = 0;
    for (int g = 0; g < games; ++g) {
        SeededRandom random(1000 + g);
        auto game = create_game("minesweeper", {}, random);
        SeededRandom moves(77 + g);
        json::object lastView;
        std::int64_t t = 0;
        while (!game->finished() && t < 400) {
            lastView = game->view(Seat::Spectator, t);
            auto odds = belief::compute_mine_odds(belief::mine_view_from_json(lastView));
            ASSERT_TRUE(odds.ok()) << odds.error << "\n" << json::serialize(lastView);
            Seat seat = *game->seat_to_move();
            auto actions = game->legal_actions(seat);
            ASSERT_FALSE(actions.empty());
            ASSERT_TRUE(game->act(seat, actions[moves.uniform(std::uint32_t(actions.size()))], ++t).accepted);
        }
        if (!game->finished()) continue;
        // Mines the reveal lists that the last view had not shown had a chance above zero.
        auto view = belief::mine_view_from_json(lastView);
        auto odds = belief::compute_mine_odds(view);
        auto final = game->view(Seat::Spectator, t);
        for (const auto& m : final["reveal"].as_object().at("mines").as_array()) {
            Square s = *Geometry8x10::parse_square(std::string_view(m.as_string()));
            if ((view.fogged >> s) & 1) {
                EXPECT_GT(odds.probability(s), 0.0) << m;
            }
        }
        ++checkedEnds;
    }
    EXPECT_GT(checkedEnds, 0);
}

TEST(MineOddsFromView, MalformedViewsAreNamed) {
    auto error = [](const char* text) {
        try {
            belief::mine_view_from_json(json::parse(text).as_object());
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(error(R"({"fog":[],"mines":[],"counter":0,"numbers":{}})").find("no \"fen\""), std::string::npos);
    EXPECT_NE(error(R"({"fen":"8/8/8/8/8/8/8/8/8/8 w - - 0 1","fog":["z9"],"mines":[],"counter":0,"numbers":{}})").find("'z9'"), std::string::npos);
    EXPECT_NE(error(R"({"fen":"8/8/8/8/8/8/8/8/8/8 w - - 0 1","fog":[],"mines":[],"counter":0,"numbers":{"a1":1}})").find("'a1'"), std::string::npos);
    EXPECT_NE(error(R"({"fen":"8/8/8/8/8/8/8/8/8/8 w - - 0 1","fog":[],"mines":[],"counter":"x","numbers":{}})").find("counter"), std::string::npos);
}
