#include "server/room.h"

#include <chrono>
#include <ctime>

namespace arbiter::server {

using referee::Seat;

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

json::value result_json(const referee::GameResult& r) {
    json::object o{{"score", r.score}, {"reason", r.reason}};
    o["winner"] = r.winner ? json::value(referee::seat_name(*r.winner)) : json::value(nullptr);
    return o;
}

bool option_flag(const json::object& options, std::string_view key) {
    auto v = options.if_contains(key);
    return v && v->is_bool() && v->get_bool();
}

bool assist_proposed(const json::object& options) {
    auto a = options.if_contains("assist");
    return a && a->is_object() && option_flag(a->as_object(), "creator");
}

bool assist_enabled(const json::object& options) {
    auto a = options.if_contains("assist");
    return a && a->is_object() && option_flag(a->as_object(), "creator") &&
           option_flag(a->as_object(), "joiner");
}

Outcome storage_unavailable(std::string_view what) {
    return retry_error(503, "storage-unavailable",
                       std::string(what) +
                           " could not be stored: the server cannot write to its database right "
                           "now. Nothing was changed; try again later.",
                       5);
}

json::object event_json(const referee::Event& e) {
    json::object o;
    o["seq"] = e.seq;
    o["audience"] = referee::audience_name(e.audience);
    for (const auto& kv : e.body) o[kv.key()] = kv.value();
    return o;
}

std::string event_text(const referee::Event& e) { return json::serialize(event_json(e)); }

void set_record_headers(Room& r, bool diffPlaceholders) {
    if (!r.game) return;
    referee::RecordHeaders h;
    std::time_t t = std::time_t(r.createdMs / 1000);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char date[16], time[16];
    std::strftime(date, sizeof date, "%Y.%m.%d", &utc);
    std::strftime(time, sizeof time, "%H:%M:%S", &utc);
    h.date = date;
    h.time = time;
    // An account's name, "Anonymous", or the computer with its level.
    auto name = [&](Seat s) {
        if (r.computerSeat == s) return "Arbiter level " + std::to_string(r.level);
        std::string n = player_name(r, s);
        return n.empty() ? std::string("Anonymous") : n;
    };
    h.white = name(Seat::White);
    h.black = name(Seat::Black);
    if (option_flag(r.options, "rated")) {
        h.event = "Rated game";
        auto players = r.options.if_contains("players");
        for (Seat s : {Seat::White, Seat::Black}) {
            const json::value* p = players && players->is_object()
                                       ? players->as_object().if_contains(referee::seat_name(s))
                                       : nullptr;
            if (!p || !p->is_object()) continue;
            const json::object& o = p->as_object();
            std::string& elo = s == Seat::White ? h.whiteElo : h.blackElo;
            std::string& diff = s == Seat::White ? h.whiteRatingDiff : h.blackRatingDiff;
            if (auto v = o.if_contains("rating"); v && v->is_number())
                elo = std::to_string(v->to_number<std::int64_t>());
            if (auto v = o.if_contains("ratingDiff"); v && v->is_number()) {
                auto d = v->to_number<std::int64_t>();
                diff = (d >= 0 ? "+" : "") + std::to_string(d);
            } else if (diffPlaceholders)
                diff = s == Seat::White ? "\x01W" : "\x01B";
        }
    }
    r.game->set_record_headers(std::move(h));
}

// A game between friends, made by invite, is nobody else's business: listed (to join, watch
// or replay) only when its creator made it public. Games against the computer and on one
// device are listed, as lichess lists every game.
bool Room::listed() const {
    return stored && (opponent != "human" || option_flag(options, "public"));
}

StoredGame stored(const Room& r) {
    StoredGame g;
    g.id = r.id;
    g.variant = r.variant;
    g.options = json::serialize(r.options);
    g.opponent = r.opponent;
    g.level = r.level;
    g.computerSeat = r.computerSeat ? std::string(referee::seat_name(*r.computerSeat)) : "";
    g.white = r.token[0];
    g.black = r.token[1];
    g.invite = r.invite;
    g.status = r.status;
    g.result = r.result.is_null() ? "" : json::serialize(r.result);
    g.createdMs = r.createdMs;
    g.rematchOf = r.rematchOf;
    g.rematch = r.rematch;
    if (r.random) g.tape = r.random->tape();
    return g;
}

// Parses {"clock":…,"options":…} into the referee's options; throws std::invalid_argument.
referee::GameOptions game_options(const json::object& stored) {
    referee::GameOptions o;
    if (auto c = stored.if_contains("clock"); c && c->is_object()) {
        referee::TimeControl tc;
        tc.initialSeconds = int(c->as_object().at("initial").to_number<std::int64_t>());
        tc.incrementSeconds = int(c->as_object().at("increment").to_number<std::int64_t>());
        o.clock = tc;
    }
    if (auto v = stored.if_contains("options"); v && v->is_object()) o.variant = v->as_object();
    return o;
}

}  // namespace arbiter::server
