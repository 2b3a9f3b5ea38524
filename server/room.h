// Internal to the lobby: one game as the server holds it (metadata, the loaded referee game,
// where durability stands, its subscribers and timers).
#pragma once

#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/json.h"
#include "referee/game.h"
#include "server/chat.h"
#include "server/computer.h"
#include "server/lobby.h"
#include "server/store.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

struct Subscription {
    std::weak_ptr<Subscriber> subscriber;
    referee::Seat seat;
    std::uint64_t next;  // the first event it has not been sent yet
    bool toldOver = false;
};

// A game's chat as this node holds it (lobby_chat.cpp). The lines are a cache of the store's,
// read on first use and again after the room's epoch changed (an adoption, a takeover, a failed
// write), dropped when the chat is quiet for a while. The mutes and the writers' rates are
// memory only, for the game on this node.
struct RoomChat {
    std::vector<chat::Line> lines[2];  // by room (chat::RoomKind), each in order of n
    std::int64_t next[2] = {1, 1};     // the n the room's next line gets
    int pending = 0;                   // lines sent to the store, not yet committed or failed
    bool loaded = false, loading = false;
    std::uint64_t epoch = 0;                         // the room's epoch the lines were read in
    std::vector<std::function<void(bool)>> waiting;  // for the lines to be read (ok or not)
    bool muted[2] = {false, false};                  // by seat: it muted its opponent
    std::unordered_map<std::string, chat::Bucket> writers;  // "seat:white", "name:<key>"
    std::unique_ptr<boost::asio::steady_timer> dropTimer;
};

struct Room {
    std::string id, variant, opponent, status, rematchOf, rematch;
    json::object options;  // as stored: {"clock":…,"options":…,"public"?,"assist"?,"chosen"?}
    referee::GameOptions gameOptions;
    int level = 0;
    std::optional<referee::Seat> computerSeat;
    std::optional<TokenHash> token[2];
    std::optional<TokenHash> invite;
    std::int64_t createdMs = 0;
    json::value result;
    bool stored = false;  // its creation is durable (only then is it listed)
    // This node may write the game (always on a single node; in a cluster, from its adoption
    // until another node takes it over).
    bool owned = true;
    // A cluster: a replica of a game another node owns, kept up with its log, for spectators
    // who connected here (lobby_cluster.cpp). It runs no timers and writes nothing.
    bool following = false;
    std::int64_t followUntilMs = 0;  // polled while it has spectators, or until then
    std::string creatorAddress;      // memory only: the per-address limit on open games
    std::int64_t lastActivityMs = 0;

    // Loaded state: the game, its tape, and where durability stands. A failed write bumps
    // the epoch and drops the game, which is then reloaded from the log: completions and
    // computer moves of an older epoch are ignored.
    std::unique_ptr<TapeRandom> random;
    std::unique_ptr<referee::Game> game;
    std::uint64_t epoch = 0;
    bool broken = false;
    std::size_t tapePersisted = 0;
    std::int64_t logLength = 0;
    std::uint64_t committedEvents = 0;
    int pendingCommits = 0;
    bool loading = false;
    std::vector<std::function<void()>> waiting;      // for the game to be loaded
    std::vector<std::function<void()>> afterCommit;  // for every pending write to finish

    // Events serialised once, shared by every subscriber (index = seq).
    std::vector<std::shared_ptr<const std::string>> eventTexts;
    std::vector<Subscription> seats, spectators;
    bool spectatorPass = false, spectatorPassAgain = false;

    std::unique_ptr<boost::asio::steady_timer> flagTimer, evictTimer, expiryTimer, firstMoveTimer,
        followTimer;
    // Memory only (lobby_flow.cpp). Per seat: -1 not yet known, 0 connected, else the
    // wall-clock ms since which no receiver of that seat has been connected.
    std::int64_t goneSince[2] = {-1, -1};
    // The turn whose first move is awaited (turns completed), and since when.
    int firstMoveTurn = -1;
    std::int64_t firstMoveSince = 0;
    std::unique_ptr<ComputerPlayer> computer;
    bool computerThinking = false;
    RoomChat chat;

    bool live() const { return status == "open" || status == "active"; }
    bool listed() const;  // in the public lists: stored, and not a private friends' game
};

std::int64_t now_ms();  // wall-clock milliseconds, the referee's clock input
inline int seat_index(referee::Seat s) { return s == referee::Seat::White ? 0 : 1; }
json::value result_json(const referee::GameResult& r);
bool option_flag(const json::object& options, std::string_view key);
// The deduction and mine-odds helpers: proposed by the creator, enabled once the joiner
// agrees too (computer and local games: the creator's choice stands for both).
bool assist_proposed(const json::object& options);
bool assist_enabled(const json::object& options);
// The room as a row of the games table, and back (metadata only: the game is replayed apart).
StoredGame stored(const Room& r);
void set_row(Room& r, const StoredGame& g);
// One logged entry applied to the loaded game (replay); throws if the game refuses it.
void apply_logged(Room& r, const StoredAction& a);
// 503: another node owns the game now; the client reconnects (through the balancer).
Outcome moved_elsewhere();
// The record's headers (date, players' names, their ratings) for the room's loaded game.
// diffPlaceholders: a rated game that just ended, whose rating changes are being computed in
// the store job: "\x01W" and "\x01B" stand for them (player_store::end_game).
void set_record_headers(Room& r, bool diffPlaceholders = false);
// Players (lobby_players.cpp), kept in the options as {"players":{"white":{"name",…},…}}.
std::string player_name(const Room& r, referee::Seat seat);  // "" for an anonymous seat
std::string rating_pool_of(const Room& r);
// Writes each named seat's rating in the pool into options.players (the join of a rated game).
void snapshot_ratings(Db& db, json::object& options, const std::string& pool);
// A rematch's options: the names swap seats; a rematch is never rated.
json::object rematch_options(const json::object& options);
// Parses {"clock":…,"options":…} into the referee's options; throws std::invalid_argument.
referee::GameOptions game_options(const json::object& stored);

}  // namespace arbiter::server
