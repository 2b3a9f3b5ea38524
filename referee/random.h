// Where secret randomness comes from. Games draw every random byte through a RandomSource;
// a recording tape lets the server store exactly what was drawn, so that replaying the
// action log after a restart rebuilds the very same secrets.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace arbiter::referee {

class RandomSource {
public:
    virtual ~RandomSource() = default;
    virtual void fill(std::span<std::uint8_t> out) = 0;

    std::uint32_t uniform(std::uint32_t bound);  // unbiased, in [0, bound)
    std::string hex(std::size_t bytes);           // lowercase hex of fresh random bytes
};

// The operating system's secure generator (libsodium's randombytes).
class SecureRandom final : public RandomSource {
public:
    SecureRandom();
    void fill(std::span<std::uint8_t> out) override;
};

// Passes every byte drawn from an inner source through, and keeps a copy.
class RecordingRandom final : public RandomSource {
public:
    explicit RecordingRandom(RandomSource& inner) : inner_(inner) {}
    void fill(std::span<std::uint8_t> out) override;
    const std::vector<std::uint8_t>& tape() const { return tape_; }

private:
    RandomSource& inner_;
    std::vector<std::uint8_t> tape_;
};

// Plays a recorded tape back; throws std::runtime_error if asked for more than it holds.
class ReplayRandom final : public RandomSource {
public:
    explicit ReplayRandom(std::vector<std::uint8_t> tape) : tape_(std::move(tape)) {}
    void fill(std::span<std::uint8_t> out) override;

private:
    std::vector<std::uint8_t> tape_;
    std::size_t next_ = 0;
};

// Deterministic, for tests and self-play only: never for real secrets.
class SeededRandom final : public RandomSource {
public:
    explicit SeededRandom(std::uint64_t seed) : state_(seed) {}
    void fill(std::span<std::uint8_t> out) override;

private:
    std::uint64_t state_;
};

}  // namespace arbiter::referee
