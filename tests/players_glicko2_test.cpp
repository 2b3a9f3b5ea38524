// Glicko-2 against the worked example of Glickman's paper, and its edge cases.
#include <gtest/gtest.h>

#include <vector>

#include "players/glicko2.h"

using namespace arbiter::players;

// The paper's example: a 1500 player (RD 200, volatility 0.06, tau 0.5) beats a 1400 (RD 30)
// and loses to a 1550 (RD 100) and a 1700 (RD 300): 1464.06, RD 151.52, volatility 0.05999.
TEST(Glicko2, MatchesTheWorkedExampleOfGlickmansPaper) {
    std::vector<GameScore> games{
        {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
    Rating after = Glicko2(0.5).update({1500, 200, 0.06}, games);
    EXPECT_NEAR(after.rating, 1464.06, 0.01);
    EXPECT_NEAR(after.deviation, 151.52, 0.01);
    EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
    Rating before{1600, 80, 0.06};
    Rating after = Glicko2().update(before, {});
    EXPECT_EQ(after.rating, before.rating);
    EXPECT_EQ(after.volatility, before.volatility);
    EXPECT_NEAR(after.deviation, 80.5, 0.5);  // sqrt(phi^2 + sigma^2), back on the Glicko scale
}

TEST(Glicko2, WinsRaiseLossesLowerAndDrawsBetweenEqualsLeaveTheRating) {
    Rating p{1500, 100, 0.06};
    std::vector<GameScore> win{{p, 1}}, loss{{p, 0}}, draw{{p, 0.5}};
    EXPECT_GT(Glicko2().update(p, win).rating, 1500);
    EXPECT_LT(Glicko2().update(p, loss).rating, 1500);
    EXPECT_NEAR(Glicko2().update(p, draw).rating, 1500, 1e-9);
    EXPECT_LT(Glicko2().update(p, draw).deviation, 100) << "a game makes the rating surer";
}

TEST(Glicko2, ANewPlayerIsProvisionalUntilItsDeviationFalls) {
    Rating r;
    EXPECT_TRUE(provisional(r));
    for (int period = 0; period < 20; ++period) {
        std::vector<GameScore> games(5, GameScore{{1500, 60, 0.06}, period % 2 ? 1.0 : 0.0});
        r = Glicko2().update(r, games);
    }
    EXPECT_FALSE(provisional(r)) << r.deviation;
}
