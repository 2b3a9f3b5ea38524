// A rematch: the same game again with the colours swapped, made by one player and taken by the
// other with their old seat token (or at once against the computer and on one device).
#include "server/lobby.h"
#include "server/log.h"
#include "server/loops.h"
#include "server/room.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

using referee::Seat;

void Lobby::rematch(const std::string& id, const Credentials& who, const Client& client,
                    Reply reply) {
    if (adopt_first(id, reply, [=, this] { rematch(id, who, client, reply); })) return;
    reply = refusal_checked(id, reply,
                            [=, this](Reply again) { rematch(id, who, client, std::move(again)); });
    Room* old = find(id);
    if (!old || !old->stored) return reply(api_error(404, "not-found", "no such game"));
    Seat oldSeat;
    if (auto e = resolve_seat(*old, who, oldSeat)) return reply(*e);
    if (oldSeat == Seat::Spectator)
        return reply(
            api_error(403, "forbidden", "only a player of the game can ask for a rematch"));
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
    do r.id = new_game_id();  // one that hashes to this lobby's loop
    while (rooms_.count(r.id) || loop_of(r.id, loops_) != loop_);
    r.variant = old->variant;
    r.opponent = old->opponent;
    r.level = old->level;
    r.options = rematch_options(old->options);
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
    set_record_headers(r);
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

}  // namespace arbiter::server
