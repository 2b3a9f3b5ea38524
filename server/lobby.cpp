#include "server/lobby.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>

#include "belief/chiefspy_view_belief.h"
#include "belief/mine_odds.h"
#include "belief/mine_view_json.h"
#include "server/log.h"
#include "server/loops.h"
#include "server/room.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

namespace asio = boost::asio;
using referee::Seat;

// The API: every request that names a game, and the games' creation.

Lobby::Lobby(asio::io_context& ioc, Store& store, asio::thread_pool& compute, LobbyLimits limits,
             std::size_t loop, std::size_t loops)
    : ioc_(ioc), store_(store), compute_(compute), limits_(limits), loop_(loop), loops_(loops) {}

Lobby::~Lobby() = default;

Room* Lobby::find(const std::string& id) {
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second.get();
}

std::optional<Outcome> Lobby::resolve_seat(Room& r, const Credentials& who, Seat& seat,
                                           unsigned scope) {
    seat = Seat::Spectator;
    if (!who.token) {
        // An account that holds a seat acts as that seat from any browser (docs/players.md).
        if (!who.account.may(scope)) return std::nullopt;
        std::string key = player_store::name_key(who.account.name);
        for (Seat s : {Seat::White, Seat::Black}) {
            std::string n = player_store::name_key(player_name(r, s));
            if (!n.empty() && n == key && r.computerSeat != s) {
                seat = s;
                break;
            }
        }
        return std::nullopt;
    }
    TokenHash h = hash_token(*who.token);
    bool white = token_matches(r.token[0], h);
    bool black = token_matches(r.token[1], h);  // both compared: no early exit
    if (white)
        seat = Seat::White;
    else if (black)
        seat = Seat::Black;
    else
        return api_error(401, "unauthorized", "the token is not a seat of this game");
    return std::nullopt;
}

// ---- the API -------------------------------------------------------------------------------

void Lobby::create(const json::value& request, const Client& client, Reply reply) {
    auto parsed = parse_create(request, limits_.allowChosenSecrets);
    if (auto* e = std::get_if<Outcome>(&parsed)) return reply(std::move(*e));
    auto& req = std::get<CreateRequest>(parsed);
    if (req.opponent == "human") {
        auto it = addresses_.find(client.address);
        if (limited(client) && it != addresses_.end() && it->second.open >= limits_.openPerAddress)
            return reply(retry_error(429, "too-many-open-games",
                                     "this address already has " +
                                         std::to_string(limits_.openPerAddress) +
                                         " games waiting for an opponent",
                                     60));
    }
    if (auto e = take_creation(client)) return reply(std::move(*e));

    auto room = std::make_unique<Room>();
    Room& r = *room;
    r.variant = req.variant;
    r.opponent = req.opponent;
    r.level = req.level;
    r.options = json::object{{"clock", req.clock}, {"options", req.options}};
    if (req.isPublic) r.options["public"] = true;
    if (req.assist)
        r.options["assist"] = json::object{{"creator", true}, {"joiner", r.opponent != "human"}};
    if (req.chosenSecret) r.options["chosen"] = true;
    r.gameOptions = game_options(r.options);

    do r.id = new_game_id();  // one that hashes to this lobby's loop
    while (rooms_.count(r.id) || loop_of(r.id, loops_) != loop_);
    r.createdMs = r.lastActivityMs = now_ms();
    r.random = std::make_unique<TapeRandom>(fresh_, std::vector<std::uint8_t>{});
    try {
        r.game = referee::create_game(r.variant, r.gameOptions, *r.random);
    } catch (const std::invalid_argument& e) {
        return reply(api_error(400, "bad-options", e.what()));
    } catch (const std::exception&) {
        return reply(api_error(400, "bad-options", "the game options were refused"));
    }
    r.tapePersisted = r.random->tape().size();
    r.committedEvents = r.game->events().size();

    Seat creator = req.color == "white"   ? Seat::White
                   : req.color == "black" ? Seat::Black
                   : fresh_.uniform(2)    ? Seat::Black
                                          : Seat::White;
    json::object body{{"id", r.id}, {"variant", r.variant}, {"seat", referee::seat_name(creator)}};
    std::string token = new_token();
    r.token[seat_index(creator)] = hash_token(token);
    body["token"] = token;
    Seat other = referee::opponent(creator);
    std::string status;
    if (r.opponent == "local") {
        std::string second = new_token();
        r.token[seat_index(other)] = hash_token(second);
        body["tokens"] =
            json::object{{referee::seat_name(creator), token}, {referee::seat_name(other), second}};
        status = "active";
    } else if (r.opponent == "computer") {
        r.computerSeat = other;
        status = "active";
    } else {
        std::string invite = new_token();
        r.invite = hash_token(invite);
        body["invite"] = invite;
        body["invitePath"] = "/join/" + r.id + "#" + invite;
        status = "open";
    }
    if (req.rated) {
        if (!client.account.may(player_store::Play))
            return reply(api_error(403, "account-required", "log in to play a rated game"));
        r.options["rated"] = true;
    }
    name_seat(r, creator, client.account);
    set_record_headers(r);
    r.creatorAddress = client.address;
    set_status(r, status);  // not listed before it is stored
    body["status"] = r.status;
    StoredGame g = stored(r);
    std::string id = r.id;
    rooms_.emplace(id, std::move(room));
    ++r.pendingCommits;
    std::string creatorName = player_name(r, creator);
    store_.submit(
        [g = std::move(g), creatorName, seat = std::string(referee::seat_name(creator)),
         listed = r.opponent != "human" || req.isPublic](Db& db) {
            db.insert_game(g);
            if (!creatorName.empty())
                player_store::add_seat(db, creatorName, g.id, seat, g.variant, g.createdMs, listed);
        },
        [this, &r, body = std::move(body), reply = std::move(reply)](bool ok) {
            if (!ok) {
                // Never listed, never answered with a token: as if never created.
                set_status(r, "aborted");
                std::string id = r.id;
                reply(storage_unavailable("the new game"));
                rooms_.erase(id);
                return;
            }
            r.stored = true;
            index_add(r);
            log(LogLevel::Info, "game created",
                {{"game", r.id}, {"variant", r.variant}, {"opponent", r.opponent}});
            reply(Outcome{201, body, {}, {}});
            follow_up(r);
            commit_done(r);
        });
}

void Lobby::join(const std::string& id, const json::value& request, Reply reply,
                 const Identity& who) {
    if (adopt_first(id, reply, [=, this] { join(id, request, reply, who); })) return;
    reply = refusal_checked(id, reply,
                            [=, this](Reply again) { join(id, request, std::move(again), who); });
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    if (!request.is_object())
        return reply(api_error(400, "bad-request", "the body must be a JSON object"));
    const auto& req = request.as_object();
    if (auto e = check_fields(req, {{"invite", Kind::String}, {"assist", Kind::Bool}}, "a join"))
        return reply(*e);
    const json::value* invite = req.if_contains("invite");
    if (invite && invite->is_null()) invite = nullptr;
    if (!invite && !option_flag(r->options, "public"))
        return reply(api_error(400, "bad-request", "\"invite\" must be the invite code"));
    bool assist = false;
    if (auto a = req.if_contains("assist"); a && !a->is_null()) assist = a->get_bool();
    if (r->status != "open" || !r->invite)
        return reply(api_error(409, "already-joined", "this game is not waiting for a player"));
    if (invite && !token_matches(r->invite, hash_token(invite->as_string())))
        return reply(api_error(403, "bad-invite", "the invite code does not match this game"));
    Seat seat = r->token[0] ? Seat::Black : Seat::White;
    bool rated = option_flag(r->options, "rated");
    if (rated && !who.may(player_store::Play))
        return reply(api_error(403, "account-required", "log in to join a rated game"));
    if (who.known() && player_store::name_key(player_name(*r, referee::opponent(seat))) ==
                           player_store::name_key(who.name))
        return reply(api_error(409, "same-player", "this game is your own: wait for an opponent"));
    std::string token = new_token();
    auto oldInvite = r->invite;
    auto oldOptions = r->options;
    r->token[seat_index(seat)] = hash_token(token);
    r->invite.reset();
    set_status(*r, "active");
    if (auto a = r->options.if_contains("assist"); a && a->is_object())
        a->as_object()["joiner"] = assist;
    name_seat(*r, seat, who);
    // A rated game takes both ratings as they are when it starts, in the join's transaction.
    auto options = std::make_shared<json::object>(r->options);
    ++r->pendingCommits;
    store_.submit(
        [id, w = r->token[0], b = r->token[1], base = r->options, options, rated,
         variant = r->variant, created = r->createdMs, seat = std::string(referee::seat_name(seat)),
         joiner = player_name(*r, seat), pool = rating_pool_of(*r),
         listed = option_flag(r->options, "public")](Db& db) {
            *options = base;
            if (rated) snapshot_ratings(db, *options, pool);
            db.update_seats(id, w, b, std::nullopt);
            db.update_status(id, "active", "");
            db.update_options(id, json::serialize(*options));
            if (!joiner.empty())
                player_store::add_seat(db, joiner, id, seat, variant, created, listed);
        },
        [this, r, seat, token, oldInvite, oldOptions, options, reply = std::move(reply)](bool ok) {
            if (!ok) {
                // The seat stays free and the invite valid: the joiner may simply try again.
                r->token[seat_index(seat)].reset();
                r->invite = oldInvite;
                r->options = oldOptions;
                set_status(*r, "open");
                reply(storage_unavailable("the join"));
                return commit_done(*r);
            }
            r->options = *options;
            set_record_headers(*r);
            r->lastActivityMs = now_ms();
            log(LogLevel::Info, "game joined", {{"game", r->id}});
            reply(Outcome{200,
                          json::object{{"id", r->id},
                                       {"seat", referee::seat_name(seat)},
                                       {"token", token},
                                       {"status", "active"}},
                          {},
                          {}});
            for (auto* list : {&r->seats, &r->spectators})
                for (auto& s : *list)
                    if (auto sub = s.subscriber.lock()) sub->push_status("active");
            follow_up(*r);
            commit_done(*r);
        });
}

json::object Lobby::summary(const Room& r) const {
    json::object o{
        {"id", r.id},
        {"variant", r.variant},
        {"status", r.status},
        {"opponent", r.opponent},
        {"clock", r.options.contains("clock") ? r.options.at("clock") : json::value(nullptr)},
        {"createdAt", r.createdMs},
        {"result", r.result}};
    o["rematch"] = r.rematch.empty() ? json::value(nullptr) : json::value(r.rematch);
    o["rematchOf"] = r.rematchOf.empty() ? json::value(nullptr) : json::value(r.rematchOf);
    if (r.opponent == "computer") {
        o["level"] = r.level;
        if (r.computerSeat) o["computerSeat"] = referee::seat_name(*r.computerSeat);
    }
    // The seat an open game's joiner will take (the creator's colour is no secret).
    if (r.status == "open") o["freeSeat"] = r.token[0] ? "black" : "white";
    o["public"] = option_flag(r.options, "public");
    o["assist"] = json::object{{"proposed", assist_proposed(r.options)},
                               {"enabled", assist_enabled(r.options)}};
    // A secret chosen by the creator (a Minesweeper layout): the game is not a fair contest.
    o["chosenSecret"] = option_flag(r.options, "chosen");
    o["rated"] = option_flag(r.options, "rated");
    o["players"] = players_json(r);
    return o;
}

void Lobby::view(const std::string& id, const Credentials& who, Reply reply,
                 const Subscriber* subscriber) {
    auto again = [=, this] { view(id, who, reply, subscriber); };
    if (who.token || who.account.known() ? adopt_first(id, reply, again)
                                         : follow_first(id, reply, again))
        return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat)) return reply(*e);
    with_durable_game(
        *r,
        [this, seat, reply, subscriber](Room& r) {
            // A spectator's events may still wait for their slice: send them before the view.
            // Seats are served at once by broadcast; only a spectator can lag, and only while
            // a slice is still to come, so the crowd is walked only then.
            if (subscriber && r.spectatorPass) {
                std::uint64_t end =
                    std::min<std::uint64_t>(r.committedEvents, r.game->events().size());
                bool over = r.game->finished() && end == r.game->events().size();
                for (auto& s : r.spectators)
                    if (s.subscriber.lock().get() == subscriber) {
                        deliver(r, s, end, over);
                        break;
                    }
            }
            json::object body = summary(r);
            body["seat"] = referee::seat_name(seat);
            json::object view = r.game->view(seat, now_ms());
            add_presence(r, seat, view);
            body["view"] = std::move(view);
            reply(Outcome{200, std::move(body), {}, {}});
        },
        reply);
}

void Lobby::list(const ListQuery& query, Reply reply) {
    const std::string& status = query.status;
    if (!status.empty() && status != "open" && status != "active" && status != "finished" &&
        status != "aborted")
        return reply(
            api_error(400, "bad-request", "status must be open, active, finished or aborted"));
    std::size_t limit = query.limit ? query.limit : limits_.pageLimit;
    if (limit > 200)
        return reply(api_error(400, "bad-request", "limit must be a whole number from 1 to 200"));
    bool cluster = clustered();
    const Index& index = index_[status];
    auto it = index.begin();
    if (!query.before.empty()) {
        // The cursor is "<createdAt>-<id>" of the last game of the previous page.
        auto dash = query.before.find('-');
        std::int64_t ms = 0;
        bool ok = dash != std::string::npos && dash > 0 && dash <= 18;
        for (std::size_t i = 0; ok && i < dash; ++i) {
            char c = query.before[i];
            ok = c >= '0' && c <= '9';
            ms = ms * 10 + (c - '0');
        }
        if (!ok) return reply(api_error(400, "bad-request", "before must be a \"next\" cursor"));
        if (cluster)
            return list_from_store(status, ms, query.before.substr(dash + 1), limit, reply);
        it = index.upper_bound({ms, query.before.substr(dash + 1)});
    }
    if (cluster) return list_from_store(status, 0, "", limit, reply);
    json::array games;
    const IndexKey* last = nullptr;
    for (; it != index.end() && games.size() < limit; ++it) {
        games.push_back(summary(*rooms_.at(it->second)));
        last = &*it;
    }
    json::value next = nullptr;
    if (last && it != index.end()) next = std::to_string(last->first) + "-" + last->second;
    reply(Outcome{200, json::object{{"games", std::move(games)}, {"next", next}}, {}, {}});
}

void Lobby::act(const std::string& id, const Credentials& who, const json::value& action,
                bool wantEvents, Reply reply) {
    if (adopt_first(id, reply, [=, this] { act(id, who, action, wantEvents, reply); })) return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    if (auto e = check_action(action)) return reply(std::move(*e));
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat)) return reply(*e);
    if (seat == Seat::Spectator)
        return reply(api_error(403, "forbidden", "spectators cannot act: send a seat token"));
    Reply checked = refusal_checked(
        id, reply, [=, this](Reply again) { act(id, who, action, wantEvents, std::move(again)); });
    with_game(
        *r,
        [this, seat, action = action.as_object(), wantEvents, checked](Room& r) {
            apply(r, seat, action, wantEvents, checked);
        },
        checked);
}

void Lobby::apply(Room& r, Seat seat, const json::object& action, bool wantEvents, Reply reply) {
    // The creator may call off a game nobody has joined yet; nothing else happens before that.
    if (r.status == "open" && action.at("type").as_string() != "abort")
        return reply(api_error(409, "not-started", "the game is waiting for its second player"));
    if (r.game->finished() || !r.live())
        return reply(api_error(409, "game-over", "the game is over"));
    if (auto e = check_flow(r, seat, action.at("type").as_string())) return reply(std::move(*e));
    std::int64_t now = now_ms();
    std::uint64_t before = r.game->events().size();
    referee::ActionResult result = r.game->act(seat, action, now);
    std::string type = loggable_word(action.at("type").as_string());
    bool changed = result.accepted || r.game->events().size() != before;
    if (log_enabled(LogLevel::Debug))
        log(LogLevel::Debug, "action",
            {{"game", r.id},
             {"seat", referee::seat_name(seat)},
             {"type", type},
             {"accepted", result.accepted}});
    if (!changed) return reply(api_error(409, "rejected", result.error));
    StoredAction entry =
        result.accepted
            ? StoredAction{0, std::string(referee::seat_name(seat)), json::serialize(action), now}
            : StoredAction{0, "clock", R"({"type":"check-time"})", now};
    commit_entry(r, std::move(entry),
                 [this, &r, seat, before, result, wantEvents, reply = std::move(reply)](bool ok) {
                     if (!ok) return reply(storage_unavailable("the action"));
                     if (!result.accepted) return reply(api_error(409, "rejected", result.error));
                     json::object body{{"accepted", true}};
                     if (wantEvents && r.game) {
                         json::array events;
                         for (const auto* e : r.game->events_for(seat, before))
                             if (e->seq < r.committedEvents) events.push_back(event_json(*e));
                         body["events"] = std::move(events);
                     }
                     reply(Outcome{200, std::move(body), {}, {}});
                 });
}
namespace {

// What the seat's own view lets it deduce: the exact Chief & Spy belief or the mine odds.
Outcome assist_answer(std::string_view variant, const json::object& view) {
    if (variant == "minesweeper") {
        auto odds = belief::compute_mine_odds(belief::mine_view_from_json(view));
        json::object body = belief::mine_odds_json(odds).as_object();
        body["variant"] = "minesweeper";
        return Outcome{200, std::move(body), {}, {}};
    }
    if (variant == "chiefspy") {
        auto vb = belief::belief_from_view(view);
        if (!vb.belief)
            return api_error(409, "no-deduction",
                             vb.error.empty()
                                 ? "nothing to deduce yet: the seat has no values this round"
                                 : vb.error);
        json::object belief = vb.belief->to_json();
        json::array pieces;
        std::string_view me =
            referee::seat_name(vb.belief->me() == White ? Seat::White : Seat::Black);
        const auto& opponent = belief.at("opponent").as_object();
        for (const auto& p : view.at("pieces").as_array()) {
            const auto& piece = p.as_object();
            if (piece.at("colour").as_string() == me || !piece.at("id").is_string()) continue;
            const auto& slot = opponent.at(piece.at("id").as_string()).as_object();
            pieces.push_back(json::object{{"id", piece.at("id")},
                                          {"square", piece.at("square")},
                                          {"colour", piece.at("colour")},
                                          {"odds", slot.at("initial")},
                                          {"current", slot.at("current")}});
        }
        json::object body{{"variant", "chiefspy"},
                          {"assignments", vb.belief->consistent()},
                          {"pieces", std::move(pieces)},
                          {"belief", std::move(belief)}};
        return Outcome{200, std::move(body), {}, {}};
    }
    return api_error(404, "not-found", "this game has no deduction helper");
}

}  // namespace

void Lobby::assist(const std::string& id, const Credentials& who, Reply reply) {
    if (adopt_first(id, reply, [=, this] { assist(id, who, reply); })) return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat)) return reply(*e);
    with_durable_game(
        *r,
        [seat, reply](Room& r) {
            if (!assist_enabled(r.options) && !r.game->finished())
                return reply(api_error(403, "assist-off",
                                       "the deduction helpers are on only when both players "
                                       "agreed, or after the game"));
            try {
                reply(assist_answer(r.variant, r.game->view(seat, now_ms())));
            } catch (const std::exception&) {
                reply(api_error(409, "no-deduction",
                                "the deduction could not be computed from this view"));
            }
        },
        reply);
}

void Lobby::export_record(const std::string& id, Reply reply) {
    if (follow_first(id, reply, [=, this] { export_record(id, reply); })) return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    with_durable_game(
        *r,
        [reply](Room& r) {
            std::string record = r.game->record();
            // A layout the creator chose is no random deal: the record says so up front.
            if (option_flag(r.options, "chosen"))
                record = "[Setup \"chosen mine layout (not a random deal)\"]\n" + record;
            reply(Outcome{200, nullptr, std::move(record), "text/plain; charset=utf-8"});
        },
        reply);
}

void Lobby::subscribe(const std::string& id, const Credentials& who, std::uint64_t since,
                      std::shared_ptr<Subscriber> subscriber, Ready ready) {
    Reply refused = [ready](Outcome o) { ready(std::move(o), Seat::Spectator, {}); };
    auto again = [=, this] { subscribe(id, who, since, subscriber, ready); };
    if (who.token || who.account.known() ? adopt_first(id, refused, again)
                                         : follow_first(id, refused, again))
        return;
    Room* r = find(id);
    if (!r || !r->stored)
        return ready(api_error(404, "not-found", "no such game"), Seat::Spectator, {});
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat)) return ready(*e, Seat::Spectator, {});
    if (seat == Seat::Spectator) {
        std::erase_if(r->spectators, [](const Subscription& s) { return s.subscriber.expired(); });
        if (r->spectators.size() >= limits_.spectatorsPerGame)
            return ready(
                retry_error(503, "too-many-spectators",
                            "this game has as many spectators as it can take; try later", 30),
                Seat::Spectator, {});
    }
    with_durable_game(
        *r,
        [this, seat, since, subscriber, ready](Room& r) {
            json::object view = r.game->view(seat, now_ms());
            add_presence(r, seat, view);
            ready(std::nullopt, seat, std::move(view));
            // Only the newcomer is brought up to date: nobody else is walked.
            auto& list = seat == Seat::Spectator ? r.spectators : r.seats;
            list.push_back({subscriber, seat, since});
            std::uint64_t end = std::min<std::uint64_t>(r.committedEvents, r.game->events().size());
            deliver(r, list.back(), end, r.game->finished() && end == r.game->events().size());
            if (seat != Seat::Spectator) watch_presence(r, *subscriber);
        },
        [ready](Outcome o) { ready(std::move(o), Seat::Spectator, {}); });
}

void Lobby::inspect(const std::string& id, const std::function<void(const referee::Game*)>& fn) {
    Room* r = find(id);
    fn(r ? r->game.get() : nullptr);
}

}  // namespace arbiter::server
