// Several nodes on one PostgreSQL database: each game is owned by one node at a time.
//
// A node adopts a game when a request for it arrives (the balancer routes every request of a
// game to one node, so routing decides the owner) or when its owner is gone (the orphan
// sweep). Adoption takes the ownership in the database (every later write of the old owner is
// refused there: the fencing check), tells the old owner, reads the row and the log and
// replays the game, as a restart does. The old owner drops the game and closes its receivers,
// which reconnect through the balancer. Lists come from the database, not from memory.
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <unordered_set>

#include "server/lobby.h"
#include "server/log.h"
#include "server/loops.h"
#include "server/room.h"

namespace arbiter::server {

namespace asio = boost::asio;

namespace {

constexpr auto SweepEvery = std::chrono::seconds(1);
constexpr std::size_t SweepBatch = 20;

struct Adoption {
    StoredGame row;
    std::vector<StoredAction> log;
};

bool timed(const std::string& options) {
    try {
        auto o = json::parse(options);
        auto c = o.as_object().if_contains("clock");
        return c && !c->is_null();
    } catch (const std::exception&) {
        return false;
    }
}

// On the writer thread, in the group commit's transaction. When the previous owner is gone,
// the clock's resume point goes into the log with the takeover: the mover is charged up to
// the old owner's last sign of life, and the time without an owner to no one.
std::optional<Adoption> take_over(Db& db, const std::string& id, std::int64_t nowMs) {
    auto t = db.acquire(id);
    if (!t.exists) return std::nullopt;
    auto row = db.load_game(id);
    if (!row) return std::nullopt;
    Adoption a{std::move(*row), db.load_actions(id)};
    bool live = a.row.status == "open" || a.row.status == "active";
    if (t.ownerDownSinceMs && live && timed(a.row.options)) {
        json::object resume{{"type", "resume"}, {"down", *t.ownerDownSinceMs}};
        StoredAction entry{std::int64_t(a.log.size()), "clock", json::serialize(resume), nowMs};
        db.append_action(id, entry);
        a.log.push_back(std::move(entry));
    }
    return a;
}

using Waiting = std::vector<std::pair<std::function<void()>, Reply>>;

// The requests that waited for a game to be read: run again, or told why not.
void resume_waiting(Waiting& waiting, bool read, bool exists) {
    for (auto& [retry, reply] : waiting) {
        if (!read)
            reply(retry_error(503, "storage-unavailable",
                              "the game could not be read from the database; try again later", 5));
        else if (!exists)
            reply(api_error(404, "not-found", "no such game"));
        else
            retry();
    }
}

}  // namespace

Outcome moved_elsewhere() {
    return retry_error(503, "moved",
                       "another server has taken this game over; reconnect and try again", 1);
}

bool Lobby::clustered() const { return store_.db().clustered(); }

bool Lobby::adopt_first(const std::string& id, const Reply& reply, std::function<void()> retry) {
    if (!clustered() || stopping_) return false;
    if (Room* r = find(id); r && r->owned) return false;
    auto& waiting = adopting_[id];
    waiting.emplace_back(std::move(retry), reply);
    if (waiting.size() > 1) return true;  // one adoption at a time per game
    auto found = std::make_shared<std::optional<Adoption>>();
    store_.submit([found, id, now = now_ms()](Db& db) { *found = take_over(db, id, now); },
                  [this, found, id](bool ok) {
                      auto waiting = std::move(adopting_[id]);
                      adopting_.erase(id);
                      if (ok && *found) adopted((*found)->row, (*found)->log);
                      resume_waiting(waiting, ok, found->has_value());
                  });
    return true;
}

void Lobby::adopted(const StoredGame& row, const std::vector<StoredAction>& log) {
    Room* r = find(row.id);
    if (!r) {
        auto room = std::make_unique<Room>();
        r = room.get();
        rooms_.emplace(row.id, std::move(room));
    } else {
        index_remove(*r);
        resync(*r);  // whatever this node held of it before is stale
    }
    set_row(*r, row);
    r->owned = true;
    r->following = false;
    if (r->followTimer) r->followTimer->cancel();
    index_add(*r);
    if (!r->broken && replay(*r, row.tape, log)) follow_up(*r);
}

namespace {
// A request retried after a refusal check carries its round in its reply, so that a game that
// keeps changing hands under it ends in the refusal instead of a loop.
struct RecheckedReply {
    Reply reply;
    int round;
    void operator()(Outcome o) const { reply(std::move(o)); }
};
constexpr int MaxRechecks = 3;
}  // namespace

Reply Lobby::refusal_checked(const std::string& id, Reply reply, std::function<void(Reply)> retry) {
    if (!clustered()) return reply;
    int round = 0;
    if (const auto* again = reply.target<RecheckedReply>()) {
        round = again->round;
        Reply inner = again->reply;
        reply = std::move(inner);
    }
    return [this, id, round, reply = std::move(reply), retry = std::move(retry)](Outcome o) {
        // Only answers that the game's state decides (409) or a failed write (5xx).
        if ((o.status != 409 && o.status < 500) || stopping_ || round >= MaxRechecks)
            return reply(std::move(o));
        auto owns = std::make_shared<bool>(true);
        auto refusal = std::make_shared<Outcome>(std::move(o));
        store_.submit([owns, id](Db& db) { *owns = db.owns(id); },
                      [this, id, round, owns, refusal, reply, retry](bool ok) {
                          if (!ok || *owns) return reply(std::move(*refusal));
                          lost(id);  // if the notification has not dropped it yet
                          retry(RecheckedReply{reply, round + 1});
                      });
    };
}

// ---- replicas for spectators ---------------------------------------------------------------
// A spectator who reaches a node that does not own the game (not through the balancer) is
// served there from a replica: the row, tape and log read without taking the game, then the
// log's new entries applied as they appear (polled), their events delivered as usual. A seat
// never follows: its requests adopt the game (its presence must be where the game is).

namespace {
constexpr auto FollowEvery = std::chrono::milliseconds(200);
constexpr std::int64_t FollowIdleMs = 30'000;  // a replica nobody watches stops this long after
}  // namespace

bool Lobby::follow_first(const std::string& id, const Reply& reply, std::function<void()> retry) {
    if (!clustered() || stopping_) return false;
    if (Room* r = find(id); r && (r->owned || r->following)) {
        r->followUntilMs = std::max(r->followUntilMs, now_ms() + FollowIdleMs);
        return false;
    }
    if (adopting_.count(id)) return adopt_first(id, reply, std::move(retry));  // join the wait
    struct Replica {
        std::optional<StoredGame> row;
        std::vector<StoredAction> log;
    };
    auto found = std::make_shared<Replica>();
    auto& waiting = following_[id];
    waiting.emplace_back(std::move(retry), reply);
    if (waiting.size() > 1) return true;
    store_.submit(
        [found, id](Db& db) {
            found->row = db.load_game(id);
            found->log = found->row ? db.load_actions(id) : std::vector<StoredAction>{};
        },
        [this, found, id](bool ok) {
            auto waiting = std::move(following_[id]);
            following_.erase(id);
            Room* r = find(id);
            if (ok && found->row && !(r && r->owned)) {
                if (!r) {
                    auto room = std::make_unique<Room>();
                    r = room.get();
                    rooms_.emplace(id, std::move(room));
                } else {
                    resync(*r);
                }
                set_row(*r, *found->row);
                r->owned = false;
                r->following = true;
                r->followUntilMs = now_ms() + FollowIdleMs;
                if (replay(*r, found->row->tape, found->log)) follow_log(*r);
            }
            resume_waiting(waiting, ok, found->row.has_value());
        });
    return true;
}

void Lobby::follow_log(Room& r) {
    if (!r.followTimer) r.followTimer = std::make_unique<asio::steady_timer>(ioc_);
    r.followTimer->expires_after(FollowEvery);
    r.followTimer->async_wait([this, &r, epoch = r.epoch](boost::system::error_code ec) {
        if (ec || stopping_ || !r.following || epoch != r.epoch || !r.game) return;
        std::erase_if(r.spectators, [](const Subscription& s) { return s.subscriber.expired(); });
        if (r.spectators.empty() && now_ms() > r.followUntilMs) {
            // Nobody watches here any more: drop the replica (a later spectator follows anew).
            r.following = false;
            resync(r);
            return;
        }
        struct Tail {
            std::optional<StoredGame> row;
            std::vector<StoredAction> log;
        };
        auto tail = std::make_shared<Tail>();
        store_.submit(
            [tail, id = r.id, from = r.logLength](Db& db) {
                tail->log = db.load_actions_from(id, from);
                // The row (and its tape) only when there is something new to apply.
                tail->row = tail->log.empty() ? std::nullopt : db.load_game(id);
            },
            [this, &r, tail, epoch](bool ok) {
                if (!r.following || epoch != r.epoch || !r.game) return;
                if (ok && tail->row && !tail->log.empty()) {
                    try {
                        // The tape first: the new entries may draw on bytes the owner drew.
                        r.random->extend(tail->row->tape);
                        for (const auto& a : tail->log) apply_logged(r, a);
                        r.logLength = tail->log.back().seq + 1;
                        r.lastActivityMs = tail->log.back().tsMs;
                    } catch (const std::exception&) {
                        // Out of step with the log (it cannot be, short of a bug): start over.
                        r.following = false;
                        resync(r);
                        return;
                    }
                    index_remove(r);
                    set_row(r, *tail->row);
                    index_add(r);
                    r.committedEvents = r.game->events().size();
                    broadcast(r);
                }
                follow_log(r);
            });
    });
}

void Lobby::lost(const std::string& id) {
    Room* r = find(id);
    if (!r || !r->owned) return;
    r->owned = false;
    resync(*r);
    for (auto* timer : {r->expiryTimer.get(), r->firstMoveTimer.get(), r->evictTimer.get()})
        if (timer) timer->cancel();
    for (auto* list : {&r->seats, &r->spectators}) {
        auto subscriptions = std::move(*list);
        list->clear();
        for (auto& s : subscriptions)
            if (auto sub = s.subscriber.lock()) sub->moved();
    }
    auto waiting = std::move(r->waiting);
    r->waiting.clear();
    for (auto& w : waiting) w();
    log(LogLevel::Info, "game taken over by another node", {{"game", id}});
}

void Lobby::keep_owned(const std::vector<std::string>& owned) {
    std::unordered_set<std::string> mine(owned.begin(), owned.end());
    std::vector<std::string> gone;
    for (auto& [id, room] : rooms_)
        if (room->owned && !mine.count(id)) gone.push_back(id);
    // A game adopted after the database was asked is dropped too: its next request adopts it
    // again (from itself), which costs a replay and nothing else.
    for (const auto& id : gone) lost(id);
}

void Lobby::sweep_orphans() {
    if (stopping_ || !clustered()) return;
    struct Sweep {
        std::size_t seen = 0;
        std::vector<Adoption> adopted;
    };
    auto found = std::make_shared<Sweep>();
    // Every loop of the node sweeps; each adopts the orphans whose id hashes to it (the
    // loops share the writer's transaction, so they see the same locked rows).
    store_.submit(
        [found, now = now_ms(), loop = loop_, loops = loops_](Db& db) {
            *found = {};  // a job may run twice (store.cpp)
            auto ids = db.orphans(SweepBatch);
            found->seen = ids.size();
            for (const auto& id : ids)
                if (loop_of(id, loops) == loop)
                    if (auto a = take_over(db, id, now)) found->adopted.push_back(std::move(*a));
        },
        [this, found](bool ok) {
            if (ok && !found->adopted.empty()) {
                for (auto& a : found->adopted) adopted(a.row, a.log);
                log(LogLevel::Info, "adopted the games of a node that is gone",
                    {{"games", found->adopted.size()}});
            }
            if (stopping_) return;
            if (!sweepTimer_) sweepTimer_ = std::make_unique<asio::steady_timer>(ioc_);
            // Straight on while there are more; else once a second.
            bool more = ok && found->seen == SweepBatch && !found->adopted.empty();
            sweepTimer_->expires_after(more ? std::chrono::seconds(0) : SweepEvery);
            sweepTimer_->async_wait([this](boost::system::error_code ec) {
                if (!ec) sweep_orphans();
            });
        });
}

// The lists from the database: every node sees every game. Rows that are not listed
// (friends' games) are skipped; a page scans at most a few times its size.
void Lobby::list_from_store(const std::string& status, std::int64_t beforeMs,
                            const std::string& beforeId, std::size_t limit, const Reply& reply) {
    auto rows = std::make_shared<std::vector<StoredGame>>();
    std::size_t scan = limit * 4 + 8;
    store_.submit(
        [=](Db& db) { *rows = db.list_games(status, beforeMs, beforeId, scan); },
        [this, rows, limit, scan, reply](bool ok) {
            if (!ok)
                return reply(retry_error(503, "storage-unavailable",
                                         "the list could not be read; try again later", 5));
            json::array games;
            const StoredGame* last = nullptr;
            for (const auto& row : *rows) {
                if (games.size() == limit) break;
                last = &row;
                Room r;
                set_row(r, row);
                if (r.broken || !r.listed()) continue;
                games.push_back(summary(r));
            }
            json::value next = nullptr;
            bool more = rows->size() == scan || (last && last != &rows->back());
            if (last && more) next = std::to_string(last->createdMs) + "-" + last->id;
            reply(Outcome{200, json::object{{"games", std::move(games)}, {"next", next}}, {}, {}});
        });
}

}  // namespace arbiter::server
