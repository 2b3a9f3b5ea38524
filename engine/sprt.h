// The sequential probability ratio test that decides whether an engine change is accepted,
// as strong engines are developed: play game pairs (one opening, colours swapped) until the
// log-likelihood ratio of "the change gains elo1" against "it gains elo0" crosses a bound.
// Pairs, not games, are the samples (the pentanomial model): the two games of an opening
// are correlated, and counting them apart would understate the variance.
#pragma once

#include <array>
#include <string>

namespace arbiter::engine {

struct SprtSettings {
    double elo0 = 0, elo1 = 5;         // logistic Elo of the two hypotheses
    double alpha = 0.05, beta = 0.05;  // false-accept and false-reject rates
};
// "elo0,elo1" or "elo0,elo1,alpha,beta"; throws std::invalid_argument naming the problem.
SprtSettings parse_sprt(const std::string& text);

// Pairs by their points for engine 1: 0, 1/2, 1, 3/2 or 2 (index = points x 2).
using Pentanomial = std::array<int, 5>;

struct SprtState {
    double llr = 0;
    double lower = 0, upper = 0;  // log(beta / (1 - alpha)), log((1 - beta) / alpha)
    int pairs = 0;
    enum class Decision { Continue, AcceptH0, AcceptH1 } decision = Decision::Continue;
};

// The generalised SPRT of the normal approximation: with the mean pair score s and its
// variance v over N pairs, LLR = N (s1 - s0)(2s - s0 - s1) / (2v), where s0 and s1 are the
// expected scores at elo0 and elo1.
SprtState sprt_state(const Pentanomial& pairs, const SprtSettings& settings);

// "LLR 1.23 (-2.94, 2.94) [0, 5] after 120 pairs: continue" (or "H1 accepted" / "H0 accepted").
std::string describe(const SprtState& state, const SprtSettings& settings);

}  // namespace arbiter::engine
