// Fuzzes the JSON bodies the server hands to the referee: each is parsed with the server's own
// parser (server::parse_json, Boost.JSON with max depth 32), then used to create a game
// (referee::create_game, as the "clock" and "options" of a create body: Lobby::create cannot
// run without a server) and to act on it (Game::act) for chess, chiefspy and minesweeper.
// Input: lines. The first is the create body {"variant":…,"clock":…,"options":…}. Each later
// line starts with one letter:
//   w, b, s  then a JSON action of white, black or a spectator ({"type":"move","move":"e2e4"})
//   W, B     then a number n: white or black plays its legal_actions()[n % count]
//   t        then a number: that many milliseconds pass, then the flag is checked
// Invariants: create_game fails only with std::invalid_argument; act() never throws; a
// rejected action names why and changes nothing (events and every seat's view); an accepted
// one appends events numbered in order; every listed legal action is accepted; views and
// records can be produced and serialised; replaying the accepted actions on a game made from
// the same random tape gives the very same events (what the server does after a restart).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "referee/game.h"
#include "referee/random.h"
#include "server/session.h"

using namespace arbiter;
using referee::Seat;

namespace {

constexpr std::uint64_t Seed = 20240611;

// A whole number as Boost.JSON holds it, like the lobby's reading of the clock.
std::optional<std::int64_t> integer(const json::value& v) {
    if (v.is_int64()) return v.get_int64();
    if (v.is_uint64() && v.get_uint64() <= std::uint64_t(INT64_MAX))
        return std::int64_t(v.get_uint64());
    return std::nullopt;
}

// The create body's clock and options, with the lobby's limits; nullopt when it would refuse.
std::optional<referee::GameOptions> game_options(const json::object& body) {
    referee::GameOptions options;
    if (auto c = body.if_contains("clock"); c && !c->is_null()) {
        if (!c->is_object()) return std::nullopt;
        auto initial = c->as_object().if_contains("initial");
        auto increment = c->as_object().if_contains("increment");
        auto i = initial ? integer(*initial) : std::nullopt;
        auto inc = increment ? integer(*increment) : std::optional<std::int64_t>(0);
        if (!i || *i < 1 || *i > 86400 || !inc || *inc < 0 || *inc > 3600) return std::nullopt;
        options.clock = referee::TimeControl{int(*i), int(*inc)};
    }
    if (auto o = body.if_contains("options"); o && !o->is_null()) {
        if (!o->is_object()) return std::nullopt;
        options.variant = o->as_object();
    }
    return options;
}

std::string events_text(const referee::Game& game) {
    std::string out;
    for (std::size_t i = 0; i < game.events().size(); ++i) {
        const referee::Event& e = game.events()[i];
        FUZZ_CHECK(e.seq == i);
        FUZZ_CHECK(e.body.contains("type") && e.body.at("type").is_string());
        out += json::serialize(e.body) + "\n";
    }
    return out;
}

std::string views_text(const referee::Game& game, std::int64_t now) {
    std::string out;
    for (Seat s : {Seat::White, Seat::Black, Seat::Spectator})
        out += json::serialize(game.view(s, now)) + "\n";
    return out;
}

struct Entry {  // what the server's action log keeps
    bool timeCheck;
    Seat seat;
    json::object action;
    std::int64_t now;
};

long long number_of(std::string_view s) {
    long long n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') break;
        n = n * 10 + (c - '0');
        if (n > 100'000'000) break;
    }
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 8192) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string_view> lines;
    for (std::size_t start = 0;;) {
        std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    auto body = server::parse_json(lines[0]);
    if (!body || !body->is_object()) return 0;
    const json::value* variant = body->as_object().if_contains("variant");
    if (!variant || !variant->is_string()) return 0;
    auto options = game_options(body->as_object());
    if (!options) return 0;

    referee::SeededRandom random(Seed);
    std::unique_ptr<referee::Game> game;
    try {
        game = referee::create_game(std::string_view(variant->get_string()), *options, random);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    std::int64_t now = 1'000'000;
    std::vector<Entry> log;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::string_view line = lines[i];
        if (line.empty()) continue;
        ++now;
        const char kind = line[0];
        line.remove_prefix(1);
        if (kind == 't') now += number_of(line);
        if (game->check_time(now)) log.push_back({true, Seat::White, {}, now});
        if (kind == 't') continue;

        Seat seat;
        json::object action;
        bool mustAccept = false;
        if (kind == 'w' || kind == 'b' || kind == 's') {
            seat = kind == 'w' ? Seat::White : kind == 'b' ? Seat::Black : Seat::Spectator;
            auto v = server::parse_json(line);
            if (!v || !v->is_object()) continue;  // the server answers 400
            action = v->as_object();
        } else if (kind == 'W' || kind == 'B') {
            seat = kind == 'W' ? Seat::White : Seat::Black;
            auto legal = game->legal_actions(seat);
            if (legal.empty()) continue;
            action = legal[std::size_t(number_of(line)) % legal.size()];
            mustAccept = true;
        } else {
            continue;
        }
        const std::size_t before = game->events().size();
        const std::string viewsBefore = views_text(*game, now);
        referee::ActionResult r = game->act(seat, action, now);
        FUZZ_CHECK(r.accepted || !mustAccept);
        if (r.accepted) {
            FUZZ_CHECK(r.firstEvent == before);
            log.push_back({false, seat, action, now});
        } else {
            FUZZ_CHECK(!r.error.empty());
            FUZZ_CHECK(game->events().size() == before);
            FUZZ_CHECK(views_text(*game, now) == viewsBefore);
        }
    }
    const std::string events = events_text(*game);
    (void)views_text(*game, now);
    (void)game->record();

    // The server's restart: the same tape, the logged actions at their times.
    referee::SeededRandom again(Seed);
    auto replayed = referee::create_game(std::string_view(variant->get_string()), *options, again);
    for (const Entry& e : log) {
        if (e.timeCheck)
            FUZZ_CHECK(replayed->check_time(e.now));
        else
            FUZZ_CHECK(replayed->act(e.seat, e.action, e.now).accepted);
    }
    FUZZ_CHECK(events_text(*replayed) == events);
    FUZZ_CHECK(views_text(*replayed, now) == views_text(*game, now));
    return 0;
}
