// A computer seat. It sees exactly what a human in its seat would: its own view and the list
// of actions it may take — never the game object, so it cannot read a secret. Level 0
// picks a uniformly random legal action.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "referee/random.h"

namespace arbiter::server {

class ComputerPlayer {
  public:
    virtual ~ComputerPlayer() = default;
    // Runs off the event loop; may be slow. legal is never empty. waitedMs: how long the
    // request queued for a compute thread since the view was taken; the clock ran meanwhile,
    // so it comes off the move's budget (move_budget_ms).
    virtual json::object choose(std::string_view variant, const json::object& view,
                                const std::vector<json::object>& legal,
                                referee::RandomSource& random, std::int64_t waitedMs) = 0;
    // The opponent offers a draw: accept it? Runs off the loop. By default the offer is
    // declined (out loud: the offerer is told).
    virtual bool accepts_draw(std::string_view /*variant*/, const json::object& /*view*/,
                              std::int64_t /*waitedMs*/) {
        return false;
    }
};

// Level 0: every legal action equally likely.
class RandomPlayer final : public ComputerPlayer {
  public:
    json::object choose(std::string_view, const json::object&,
                        const std::vector<json::object>& legal, referee::RandomSource& random,
                        std::int64_t) override {
        return legal[random.uniform(std::uint32_t(legal.size()))];
    }
};

// The player for a level: the chess engine at levels 1-8 for chess (engine/levels.h), the
// view players of engine/view_player.h for Chief & Spy and Minesweeper Chess; level 0 (and
// an unknown variant) picks a random legal action. Levels above 8 play as 8.
std::unique_ptr<ComputerPlayer> make_computer_player(std::string_view variant, int level);

// The wall-clock budget of one computer move (issue 15): the level's most
// (engine/level_catalog.h: level 8 1 s, lower levels less) in an untimed game; with a clock,
// remaining / 30 + 3/4 of the increment, but at least MinMoveBudgetMs and never more than the
// level's most. Level 0 thinks not at all (0). Time already spent waiting for a compute
// thread (waitedMs) comes off both the clock and the level's most, so that the answer
// arrives within the level's time even on a busy server (but thinking never drops under the
// floor).
constexpr std::int64_t MinMoveBudgetMs = 50;
std::int64_t move_budget_ms(std::int64_t levelMaxMs, std::optional<std::int64_t> remainingMs,
                            std::int64_t incrementMs, std::int64_t waitedMs = 0);
// The same from the computer's view: its seat's time left and the increment from
// view["clock"] (null or absent: untimed).
std::int64_t move_budget_ms(std::string_view variant, int level, const json::object& view,
                            std::int64_t waitedMs = 0);

// Every game's levels for the lobby (GET /api/levels, docs/api.md):
// {"chess":[{"level":0,"elo":300,"description":"…","translations":{"it":"…"}},…],…}.
json::object computer_levels_json();

}  // namespace arbiter::server
