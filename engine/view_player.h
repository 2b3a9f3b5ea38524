// Computer players for the hidden-information games. A player sees what a human in its seat
// sees and nothing more: the seat's referee view (JSON) and the actions it may take. It is
// never given the game object, so it cannot read a secret.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "referee/random.h"

namespace arbiter::engine {

class ViewPlayer {
  public:
    virtual ~ViewPlayer() = default;
    // One of `legal` (never empty), or an equivalent action (a chosen set-up instead of
    // {"type":"set-values","random":true}). May keep notes between calls of one game.
    virtual json::object choose(const json::object& view, const std::vector<json::object>& legal,
                                referee::RandomSource& random) = 0;

    // A wall-clock cap on each following choice, in ms (<= 0: none). The node and sample
    // limits decide the choice; the cap only cuts thinking short on a slow or busy machine
    // (then the player plays the best it has found, and the choice depends on the machine).
    void set_time_cap(std::int64_t ms) { timeCapMs_ = ms; }
    std::int64_t time_cap() const { return timeCapMs_; }

  private:
    std::int64_t timeCapMs_ = 0;
};

// Every legal action equally likely.
class RandomViewPlayer final : public ViewPlayer {
  public:
    json::object choose(const json::object&, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        return legal[random.uniform(std::uint32_t(legal.size()))];
    }
};

// Strength levels of the hidden-information players: 0 is random, 8 the strongest.
constexpr int MaxViewPlayerLevel = 8;

// "random", "greedy" or a level "0".."8" for "chiefspy" or "minesweeper"; nothing (and a
// reason in *why) for anything else.
std::unique_ptr<ViewPlayer> make_view_player(std::string_view variant, std::string_view kind,
                                             std::string* why = nullptr);
std::unique_ptr<ViewPlayer> make_level_player(std::string_view variant, int level);

// A 64-bit seed drawn from a random source (players keep their own generators).
inline std::uint64_t draw_seed(referee::RandomSource& random) {
    std::uint8_t bytes[8];
    random.fill(bytes);
    std::uint64_t seed = 0;
    for (auto b : bytes) seed = seed << 8 | b;
    return seed;
}

// The "move" text of every legal move action.
std::vector<std::string> legal_move_texts(const std::vector<json::object>& legal);

}  // namespace arbiter::engine
