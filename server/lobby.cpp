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
#include "server/room.h"
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
// Spectators are sent an event in slices, so a crowd never holds the loop for long.
constexpr std::size_t SpectatorSlice = 256;

json::value result_json(const referee::GameResult& r) {
    json::object o{{"score", r.score}, {"reason", r.reason}};
    o["winner"] = r.winner ? json::value(referee::seat_name(*r.winner)) : json::value(nullptr);
    return o;
}

int seat_index(Seat s) { return s == Seat::White ? 0 : 1; }

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

Outcome storage_unavailable(std::string_view what) {
    return api_error(503, "storage-unavailable",
                     std::string(what) +
                         " could not be stored: the server cannot write to its database right "
                         "now. Nothing was changed; try again later.");
}

}  // namespace

json::object event_json(const referee::Event& e) {
    json::object o;
    o["seq"] = e.seq;
    o["audience"] = referee::audience_name(e.audience);
    for (const auto& kv : e.body) o[kv.key()] = kv.value();
    return o;
}

std::string event_text(const referee::Event& e) { return json::serialize(event_json(e)); }

bool Room::listed() const { return stored && (status != "open" || option_flag(options, "public")); }

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

Lobby::Lobby(asio::io_context& ioc, Store& store, asio::thread_pool& compute, LobbyLimits limits)
    : ioc_(ioc), store_(store), compute_(compute), limits_(limits) {}

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

// ---- the list index and the per-address limits ----------------------------------------------

void Lobby::index_add(const Room& r) {
    if (!r.listed()) return;
    index_[r.status].emplace(r.createdMs, r.id);
    index_[""].emplace(r.createdMs, r.id);
}

void Lobby::index_remove(const Room& r) {
    index_[r.status].erase({r.createdMs, r.id});
    index_[""].erase({r.createdMs, r.id});
}

void Lobby::set_status(Room& r, std::string status) {
    if (status == r.status) return;
    index_remove(r);
    if (r.status == "open" && !r.creatorAddress.empty()) open_count(r.creatorAddress, -1);
    r.status = std::move(status);
    if (r.status == "open" && !r.creatorAddress.empty()) open_count(r.creatorAddress, +1);
    index_add(r);
}

void Lobby::open_count(const std::string& address, int delta) {
    auto it = addresses_.find(address);
    if (it == addresses_.end()) return;
    it->second.open = std::max(0, it->second.open + delta);
}

bool Lobby::limited(const Client& client) const {
    if (client.address.empty()) return false;
    bool loopback = client.address.starts_with("127.") || client.address == "::1" ||
                    client.address.starts_with("::ffff:127.");
    return !loopback || limits_.limitLoopback;
}

std::optional<Outcome> Lobby::take_creation(const Client& client) {
    if (!limited(client)) return std::nullopt;
    auto now = std::chrono::steady_clock::now();
    auto [it, fresh] = addresses_.try_emplace(client.address);
    AddressUse& use = it->second;
    if (fresh) {
        use.tokens = limits_.createBurst;
        use.refilled = now;
        // Forget addresses that are idle again, so the table cannot grow without end.
        if (addresses_.size() > 100000)
            std::erase_if(addresses_, [&](const auto& kv) {
                return kv.second.open == 0 && kv.first != client.address &&
                       now - kv.second.refilled > std::chrono::minutes(10);
            });
    }
    use.tokens = std::min(limits_.createBurst,
                          use.tokens + limits_.createsPerMinute / 60.0 *
                                           std::chrono::duration<double>(now - use.refilled).count());
    use.refilled = now;
    if (use.tokens < 1)
        return api_error(429, "rate-limited",
                         "too many new games from this address; wait a minute and try again");
    use.tokens -= 1;
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
                if (type == "check-time") {
                    r.game->check_time(a.tsMs);
                } else if (type == "resume") {
                    // Older logs have no "down" mark: the time before the stop was not charged.
                    auto down = action.if_contains("down");
                    r.game->resume_clock(down ? down->to_number<std::int64_t>() : 0, a.tsMs);
                } else if (type == "abandon") {
                    r.game->abandon(a.tsMs);
                }
                continue;
            }
            auto seat = referee::parse_seat(a.seat);
            if (!seat || !r.game->act(*seat, action, a.tsMs).accepted)
                throw std::runtime_error("a logged action was refused on replay");
        }
        r.tapePersisted = r.random->tape().size();
        r.logLength = entries.empty() ? 0 : entries.back().seq + 1;
        r.committedEvents = r.game->events().size();
        r.lastActivityMs = entries.empty() ? r.createdMs : entries.back().tsMs;
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
    // The server's last sign of life: the stop time after a clean stop, at most a second
    // before the crash otherwise. A database of an older version has none: nothing is charged.
    std::int64_t downSince = db.last_alive().value_or(0);
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
        r.stored = true;
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
            // The mover's clock ran until the server stopped; the downtime is charged to no
            // one. The resume point in the log makes every later replay charge the same.
            if (r.gameOptions.clock && !r.game->finished()) {
                json::object resume{{"type", "resume"}, {"down", downSince}};
                db.append_action(r.id, {r.logLength++, "clock", json::serialize(resume), now});
                r.game->resume_clock(downSince, now);
            }
        }
        index_add(r);
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
        if (room->expiryTimer) room->expiryTimer->cancel();
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
        else if (r.broken)
            onError(api_error(500, "unavailable", "this game could not be restored"));
        else
            onError(api_error(503, "storage-unavailable",
                              "the game could not be read from the database; try again later"));
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
            if (ok && !r.game) {
                replay(r, std::move(loaded->tape), loaded->log);
                r.eventTexts.clear();
            }
            auto waiting = std::move(r.waiting);
            r.waiting.clear();
            for (auto& w : waiting) w();
            if (r.game) follow_up(r);
        });
}

void Lobby::with_durable_game(Room& r, std::function<void(Room&)> fn, Reply onError) {
    with_game(
        r,
        [this, fn, onError](Room& r) {
            when_committed(r, [this, &r, fn, onError] {
                if (!r.game) return with_durable_game(r, fn, onError);  // a write failed
                fn(r);
            });
        },
        onError);
}

void Lobby::when_committed(Room& r, std::function<void()> fn) {
    if (r.pendingCommits == 0) return fn();
    r.afterCommit.push_back(std::move(fn));
}

void Lobby::commit_done(Room& r) {
    --r.pendingCommits;
    if (r.pendingCommits > 0 || r.afterCommit.empty()) return;
    auto ready = std::move(r.afterCommit);
    r.afterCommit.clear();
    for (auto& fn : ready) fn();
}

// ---- durability and delivery -------------------------------------------------------------

void Lobby::resync(Room& r) {
    ++r.epoch;
    r.game.reset();
    r.random.reset();
    r.computer.reset();
    r.eventTexts.clear();
    if (r.flagTimer) r.flagTimer->cancel();
}

void Lobby::commit_entry(Room& r, StoredAction entry, std::function<void(bool)> done) {
    const auto& tape = r.random->tape();
    std::vector<std::uint8_t> tapeDelta(tape.begin() + std::ptrdiff_t(r.tapePersisted), tape.end());
    r.tapePersisted = tape.size();
    entry.seq = r.logLength++;
    bool ended = false;
    std::string before = r.status;
    if (r.game->finished() && r.live()) {
        set_status(r, r.game->status() == referee::Status::Aborted ? "aborted" : "finished");
        r.result = result_json(r.game->result());
        ended = true;
    }
    std::string status = r.status;
    std::string result = ended ? json::serialize(r.result) : "";
    std::uint64_t eventsAfter = r.game->events().size();
    std::int64_t ts = entry.tsMs;
    ++r.pendingCommits;
    store_.submit(
        [id = r.id, entry = std::move(entry), tapeDelta = std::move(tapeDelta), ended, status,
         result](Db& db) {
            if (!tapeDelta.empty()) db.append_tape(id, tapeDelta);
            db.append_action(id, entry);
            if (ended) db.update_status(id, status, result);
        },
        [this, &r, epoch = r.epoch, eventsAfter, ended, before, ts,
         done = std::move(done)](bool ok) {
            if (epoch != r.epoch) {
                // An earlier write of this game failed: this one built on it and was refused.
                if (done) done(false);
                return commit_done(r);
            }
            if (!ok) {
                // Nothing of this entry (or anything after it) is durable: the game goes back
                // to its log, and the seq is given out again.
                if (ended) {
                    set_status(r, before);
                    r.result = nullptr;
                }
                resync(r);
                if (done) done(false);
                return commit_done(r);
            }
            r.committedEvents = std::max(r.committedEvents, eventsAfter);
            r.lastActivityMs = std::max(r.lastActivityMs, ts);
            if (ended)
                log(LogLevel::Info, "game over",
                    {{"game", r.id}, {"variant", r.variant}, {"status", r.status}});
            broadcast(r);
            if (done) done(true);
            follow_up(r);
            commit_done(r);
        });
}

SharedText Lobby::event_shared(Room& r, std::uint64_t seq) {
    if (r.eventTexts.size() <= seq) r.eventTexts.resize(seq + 1);
    auto& text = r.eventTexts[seq];
    if (!text) text = std::make_shared<const std::string>(event_text(r.game->events()[seq]));
    return text;
}

void Lobby::deliver(Room& r, Subscription& s, std::uint64_t end, bool over) {
    auto sub = s.subscriber.lock();
    if (!sub) return;
    const auto& events = r.game->events();
    for (std::uint64_t i = s.next; i < end; ++i)
        if (referee::audience_includes(events[i].audience, s.seat))
            sub->push_event(event_shared(r, i));
    s.next = std::max(s.next, end);
    if (over && !s.toldOver) {
        s.toldOver = true;
        sub->game_over();
    }
}

// The seats first and at once; the spectators in slices posted to the loop, so the mover's
// answer and the opponent's event never wait for a crowd.
void Lobby::broadcast(Room& r) {
    if (!r.game) return;
    std::uint64_t end = std::min<std::uint64_t>(r.committedEvents, r.game->events().size());
    bool over = r.game->finished() && end == r.game->events().size();
    std::erase_if(r.seats, [](const Subscription& s) { return s.subscriber.expired(); });
    for (auto& s : r.seats) deliver(r, s, end, over);
    if (r.spectators.empty()) return;
    if (r.spectatorPass) {
        r.spectatorPassAgain = true;
        return;
    }
    r.spectatorPass = true;
    asio::post(ioc_, [this, &r, epoch = r.epoch] { spectator_pass(r, epoch, 0); });
}

void Lobby::spectator_pass(Room& r, std::uint64_t epoch, std::size_t from) {
    if (stopping_ || epoch != r.epoch || !r.game) {
        r.spectatorPass = r.spectatorPassAgain = false;
        return;
    }
    std::uint64_t end = std::min<std::uint64_t>(r.committedEvents, r.game->events().size());
    bool over = r.game->finished() && end == r.game->events().size();
    std::size_t to = std::min(r.spectators.size(), from + SpectatorSlice);
    for (std::size_t i = from; i < to; ++i) deliver(r, r.spectators[i], end, over);
    if (to < r.spectators.size()) {
        asio::post(ioc_, [this, &r, epoch, to] { spectator_pass(r, epoch, to); });
        return;
    }
    std::erase_if(r.spectators, [](const Subscription& s) { return s.subscriber.expired(); });
    r.spectatorPass = false;
    if (r.spectatorPassAgain) {
        r.spectatorPassAgain = false;
        r.spectatorPass = true;
        asio::post(ioc_, [this, &r, epoch] { spectator_pass(r, epoch, 0); });
    }
}

void Lobby::follow_up(Room& r) {
    if (stopping_ || !r.game) return;
    if (!r.live()) {
        if (r.flagTimer) r.flagTimer->cancel();
        if (r.expiryTimer) r.expiryTimer->cancel();
        schedule_eviction(r);
        return;
    }
    schedule_flag(r);
    schedule_expiry(r);
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
    r.flagTimer->async_wait([this, &r, epoch = r.epoch](boost::system::error_code ec) {
        if (ec || stopping_ || epoch != r.epoch || !r.game || r.game->finished()) return;
        if (r.game->check_time(now_ms())) {
            log(LogLevel::Info, "flag fell", {{"game", r.id}});
            commit_entry(r, {0, "clock", R"({"type":"check-time"})", now_ms()}, nullptr);
        } else {
            schedule_flag(r);
        }
    });
}

// An open game nobody joins, or a game nobody acts in, ends by itself (docs/api.md, Limits):
// a logged "abandon" entry, so a replay ends it the same way.
void Lobby::schedule_expiry(Room& r) {
    if (!r.expiryTimer) r.expiryTimer = std::make_unique<asio::steady_timer>(ioc_);
    else if (r.expiryTimer->expiry() > asio::steady_timer::clock_type::now()) return;  // armed
    auto limit = r.status == "open" ? limits_.openExpiry : limits_.idleExpiry;
    std::int64_t since = r.status == "open" ? r.createdMs : r.lastActivityMs;
    std::int64_t due = since + std::chrono::duration_cast<std::chrono::milliseconds>(limit).count();
    r.expiryTimer->expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, due - now_ms())));
    r.expiryTimer->async_wait([this, &r](boost::system::error_code ec) {
        if (ec || stopping_ || !r.live()) return;
        with_game(
            r,
            [this](Room& r) {
                auto limit = r.status == "open" ? limits_.openExpiry : limits_.idleExpiry;
                std::int64_t since = r.status == "open" ? r.createdMs : r.lastActivityMs;
                std::int64_t now = now_ms();
                if (!r.live() || r.game->finished()) return;
                if (r.pendingCommits ||
                    now < since + std::chrono::duration_cast<std::chrono::milliseconds>(limit).count())
                    return schedule_expiry(r);
                r.game->abandon(now);
                log(LogLevel::Info, "game abandoned", {{"game", r.id}, {"status", r.status}});
                commit_entry(r, {0, "clock", R"({"type":"abandon"})", now}, nullptr);
            },
            [](Outcome) {});
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
    asio::post(compute_, [this, &r, epoch = r.epoch, player = r.computer.get(),
                          variant = r.variant, view = std::move(view), legal = std::move(legal)] {
        json::object choice;
        try {
            referee::SecureRandom random;
            choice = player->choose(variant, view, legal, random);
        } catch (const std::exception& e) {
            log(LogLevel::Error, "computer player failed", {{"game", r.id}, {"error", e.what()}});
        }
        asio::post(ioc_, [this, &r, epoch, choice = std::move(choice)] {
            r.computerThinking = false;
            if (stopping_ || epoch != r.epoch || !r.game || r.game->finished() || choice.empty()) {
                // A write failed while it thought: think again on the reloaded game.
                if (!stopping_ && epoch != r.epoch && r.game) follow_up(r);
                return;
            }
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
        std::erase_if(r.seats, [](const Subscription& s) { return s.subscriber.expired(); });
        std::erase_if(r.spectators, [](const Subscription& s) { return s.subscriber.expired(); });
        if (!r.seats.empty() || !r.spectators.empty() || r.pendingCommits ||
            r.computerThinking || r.loading || r.spectatorPass) {
            schedule_eviction(r);
            return;
        }
        // A finished game leaves memory; it is replayed from the database if asked for.
        r.game.reset();
        r.random.reset();
        r.computer.reset();
        r.eventTexts.clear();
        r.eventTexts.shrink_to_fit();
    });
}

// ---- the API -------------------------------------------------------------------------------

void Lobby::create(const json::value& request, const Client& client, Reply reply) {
    auto parsed = parse_create(request);
    if (auto* e = std::get_if<Outcome>(&parsed)) return reply(std::move(*e));
    auto& req = std::get<CreateRequest>(parsed);
    if (req.opponent == "human") {
        auto it = addresses_.find(client.address);
        if (limited(client) && it != addresses_.end() &&
            it->second.open >= limits_.openPerAddress)
            return reply(api_error(429, "too-many-open-games",
                                   "this address already has " +
                                       std::to_string(limits_.openPerAddress) +
                                       " games waiting for an opponent"));
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

    do r.id = new_game_id();
    while (rooms_.count(r.id));
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
    r.creatorAddress = client.address;
    set_status(r, status);  // not listed before it is stored
    body["status"] = r.status;
    StoredGame g = stored(r);
    std::string id = r.id;
    rooms_.emplace(id, std::move(room));
    ++r.pendingCommits;
    store_.submit([g = std::move(g)](Db& db) { db.insert_game(g); },
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

void Lobby::join(const std::string& id, const json::value& request, Reply reply) {
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
    std::string token = new_token();
    auto oldInvite = r->invite;
    auto oldOptions = r->options;
    r->token[seat_index(seat)] = hash_token(token);
    r->invite.reset();
    set_status(*r, "active");
    if (auto a = r->options.if_contains("assist"); a && a->is_object())
        a->as_object()["joiner"] = assist;
    ++r->pendingCommits;
    store_.submit(
        [id, w = r->token[0], b = r->token[1], options = json::serialize(r->options)](Db& db) {
            db.update_seats(id, w, b, std::nullopt);
            db.update_status(id, "active", "");
            db.update_options(id, options);
        },
        [this, r, seat, token, oldInvite, oldOptions, reply = std::move(reply)](bool ok) {
            if (!ok) {
                // The seat stays free and the invite valid: the joiner may simply try again.
                r->token[seat_index(seat)].reset();
                r->invite = oldInvite;
                r->options = oldOptions;
                set_status(*r, "open");
                reply(storage_unavailable("the join"));
                return commit_done(*r);
            }
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
    if (r.opponent == "computer") o["level"] = r.level;
    o["public"] = option_flag(r.options, "public");
    o["assist"] = json::object{{"proposed", assist_proposed(r.options)},
                               {"enabled", assist_enabled(r.options)}};
    // A secret chosen by the creator (a Minesweeper layout): the game is not a fair contest.
    o["chosenSecret"] = option_flag(r.options, "chosen");
    return o;
}

void Lobby::view(const std::string& id, const std::optional<std::string>& token, Reply reply) {
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return reply(*e);
    with_durable_game(
        *r,
        [this, seat, reply](Room& r) {
            json::object body = summary(r);
            body["seat"] = referee::seat_name(seat);
            body["view"] = r.game->view(seat, now_ms());
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
        it = index.upper_bound({ms, query.before.substr(dash + 1)});
    }
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

void Lobby::act(const std::string& id, const std::optional<std::string>& token,
                const json::value& action, bool wantEvents, Reply reply) {
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    if (auto e = check_action(action)) return reply(std::move(*e));
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

void Lobby::assist(const std::string& id, const std::optional<std::string>& token, Reply reply) {
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return reply(*e);
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

void Lobby::rematch(const std::string& id, const std::optional<std::string>& token,
                    const Client& client, Reply reply) {
    Room* old = find(id);
    if (!old || !old->stored) return reply(api_error(404, "not-found", "no such game"));
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
        set_status(*r, "active");
        ++r->pendingCommits;
        store_.submit(
            [id = r->id, w = r->token[0], b = r->token[1]](Db& db) {
                db.update_seats(id, w, b, std::nullopt);
                db.update_status(id, "active", "");
            },
            [this, r, seat, newToken, reply](bool ok) {
                if (!ok) {
                    r->token[seat_index(seat)].reset();
                    set_status(*r, "open");
                    reply(storage_unavailable("the rematch"));
                    return commit_done(*r);
                }
                r->lastActivityMs = now_ms();
                reply(Outcome{200,
                              json::object{{"id", r->id},
                                           {"variant", r->variant},
                                           {"seat", referee::seat_name(seat)},
                                           {"token", newToken},
                                           {"status", r->status}},
                              {},
                              {}});
                for (auto* list : {&r->seats, &r->spectators})
                    for (auto& s : *list)
                        if (auto sub = s.subscriber.lock()) sub->push_status("active");
                follow_up(*r);
                commit_done(*r);
            });
        return;
    }
    if (auto e = take_creation(client)) return reply(std::move(*e));

    auto room = std::make_unique<Room>();
    Room& r = *room;
    do r.id = new_game_id();
    while (rooms_.count(r.id));
    r.variant = old->variant;
    r.opponent = old->opponent;
    r.level = old->level;
    r.options = old->options;
    r.gameOptions = old->gameOptions;
    r.createdMs = r.lastActivityMs = now_ms();
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
        set_status(r, "active");
    } else if (r.opponent == "computer") {
        r.computerSeat = oldSeat;
        set_status(r, "active");
    } else {
        set_status(r, "open");  // the other player claims their seat with their old token
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
            if (!ok) {
                if (Room* old = find(r.rematchOf)) old->rematch.clear();
                set_status(r, "aborted");
                std::string id = r.id;
                reply(storage_unavailable("the rematch"));
                rooms_.erase(id);
                return;
            }
            r.stored = true;
            index_add(r);
            log(LogLevel::Info, "rematch created", {{"game", r.id}, {"of", r.rematchOf}});
            reply(Outcome{201, body, {}, {}});
            follow_up(r);
            commit_done(r);
        });
}

void Lobby::subscribe(const std::string& id, const std::optional<std::string>& token,
                      std::uint64_t since, std::shared_ptr<Subscriber> subscriber, Ready ready) {
    Room* r = find(id);
    if (!r || !r->stored)
        return ready(api_error(404, "not-found", "no such game"), Seat::Spectator, {});
    Seat seat;
    if (auto e = resolve_seat(*r, token, seat)) return ready(*e, Seat::Spectator, {});
    if (seat == Seat::Spectator) {
        std::erase_if(r->spectators, [](const Subscription& s) { return s.subscriber.expired(); });
        if (r->spectators.size() >= limits_.spectatorsPerGame)
            return ready(api_error(503, "too-many-spectators",
                                   "this game has as many spectators as it can take; try later"),
                         Seat::Spectator, {});
    }
    with_durable_game(
        *r,
        [this, seat, since, subscriber, ready](Room& r) {
            ready(std::nullopt, seat, r.game->view(seat, now_ms()));
            // Only the newcomer is brought up to date: nobody else is walked.
            auto& list = seat == Seat::Spectator ? r.spectators : r.seats;
            list.push_back({subscriber, seat, since});
            std::uint64_t end = std::min<std::uint64_t>(r.committedEvents, r.game->events().size());
            deliver(r, list.back(), end, r.game->finished() && end == r.game->events().size());
        },
        [ready](Outcome o) { ready(std::move(o), Seat::Spectator, {}); });
}

void Lobby::inspect(const std::string& id, const std::function<void(const referee::Game*)>& fn) {
    Room* r = find(id);
    fn(r ? r->game.get() : nullptr);
}

}  // namespace arbiter::server
