// A two-player chess clock driven by timestamps passed in, so games replay exactly and
// tests never wait. Neither clock runs until each side has made its first move.
#pragma once

#include <cstdint>
#include <optional>

namespace arbiter::referee {

struct TimeControl {
    int initialSeconds = 300;
    int incrementSeconds = 0;
};

class Clock {
  public:
    explicit Clock(std::optional<TimeControl> tc);

    bool timed() const { return tc_.has_value(); }
    bool running() const { return runningFor_ >= 0; }
    // Remaining milliseconds of side (0 = white, 1 = black) as of nowMs.
    std::int64_t remaining(int side, std::int64_t nowMs) const;
    // Whether the running side's time is used up at nowMs.
    bool flagged(std::int64_t nowMs) const;
    int running_side() const { return runningFor_; }

    // A side finished its turn at nowMs: charge it, add the increment and start the other
    // side's clock (if both have moved once).
    void turn_done(int side, int turnsCompleted, std::int64_t nowMs);
    void stop(std::int64_t nowMs);
    // Starts side's clock at nowMs (after a takeback: the clock of the side to move again).
    void start(int side, std::int64_t nowMs);
    // Gives side ms more on its clock.
    void add(int side, std::int64_t ms);
    // The server was down from downSinceMs to nowMs: the running side is charged up to
    // downSinceMs (its thinking time before the stop) and not for the downtime.
    void resume(std::int64_t downSinceMs, std::int64_t nowMs);
    std::optional<TimeControl> control() const { return tc_; }

  private:
    std::optional<TimeControl> tc_;
    std::int64_t remaining_[2] = {0, 0};
    int runningFor_ = -1;
    std::int64_t since_ = 0;
};

}  // namespace arbiter::referee
