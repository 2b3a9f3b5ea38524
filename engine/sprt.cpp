#include "engine/sprt.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace arbiter::engine {
namespace {

double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

}  // namespace

SprtSettings parse_sprt(const std::string& text) {
    std::vector<double> values;
    std::stringstream in(text + ",");  // so that a trailing comma yields an empty item
    for (std::string item; std::getline(in, item, ',');) {
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != item.size() || !std::isfinite(v))
            throw std::invalid_argument(fmt::format("SPRT '{}': '{}' is not a number", text, item));
        values.push_back(v);
    }
    if (values.size() != 2 && values.size() != 4)
        throw std::invalid_argument(
            fmt::format("SPRT '{}': expected elo0,elo1 or elo0,elo1,alpha,beta", text));
    SprtSettings s;
    s.elo0 = values[0];
    s.elo1 = values[1];
    if (values.size() == 4) s.alpha = values[2], s.beta = values[3];
    if (!(s.elo1 > s.elo0))
        throw std::invalid_argument(fmt::format("SPRT '{}': elo1 must be above elo0", text));
    if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
        throw std::invalid_argument(
            fmt::format("SPRT '{}': alpha and beta must lie between 0 and 0.5", text));
    return s;
}

Pentanomial parse_pentanomial(const std::string& text) {
    Pentanomial counts{};
    std::size_t n = 0;
    std::stringstream in(text + ",");  // so that a trailing comma yields an empty item
    for (std::string item; std::getline(in, item, ',');) {
        if (n == counts.size())
            throw std::invalid_argument(
                fmt::format("pairs '{}': expected five counts n0,n1,n2,n3,n4", text));
        const bool digits =
            !item.empty() && item.size() <= 9 &&
            std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits)
            throw std::invalid_argument(
                fmt::format("pairs '{}': '{}' is not a count of pairs", text, item));
        counts[n++] = std::stoi(item);
    }
    if (n != counts.size())
        throw std::invalid_argument(
            fmt::format("pairs '{}': expected five counts n0,n1,n2,n3,n4", text));
    return counts;
}

SprtState sprt_state(const Pentanomial& pairs, const SprtSettings& settings) {
    SprtState st;
    st.lower = std::log(settings.beta / (1 - settings.alpha));
    st.upper = std::log((1 - settings.beta) / settings.alpha);
    double n = 0, sum = 0;
    for (int i = 0; i < 5; ++i) {
        n += pairs[i];
        sum += pairs[i] * (i / 4.0);
    }
    st.pairs = int(n);
    if (n < 2) return st;
    const double s = sum / n;
    // The spread of a few pairs says little: two pairs of 1.5 points each have none, and
    // would make the test certain of a gain after four games. The variance therefore also
    // counts one pseudo-pair lost (0 points) and one won (2 points) around the same mean; their
    // weight fades as real pairs come in, and it keeps the variance above zero when every pair
    // is alike (all drawn, all lost), which is still evidence.
    double variance = s * s + (1 - s) * (1 - s);
    for (int i = 0; i < 5; ++i) variance += pairs[i] * (i / 4.0 - s) * (i / 4.0 - s);
    variance /= n + 2;
    const double s0 = expected_score(settings.elo0), s1 = expected_score(settings.elo1);
    st.llr = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance);
    if (st.llr >= st.upper)
        st.decision = SprtState::Decision::AcceptH1;
    else if (st.llr <= st.lower)
        st.decision = SprtState::Decision::AcceptH0;
    return st;
}

std::string describe(const SprtState& state, const SprtSettings& settings) {
    const char* verdict = state.decision == SprtState::Decision::AcceptH1   ? "H1 accepted"
                          : state.decision == SprtState::Decision::AcceptH0 ? "H0 accepted"
                                                                            : "continue";
    return fmt::format("LLR {:.2f} ({:.2f}, {:.2f}) [{:g}, {:g}] after {} pairs: {}", state.llr,
                       state.lower, state.upper, settings.elo0, settings.elo1, state.pairs,
                       verdict);
}

SprtTest::SprtTest(SprtSettings settings, const Pentanomial& earlier)
    : settings_(settings), pairs_(earlier), latest_(sprt_state(earlier, settings)), stop_(latest_) {
    if (stopped())
        throw std::invalid_argument(fmt::format("the {} earlier pairs already decide the test: {}",
                                                latest_.pairs, describe(latest_, settings_)));
}

const SprtState& SprtTest::add_pair(int halfPoints) {
    ++pairs_.at(std::size_t(halfPoints));
    latest_ = sprt_state(pairs_, settings_);
    if (!stopped()) stop_ = latest_;
    return latest_;
}

}  // namespace arbiter::engine
