#include "server/lobby.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "server/log.h"
#include "server/loops.h"
#include "server/room.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

namespace asio = boost::asio;
using referee::Seat;

// How a game lives: its place in the lists, the per-address limits, loading it back from
// the log, and writing each of its actions durably (or going back to the log when a write fails).

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
    use.tokens =
        std::min(limits_.createBurst,
                 use.tokens + limits_.createsPerMinute / 60.0 *
                                  std::chrono::duration<double>(now - use.refilled).count());
    use.refilled = now;
    if (use.tokens < 1) {
        // When the bucket holds one game again.
        double wait = (1 - use.tokens) * 60.0 / limits_.createsPerMinute;
        return retry_error(429, "rate-limited",
                           "too many new games from this address; wait a minute and try again",
                           int(std::ceil(wait)));
    }
    use.tokens -= 1;
    return std::nullopt;
}

// ---- loading and replay ----------------------------------------------------------------

void apply_logged(Room& r, const StoredAction& a) {
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
        return;
    }
    auto seat = referee::parse_seat(a.seat);
    if (!seat || !r.game->act(*seat, action, a.tsMs).accepted)
        throw std::runtime_error("a logged action was refused on replay");
}

bool Lobby::replay(Room& r, std::vector<std::uint8_t> tape,
                   const std::vector<StoredAction>& entries) {
    try {
        r.random = std::make_unique<TapeRandom>(fresh_, std::move(tape));
        r.game = referee::create_game(r.variant, r.gameOptions, *r.random);
        set_record_headers(r);
        for (const auto& a : entries) apply_logged(r, a);
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

void set_row(Room& r, const StoredGame& g) {
    r.id = g.id;
    r.variant = g.variant;
    r.opponent = g.opponent;
    r.status = g.status;
    r.rematchOf = g.rematchOf;
    r.rematch = g.rematch;
    r.level = g.level;
    r.computerSeat = g.computerSeat.empty() ? std::nullopt : referee::parse_seat(g.computerSeat);
    r.token[0] = g.white;
    r.token[1] = g.black;
    r.invite = g.invite;
    r.createdMs = g.createdMs;
    r.stored = true;
    r.broken = false;
    try {
        r.result = g.result.empty() ? json::value(nullptr) : json::parse(g.result);
        r.options = json::parse(g.options).as_object();
        r.gameOptions = game_options(r.options);
    } catch (const std::exception&) {
        r.broken = true;
    }
}

void Lobby::load() {
    Db& db = store_.db();
    if (db.clustered()) {
        // Other nodes may own any game: each is adopted when first asked for (or when its
        // owner is gone), never all at start.
        log(LogLevel::Info, "cluster node", {{"instance", db.instance()}});
        return;
    }
    std::int64_t now = now_ms();
    std::size_t restored = 0, total = 0;
    // The server's last sign of life: the stop time after a clean stop, at most a second
    // before the crash otherwise. A database of an older version has none: nothing is charged.
    std::int64_t downSince = db.last_alive().value_or(0);
    db.begin();
    for (auto& g : db.load_games()) {
        if (loop_of(g.id, loops_) != loop_) continue;  // another loop's lobby holds it
        auto room = std::make_unique<Room>();
        Room& r = *room;
        set_row(r, g);
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
    if (clustered()) sweep_orphans();
}

void Lobby::shutdown() {
    stopping_ = true;
    if (sweepTimer_) sweepTimer_->cancel();
    for (auto& [id, room] : rooms_)
        if (room->followTimer) room->followTimer->cancel();
    for (auto& [id, room] : rooms_) {
        if (room->flagTimer) room->flagTimer->cancel();
        if (room->evictTimer) room->evictTimer->cancel();
        if (room->expiryTimer) room->expiryTimer->cancel();
    }
}

void Lobby::with_game(Room& r, std::function<void(Room&)> fn, Reply onError) {
    if (!r.owned && !r.following) {
        // Another node took the game (lobby_cluster.cpp): a timer of ours must not load it.
        onError(moved_elsewhere());
        return;
    }
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
            onError(retry_error(503, "storage-unavailable",
                                "the game could not be read from the database; try again later",
                                5));
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
            if (ok && !r.game && (r.owned || r.following)) {
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
    // The players' side of the end (outcomes, record, ratings) commits with the end itself.
    auto endOptions = std::make_shared<json::object>();
    std::function<void(Db&)> players = ended ? game_end_job(r, endOptions) : nullptr;
    ++r.pendingCommits;
    store_.submit(
        [id = r.id, entry = std::move(entry), tapeDelta = std::move(tapeDelta), ended, status,
         result, players](Db& db) {
            if (!tapeDelta.empty()) db.append_tape(id, tapeDelta);
            db.append_action(id, entry);
            if (ended) db.update_status(id, status, result);
            if (players) players(db);
        },
        [this, &r, epoch = r.epoch, eventsAfter, ended, before, ts, endOptions,
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
            if (ended) game_ended(r, endOptions);
            if (ended)
                log(LogLevel::Info, "game over",
                    {{"game", r.id}, {"variant", r.variant}, {"status", r.status}});
            broadcast(r);
            if (done) done(true);
            follow_up(r);
            commit_done(r);
        });
}

}  // namespace arbiter::server
