// Chat in a game (docs/players.md, "Chat"): two rooms, the seats' ("players") and everyone
// else's ("spectators"). A line is acknowledged once its store job committed, then pushed to
// every receiver that may read it: the seats read their room always (less the opponent's lines
// once muted) and the spectators' once the game is over; spectators read only theirs. In a
// cluster the game's owner serves its chat (adopt_first, as for an action); a replica that
// follows the game for anonymous spectators reads the lines from the store on each request.
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>

#include "server/chat.h"
#include "server/lobby.h"
#include "server/room.h"

namespace arbiter::server {

namespace asio = boost::asio;
using referee::Seat;
namespace ps = player_store;

namespace {

// A chat nobody used for this long leaves memory (read again on its next use).
constexpr auto ChatKeep = std::chrono::minutes(10);

int room_index(chat::RoomKind room) { return room == chat::RoomKind::Players ? 0 : 1; }

// The game is over: its seats read the spectators' room too.
bool over(const Room& r) { return r.status == "finished" || r.status == "aborted"; }

// Whether a receiver of `reader` (a seat, or Seat::Spectator) may read the line.
bool may_read(const Room& r, Seat reader, const chat::Line& line) {
    if (reader == Seat::Spectator) return line.room == chat::RoomKind::Spectators;
    if (line.room == chat::RoomKind::Spectators) return over(r);
    // The players' room: less the opponent's lines once this seat muted them.
    bool fromOpponent = line.seat && *line.seat == referee::seat_name(referee::opponent(reader));
    return !(fromOpponent && r.chat.muted[seat_index(reader)]);
}

void keep_while_used(asio::io_context& ioc, Room& r) {
    RoomChat& c = r.chat;
    if (!c.dropTimer) c.dropTimer = std::make_unique<asio::steady_timer>(ioc);
    c.dropTimer->expires_after(ChatKeep);
    c.dropTimer->async_wait([&r](boost::system::error_code ec) {
        if (ec || r.chat.loading) return;
        r.chat.loaded = false;
        for (auto& lines : r.chat.lines) {
            lines.clear();
            lines.shrink_to_fit();
        }
    });
}

// A line that committed, kept in its room in order of n (unless the lines are to be read anew,
// which brings it with them).
void remember(Room& r, const chat::Line& line) {
    RoomChat& c = r.chat;
    if (!c.loaded) return;
    auto& lines = c.lines[room_index(line.room)];
    auto at = std::lower_bound(lines.begin(), lines.end(), line.n,
                               [](const chat::Line& l, std::int64_t n) { return l.n < n; });
    if (at != lines.end() && at->n == line.n) return;
    lines.insert(at, line);
}

void push(Room& r, const chat::Line& line) {
    json::object text = chat::line_json(line);
    for (auto* list : {&r.seats, &r.spectators})
        for (const Subscription& s : *list)
            if (may_read(r, s.seat, line))
                if (auto sub = s.subscriber.lock()) sub->push_chat(text);
}

// fn once the room's lines are in memory: read from the store on first use, after the room's
// epoch changed, and always on a replica (its owner writes them).
void with_chat(Store& store, asio::io_context& ioc, Room& r, std::function<void(Room&)> fn,
               const Reply& onError) {
    if (!r.owned && !r.following) return onError(moved_elsewhere());
    RoomChat& c = r.chat;
    if (r.owned && c.loaded && c.epoch == r.epoch) {
        keep_while_used(ioc, r);
        return fn(r);
    }
    c.waiting.push_back([&r, fn = std::move(fn), onError](bool ok) {
        if (!ok)
            return onError(
                retry_error(503, "storage-unavailable",
                            "the chat could not be read from the database; try again later", 5));
        fn(r);
    });
    if (c.loading) return;
    c.loading = true;
    auto read = std::make_shared<std::vector<chat::Line>>();
    store.submit([read, id = r.id](Db& db) { *read = chat::load_lines(db, id); },
                 [&ioc, &r, read, epoch = r.epoch](bool ok) {
                     RoomChat& c = r.chat;
                     c.loading = false;
                     if (ok) {
                         // With no line on its way to the store, the store alone says
                         // which numbers are taken; else none is given out twice.
                         for (int k = 0; k < 2; ++k) {
                             c.lines[k].clear();
                             if (c.pending == 0) c.next[k] = 1;
                         }
                         for (auto& line : *read) {
                             int k = room_index(line.room);
                             c.next[k] = std::max(c.next[k], line.n + 1);
                             c.lines[k].push_back(std::move(line));
                         }
                         c.loaded = r.owned && epoch == r.epoch;
                         c.epoch = epoch;
                         keep_while_used(ioc, r);
                     }
                     auto waiting = std::move(c.waiting);
                     c.waiting.clear();
                     for (auto& w : waiting) w(ok);
                 });
}

Outcome chat_error(std::string_view message) { return api_error(400, "bad-chat", message); }

}  // namespace

void Lobby::chat_post(const std::string& id, const Credentials& who, const json::value& body,
                      Reply reply) {
    if (adopt_first(id, reply, [=, this] { chat_post(id, who, body, reply); })) return;
    reply = refusal_checked(id, reply,
                            [=, this](Reply again) { chat_post(id, who, body, std::move(again)); });
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat, ps::Chat)) return reply(*e);
    if (!body.is_object()) return reply(api_error(400, "bad-request", "a line is {\"text\":…}"));
    for (const auto& kv : body.as_object())
        if (kv.key() != "text")
            return reply(api_error(400, "unknown-field",
                                   "unknown field " + quoted(kv.key()) + " in a chat line"));
    auto text = body.as_object().if_contains("text");
    if (!text || !text->is_string())
        return reply(api_error(400, "bad-request", "a chat line needs \"text\", a string"));

    chat::Line line;
    std::string writer;
    if (seat == Seat::Spectator) {
        if (!who.account.known())
            return reply(
                api_error(403, "account-required", "log in to write in the spectators' chat"));
        if (!who.account.may(ps::Chat))
            return reply(api_error(403, "missing-scope", "this token lacks the chat scope"));
        line.room = chat::RoomKind::Spectators;
        line.name = who.account.name;
        writer = "name:" + ps::name_key(who.account.name);
    } else {
        line.room = chat::RoomKind::Players;
        line.seat = std::string(referee::seat_name(seat));
        if (auto name = player_name(*r, seat); !name.empty()) line.name = std::move(name);
        writer = "seat:" + *line.seat;
    }
    auto checked = chat::check_text(text->as_string());
    if (!checked.ok()) return reply(chat_error(checked.problem));
    line.text = std::move(checked.text);

    // The writer's rate, counted before anything is read or written.
    RoomChat& c = r->chat;
    auto now = chat::Bucket::Clock::now();
    if (c.writers.size() > 64)
        std::erase_if(c.writers, [&](const auto& kv) { return kv.second.idle(now); });
    int wait = 0;
    if (!c.writers[writer].take(now, wait))
        return reply(retry_error(429, "rate-limited",
                                 "at most one chat line a second; wait " + std::to_string(wait) +
                                     (wait == 1 ? " second" : " seconds"),
                                 wait));

    Reply onError = reply;
    with_chat(
        store_, ioc_, *r,
        [this, line = std::move(line), reply = std::move(reply)](Room& r) mutable {
            if (!r.owned) return reply(moved_elsewhere());
            RoomChat& c = r.chat;
            line.n = c.next[room_index(line.room)]++;
            line.atMs = now_ms();
            ++c.pending;
            store_.submit(
                [id = r.id, line](Db& db) { chat::insert_line(db, id, line); },
                [&r, line, reply](bool ok) {
                    --r.chat.pending;
                    if (!ok) {
                        // Read the lines anew before the next one: the store says
                        // which numbers are taken.
                        r.chat.loaded = false;
                        return reply(storage_unavailable("the chat line"));
                    }
                    remember(r, line);
                    reply(Outcome{201, json::object{{"line", chat::line_json(line)}}, {}, {}});
                    push(r, line);
                });
        },
        onError);
}

void Lobby::chat_read(const std::string& id, const Credentials& who, Reply reply) {
    auto again = [=, this] { chat_read(id, who, reply); };
    if (who.token || who.account.known() ? adopt_first(id, reply, again)
                                         : follow_first(id, reply, again))
        return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat, ps::Chat)) return reply(*e);
    Reply onError = reply;
    with_chat(
        store_, ioc_, *r,
        [seat, reply = std::move(reply)](Room& r) {
            json::object body;
            for (auto room : {chat::RoomKind::Players, chat::RoomKind::Spectators}) {
                bool readable = seat == Seat::Spectator
                                    ? room == chat::RoomKind::Spectators
                                    : room == chat::RoomKind::Players || over(r);
                if (!readable) continue;
                json::array lines;
                for (const auto& line : r.chat.lines[room_index(room)])
                    if (may_read(r, seat, line)) lines.push_back(chat::line_json(line));
                body[chat::room_name(room)] = std::move(lines);
            }
            reply(Outcome{200, std::move(body), {}, {}});
        },
        onError);
}

// The Reply is taken by value, as by every entry point of the lobby.
void Lobby::chat_mute(const std::string& id, const Credentials& who, const json::value& body,
                      Reply reply) {  // NOLINT(performance-unnecessary-value-param)
    if (adopt_first(id, reply, [=, this] { chat_mute(id, who, body, reply); })) return;
    Room* r = find(id);
    if (!r || !r->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat seat;
    if (auto e = resolve_seat(*r, who, seat, ps::Chat)) return reply(*e);
    if (!body.is_object()) return reply(api_error(400, "bad-request", "send {\"muted\":true}"));
    if (auto e = check_fields(body.as_object(), {{"muted", Kind::Bool, true}}, "a mute"))
        return reply(std::move(*e));
    if (seat == Seat::Spectator)
        return reply(api_error(403, "forbidden", "only a player can mute their opponent"));
    bool muted = body.as_object().at("muted").as_bool();
    r->chat.muted[seat_index(seat)] = muted;
    reply(Outcome{200, json::object{{"muted", muted}}, {}, {}});
}

}  // namespace arbiter::server
