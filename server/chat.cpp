#include "server/chat.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arbiter::server::chat {

namespace {

// The next code point of s from byte i (moved past it), or nothing when the bytes there are
// not UTF-8: overlong forms, surrogates and values past U+10FFFF are refused.
std::optional<char32_t> next_code_point(std::string_view s, std::size_t& i) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char b0 = byte(i);
    if (b0 < 0x80) {
        ++i;
        return b0;
    }
    std::size_t length = 0;
    char32_t cp = 0;
    unsigned char low = 0x80, high = 0xBF;  // the second byte's range
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
        cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        cp = b0 & 0x0F;
        if (b0 == 0xE0) low = 0xA0;   // overlong
        if (b0 == 0xED) high = 0x9F;  // surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        cp = b0 & 0x07;
        if (b0 == 0xF0) low = 0x90;   // overlong
        if (b0 == 0xF4) high = 0x8F;  // past U+10FFFF
    } else {
        return std::nullopt;
    }
    if (s.size() - i < length) return std::nullopt;
    for (std::size_t k = 1; k < length; ++k) {
        unsigned char b = byte(i + k);
        if (k == 1 ? (b < low || b > high) : (b < 0x80 || b > 0xBF)) return std::nullopt;
        cp = (cp << 6) | (b & 0x3F);
    }
    i += length;
    return cp;
}

// What JavaScript's String.prototype.trim() removes: WhiteSpace and LineTerminator.
bool white_space(char32_t c) {
    switch (c) {
        case 0x09:
        case 0x0A:
        case 0x0B:
        case 0x0C:
        case 0x0D:
        case 0x20:
        case 0xA0:
        case 0x1680:
        case 0x2028:
        case 0x2029:
        case 0x202F:
        case 0x205F:
        case 0x3000:
        case 0xFEFF:
            return true;
        default:
            return c >= 0x2000 && c <= 0x200A;
    }
}

// Unicode's control characters (general category Cc).
bool control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

}  // namespace

std::string_view room_name(RoomKind room) {
    return room == RoomKind::Players ? "players" : "spectators";
}

std::optional<RoomKind> parse_room(std::string_view name) {
    if (name == "players") return RoomKind::Players;
    if (name == "spectators") return RoomKind::Spectators;
    return std::nullopt;
}

Checked check_text(std::string_view typed) {
    struct Point {
        char32_t c;
        std::size_t from, to;  // its bytes
    };
    std::vector<Point> points;
    for (std::size_t i = 0; i < typed.size();) {
        std::size_t from = i;
        auto c = next_code_point(typed, i);
        if (!c) return {"", "the text is not valid UTF-8"};
        points.push_back({*c, from, i});
    }
    auto first = std::find_if(points.begin(), points.end(),
                              [](const Point& p) { return !white_space(p.c); });
    auto last = std::find_if(points.rbegin(), points.rend(),
                             [](const Point& p) { return !white_space(p.c); });
    if (first == points.end()) return {"", "the line is empty"};
    auto count = std::size_t(std::distance(first, last.base()));
    if (count > MaxCodePoints)
        return {"", "a line is at most " + std::to_string(MaxCodePoints) +
                        " characters; this one has " + std::to_string(count)};
    if (std::any_of(first, last.base(), [](const Point& p) { return control(p.c); }))
        return {"", "a line cannot hold a control character (a line break, a tab, …)"};
    return {std::string(typed.substr(first->from, last->to - first->from)), ""};
}

json::object line_json(const Line& line) {
    json::object from{{"name", line.name ? json::value(*line.name) : json::value(nullptr)},
                      {"seat", line.seat ? json::value(*line.seat) : json::value(nullptr)}};
    return json::object{{"room", room_name(line.room)},
                        {"n", line.n},
                        {"from", std::move(from)},
                        {"text", line.text},
                        {"at", line.atMs}};
}

double Bucket::level(Clock::time_point now) const {
    if (!used_) return Burst;
    double refill = PerSecond * std::chrono::duration<double>(now - at_).count();
    return std::min(Burst, tokens_ + std::max(0.0, refill));
}

bool Bucket::take(Clock::time_point now, int& retryAfter) {
    double tokens = level(now);
    if (tokens < 1) {
        retryAfter = std::max(1, int(std::ceil((1 - tokens) / PerSecond)));
        return false;
    }
    tokens_ = tokens - 1;
    at_ = now;
    used_ = true;
    return true;
}

bool Bucket::idle(Clock::time_point now) const { return level(now) >= Burst; }

// ---- the chat table ------------------------------------------------------------------------

namespace {

SqlValue text_or_null(const std::optional<std::string>& s) {
    return s ? SqlValue(*s) : SqlValue(std::monostate{});
}

}  // namespace

void insert_line(Db& db, const std::string& game, const Line& line) {
    std::string room(room_name(line.room));
    auto written = db.query(
        "INSERT INTO chat(game,room,n,seat,name,text,at_ms) VALUES($1,$2,$3,$4,$5,$6,$7) "
        "ON CONFLICT(game,room,n) DO NOTHING",
        {game, room, line.n, text_or_null(line.seat), text_or_null(line.name), line.text,
         line.atMs});
    if (written.changed == 1) return;
    // Already there: this job's earlier run, or (it cannot be, short of two writers) another
    // line, which is never overwritten.
    auto held = db.query("SELECT seat,name,text,at_ms FROM chat WHERE game=$1 AND room=$2 AND n=$3",
                         {game, room, line.n});
    if (held.size() == 1 && held.rows[0][0] == line.seat && held.rows[0][1] == line.name &&
        held.text(0, 2) == line.text && held.number(0, 3) == line.atMs)
        return;
    throw std::runtime_error("chat line " + std::to_string(line.n) + " is taken");
}

std::vector<Line> load_lines(Db& db, const std::string& game) {
    auto rows = db.query(
        "SELECT room,n,seat,name,text,at_ms FROM chat WHERE game=$1 ORDER BY room,n", {game});
    std::vector<Line> lines;
    lines.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        auto room = parse_room(rows.text(i, 0));
        if (!room) continue;
        lines.push_back({*room, rows.number(i, 1), rows.rows[i][3], rows.rows[i][2],
                         rows.text(i, 4), rows.number(i, 5)});
    }
    return lines;
}

}  // namespace arbiter::server::chat
