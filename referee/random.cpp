#include "referee/random.h"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>

namespace arbiter::referee {

std::uint32_t RandomSource::uniform(std::uint32_t bound) {
    if (bound <= 1) return 0;
    // Rejection sampling: drop the top sliver of the 32-bit range that would bias the result.
    const std::uint32_t limit = std::uint32_t(-bound) % bound;
    for (;;) {
        std::uint8_t b[4];
        fill(b);
        std::uint32_t x = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 |
                          std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
        if (x >= limit) return x % bound;
    }
}

std::string RandomSource::hex(std::size_t bytes) {
    std::vector<std::uint8_t> raw(bytes);
    fill(raw);
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes * 2);
    for (auto b : raw) out += digits[b >> 4], out += digits[b & 15];
    return out;
}

SecureRandom::SecureRandom() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

void SecureRandom::fill(std::span<std::uint8_t> out) { randombytes_buf(out.data(), out.size()); }

void RecordingRandom::fill(std::span<std::uint8_t> out) {
    inner_.fill(out);
    tape_.insert(tape_.end(), out.begin(), out.end());
}

void ReplayRandom::fill(std::span<std::uint8_t> out) {
    if (tape_.size() - next_ < out.size())
        throw std::runtime_error("replay: the recorded randomness is exhausted");
    std::copy_n(tape_.begin() + std::ptrdiff_t(next_), out.size(), out.begin());
    next_ += out.size();
}

void SeededRandom::fill(std::span<std::uint8_t> out) {
    for (auto& byte : out) {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        byte = std::uint8_t(z ^ (z >> 31));
    }
}

}  // namespace arbiter::referee
