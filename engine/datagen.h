// Training positions for the evaluation from our own self-play (`arbiter datagen`): games of
// the engine against itself at a fixed node budget a move, from openings of a few random
// moves, each quiet position written with the search's score and the game's result. The
// format (docs/engine.md, Training data) is one position a line:
//   FEN | score | result
// score in centipawns for White, result 1, 0.5 or 0 for White.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace arbiter::engine::nnue {
struct Network;
}

namespace arbiter::engine::datagen {

struct Options {
    int games = 1000;
    std::uint64_t nodes = 5000;  // a move's search budget
    int randomPlies = 8;         // uniformly random legal moves that open each game
    int maxOpeningScore = 300;   // openings the engine scores beyond this (cp) are drawn again
    int threads = 1;
    std::uint64_t seed = 1;  // game i is seeded by (seed, i) alone: the file is reproducible
    int hashMb = 8;          // per thread
    const nnue::Network* network = nullptr;  // the searches evaluate with it (default: by hand)
    // Adjudication: a game is won once the score stays beyond winScore for winPlies plies
    // (both sides agree), drawn once it stays within drawScore for drawPlies plies after
    // drawAfterPly. Mates, stalemates, repetitions and the 50-move rule end games too.
    int winScore = 2000, winPlies = 6;
    int drawScore = 8, drawPlies = 12, drawAfterPly = 80;
};

struct Sample {
    std::string fen;
    int score = 0;       // centipawns for White
    float result = 0.5;  // of the game, for White
};

struct Game {
    std::vector<Sample> samples;
    float result = 0.5f;
    int plies = 0;  // including the random opening
    bool adjudicated = false;
};

// Game `index` of a run with these options; the same (options, index) gives the same game.
// A position is kept when it follows the random opening, is not in check, its best move is
// quiet (no capture or promotion) and its score is not a mate.
Game play_game(const Options& options, std::uint64_t index);

struct Stats {
    int games = 0;
    std::uint64_t positions = 0;
    int whiteWins = 0, draws = 0, blackWins = 0, adjudicated = 0;
    double seconds = 0;
};

// Plays options.games games on options.threads threads and writes their samples to out in
// game order (the file does not depend on the thread count). Progress goes to log.
Stats generate(const Options& options, std::ostream& out, std::ostream& log);

// The same lines from games already played: every position of a PGN game (after skipPlies)
// that carries the engine's search score as a comment ("+0.35/9", as `arbiter match` writes
// them), is not in check, whose move played is quiet and whose score is not a mate. Games
// without a result or that fail to import are skipped and counted. The scores are taken as our
// search reports them and written at the network's scale (nnue::to_network_units), unless
// they already are (`scoresAtNetworkScale`: games of engines before the search read 3/4 of it).
struct PgnStats {
    int games = 0, skippedGames = 0;
    std::uint64_t positions = 0;
};
PgnStats samples_from_pgn(std::istream& pgn, int skipPlies, std::ostream& out,
                          bool scoresAtNetworkScale = false);

// One line of the format, and its parse (std::invalid_argument naming the problem).
std::string format_sample(const Sample& s);
Sample parse_sample(const std::string& line);

}  // namespace arbiter::engine::datagen
