// Players in games (docs/players.md): the names on the seats, the ratings a rated game starts
// from, and what a game's end writes for its players in the same transaction as the end
// itself: each seat's outcome, the record kept for exports, and both new ratings.
#include <cmath>

#include "players/pools.h"
#include "server/lobby.h"
#include "server/log.h"
#include "server/loops.h"
#include "server/room.h"
#include "server/tokens.h"

namespace arbiter::server {

using referee::Seat;
namespace ps = player_store;

namespace {

const json::object* seat_entry(const json::object& options, Seat seat) {
    auto players = options.if_contains("players");
    if (!players || !players->is_object()) return nullptr;
    auto p = players->as_object().if_contains(referee::seat_name(seat));
    return p && p->is_object() ? &p->as_object() : nullptr;
}

json::object& seat_entry_for_write(json::object& options, Seat seat) {
    json::value& players = options["players"];
    if (!players.is_object()) players = json::object{};
    json::value& p = players.as_object()[referee::seat_name(seat)];
    if (!p.is_object()) p = json::object{};
    return p.as_object();
}

}  // namespace

std::string player_name(const Room& r, Seat seat) {
    const json::object* p = seat_entry(r.options, seat);
    if (!p) return "";
    auto n = p->if_contains("name");
    return n && n->is_string() ? std::string(n->as_string()) : "";
}

std::string rating_pool_of(const Room& r) {
    std::optional<std::pair<int, int>> clock;
    if (r.gameOptions.clock)
        clock = {r.gameOptions.clock->initialSeconds, r.gameOptions.clock->incrementSeconds};
    return players::rating_pool(r.variant, clock);
}

void snapshot_ratings(Db& db, json::object& options, const std::string& pool) {
    for (Seat s : {Seat::White, Seat::Black}) {
        const json::object* p = seat_entry(options, s);
        auto n = p ? p->if_contains("name") : nullptr;
        if (!n || !n->is_string()) continue;
        auto ratings = ps::ratings(db, std::string(n->as_string()));
        auto it = ratings.find(pool);
        players::Rating r = it == ratings.end() ? players::Rating{} : it->second.rating;
        json::object& e = seat_entry_for_write(options, s);
        e["rating"] = std::lround(r.rating);
        e["rd"] = std::lround(r.deviation);
        e["provisional"] = players::provisional(r);
    }
}

json::object rematch_options(const json::object& options) {
    json::object out = options;
    out.erase("rated");
    out.erase("players");
    for (Seat s : {Seat::White, Seat::Black})
        if (const json::object* p = seat_entry(options, s))
            if (auto n = p->if_contains("name"); n && n->is_string())
                seat_entry_for_write(out, referee::opponent(s))["name"] = *n;
    return out;
}

void Lobby::name_seat(Room& r, Seat seat, const Identity& who) {
    if (!who.may(ps::Play) || r.computerSeat == seat) return;
    seat_entry_for_write(r.options, seat)["name"] = who.name;
}

json::object Lobby::players_json(const Room& r) const {
    json::object out;
    for (Seat s : {Seat::White, Seat::Black}) {
        json::object p;
        if (r.computerSeat == s) {
            p["name"] = "Arbiter level " + std::to_string(r.level);
            p["computer"] = true;
        } else if (const json::object* e = seat_entry(r.options, s)) {
            p = *e;
            p.erase("rd");
            if (!p.contains("name")) p["name"] = nullptr;
        } else
            p["name"] = nullptr;
        out[referee::seat_name(s)] = std::move(p);
    }
    return out;
}

std::function<void(Db&)> Lobby::game_end_job(Room& r,
                                             const std::shared_ptr<json::object>& newOptions) {
    bool named = !player_name(r, Seat::White).empty() || !player_name(r, Seat::Black).empty();
    if (!named) return {};
    ps::GameEnd end;
    end.game = r.id;
    end.variant = r.variant;
    end.pool = rating_pool_of(r);
    end.white = player_name(r, Seat::White);
    end.black = player_name(r, Seat::Black);
    end.rated = option_flag(r.options, "rated");
    end.aborted = r.status == "aborted";
    const auto& result = r.game->result();
    end.whiteScore = !result.winner ? 0.5 : *result.winner == Seat::White ? 1.0 : 0.0;
    end.atMs = now_ms();
    if (!end.aborted) {
        set_record_headers(r, end.rated);
        end.record = r.game->record();
    }
    return [end = std::move(end), base = r.options, newOptions](Db& db) {
        *newOptions = base;
        auto change = ps::end_game(db, end, rating_system());
        if (!change) return;
        for (int s = 0; s < 2; ++s) {
            json::object& e = seat_entry_for_write(*newOptions, s == 0 ? Seat::White : Seat::Black);
            e["ratingDiff"] = std::lround(change->diff[s]);
        }
        db.update_options(end.game, json::serialize(*newOptions));
    };
}

json::object Lobby::stored_summary(const StoredGame& g) const {
    Room r;
    set_row(r, g);
    return summary(r);
}

void Lobby::game_ended(Room& r, const std::shared_ptr<json::object>& newOptions) {
    if (!newOptions->empty()) r.options = *newOptions;
    set_record_headers(r);
}

void Lobby::create_paired(const std::string& variant, const json::value& clock, bool rated,
                          const std::string& white, const std::string& black,
                          std::function<void(std::optional<Paired>)> done) {
    auto room = std::make_unique<Room>();
    Room& r = *room;
    r.variant = variant;
    r.opponent = "human";
    // A game of the pairing pool is public, as the lobby's games are on lichess.
    r.options = json::object{{"clock", clock}, {"options", json::object{}}, {"public", true}};
    if (rated) r.options["rated"] = true;
    for (auto [seat, name] : {std::pair{Seat::White, &white}, {Seat::Black, &black}})
        if (!name->empty()) seat_entry_for_write(r.options, seat)["name"] = *name;
    do r.id = new_game_id();  // one that hashes to this lobby's loop
    while (rooms_.count(r.id) || loop_of(r.id, loops_) != loop_);
    r.createdMs = r.lastActivityMs = now_ms();
    r.random = std::make_unique<TapeRandom>(fresh_, std::vector<std::uint8_t>{});
    try {
        r.gameOptions = game_options(r.options);
        r.game = referee::create_game(r.variant, r.gameOptions, *r.random);
    } catch (const std::exception&) {
        return done(std::nullopt);
    }
    r.tapePersisted = r.random->tape().size();
    r.committedEvents = r.game->events().size();
    Paired paired{r.id, new_token(), new_token(), {}};
    r.token[0] = hash_token(paired.whiteToken);
    r.token[1] = hash_token(paired.blackToken);
    set_status(r, "active");
    StoredGame g = stored(r);
    rooms_.emplace(r.id, std::move(room));
    auto options = std::make_shared<json::object>(r.options);
    ++r.pendingCommits;
    store_.submit(
        [g, base = r.options, options, rated, pool = rating_pool_of(r), white, black](Db& db) {
            *options = base;
            if (rated) snapshot_ratings(db, *options, pool);
            StoredGame row = g;
            row.options = json::serialize(*options);
            db.insert_game(row);
            for (auto [seat, name] : {std::pair{"white", &white}, {"black", &black}})
                if (!name->empty())
                    ps::add_seat(db, *name, g.id, seat, g.variant, g.createdMs, true);
        },
        [this, &r, options, paired = std::move(paired), done = std::move(done)](bool ok) mutable {
            if (!ok) {
                set_status(r, "aborted");
                std::string id = r.id;
                rooms_.erase(id);
                return done(std::nullopt);
            }
            r.options = *options;
            set_record_headers(r);
            r.stored = true;
            index_add(r);
            log(LogLevel::Info, "game paired", {{"game", r.id}, {"variant", r.variant}});
            paired.players = players_json(r);
            done(std::move(paired));
            follow_up(r);
            commit_done(r);
        });
}

void Lobby::claim(const std::string& id, const std::string& token, const Identity& who,
                  Reply reply) {
    if (adopt_first(id, reply, [=, this] { claim(id, token, who, reply); })) return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    if (!who.may(ps::Play)) return reply(api_error(401, "not-logged-in", "log in first"));
    Seat seat;
    if (auto e = resolve_seat(*r, Credentials(token), seat)) return reply(*e);
    if (!player_name(*r, seat).empty() || seat == Seat::Spectator)
        return reply(Outcome{200, json::object{{"claimed", false}}, {}, {}});
    auto before = r->options;
    name_seat(*r, seat, who);
    // A game claimed after its end is listed with its outcome.
    std::string outcome;
    if (r->status == "aborted")
        outcome = "aborted";
    else if (r->status == "finished" && r->result.is_object()) {
        const json::value& w = r->result.as_object().at("winner");
        outcome = w.is_null() ? "draw" : w.as_string() == referee::seat_name(seat) ? "win" : "loss";
    }
    ++r->pendingCommits;
    store_.submit(
        [id, options = json::serialize(r->options), name = who.name,
         seatName = std::string(referee::seat_name(seat)), variant = r->variant,
         created = r->createdMs, listed = r->listed(), outcome](Db& db) {
            db.update_options(id, options);
            ps::add_seat(db, name, id, seatName, variant, created, listed, outcome);
        },
        [this, r, before, reply = std::move(reply)](bool ok) {
            if (!ok) {
                r->options = before;
                reply(storage_unavailable("the claim"));
                return commit_done(*r);
            }
            set_record_headers(*r);
            reply(Outcome{200, json::object{{"claimed", true}}, {}, {}});
            commit_done(*r);
        });
}

}  // namespace arbiter::server
