// The leak audit (server_leak_test.cpp), run on one server or through a balancer: random games
// of every variant over WebSockets, every byte each seat and a spectator receive compared with
// exactly what Game::events_for(seat) and Game::view(seat) give that seat.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "referee/game.h"

namespace arbiter::testing {

// Calls fn with the game itself (null if that server does not hold it) on the game's loop.
using Inspect =
    std::function<void(const std::string& id, const std::function<void(const referee::Game*)>& fn)>;
void leak_audit(std::uint16_t port, const Inspect& inspect, int gamesPerVariant);

}  // namespace arbiter::testing
