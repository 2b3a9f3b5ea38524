// What the lobby says about each computer level, and how long each level may think: one table
// per game ("chess", "chiefspy", "minesweeper"), levels 0-8. THE place to edit when the
// ladder is measured again:
// - elo: chess on Stockfish's UCI_Elo scale — engine/levels.h's LevelElo, which UCI_Elo
//   also maps onto, so it is edited there; the hidden-information games on a scale of their
//   own (a rating relative to the level ladder, not comparable with chess), anchored at
//   HiddenGameRandomElo for level 0 (random actions), then each level the one below plus
//   the Elo of its self-play score against it (docs/engine.md, the ladder tables). Minesweeper's
//   2 vs 1 step, won 40-0, is measured through a chain of players between the two levels
//   (docs/engine.md: level 3 about 1810 above level 1).
// - maxMoveMs: the most wall-clock time one move of the level may take (the budget of an
//   untimed game; with a clock the server gives less, server/computer.h). Node and sample
//   limits decide the choice; this cap only cuts in on a slow or busy machine.
// - en, it: one line for a casual player, in English and Italian.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

#include "engine/levels.h"

namespace arbiter::engine {

struct LevelEntry {
    int elo;
    std::int64_t maxMoveMs;
    std::string_view en;
    std::string_view it;
};

constexpr int CatalogMaxLevel = 8;
using LevelLadder = std::array<LevelEntry, CatalogMaxLevel + 1>;

// The rating of level 0 (random actions) in Chief & Spy and Minesweeper Chess.
constexpr int HiddenGameRandomElo = 400;

inline constexpr LevelLadder ChessLevels = {{
    {LevelElo[0], 0, "Random: any legal move, for learning how the pieces move",
     "Casuale: una mossa legale qualsiasi, per imparare come si muovono i pezzi"},
    {LevelElo[1], 150, "First steps: mostly plays at random, now and then takes a free piece",
     "Primi passi: gioca quasi a caso, ogni tanto prende un pezzo indifeso"},
    {LevelElo[2], 200, "Novice: often careless, but grabs loose pieces when it notices them",
     "Novizio: spesso distratto, ma prende i pezzi indifesi quando li nota"},
    {LevelElo[3], 250, "Club beginner: sees simple tactics, blunders under pressure",
     "Principiante di circolo: vede le tattiche semplici, sbaglia sotto pressione"},
    {LevelElo[4], 300, "Casual club player: avoids most one-move blunders",
     "Giocatore di circolo occasionale: evita quasi tutte le sviste di una mossa"},
    {LevelElo[5], 400, "Club player: solid moves, punishes loose play",
     "Giocatore di circolo: mosse solide, punisce il gioco impreciso"},
    {LevelElo[6], 600, "Strong club player: calculates a few moves ahead, rarely blunders",
     "Giocatore di circolo forte: calcola qualche mossa avanti, sbaglia di rado"},
    {LevelElo[7], 800, "Expert: deep calculation, very few mistakes",
     "Esperto: calcolo profondo, pochissimi errori"},
    {LevelElo[8], 1000, "Full strength: the engine at its best",
     "Massima forza: il motore al suo meglio"},
}};

inline constexpr LevelLadder ChiefSpyLevels = {{
    {HiddenGameRandomElo, 0, "Random: any legal move, values set at random",
     "Casuale: una mossa legale qualsiasi, valori disposti a caso"},
    {628, 200, "Beginner: attacks almost blindly, loses track of who is who",
     "Principiante: attacca quasi alla cieca, perde il conto di chi è chi"},
    {745, 250, "Novice: attacks what looks weak, easy to bluff",
     "Novizio: attacca ciò che sembra debole, facile da ingannare"},
    {834, 300, "Casual player: weighs likely values, guards its Spy, takes risky battles",
     "Giocatore occasionale: pesa i valori probabili, protegge la Spia, rischia battaglie"},
    {909, 400, "Careful player: reads your battles, rarely throws a piece away",
     "Giocatore attento: legge le tue battaglie, butta via un pezzo di rado"},
    {982, 500, "Club player: deduces your pieces from what you have revealed",
     "Giocatore di circolo: deduce i tuoi pezzi da ciò che hai rivelato"},
    {1070, 600, "Strong player: keeps its Chief hidden and picks its battles",
     "Giocatore forte: tiene nascosto il Capo e sceglie le sue battaglie"},
    {1166, 800, "Expert: weighs many possible set-ups before each move",
     "Esperto: valuta molte disposizioni possibili prima di ogni mossa"},
    {1335, 1000, "Full strength: the best the computer plays",
     "Massima forza: il meglio che il computer sa giocare"},
}};

inline constexpr LevelLadder MinesweeperLevels = {{
    {HiddenGameRandomElo, 0, "Random: any legal move, walks onto mines",
     "Casuale: una mossa legale qualsiasi, cammina sulle mine"},
    {615, 150, "Beginner: moves mostly at random, now and then takes a piece",
     "Principiante: muove quasi a caso, ogni tanto prende un pezzo"},
    {2327, 200, "Novice: avoids the likeliest mines, misses deeper tactics",
     "Novizio: evita le mine più probabili, non vede le tattiche più profonde"},
    {2425, 250, "Casual player: weighs mine odds, sees simple tactics",
     "Giocatore occasionale: pesa le probabilità delle mine, vede le tattiche semplici"},
    {2572, 300, "Club player: careful with mines, punishes loose pieces",
     "Giocatore di circolo: prudente con le mine, punisce i pezzi indifesi"},
    {2719, 400, "Strong club player: calculates a few moves deep through the fog",
     "Giocatore di circolo forte: calcola qualche mossa in profondità nella nebbia"},
    {2899, 600, "Expert: deep calculation, takes only the risks that pay",
     "Esperto: calcolo profondo, corre solo i rischi che pagano"},
    {3067, 800, "Master: very few mistakes, hard to trap on a mine",
     "Maestro: pochissimi errori, difficile da far saltare su una mina"},
    {3246, 1000, "Full strength: the best the computer plays",
     "Massima forza: il meglio che il computer sa giocare"},
}};

// The games with computer levels, in the lobby's order.
inline constexpr std::array<std::string_view, 3> LevelGames = {"chess", "chiefspy", "minesweeper"};

// The table of a game; nullptr for a game without computer levels.
inline const LevelLadder* level_ladder(std::string_view game) {
    if (game == "chess") return &ChessLevels;
    if (game == "chiefspy") return &ChiefSpyLevels;
    if (game == "minesweeper") return &MinesweeperLevels;
    return nullptr;
}

// The most one move of the level may take, ms (levels above 8 play as 8, below 0 as 0);
// the chess table's for an unknown game.
inline std::int64_t level_max_move_ms(std::string_view game, int level) {
    const LevelLadder* ladder = level_ladder(game);
    if (!ladder) ladder = &ChessLevels;
    return (*ladder)[std::size_t(std::clamp(level, 0, CatalogMaxLevel))].maxMoveMs;
}

}  // namespace arbiter::engine
