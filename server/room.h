// Internal to the lobby: one game as the server holds it (metadata, the loaded referee game,
// where durability stands, its subscribers and timers).
#pragma once

#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "referee/game.h"
#include "server/computer.h"
#include "server/lobby.h"
#include "server/tape_random.h"
#include "server/tokens.h"

namespace arbiter::server {

struct Subscription {
    std::weak_ptr<Subscriber> subscriber;
    referee::Seat seat;
    std::uint64_t next;  // the first event it has not been sent yet
    bool toldOver = false;
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
    bool stored = false;          // its creation is durable (only then is it listed)
    std::string creatorAddress;   // memory only: the per-address limit on open games
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

    std::unique_ptr<boost::asio::steady_timer> flagTimer, evictTimer, expiryTimer;
    std::unique_ptr<ComputerPlayer> computer;
    bool computerThinking = false;

    bool live() const { return status == "open" || status == "active"; }
    bool listed() const;  // in the public lists: stored, and not an open private game
};

}  // namespace arbiter::server
