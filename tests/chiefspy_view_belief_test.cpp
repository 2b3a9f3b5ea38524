// Deduction from a seat's referee view during real matches: the true opposing assignment
// is always among the consistent ones, and a spectator gets no belief.
#include <gtest/gtest.h>

#include "belief/chiefspy_view_belief.h"
#include "referee/game.h"
#include "test_support.h"

using namespace arbiter;
using namespace arbiter::referee;

namespace {

// The opposing values of the round just ended, from the view's list of past rounds.
std::optional<std::array<chiefspy::Value, 8>> revealed_opponent(const json::object& view,
                                                                 Color me) {
    const auto& rounds = view.at("rounds").as_array();
    if (rounds.empty()) return std::nullopt;
    const auto& last = rounds.back().as_object();
    if (!last.contains("reveal") || last.at("reveal").is_null()) return std::nullopt;
    const auto& side = last.at("reveal").as_object().at(me == White ? "black" : "white").as_object();
    std::array<chiefspy::Value, 8> v{};
    for (int s = 0; s < 8; ++s)
        v[s] = *chiefspy::Value::parse(std::string_view(
            side.at("values").as_object().at(std::string(1, char('a' + s))).as_string()));
    return v;
}

}  // namespace

TEST(ChiefSpyViewBelief, TrueAssignmentStaysConsistentThroughRealMatches) {
    const int matches = test::sanitized() ? 3 : 30;
    int roundsChecked = 0, battlesSeen = 0;
    std::size_t narrowest = 40320;
    for (int g = 0; g < matches; ++g) {
        SeededRandom random(500 + g);
        auto game = create_game("chiefspy", {}, random);
        SeededRandom pick(900 + g);
        std::int64_t t = 0;
        std::optional<belief::ChiefSpyBelief> last[2];
        int roundsBefore = 0;
        while (!game->finished() && t < 3000) {
            for (Seat seat : {Seat::White, Seat::Black}) {
                auto view = game->view(seat, t);
                auto vb = belief::belief_from_view(view);
                ASSERT_TRUE(vb.error.empty()) << vb.error;
                if (vb.belief) {
                    ASSERT_GE(vb.belief->consistent(), 1u);
                    narrowest = std::min(narrowest, vb.belief->consistent());
                    last[int(seat)] = vb.belief;
                }
                // A round ended since the last look: its reveal must be in the last belief.
                int rounds = int(view.at("rounds").as_array().size());
                if (rounds > roundsBefore && last[int(seat)]) {
                    auto truth = revealed_opponent(view, last[int(seat)]->me());
                    if (truth) {
                        bool found = false;
                        for (const auto& h : last[int(seat)]->hypotheses())
                            found = found || h.opponent_initial == *truth;
                        EXPECT_TRUE(found) << "match " << g;
                        ++roundsChecked;
                    }
                }
            }
            roundsBefore = int(game->view(Seat::White, t).at("rounds").as_array().size());
            auto spectator = belief::belief_from_view(game->view(Seat::Spectator, t));
            EXPECT_FALSE(spectator.belief);
            std::vector<std::pair<Seat, json::object>> options;
            for (Seat seat : {Seat::White, Seat::Black})
                for (auto& a : game->legal_actions(seat)) options.emplace_back(seat, a);
            ASSERT_FALSE(options.empty());
            auto& [seat, action] = options[pick.uniform(std::uint32_t(options.size()))];
            ASSERT_TRUE(game->act(seat, action, ++t).accepted);
            battlesSeen += int(game->events().back().body.contains("battle") &&
                               !game->events().back().body.at("battle").is_null());
        }
    }
    EXPECT_GT(roundsChecked, 0);
    EXPECT_GT(battlesSeen, 0);
    EXPECT_LT(narrowest, 40320u) << "battles seen in the views should narrow the belief";
}
