// Factories of the referee's games, one per variant (see registry.cpp).
#pragma once

#include <memory>

#include "referee/game.h"

namespace arbiter::referee {

std::unique_ptr<Game> make_chess_game(const GameOptions& options, RandomSource& random);
std::unique_ptr<Game> make_chiefspy_game(const GameOptions& options, RandomSource& random);
std::unique_ptr<Game> make_minesweeper_game(const GameOptions& options, RandomSource& random);

}  // namespace arbiter::referee
