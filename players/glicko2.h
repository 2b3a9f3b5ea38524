// Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation
// (how unsure it is) and its volatility (how erratic the player is), updated once per rating
// period from the period's games. For issue 14 (players): one rating per variant and speed.
#pragma once

#include <span>

namespace arbiter::players {

struct Rating {
    double rating = 1500;
    double deviation = 350;  // RD: a new player is very unsure
    double volatility = 0.06;
};

// One game of the period: the opponent's rating before it, and the score (1, 0.5 or 0).
struct GameScore {
    Rating opponent;
    double score = 0;
};

// A rating is provisional while its deviation is this high or higher (lichess's threshold).
constexpr double ProvisionalDeviation = 110;
inline bool provisional(const Rating& r) { return r.deviation >= ProvisionalDeviation; }

class Glicko2 {
  public:
    // tau bounds how fast volatility may change (the paper suggests 0.3 to 1.2).
    explicit Glicko2(double tau = 0.5) : tau_(tau) {}
    // The rating after a period with these games (none: only the deviation grows).
    Rating update(const Rating& player, std::span<const GameScore> games) const;

  private:
    double tau_;
};

}  // namespace arbiter::players
