// The games the server holds, and every operation on them. Runs on the event loop thread
// only (no locks): durable writes go to the Store's writer thread and come back as
// completions; computer moves are chosen on a separate pool and come back the same way.
// What reaches a seat from a game is only Game::view(seat) and Game::events_for(seat).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/json.h"
#include "referee/game.h"
#include "referee/random.h"
#include "server/accounts.h"
#include "server/player_store.h"
#include "server/requests.h"
#include "server/store.h"

namespace arbiter::server {

using Reply = std::function<void(Outcome)>;
using SharedText = std::shared_ptr<const std::string>;

// An event as a seat receives it: {"seq":N,"audience":"…", …the event's own fields}.
json::object event_json(const referee::Event& e);
std::string event_text(const referee::Event& e);

// What one client address may do, and how long unattended games live (docs/api.md, Limits).
struct LobbyLimits {
    double createsPerMinute = 30;  // new games (and rematches) per client address
    double createBurst = 30;
    int openPerAddress = 20;  // games of one address waiting for an opponent
    std::size_t spectatorsPerGame = 2000;
    std::chrono::seconds openExpiry{2 * 3600};   // an open game nobody joined is aborted
    std::chrono::seconds idleExpiry{24 * 3600};  // a game nobody acted in is abandoned
    std::size_t pageLimit = 50;                  // games per list page unless ?limit=
    // Loopback clients (local tools, load tests, a proxy on the same host) are not limited
    // per address unless this is set.
    bool limitLoopback = false;
    // For tests and demonstrations only: a creator may choose a secret (a Minesweeper layout)
    // in a game against a person. The game is marked chosenSecret all the same.
    bool allowChosenSecrets = false;
    // A player whose every connection (WebSocket, event stream) has been gone this long may
    // be claimed against: their opponent may claim the win or call it a draw.
    std::chrono::milliseconds leftClaimDelay{30000};
    // In a timed game, a side that does not make its first move within this long has the
    // game aborted (lichess's rule); untimed and one-device games wait.
    std::chrono::milliseconds firstMoveLimit{30000};
};

// Who is asking: the address (for the per-address limits) and the account, if any.
struct Client {
    std::string address;
    Identity account = {};
};

// GET /api/games: newest first, `limit` at most, strictly older than the cursor `before`.
struct ListQuery {
    std::string status;
    std::size_t limit = 0;  // 0: the configured page size
    std::string before;     // a "next" cursor from a previous page, or empty
};

// A live receiver of one seat's events (a WebSocket or an NDJSON stream).
class Subscriber {
  public:
    virtual ~Subscriber() {
        if (onGone_) onGone_();
    }
    // The event's JSON text, shared by every receiver of that event.
    virtual void push_event(const SharedText& eventText) = 0;
    // The server-level status changed (an open game got its second player).
    virtual void push_status(std::string_view) {}
    // A chat line this receiver may read: {"room","n","from":{"name","seat"},"text","at"}.
    virtual void push_chat(const json::object&) {}
    // The game is over and every event up to its end has been pushed.
    virtual void game_over() {}
    // Another node owns the game now: the receiver closes, and its client reconnects.
    virtual void moved() {}
    // A seat's opponent left or came back: {"opponentGone": null | {since, claimableAt,
    // claimableIn}} (docs/api.md). Only a WebSocket carries it; views have it too.
    virtual void push_presence(const json::object&) {}
    // Set by the lobby on a seat's receiver: called once, when the receiver goes away.
    void on_gone(std::function<void()> fn) { onGone_ = std::move(fn); }

  private:
    std::function<void()> onGone_;
};

struct Room;
struct Subscription;

class Lobby {
  public:
    // loop/loops: this lobby holds the games whose id hashes to loop `loop` of `loops`
    // (server/loops.h); the new games it makes get such ids.
    Lobby(boost::asio::io_context& ioc, Store& store, boost::asio::thread_pool& compute,
          LobbyLimits limits = {}, std::size_t loop = 0, std::size_t loops = 1);
    ~Lobby();

    // Before serving: reloads every unfinished game by replaying its action log (finished
    // ones load on demand) and records a clock resume point for the running ones: their
    // mover is charged up to the server's last alive mark, not for the downtime.
    void load();
    // On the loop, once serving: restarts flag timers and computer seats.
    void start();
    void shutdown();

    void create(const json::value& request, const Client& client, Reply reply);
    void join(const std::string& id, const json::value& request, Reply reply,
              const Identity& who = {});
    // subscriber: the stream the view is answered on (a WebSocket), brought up to date first,
    // so the view never reflects an event that stream has not been sent yet.
    void view(const std::string& id, const Credentials& who, Reply reply,
              const Subscriber* subscriber = nullptr);
    void list(const ListQuery& query, Reply reply);
    // wantEvents: the reply carries the caller's events of this action (HTTP); a WebSocket
    // gets them pushed instead.
    void act(const std::string& id, const Credentials& who, const json::value& action,
             bool wantEvents, Reply reply);
    void export_record(const std::string& id, Reply reply);
    // The seat's deduction (Chief & Spy) or mine odds (Minesweeper), from its own view alone;
    // only when both players agreed to the helpers, or once the game is over.
    void assist(const std::string& id, const Credentials& who, Reply reply);
    void rematch(const std::string& id, const Credentials& who, const Client& client, Reply reply);
    // Chat (lobby_chat.cpp, docs/players.md "Chat"): a line written by the caller into its
    // room, the lines the caller may read, and a seat's mute of its opponent.
    void chat_post(const std::string& id, const Credentials& who, const json::value& body,
                   Reply reply);
    void chat_read(const std::string& id, const Credentials& who, Reply reply);
    void chat_mute(const std::string& id, const Credentials& who, const json::value& body,
                   Reply reply);
    // Quick pairing (seeks.h): a game between two seekers ("" = anonymous), both seats taken
    // at once; done gets its id, both seats' tokens and its players, or nothing when it could
    // not be stored.
    struct Paired {
        std::string id, whiteToken, blackToken;
        json::object players;
    };
    void create_paired(const std::string& variant, const json::value& clock, bool rated,
                       const std::string& white, const std::string& black,
                       std::function<void(std::optional<Paired>)> done);
    // Puts the account's name on the seat this token holds, if the seat has none yet (a
    // browser's games claimed into an account): {"claimed": true|false}.
    void claim(const std::string& id, const std::string& token, const Identity& who, Reply reply);

    // ready runs first (with an error, or the seat and its view); then the events from seq
    // `since` on are pushed, and every later one as soon as it is durable.
    using Ready =
        std::function<void(std::optional<Outcome> error, referee::Seat seat, json::object view)>;
    void subscribe(const std::string& id, const Credentials& who, std::uint64_t since,
                   std::shared_ptr<Subscriber> subscriber, Ready ready);

    // A cluster (lobby_cluster.cpp): another node took the game over. It is dropped here and
    // its receivers are closed, so they reconnect to the new owner through the balancer.
    void lost(const std::string& id);
    // After missed notifications: every game this node holds as its own but the database
    // does not (`owned`: what the database says this instance owns) is lost.
    void keep_owned(const std::vector<std::string>& owned);
    bool clustered() const;

    // A game's summary as the lists show it, from its stored row (any thread).
    json::object stored_summary(const StoredGame& g) const;

    // Tests only: the game itself (or null), on the loop.
    void inspect(const std::string& id, const std::function<void(const referee::Game*)>& fn);

  private:
    // Per client address: a creation token bucket and the count of its open games.
    struct AddressUse {
        double tokens = 0;
        std::chrono::steady_clock::time_point refilled;
        int open = 0;
    };
    // The list index: newest first.
    using IndexKey = std::pair<std::int64_t, std::string>;
    using Index = std::set<IndexKey, std::greater<>>;

    Room* find(const std::string& id);
    // A cluster: a game this node does not own yet is adopted first (its ownership taken,
    // its row and log read, the game replayed); then `retry` runs the request again. Returns
    // false when the game is here already (or on a single node): go on at once.
    bool adopt_first(const std::string& id, const Reply& reply, std::function<void()> retry);
    void adopted(const StoredGame& row, const std::vector<StoredAction>& log);
    // A cluster: this node hears of a takeover by a notification, which can come after a
    // request that the new owner's moves decide. The reply wrapped here answers a refusal (409)
    // or a failed write only once the database says the game is still this node's; if it is not,
    // the game is dropped here and `retry` runs the request again (adopting the game as the
    // database holds it) with the reply it is given. After three such rounds the refusal is the
    // answer. On a single node: `reply` itself.
    Reply refusal_checked(const std::string& id, Reply reply, std::function<void(Reply)> retry);
    // A cluster, a request that only watches (no seat): served from a replica of the game's
    // log when another node owns it (lobby_cluster.cpp); false when it can go on at once.
    bool follow_first(const std::string& id, const Reply& reply, std::function<void()> retry);
    void follow_log(Room& r);
    void sweep_orphans();
    void list_from_store(const std::string& status, std::int64_t beforeMs,
                         const std::string& beforeId, std::size_t limit, const Reply& reply);
    // The caller's seat: by its seat token, else by its account (with `scope`), else a
    // spectator; an error for a token that is no seat of this game.
    std::optional<Outcome> resolve_seat(Room& r, const Credentials& who, referee::Seat& seat,
                                        unsigned scope = player_store::Play);
    // Players (lobby_players.cpp): the account's name on a seat, the rating snapshot at the
    // start of a rated game, and the end of a game (outcomes, record, ratings) in the job that
    // stores it.
    void name_seat(Room& r, referee::Seat seat, const Identity& who);
    json::object players_json(const Room& r) const;
    std::function<void(Db&)> game_end_job(Room& r, const std::shared_ptr<json::object>& newOptions);
    void game_ended(Room& r, const std::shared_ptr<json::object>& newOptions);
    void with_game(Room& r, std::function<void(Room&)> fn, Reply onError);
    // with_game, once nothing the game has done is still waiting for the disk: a view never
    // shows what might not be durable.
    void with_durable_game(Room& r, std::function<void(Room&)> fn, Reply onError);
    void when_committed(Room& r, std::function<void()> fn);
    void commit_done(Room& r);
    bool replay(Room& r, std::vector<std::uint8_t> tape, const std::vector<StoredAction>& entries);
    void apply(Room& r, referee::Seat seat, const json::object& action, bool wantEvents,
               Reply reply);
    void commit_entry(Room& r, StoredAction entry, std::function<void(bool)> done);
    // A write failed: the game goes back to what the log holds (reloaded on next use).
    void resync(Room& r);
    SharedText event_shared(Room& r, std::uint64_t seq);
    void deliver(Room& r, Subscription& s, std::uint64_t end, bool over);
    void broadcast(Room& r);
    void spectator_pass(Room& r, std::uint64_t epoch, std::size_t from);
    void follow_up(Room& r);
    void schedule_flag(Room& r);
    void schedule_expiry(Room& r);
    void maybe_computer(Room& r);
    void schedule_eviction(Room& r);
    // Game flow (lobby_flow.cpp): who is connected, the first-move limit, and what the server
    // checks before the referee sees a takeback or a claim that the opponent left.
    void presence(Room& r);
    void watch_presence(Room& r, Subscriber& subscriber);
    void add_presence(const Room& r, referee::Seat seat, json::object& view) const;
    void schedule_first_move(Room& r);
    std::optional<Outcome> check_flow(Room& r, referee::Seat seat, std::string_view type);
    json::object summary(const Room& r) const;
    void set_status(Room& r, std::string status);
    void index_add(const Room& r);
    void index_remove(const Room& r);
    bool limited(const Client& client) const;
    std::optional<Outcome> take_creation(const Client& client);
    void open_count(const std::string& address, int delta);

    boost::asio::io_context& ioc_;
    Store& store_;
    boost::asio::thread_pool& compute_;
    LobbyLimits limits_;
    std::size_t loop_ = 0, loops_ = 1;
    referee::SecureRandom fresh_;
    std::unordered_map<std::string, std::unique_ptr<Room>> rooms_;
    std::unordered_map<std::string, Index> index_;  // by status, and "" for every status
    std::unordered_map<std::string, AddressUse> addresses_;
    bool stopping_ = false;
    // Requests waiting for a game's adoption: their retry, and their reply if it fails.
    std::unordered_map<std::string, std::vector<std::pair<std::function<void()>, Reply>>> adopting_,
        following_;
    std::unique_ptr<boost::asio::steady_timer> sweepTimer_;
    // Receivers outlive the lobby at shutdown: their on_gone checks this first.
    std::shared_ptr<int> alive_ = std::make_shared<int>(0);
};

}  // namespace arbiter::server
