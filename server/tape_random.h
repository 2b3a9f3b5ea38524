// A game's random tape that outlives restarts: bytes already recorded are played back first
// (so a replayed game rebuilds the very same secrets), later draws come from the secure
// generator and are appended. The tape is a secret: it lives in memory and in the database
// only, never in an export, a view or a log.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "referee/random.h"

namespace arbiter::server {

class TapeRandom final : public referee::RandomSource {
  public:
    TapeRandom(referee::RandomSource& fresh, std::vector<std::uint8_t> tape)
        : fresh_(fresh), tape_(std::move(tape)) {}

    void fill(std::span<std::uint8_t> out) override {
        std::size_t fromTape = std::min(out.size(), tape_.size() - next_);
        std::copy_n(tape_.begin() + std::ptrdiff_t(next_), fromTape, out.begin());
        next_ += fromTape;
        if (fromTape < out.size()) {
            auto rest = out.subspan(fromTape);
            fresh_.fill(rest);
            tape_.insert(tape_.end(), rest.begin(), rest.end());
            next_ = tape_.size();
        }
    }
    const std::vector<std::uint8_t>& tape() const { return tape_; }
    // A replica's tape catches up with the stored one (the bytes the owner drew since).
    void extend(const std::vector<std::uint8_t>& stored) {
        if (stored.size() > tape_.size())
            tape_.insert(tape_.end(), stored.begin() + std::ptrdiff_t(tape_.size()), stored.end());
    }

  private:
    referee::RandomSource& fresh_;
    std::vector<std::uint8_t> tape_;
    std::size_t next_ = 0;
};

}  // namespace arbiter::server
