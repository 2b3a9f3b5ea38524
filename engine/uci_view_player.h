// An outside UCI engine in a Minesweeper Chess seat: a yardstick that shares no code with our
// players. It sees the seat's view like any player, but knows nothing of the fog: it is given
// the public board as a plain 10-rank FEN and chooses among the legal moves that do not land
// on a discovered mine (a human sees those). It never uses the sapper action.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/view_player.h"

namespace arbiter::engine {

struct UciPlayerConfig {
    std::string command;                                       // run through /bin/sh
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value
    std::string limit;  // what follows "go": "depth 3" or "nodes 5000"
};

// "uci-depthN" or "uci-nodesN": the limit part of `kind` as a "go" argument ("depth N");
// nothing (and a reason in *why) for anything else.
std::optional<std::string> uci_player_limit(std::string_view kind, std::string* why = nullptr);

// Starts the engine (one process a player, so one a game). Throws std::runtime_error when the
// engine cannot be started or does not answer "uci" and "isready".
std::unique_ptr<ViewPlayer> make_uci_view_player(const UciPlayerConfig& config);

// The FEN an outside 10-rank engine reads for a Minesweeper view's "fen": the six chess fields,
// without the zone and counter fields and with no en-passant square (the game has none).
std::string plain_minesweeper_fen(std::string_view viewFen);

}  // namespace arbiter::engine
