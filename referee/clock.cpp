#include "referee/clock.h"

#include <algorithm>

namespace arbiter::referee {

Clock::Clock(std::optional<TimeControl> tc) : tc_(tc) {
    if (tc_) remaining_[0] = remaining_[1] = std::int64_t(tc_->initialSeconds) * 1000;
}

std::int64_t Clock::remaining(int side, std::int64_t nowMs) const {
    if (!tc_) return 0;
    std::int64_t r = remaining_[side];
    if (runningFor_ == side && nowMs > since_) r -= nowMs - since_;
    return r < 0 ? 0 : r;
}

bool Clock::flagged(std::int64_t nowMs) const {
    return tc_ && runningFor_ >= 0 && remaining(runningFor_, nowMs) <= 0;
}

void Clock::turn_done(int side, int turnsCompleted, std::int64_t nowMs) {
    if (!tc_) return;
    if (runningFor_ == side) {
        remaining_[side] -= nowMs > since_ ? nowMs - since_ : 0;
        remaining_[side] += std::int64_t(tc_->incrementSeconds) * 1000;
    }
    if (turnsCompleted >= 2) {
        runningFor_ = 1 - side;
        since_ = nowMs;
    }
}

void Clock::stop(std::int64_t nowMs) {
    if (runningFor_ >= 0) {
        remaining_[runningFor_] = remaining(runningFor_, nowMs);
        runningFor_ = -1;
    }
}

void Clock::start(int side, std::int64_t nowMs) {
    if (!tc_) return;
    stop(nowMs);
    runningFor_ = side;
    since_ = nowMs;
}

void Clock::add(int side, std::int64_t ms) {
    if (tc_) remaining_[side] += ms;
}

void Clock::resume(std::int64_t downSinceMs, std::int64_t nowMs) {
    if (runningFor_ < 0) return;
    if (downSinceMs > since_) remaining_[runningFor_] -= std::min(downSinceMs, nowMs) - since_;
    if (nowMs > since_) since_ = nowMs;
}

}  // namespace arbiter::referee
