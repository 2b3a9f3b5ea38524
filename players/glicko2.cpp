#include "players/glicko2.h"

#include <cmath>
#include <numbers>

namespace arbiter::players {
namespace {

constexpr double Scale = 173.7178;  // between the Glicko scale and Glicko-2's
constexpr double Epsilon = 0.000001;

double g(double phi) {
    return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi));
}
double expected(double mu, double muj, double phij) {
    return 1 / (1 + std::exp(-g(phij) * (mu - muj)));
}

}  // namespace

Rating Glicko2::update(const Rating& player, std::span<const GameScore> games) const {
    double mu = (player.rating - 1500) / Scale;
    double phi = player.deviation / Scale;
    double sigma = player.volatility;
    if (games.empty()) {
        // No game: the rating stays, the uncertainty grows with the volatility.
        return {player.rating, std::sqrt(phi * phi + sigma * sigma) * Scale, sigma};
    }
    // The estimated variance v of the rating from the games alone, and the improvement delta.
    double vInverse = 0, sum = 0;
    for (const auto& game : games) {
        double muj = (game.opponent.rating - 1500) / Scale, phij = game.opponent.deviation / Scale;
        double e = expected(mu, muj, phij);
        vInverse += g(phij) * g(phij) * e * (1 - e);
        sum += g(phij) * (game.score - e);
    }
    double v = 1 / vInverse;
    double delta = v * sum;

    // The new volatility: the root of f by the Illinois variant of regula falsi (step 5).
    double a = std::log(sigma * sigma);
    auto f = [&](double x) {
        double ex = std::exp(x);
        double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau_ * tau_);
    };
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau_) < 0) ++k;
        B = a - k * tau_;
    }
    double fA = f(A), fB = f(B);
    while (std::fabs(B - A) > Epsilon) {
        double C = A + (A - B) * fA / (fB - fA);
        double fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    double sigmaNew = std::exp(A / 2);

    double phiStar = std::sqrt(phi * phi + sigmaNew * sigmaNew);
    double phiNew = 1 / std::sqrt(1 / (phiStar * phiStar) + 1 / v);
    double muNew = mu + phiNew * phiNew * sum;
    return {muNew * Scale + 1500, phiNew * Scale, sigmaNew};
}

}  // namespace arbiter::players
