#include "server/lobby.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <chrono>

#include "server/computer.h"
#include "server/log.h"
#include "server/room.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

namespace asio = boost::asio;
using referee::Seat;

namespace {
constexpr auto EvictAfter = std::chrono::seconds(20);

bool offered_to(const json::object& view, Seat seat, std::string_view key) {
    auto offer = view.if_contains(key);
    return offer && offer->is_string() &&
           offer->as_string() == referee::seat_name(referee::opponent(seat));
}
bool draw_offered_to(const json::object& view, Seat seat) {
    return offered_to(view, seat, "drawOffer");
}
// The computer takes back whatever its opponent asks to (lichess does so in casual games).
bool takeback_asked_of(const json::object& view, Seat seat) {
    return offered_to(view, seat, "takebackOffer");
}
// Spectators are sent an event in slices, so a crowd never holds the loop for long.
constexpr std::size_t SpectatorSlice = 256;
}  // namespace

// What happens to a game without a request: its events reach subscribers, flags fall,
// unattended games expire, the computer moves, finished games leave memory.

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
    if (stopping_ || !r.game || !r.owned) return;  // a replica runs no timers
    if (!r.live()) {
        if (r.flagTimer) r.flagTimer->cancel();
        if (r.expiryTimer) r.expiryTimer->cancel();
        if (r.firstMoveTimer) r.firstMoveTimer->cancel();
        schedule_eviction(r);
        return;
    }
    schedule_flag(r);
    schedule_expiry(r);
    schedule_first_move(r);
    presence(r);
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
    if (!r.expiryTimer)
        r.expiryTimer = std::make_unique<asio::steady_timer>(ioc_);
    else if (r.expiryTimer->expiry() > asio::steady_timer::clock_type::now())
        return;  // armed
    auto limit = r.status == "open" ? limits_.openExpiry : limits_.idleExpiry;
    std::int64_t since = r.status == "open" ? r.createdMs : r.lastActivityMs;
    std::int64_t due = since + std::chrono::duration_cast<std::chrono::milliseconds>(limit).count();
    r.expiryTimer->expires_after(
        std::chrono::milliseconds(std::max<std::int64_t>(0, due - now_ms())));
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
                    now < since +
                              std::chrono::duration_cast<std::chrono::milliseconds>(limit).count())
                    return schedule_expiry(r);
                // A running clock ends the game by itself, however long the mover may think.
                if (r.status == "active" && r.gameOptions.clock) {
                    auto view = r.game->view(Seat::Spectator, now);
                    if (auto c = view.if_contains("clock"); c && c->is_object()) {
                        auto running = c->as_object().if_contains("running");
                        if (running && running->is_string()) {
                            r.lastActivityMs = now;
                            return schedule_expiry(r);
                        }
                    }
                }
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
    json::object view = r.game->view(seat, now_ms());
    if (takeback_asked_of(view, seat))
        return apply(r, seat, json::object{{"type", "takeback-accept"}}, false, [&r](Outcome o) {
            if (o.status >= 400) log(LogLevel::Warn, "computer takeback refused", {{"game", r.id}});
        });
    // A draw offer is answered first, in words (accepted or declined), never left to lapse.
    bool offered = draw_offered_to(view, seat);
    if (legal.empty() && !offered) return;
    if (!r.computer) r.computer = make_computer_player(r.variant, r.level);
    r.computerThinking = true;
    asio::post(compute_, [this, &r, epoch = r.epoch, player = r.computer.get(), variant = r.variant,
                          view = std::move(view), legal = std::move(legal), offered,
                          queued = std::chrono::steady_clock::now()] {
        // Time spent queued behind other games' thinking ran on the computer's clock.
        const std::int64_t waitedMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                                          std::chrono::steady_clock::now() - queued)
                                          .count();
        json::object choice;
        try {
            referee::SecureRandom random;
            if (offered)
                choice = {{"type", player->accepts_draw(variant, view, waitedMs) ? "draw-accept"
                                                                                 : "draw-decline"}};
            else
                choice = player->choose(variant, view, legal, random, waitedMs);
        } catch (const std::exception& e) {
            log(LogLevel::Error, "computer player failed", {{"game", r.id}, {"error", e.what()}});
        }
        asio::post(ioc_, [this, &r, epoch, offered, choice = std::move(choice)] {
            r.computerThinking = false;
            if (stopping_ || epoch != r.epoch || !r.game || r.game->finished() || choice.empty()) {
                // A write failed while it thought: think again on the reloaded game.
                if (!stopping_ && epoch != r.epoch && r.game) follow_up(r);
                return;
            }
            // An offer came while it thought about its move: answer that first.
            if (auto now = r.game->view(*r.computerSeat, now_ms());
                (!offered && draw_offered_to(now, *r.computerSeat)) ||
                takeback_asked_of(now, *r.computerSeat))
                return follow_up(r);
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
        if (!r.seats.empty() || !r.spectators.empty() || r.pendingCommits || r.computerThinking ||
            r.loading || r.spectatorPass) {
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

}  // namespace arbiter::server
