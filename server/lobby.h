// The games the server holds, and every operation on them. Runs on the event loop thread
// only (no locks): durable writes go to the Store's writer thread and come back as
// completions; computer moves are chosen on a separate pool and come back the same way.
// What reaches a seat from a game is only Game::view(seat) and Game::events_for(seat).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/json.h"
#include "referee/game.h"
#include "server/store.h"

namespace arbiter::server {

// An API answer: JSON (body) or, when contentType is set, raw text.
struct Outcome {
    int status = 200;
    json::value body;
    std::string text;
    std::string contentType;
};
using Reply = std::function<void(Outcome)>;

// {"error": message, "code": code} with an HTTP status. The message never holds a secret.
Outcome api_error(int status, std::string_view code, std::string_view message);

// An event as a seat receives it: {"seq":N,"audience":"…", …the event's own fields}.
json::object event_json(const referee::Event& e);
std::string event_text(const referee::Event& e);

// A live receiver of one seat's events (a WebSocket or an NDJSON stream).
class Subscriber {
  public:
    virtual ~Subscriber() = default;
    virtual void push_event(const std::string& eventText) = 0;
    // The server-level status changed (an open game got its second player).
    virtual void push_status(std::string_view) {}
    // The game is over and every event up to its end has been pushed.
    virtual void game_over() {}
};

struct Room;

class Lobby {
  public:
    Lobby(boost::asio::io_context& ioc, Store& store, boost::asio::thread_pool& compute);
    ~Lobby();

    // Before serving: reloads every unfinished game by replaying its action log (finished
    // ones load on demand) and records a clock resume point for the running ones.
    void load();
    // On the loop, once serving: restarts flag timers and computer seats.
    void start();
    void shutdown();

    void create(const json::value& request, Reply reply);
    void join(const std::string& id, const json::value& request, Reply reply);
    void view(const std::string& id, const std::optional<std::string>& token, Reply reply);
    void list(std::string_view status, Reply reply);
    // wantEvents: the reply carries the caller's events of this action (HTTP); a WebSocket
    // gets them pushed instead.
    void act(const std::string& id, const std::optional<std::string>& token,
             const json::value& action, bool wantEvents, Reply reply);
    void export_record(const std::string& id, Reply reply);
    // The seat's deduction (Chief & Spy) or mine odds (Minesweeper), from its own view alone;
    // only when both players agreed to the helpers, or once the game is over.
    void assist(const std::string& id, const std::optional<std::string>& token, Reply reply);
    void rematch(const std::string& id, const std::optional<std::string>& token, Reply reply);

    // ready runs first (with an error, or the seat and its view); then the events from seq
    // `since` on are pushed, and every later one as soon as it is durable.
    using Ready =
        std::function<void(std::optional<Outcome> error, referee::Seat seat, json::object view)>;
    void subscribe(const std::string& id, const std::optional<std::string>& token,
                   std::uint64_t since, std::shared_ptr<Subscriber> subscriber, Ready ready);

    // Tests only: the game itself (or null), on the loop.
    void inspect(const std::string& id, const std::function<void(const referee::Game*)>& fn);

  private:
    Room* find(const std::string& id);
    std::optional<Outcome> resolve_seat(Room& r, const std::optional<std::string>& token,
                                        referee::Seat& seat);
    void with_game(Room& r, std::function<void(Room&)> fn, Reply onError);
    bool replay(Room& r, std::vector<std::uint8_t> tape, const std::vector<StoredAction>& entries);
    void apply(Room& r, referee::Seat seat, const json::object& action, bool wantEvents,
               Reply reply);
    void commit_entry(Room& r, StoredAction entry, std::function<void(bool)> done);
    void broadcast(Room& r);
    void follow_up(Room& r);
    void schedule_flag(Room& r);
    void maybe_computer(Room& r);
    void schedule_eviction(Room& r);
    json::object summary(const Room& r) const;

    boost::asio::io_context& ioc_;
    Store& store_;
    boost::asio::thread_pool& compute_;
    referee::SecureRandom fresh_;
    std::unordered_map<std::string, std::unique_ptr<Room>> rooms_;
    bool stopping_ = false;
};

}  // namespace arbiter::server
