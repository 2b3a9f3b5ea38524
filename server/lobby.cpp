#include "server/lobby.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>

#include "belief/chiefspy_view_belief.h"
#include "belief/mine_odds.h"
#include "belief/mine_view_json.h"
#include "server/computer.h"
#include "server/log.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

namespace asio = boost::asio;
using referee::Seat;

namespace {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

constexpr auto EvictAfter = std::chrono::seconds(20);

json::value result_json(const referee::GameResult& r) {
    json::object o{{"score", r.score}, {"reason", r.reason}};
    o["winner"] = r.winner ? json::value(referee::seat_name(*r.winner)) : json::value(nullptr);
    return o;
}

int seat_index(Seat s) { return s == Seat::White ? 0 : 1; }

// A client-chosen name, echoed in an error only when short and harmless.
std::string quoted(std::string_view s) {
    if (s.size() > 40) return "(a long name)";
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') return "(an odd name)";
    return "'" + std::string(s) + "'";
}

std::optional<Outcome> only_fields(const json::object& o,
                                   std::initializer_list<std::string_view> allowed) {
    for (const auto& kv : o)
        if (std::find(allowed.begin(), allowed.end(), std::string_view(kv.key())) == allowed.end())
            return api_error(400, "unknown-field", "unknown field " + quoted(kv.key()));
    return std::nullopt;
}

std::optional<std::int64_t> integer(const json::value& v) {
    if (v.is_int64()) return v.get_int64();
    if (v.is_uint64() && v.get_uint64() <= std::uint64_t(INT64_MAX))
        return std::int64_t(v.get_uint64());
    return std::nullopt;
}

bool option_flag(const json::object& options, std::string_view key) {
    auto v = options.if_contains(key);
    return v && v->is_bool() && v->get_bool();
}

// The deduction and mine-odds helpers: proposed by the creator, enabled once the joiner
// agrees too (computer and local games: the creator's choice stands for both).
bool assist_proposed(const json::object& options) {
    auto a = options.if_contains("assist");
    return a && a->is_object() && option_flag(a->as_object(), "creator");
}
bool assist_enabled(const json::object& options) {
    auto a = options.if_contains("assist");
    return a && a->is_object() && option_flag(a->as_object(), "creator") &&
           option_flag(a->as_object(), "joiner");
}

}  // namespace

Outcome api_error(int status, std::string_view code, std::string_view message) {
    return Outcome{status, json::object{{"error", message}, {"code", code}}, {}, {}};
}

json::object event_json(const referee::Event& e) {
    json::object o;
    o["seq"] = e.seq;
    o["audience"] = referee::audience_name(e.audience);
    for (const auto& kv : e.body) o[kv.key()] = kv.value();
    return o;
}

std::string event_text(const referee::Event& e) { return json::serialize(event_json(e)); }

struct Subscription {
    std::weak_ptr<Subscriber> subscriber;
    Seat seat;
    std::uint64_t next;
    bool toldOver = false;
};

struct Room {
    std::string id, variant, opponent, status, rematchOf, rematch;
    json::object options;  // as stored: {"clock":…,"options":…}
    referee::GameOptions gameOptions;
    int level = 0;
    std::optional<Seat> computerSeat;
    std::optional<TokenHash> token[2];
    std::optional<TokenHash> invite;
    std::int64_t createdMs = 0;
    json::value result;

    // Loaded state: the game, its tape, and where durability stands.
    std::unique_ptr<TapeRandom> random;
    std::unique_ptr<referee::Game> game;
    bool broken = false;
    std::size_t tapePersisted = 0;
    std::int64_t logLength = 0;
    std::uint64_t committedEvents = 0;
    int pendingCommits = 0;
    bool loading = false;
    std::vector<std::function<void()>> waiting;

    std::vector<Subscription> subs;
    std::unique_ptr<asio::steady_timer> flagTimer, evictTimer;
    std::unique_ptr<ComputerPlayer> computer;
    bool computerThinking = false;

    bool live() const { return status == "open" || status == "active"; }
};

namespace {

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

}  // namespace

Lobby::Lobby(asio::io_context& ioc, Store& store, asio::thread_pool& compute)
    : ioc_(ioc), store_(store), compute_(compute) {}

Lobby::~Lobby() = default;

Room* Lobby::find(const std::string& id) {
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second.get();
}

std::optional<Outcome> Lobby::resolve_seat(Room& r, const std::optional<std::string>& token,
                                           Seat& seat) {
    seat = Seat::Spectator;
    if (!token) return std::nullopt;
    TokenHash h = hash_token(*token);
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

// ---- loading and replay ----------------------------------------------------------------

bool Lobby::replay(Room& r, std::vector<std::uint8_t> tape,
                   const std::vector<StoredAction>& entries) {
    try {
        r.random = std::make_unique<TapeRandom>(fresh_, std::move(tape));
        r.game = referee::create_game(r.variant, r.gameOptions, *r.random);
        for (const auto& a : entries) {
            json::object action = json::parse(a.action).as_object();
            if (a.seat == "clock") {
                std::string_view type = action.at("type").as_string();
                if (type == "check-time")
                    r.game->check_time(a.tsMs);
                else if (type == "resume")
                    r.game->resume_clock(a.tsMs);
                continue;
            }
            auto seat = referee::parse_seat(a.seat);
            if (!seat || !r.game->act(*seat, action, a.tsMs).accepted)
                throw std::runtime_error("a logged action was refused on replay");
        }
        r.tapePersisted = r.random->tape().size();
        r.logLength = entries.empty() ? 0 : entries.back().seq + 1;
        r.committedEvents = r.game->events().size();
        return true;
    } catch (const std::exception& e) {
        log(LogLevel::Error, "game could not be restored", {{"game", r.id}, {"error", e.what()}});
        r.game.reset();
        r.random.reset();
        r.broken = true;
        return false;
    }
}

void Lobby::load() {
    Db& db = store_.db();
    std::int64_t now = now_ms();
    std::size_t restored = 0, total = 0;
    db.begin();
    for (auto& g : db.load_games()) {
        auto room = std::make_unique<Room>();
        Room& r = *room;
        r.id = g.id;
        r.variant = g.variant;
        r.opponent = g.opponent;
        r.status = g.status;
        r.rematchOf = g.rematchOf;
        r.rematch = g.rematch;
        r.level = g.level;
        if (!g.computerSeat.empty()) r.computerSeat = referee::parse_seat(g.computerSeat);
        r.token[0] = g.white;
        r.token[1] = g.black;
        r.invite = g.invite;
        r.createdMs = g.createdMs;
        r.result = g.result.empty() ? json::value(nullptr) : json::parse(g.result);
        try {
            r.options = json::parse(g.options).as_object();
            r.gameOptions = game_options(r.options);
        } catch (const std::exception&) {
            r.broken = true;
        }
        ++total;
        if (r.live() && !r.broken && replay(r, std::move(g.tape), db.load_actions(r.id))) {
            ++restored;
            // The time the server was down is charged to no one: a resume point in the log
            // keeps later replays charging exactly what was charged live.
            if (r.gameOptions.clock && !r.game->finished()) {
                db.append_action(r.id, {r.logLength++, "clock", R"({"type":"resume"})", now});
                r.game->resume_clock(now);
            }
        }
        rooms_.emplace(r.id, std::move(room));
    }
    db.commit();
    log(LogLevel::Info, "games loaded", {{"games", total}, {"restored", restored}});
}

void Lobby::start() {
    for (auto& [id, room] : rooms_)
        if (room->game && room->live()) follow_up(*room);
}

void Lobby::shutdown() {
    stopping_ = true;
    for (auto& [id, room] : rooms_) {
        if (room->flagTimer) room->flagTimer->cancel();
        if (room->evictTimer) room->evictTimer->cancel();
    }
}

void Lobby::with_game(Room& r, std::function<void(Room&)> fn, Reply onError) {
    if (r.broken) {
        onError(api_error(500, "unavailable", "this game could not be restored"));
        return;
    }
    if (r.game) {
        fn(r);
        return;
    }
    r.waiting.push_back([this, &r, fn = std::move(fn), onError = std::move(onError)] {
        if (r.game)
            fn(r);
        else
            onError(api_error(500, "unavailable", "this game could not be restored"));
    });
    if (r.loading) return;
    r.loading = true;
    struct Loaded {
        std::vector<std::uint8_t> tape;
        std::vector<StoredAction> log;
    };
    auto loaded = std::make_shared<Loaded>();
    std::string id = r.id;
    store_.submit(
        [loaded, id](Db& db) {
            loaded->tape = db.load_tape(id);
            loaded->log = db.load_actions(id);
        },
        [this, &r, loaded](bool ok) {
            r.loading = false;
            if (ok) replay(r, std::move(loaded->tape), loaded->log);
            auto waiting = std::move(r.waiting);
            r.waiting.clear();
            for (auto& w : waiting) w();
            if (r.game && !r.live()) schedule_eviction(r);
        });
}

// ---- durability and delivery -------------------------------------------------------------

void Lobby::commit_entry(Room& r, StoredAction entry, std::function<void(bool)> done) {
    const auto& tape = r.random->tape();
    std::vector<std::uint8_t> tapeDelta(tape.begin() + std::ptrdiff_t(r.tapePersisted), tape.end());
    r.tapePersisted = tape.size();
    entry.seq = r.logLength++;
    bool ended = false;
    if (r.game->finished() && r.live()) {
        r.status = r.game->status() == referee::Status::Aborted ? "aborted" : "finished";
        r.result = result_json(r.game->result());
        ended = true;
    }
    std::string status = r.status;
    std::string result = ended ? json::serialize(r.result) : "";
    std::uint64_t eventsAfter = r.game->events().size();
    ++r.pendingCommits;
    store_.submit(
        [id = r.id, entry = std::move(entry), tapeDelta = std::move(tapeDelta), ended, status,
         result](Db& db) {
            if (!tapeDelta.empty()) db.append_tape(id, tapeDelta);
            db.append_action(id, entry);
            if (ended) db.update_status(id, status, result);
        },
        [this, &r, eventsAfter, ended, done = std::move(done)](bool ok) {
            --r.pendingCommits;
            if (ok)
                r.committedEvents = std::max(r.committedEvents, eventsAfter);
            else
                log(LogLevel::Error, "action not stored", {{"game", r.id}});
            if (ended && ok)
                log(LogLevel::Info, "game over",
                    {{"game", r.id}, {"variant", r.variant}, {"status", r.status}});
            broadcast(r);
            if (done) done(ok);
            follow_up(r);
        });
}

void Lobby::broadcast(Room& r) {
    if (!r.game) return;
    const auto& events = r.game->events();
    std::uint64_t end = std::min<std::uint64_t>(r.committedEvents, events.size());
    std::uint64_t base = end;
    for (const auto& s : r.subs) base = std::min(base, s.next);
    std::vector<std::string> texts(end - base);
    bool over = r.game->finished() && end == events.size();
    std::erase_if(r.subs, [](const Subscription& s) { return s.subscriber.expired(); });
    for (auto& s : r.subs) {
        auto sub = s.subscriber.lock();
        if (!sub) continue;
        for (std::uint64_t i = s.next; i < end; ++i) {
            if (!referee::audience_includes(events[i].audience, s.seat)) continue;
            auto& text = texts[i - base];
            if (text.empty()) text = event_text(events[i]);
            sub->push_event(text);
        }
        s.next = std::max(s.next, end);
        if (over && !s.toldOver) {
            s.toldOver = true;
            sub->game_over();
        }
    }
}

void Lobby::follow_up(Room& r) {
    if (stopping_ || !r.game) return;
    if (!r.live()) {
        if (r.flagTimer) r.flagTimer->cancel();
        schedule_eviction(r);
        return;
    }
    schedule_flag(r);
    maybe_computer(r);
}

void Lobby::schedule_flag(Room& r) {
    if (!r.gameOptions.clock || r.status != "active" || r.game->finished()) return;
    std::int64_t now = now_ms();
    json::object v = r.game->view(Seat::Spectator, now);
    const json::value* clock = v.if_contains("clock");
    if (!clock || !clock->is_object()) return;
    const json::value* running = clock->as_object().if_contains("running");
    if (!running || !running->is_string()) {
        if (r.flagTimer) r.flagTimer->cancel();
        return;
    }
    std::int64_t remaining = clock->as_object().at(running->as_string()).to_number<std::int64_t>();
    if (!r.flagTimer) r.flagTimer = std::make_unique<asio::steady_timer>(ioc_);
    r.flagTimer->expires_after(std::chrono::milliseconds(remaining + 1));
    r.flagTimer->async_wait([this, &r](boost::system::error_code ec) {
        if (ec || stopping_ || !r.game || r.game->finished()) return;
        if (r.game->check_time(now_ms())) {
            log(LogLevel::Info, "flag fell", {{"game", r.id}});
            commit_entry(r, {0, "clock", R"({"type":"check-time"})", now_ms()}, nullptr);
        } else {
            schedule_flag(r);
        }
    });
}

void Lobby::maybe_computer(Room& r) {
    if (!r.computerSeat || r.computerThinking || r.status != "active" || r.game->finished()) return;
    Seat seat = *r.computerSeat;
    auto legal = r.game->legal_actions(seat);
    if (legal.empty()) return;
    json::object view = r.game->view(seat, now_ms());
    if (!r.computer) r.computer = make_computer_player(r.variant, r.level);
    r.computerThinking = true;
    asio::post(compute_, [this, &r, player = r.computer.get(), variant = r.variant,
                          view = std::move(view), legal = std::move(legal)] {
        json::object choice;
        try {
            referee::SecureRandom random;
            choice = player->choose(variant, view, legal, random);
        } catch (const std::exception& e) {
            log(LogLevel::Error, "computer player failed", {{"game", r.id}, {"error", e.what()}});
        }
        asio::post(ioc_, [this, &r, choice = std::move(choice)] {
            r.computerThinking = false;
            if (stopping_ || !r.game || r.game->finished() || choice.empty()) return;
            apply(r, *r.computerSeat, choice, false, [&r](Outcome o) {
                if (o.status >= 400)
                    log(LogLevel::Warn, "computer action refused", {{"game", r.id}});
            });
        });
    });
}

void Lobby::schedule_eviction(Room& r) {
    if (!r.evictTimer) r.evictTimer = std::make_unique<asio::steady_timer>(ioc_);
    r.evictTimer->expires_after(EvictAfter);
    r.evictTimer->async_wait([this, &r](boost::system::error_code ec) {
        if (ec || stopping_ || !r.game || r.live()) return;
        std::erase_if(r.subs, [](const Subscription& s) { return s.subscriber.expired(); });
        if (!r.subs.empty() || r.pendingCommits || r.computerThinking || r.loading) {
            schedule_eviction(r);
            return;
        }
        // A finished game leaves memory; it is replayed from the database if asked for.
        r.game.reset();
        r.random.reset();
    });
}

// ---- the API -------------------------------------------------------------------------------

void Lobby::create(const json::value& request, Reply reply) {
    if (!request.is_object())
        return reply(api_error(400, "bad-request", "the body must be a JSON object"));
    const auto& req = request.as_object();
    if (auto e = only_fields(
            req, {"variant", "clock", "color", "opponent", "level", "options", "public", "assist"}))
        return reply(*e);

    auto room = std::make_unique<Room>();
    Room& r = *room;
    const json::value* variant = req.if_contains("variant");
    if (!variant || !variant->is_string())
        return reply(
            api_error(400, "bad-request", "\"variant\" must be a string such as \"chess\""));
    auto names = referee::variant_names();
    if (std::find(names.begin(), names.end(), variant->as_string()) == names.end())
        return reply(
            api_error(400, "unknown-variant", "unknown variant " + quoted(variant->as_string())));
    r.variant = variant->as_string();

    json::value clock = nullptr;
    if (auto c = req.if_contains("clock"); c && !c->is_null()) {
        if (!c->is_object())
            return reply(api_error(400, "bad-request",
                                   "\"clock\" must be null or {\"initial\":S,\"increment\":S}"));
        if (auto e = only_fields(c->as_object(), {"initial", "increment"})) return reply(*e);
        auto initial = c->as_object().if_contains("initial");
        auto increment = c->as_object().if_contains("increment");
        auto i = initial ? integer(*initial) : std::nullopt;
        auto inc = increment ? integer(*increment) : std::optional<std::int64_t>(0);
        if (!i || *i < 1 || *i > 86400)
            return reply(
                api_error(400, "bad-clock", "clock.initial must be whole seconds from 1 to 86400"));
        if (!inc || *inc < 0 || *inc > 3600)
            return reply(api_error(400, "bad-clock",
                                   "clock.increment must be whole seconds from 0 to 3600"));
        clock = json::object{{"initial", *i}, {"increment", *inc}};
    }

    std::string color = "random";
    if (auto c = req.if_contains("color")) {
        if (!c->is_string() ||
            (c->as_string() != "white" && c->as_string() != "black" && c->as_string() != "random"))
            return reply(api_error(400, "bad-request",
                                   "\"color\" must be \"white\", \"black\" or \"random\""));
        color = c->as_string();
    }
    r.opponent = "human";
    if (auto o = req.if_contains("opponent")) {
        if (!o->is_string() || (o->as_string() != "human" && o->as_string() != "computer" &&
                                o->as_string() != "local"))
            return reply(api_error(400, "bad-request",
                                   "\"opponent\" must be \"human\", \"computer\" or \"local\""));
        r.opponent = o->as_string();
    }
    if (auto l = req.if_contains("level")) {
        auto level = integer(*l);
        if (!level || *level < 0 || *level > 20)
            return reply(
                api_error(400, "bad-request", "\"level\" must be a whole number from 0 to 20"));
        r.level = int(*level);
    }
    json::object options;
    if (auto o = req.if_contains("options"); o && !o->is_null()) {
        if (!o->is_object())
            return reply(api_error(400, "bad-request", "\"options\" must be an object"));
        options = o->as_object();
    }
    bool isPublic = false, assist = false;
    for (auto [name, flag] : {std::pair{"public", &isPublic}, std::pair{"assist", &assist}})
        if (auto v = req.if_contains(name); v && !v->is_null()) {
            if (!v->is_bool())
                return reply(api_error(400, "bad-request",
                                       std::string("\"") + name + "\" must be true or false"));
            *flag = v->get_bool();
        }
    r.options = json::object{{"clock", clock}, {"options", options}};
    if (isPublic) r.options["public"] = true;
    if (assist)
        r.options["assist"] = json::object{{"creator", true}, {"joiner", r.opponent != "human"}};
    r.gameOptions = game_options(r.options);

    do r.id = new_game_id();
    while (rooms_.count(r.id));
    r.createdMs = now_ms();
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

    Seat creator = color == "white"    ? Seat::White
                   : color == "black"  ? Seat::Black
                   : fresh_.uniform(2) ? Seat::Black
                                       : Seat::White;
    json::object body{{"id", r.id}, {"variant", r.variant}, {"seat", referee::seat_name(creator)}};
    std::string token = new_token();
    r.token[seat_index(creator)] = hash_token(token);
    body["token"] = token;
    Seat other = referee::opponent(creator);
    if (r.opponent == "local") {
        std::string second = new_token();
        r.token[seat_index(other)] = hash_token(second);
        body["tokens"] =
            json::object{{referee::seat_name(creator), token}, {referee::seat_name(other), second}};
        r.status = "active";
    } else if (r.opponent == "computer") {
        r.computerSeat = other;
        r.status = "active";
    } else {
        std::string invite = new_token();
        r.invite = hash_token(invite);
        body["invite"] = invite;
        body["invitePath"] = "/join/" + r.id + "#" + invite;
        r.status = "open";
    }
    body["status"] = r.status;
    StoredGame g = stored(r);
    std::string id = r.id;
    rooms_.emplace(id, std::move(room));
    log(LogLevel::Info, "game created",
        {{"game", id}, {"variant", r.variant}, {"opponent", r.opponent}});
    ++r.pendingCommits;
    store_.submit([g = std::move(g)](Db& db) { db.insert_game(g); },
                  [this, &r, body = std::move(body), reply = std::move(reply)](bool ok) {
                      --r.pendingCommits;
                      if (!ok)
                          return reply(api_error(500, "storage", "the game could not be stored"));
                      reply(Outcome{201, body, {}, {}});
                      follow_up(r);
                  });
}

void Lobby::join(const std::string& id, const json::value& request, Reply reply) {
    Room* r = find(id);
    if (!r) return reply(api_error(404, "not-found", "no such game"));
    if (!request.is_object())
        return reply(api_error(400, "bad-request", "the body must be a JSON object"));
    const auto& req = request.as_object();
    if (auto e = only_fields(req, {"invite", "assist"})) return reply(*e);
    const json::value* invite = req.if_contains("invite");
    bool isPublic = option_flag(r->options, "public");
    if (invite && !invite->is_string())
        return reply(api_error(400, "bad-request", "\"invite\" must be the invite code"));
    if (!invite && !isPublic)
        return reply(api_error(400, "bad-request", "\"invite\" must be the invite code"));
    bool assist = false;
    if (auto a = req.if_contains("assist"); a && !a->is_null()) {
        if (!a->is_bool())
            return reply(api_error(400, "bad-request", "\"assist\" must be true or false"));
        assist = a->get_bool();
    }
    if (r->status != "open" || !r->invite)
        return reply(api_error(409, "already-joined", "this game is not waiting for a player"));
    if (invite && !token_matches(r->invite, hash_token(invite->as_string())))
        return reply(api_error(403, "bad-invite", "the invite code does not match this game"));
    Seat seat = r->token[0] ? Seat::Black : Seat::White;
    std::string token = new_token();
    r->token[seat_index(seat)] = hash_token(token);
    r->invite.reset();
    r->status = "active";
    if (auto a = r->options.if_contains("assist"); a && a->is_object())
        a->as_object()["joiner"] = assist;
    ++r->pendingCommits;
    store_.submit(
        [id, w = r->token[0], b = r->token[1], options = json::serialize(r->options)](Db& db) {
            db.update_seats(id, w, b, std::nullopt);
            db.update_status(id, "active", "");
            db.update_options(id, options);
        },
        [this, r, seat, token, reply = std::move(reply)](bool ok) {
            --r->pendingCommits;
            if (!ok) return reply(api_error(500, "storage", "the join could not be stored"));
            log(LogLevel::Info, "game joined", {{"game", r->id}});
            reply(Outcome{200,
                          json::object{{"id", r->id},
                                       {"seat", referee::seat_name(seat)},
                                       {"token", token},
                                       {"status", "active"}},
                          {},
                          {}});
            for (auto& s : r->subs)
                if (auto sub = s.subscriber.lock()) sub->push_status("active");
            follow_up(*r);
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
    if (r.opponent == "computer") o["level"] = r.level;
    o["public"] = option_flag(r.options, "public");
    o["assist"] = json::object{{"proposed", assist_proposed(r.options)},
                               {"enabled", assist_enabled(r.options)}};
    return o;
}

void Lobby::view(const std::string& id, const std::optional<std::string>& token, Reply reply) {
    Room* r = find(id);
    if (!r) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return reply(*e);
    with_game(
        *r,
        [this, seat, reply](Room& r) {
            json::object body = summary(r);
            body["seat"] = referee::seat_name(seat);
            body["view"] = r.game->view(seat, now_ms());
            reply(Outcome{200, std::move(body), {}, {}});
        },
        reply);
}

void Lobby::list(std::string_view status, Reply reply) {
    if (!status.empty() && status != "open" && status != "active" && status != "finished" &&
        status != "aborted")
        return reply(
            api_error(400, "bad-request", "status must be open, active, finished or aborted"));
    std::vector<const Room*> found;
    for (const auto& [id, room] : rooms_)
        // Open games are listed for anyone to join only when their creator made them public.
        if ((status.empty() || room->status == status) &&
            (room->status != "open" || option_flag(room->options, "public")))
            found.push_back(room.get());
    std::sort(found.begin(), found.end(), [](const Room* a, const Room* b) {
        return a->createdMs != b->createdMs ? a->createdMs > b->createdMs : a->id < b->id;
    });
    json::array games;
    for (std::size_t i = 0; i < found.size() && i < 200; ++i) games.push_back(summary(*found[i]));
    reply(Outcome{200, json::object{{"games", std::move(games)}}, {}, {}});
}

void Lobby::act(const std::string& id, const std::optional<std::string>& token,
                const json::value& action, bool wantEvents, Reply reply) {
    Room* r = find(id);
    if (!r) return reply(api_error(404, "not-found", "no such game"));
    if (!action.is_object() || !action.as_object().if_contains("type") ||
        !action.as_object().at("type").is_string())
        return reply(api_error(400, "bad-request",
                               "an action is a JSON object with a \"type\", such as "
                               "{\"type\":\"move\",\"move\":\"e2e4\"}"));
    if (!token)
        return reply(api_error(403, "forbidden", "spectators cannot act: send a seat token"));
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return reply(*e);
    with_game(
        *r,
        [this, seat, action = action.as_object(), wantEvents, reply](Room& r) {
            apply(r, seat, action, wantEvents, reply);
        },
        reply);
}

void Lobby::apply(Room& r, Seat seat, const json::object& action, bool wantEvents, Reply reply) {
    // The creator may call off a game nobody has joined yet; nothing else happens before that.
    if (r.status == "open" && action.at("type").as_string() != "abort")
        return reply(api_error(409, "not-started", "the game is waiting for its second player"));
    if (r.game->finished() || !r.live())
        return reply(api_error(409, "game-over", "the game is over"));
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
                     if (!ok)
                         return reply(api_error(500, "storage", "the action could not be stored"));
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

void Lobby::assist(const std::string& id, const std::optional<std::string>& token, Reply reply) {
    Room* r = find(id);
    if (!r) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return reply(*e);
    with_game(
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
    Room* r = find(id);
    if (!r) return reply(api_error(404, "not-found", "no such game"));
    with_game(
        *r,
        [reply](Room& r) {
            reply(Outcome{200, nullptr, r.game->record(), "text/plain; charset=utf-8"});
        },
        reply);
}

void Lobby::rematch(const std::string& id, const std::optional<std::string>& token, Reply reply) {
    Room* old = find(id);
    if (!old) return reply(api_error(404, "not-found", "no such game"));
    if (!token)
        return reply(
            api_error(403, "forbidden", "only a player of the game can ask for a rematch"));
    Seat oldSeat;
    if (auto e = resolve_seat(*old, token, oldSeat)) return reply(*e);
    if (old->live()) return reply(api_error(409, "not-finished", "the game is not over yet"));
    Seat seat = referee::opponent(oldSeat);  // colours swap

    if (!old->rematch.empty()) {
        Room* r = find(old->rematch);
        if (!r || r->opponent != "human" || r->token[seat_index(seat)])
            return reply(api_error(409, "rematch-exists", "the rematch is already set up"));
        std::string newToken = new_token();
        r->token[seat_index(seat)] = hash_token(newToken);
        r->status = "active";
        ++r->pendingCommits;
        store_.submit(
            [id = r->id, w = r->token[0], b = r->token[1]](Db& db) {
                db.update_seats(id, w, b, std::nullopt);
                db.update_status(id, "active", "");
            },
            [this, r, seat, newToken, reply](bool ok) {
                --r->pendingCommits;
                if (!ok) return reply(api_error(500, "storage", "the rematch could not be stored"));
                reply(Outcome{200,
                              json::object{{"id", r->id},
                                           {"variant", r->variant},
                                           {"seat", referee::seat_name(seat)},
                                           {"token", newToken},
                                           {"status", r->status}},
                              {},
                              {}});
                for (auto& s : r->subs)
                    if (auto sub = s.subscriber.lock()) sub->push_status("active");
                follow_up(*r);
            });
        return;
    }

    auto room = std::make_unique<Room>();
    Room& r = *room;
    do r.id = new_game_id();
    while (rooms_.count(r.id));
    r.variant = old->variant;
    r.opponent = old->opponent;
    r.level = old->level;
    r.options = old->options;
    r.gameOptions = old->gameOptions;
    r.createdMs = now_ms();
    r.rematchOf = old->id;
    r.random = std::make_unique<TapeRandom>(fresh_, std::vector<std::uint8_t>{});
    try {
        r.game = referee::create_game(r.variant, r.gameOptions, *r.random);
    } catch (const std::exception&) {
        return reply(api_error(500, "unavailable", "the rematch could not be created"));
    }
    r.tapePersisted = r.random->tape().size();
    std::string mine = new_token();
    r.token[seat_index(seat)] = hash_token(mine);
    json::object body{
        {"id", r.id}, {"variant", r.variant}, {"seat", referee::seat_name(seat)}, {"token", mine}};
    if (r.opponent == "local") {
        std::string theirs = new_token();
        r.token[seat_index(oldSeat)] = hash_token(theirs);
        body["tokens"] =
            json::object{{referee::seat_name(seat), mine}, {referee::seat_name(oldSeat), theirs}};
        r.status = "active";
    } else if (r.opponent == "computer") {
        r.computerSeat = oldSeat;
        r.status = "active";
    } else {
        r.status = "open";  // the other player claims their seat with their old token
    }
    body["status"] = r.status;
    old->rematch = r.id;
    StoredGame g = stored(r);
    rooms_.emplace(r.id, std::move(room));
    ++r.pendingCommits;
    store_.submit(
        [g = std::move(g), oldId = old->id](Db& db) {
            db.insert_game(g);
            db.set_rematch(oldId, g.id);
        },
        [this, &r, body = std::move(body), reply = std::move(reply)](bool ok) {
            --r.pendingCommits;
            if (!ok) return reply(api_error(500, "storage", "the rematch could not be stored"));
            log(LogLevel::Info, "rematch created", {{"game", r.id}, {"of", r.rematchOf}});
            reply(Outcome{201, body, {}, {}});
            follow_up(r);
        });
}

void Lobby::subscribe(const std::string& id, const std::optional<std::string>& token,
                      std::uint64_t since, std::shared_ptr<Subscriber> subscriber, Ready ready) {
    Room* r = find(id);
    if (!r) return ready(api_error(404, "not-found", "no such game"), Seat::Spectator, {});
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return ready(*e, Seat::Spectator, {});
    with_game(
        *r,
        [this, seat, since, subscriber, ready](Room& r) {
            ready(std::nullopt, seat, r.game->view(seat, now_ms()));
            r.subs.push_back({subscriber, seat, since});
            broadcast(r);
        },
        [ready](Outcome o) { ready(std::move(o), Seat::Spectator, {}); });
}

void Lobby::inspect(const std::string& id, const std::function<void(const referee::Game*)>& fn) {
    Room* r = find(id);
    fn(r ? r->game.get() : nullptr);
}

}  // namespace arbiter::server
