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

// "n0,n1,n2,n3,n4", the counts a match prints as "Pairs (0, 1/2, 1, 3/2, 2 points)"; throws
// std::invalid_argument naming the problem.
Pentanomial parse_pentanomial(const std::string& text);

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

// A running test. It stops at the first pair whose LLR crosses a bound. Games already under
// way still finish and their pairs are counted, but they may move the LLR back inside the
// bounds: the verdict is the state at the stop, as a sequential test requires.
// A test may resume from the pairs an earlier, undecided run of it played (on other openings,
// so that no opening is counted twice); they must not already decide it.
class SprtTest {
  public:
    explicit SprtTest(SprtSettings settings, const Pentanomial& earlier = {});
    // One finished pair worth `halfPoints` / 2 points to engine 1 (0..4); the state after it.
    const SprtState& add_pair(int halfPoints);
    bool stopped() const { return stop_.decision != SprtState::Decision::Continue; }
    // The state at the stop, or the latest one while the test runs.
    const SprtState& verdict() const { return stopped() ? stop_ : latest_; }
    const SprtState& latest() const { return latest_; }
    const Pentanomial& pairs() const { return pairs_; }
    const SprtSettings& settings() const { return settings_; }

  private:
    SprtSettings settings_;
    Pentanomial pairs_{};
    SprtState latest_, stop_;
};

}  // namespace arbiter::engine
