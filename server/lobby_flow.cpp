#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>

#include "server/lobby.h"
#include "server/log.h"
#include "server/room.h"

namespace arbiter::server {

namespace asio = boost::asio;
using referee::Seat;

// The flow of a game between people beyond the referee's rules: whether each player is still
// connected (so the other may claim the game once they have left), the first-move limit of
// timed games, and the server's checks on takebacks and claims. Presence is memory only: a
// claim, like the first-move abort, is a logged action, so a replay ends the game the same way.

namespace {

std::int64_t ms(std::chrono::milliseconds d) { return d.count(); }

}  // namespace

void Lobby::add_presence(const Room& r, Seat seat, json::object& view) const {
    if (seat == Seat::Spectator || r.opponent != "human") return;
    std::int64_t since = r.goneSince[seat_index(referee::opponent(seat))];
    if (r.status != "active" || !r.game || r.game->finished() || since <= 0) {
        view["opponentGone"] = nullptr;
        return;
    }
    std::int64_t at = since + ms(limits_.leftClaimDelay);
    view["opponentGone"] = json::object{{"since", since},
                                        {"claimableAt", at},
                                        {"claimableIn", std::max<std::int64_t>(0, at - now_ms())}};
}

// Brings each seat's connected-or-gone state up to date and tells the other seat of a change.
void Lobby::presence(Room& r) {
    if (!r.game || r.opponent != "human" || r.status != "active" || r.game->finished()) return;
    std::erase_if(r.seats, [](const Subscription& s) { return s.subscriber.expired(); });
    std::int64_t now = now_ms();
    for (Seat seat : {Seat::White, Seat::Black}) {
        bool here = std::any_of(r.seats.begin(), r.seats.end(),
                                [&](const Subscription& s) { return s.seat == seat; });
        std::int64_t& since = r.goneSince[seat_index(seat)];
        bool changed = false;
        if (here && since != 0) {
            changed = since > 0;
            since = 0;
        } else if (!here && since <= 0) {
            changed = true;
            since = now;
        }
        if (!changed) continue;
        log(LogLevel::Debug, here ? "player back" : "player left",
            {{"game", r.id}, {"seat", referee::seat_name(seat)}});
        Seat other = referee::opponent(seat);
        json::object message{{"type", "presence"}};
        add_presence(r, other, message);
        for (auto& s : r.seats)
            if (s.seat == other)
                if (auto sub = s.subscriber.lock()) sub->push_presence(message);
    }
}

// A seat's receiver: when it goes away, its seat may have left.
void Lobby::watch_presence(Room& r, Subscriber& subscriber) {
    if (r.opponent != "human") return;
    std::weak_ptr<int> alive = alive_;
    subscriber.on_gone([this, alive, id = r.id] {
        if (alive.expired()) return;  // the server is gone: nobody to tell
        asio::post(ioc_, [this, alive, id] {
            if (alive.expired() || stopping_) return;
            if (Room* r = find(id)) presence(*r);
        });
    });
    presence(r);
}

// A timed game whose side to move has not made its first move within the limit is aborted,
// as that side's "abort" (marked noFirstMove), logged like any action.
void Lobby::schedule_first_move(Room& r) {
    bool waiting = r.game && r.gameOptions.clock && r.opponent != "local" && r.status == "active" &&
                   !r.game->finished() && r.game->abortable() && r.game->seat_to_move().has_value();
    Seat mover = waiting ? r.game->seat_to_move().value_or(Seat::White) : Seat::Spectator;
    if (!waiting || (r.computerSeat && *r.computerSeat == mover)) {
        if (r.firstMoveTimer) r.firstMoveTimer->cancel();
        return;
    }
    int turn = r.game->turns_completed();
    if (turn != r.firstMoveTurn) {
        r.firstMoveTurn = turn;
        r.firstMoveSince = now_ms();  // after a restart: counted from the reload
    }
    std::int64_t due = r.firstMoveSince + ms(limits_.firstMoveLimit);
    if (!r.firstMoveTimer) r.firstMoveTimer = std::make_unique<asio::steady_timer>(ioc_);
    r.firstMoveTimer->expires_after(
        std::chrono::milliseconds(std::max<std::int64_t>(0, due - now_ms()) + 1));
    r.firstMoveTimer->async_wait(
        [this, &r, epoch = r.epoch, turn, seat = mover](boost::system::error_code ec) {
            if (ec || stopping_ || epoch != r.epoch || !r.game || !r.live() || r.game->finished())
                return;
            if (turn != r.game->turns_completed() ||
                r.game->seat_to_move().value_or(Seat::Spectator) != seat ||
                now_ms() < r.firstMoveSince + ms(limits_.firstMoveLimit))
                return schedule_first_move(r);
            log(LogLevel::Info, "no first move: game aborted",
                {{"game", r.id}, {"seat", referee::seat_name(seat)}});
            apply(r, seat, json::object{{"type", "abort"}, {"noFirstMove", true}}, false,
                  [&r](Outcome o) {
                      if (o.status >= 400)
                          log(LogLevel::Warn, "first-move abort refused", {{"game", r.id}});
                  });
        });
}

// What the server decides before the referee: takebacks only where moves can be taken back,
// and a claim only once the opponent has been gone long enough.
std::optional<Outcome> Lobby::check_flow(Room& r, Seat seat, std::string_view type) {
    if (type.starts_with("takeback-") && !r.game->supports_takeback())
        return api_error(409, "no-takeback",
                         "takebacks are for chess only: in this game what was shown (a battle, a "
                         "mine) cannot be unshown");
    if (type != "claim-victory" && type != "call-draw") return std::nullopt;
    if (r.opponent != "human")
        return api_error(409, "no-claim",
                         "a claim that the opponent left is for games between two people");
    if (r.game->abortable())
        return api_error(409, "no-claim",
                         "the game has not started (a side has not moved yet): abort it instead");
    presence(r);
    std::int64_t since = r.goneSince[seat_index(referee::opponent(seat))];
    if (since <= 0) return api_error(409, "opponent-here", "your opponent is still connected");
    std::int64_t wait = since + ms(limits_.leftClaimDelay) - now_ms();
    if (wait > 0)
        return api_error(409, "too-early",
                         "your opponent left only a moment ago: you can claim in " +
                             std::to_string((wait + 999) / 1000) + " s");
    return std::nullopt;
}

}  // namespace arbiter::server
