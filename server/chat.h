// A game's chat lines (docs/players.md, "Chat"): what a line is, the checks its text passes, the
// per-writer rate, its JSON, and its rows in the players' tables (the `chat` table of
// PlayersSchema). A line holds only what a person typed, their name and their seat: the server
// never writes a line of its own.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "server/store.h"

namespace arbiter::server::chat {

// The two rooms: the seats' and everyone else's.
enum class RoomKind { Players = 0, Spectators = 1 };
std::string_view room_name(RoomKind room);  // "players" | "spectators"
std::optional<RoomKind> parse_room(std::string_view name);

constexpr std::size_t MaxCodePoints = 140;

// A text as typed: trimmed of white space at both ends (the white space JavaScript's trim()
// removes), then 1 to 140 Unicode code points of valid UTF-8 with no control character
// (U+0000–U+001F, U+007F–U+009F). Either the text to keep, or what is wrong with it.
struct Checked {
    std::string text;
    std::string problem;  // "" when the text is fine
    bool ok() const { return problem.empty(); }
};
Checked check_text(std::string_view typed);

struct Line {
    RoomKind room = RoomKind::Players;
    std::int64_t n = 0;               // 1, 2, … in its room
    std::optional<std::string> name;  // the writer's account, if any
    std::optional<std::string> seat;  // "white" | "black" for a seat, nothing for a spectator
    std::string text;
    std::int64_t atMs = 0;
};
// {"room","n","from":{"name","seat"},"text","at"}: nothing else.
json::object line_json(const Line& line);

// One writer's rate: one line a second, five at once.
class Bucket {
  public:
    static constexpr double PerSecond = 1.0;
    static constexpr double Burst = 5.0;
    using Clock = std::chrono::steady_clock;
    // Takes one line; false (and the seconds to wait) when the writer is over the rate.
    bool take(Clock::time_point now, int& retryAfter);
    // Full again: the writer could be forgotten.
    bool idle(Clock::time_point now) const;

  private:
    double level(Clock::time_point now) const;
    double tokens_ = Burst;
    Clock::time_point at_{};
    bool used_ = false;
};

// ---- the chat table (in a store job) ------------------------------------------------------
// Writes the line as line n of its room. A job may run twice: the same line again is no
// change; another line already holding that n throws (nothing is written).
void insert_line(Db& db, const std::string& game, const Line& line);
// Every line of a game, each room's in order of n.
std::vector<Line> load_lines(Db& db, const std::string& game);

}  // namespace arbiter::server::chat
