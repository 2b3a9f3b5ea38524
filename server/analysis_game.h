// The computer's analysis of a finished chess game: every position searched with a fixed
// node budget (so the result depends only on the game and the budget, never on the clock),
// its evaluation, best move and a short best line in SAN, and a judgement of each played
// move by how much it lowered the mover's winning chances (docs/api.md, Analysis).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"

namespace arbiter::server {

enum class Judgement { None, Inaccuracy, Mistake, Blunder };

// Centipawns beyond this count as this much, mates as ±this, in winning chances and losses.
constexpr int AnalysisCpCap = 1000;

// White's chance of winning in percent (0–100) for an evaluation in centipawns from White's
// view, on the logistic curve lichess fits to its games.
double win_percent(int whiteCp);
// The judgement of a move that lowered its mover's winning chances by `drop` points (0–100):
// 5 or more an inaccuracy, 10 a mistake, 15 a blunder.
Judgement judge(double drop);
const char* judgement_name(Judgement j);  // "inaccuracy", "mistake", "blunder" or ""
const char* judgement_mark(Judgement j);  // "?!", "?", "??" or ""
// 0–100 for a move by its drop: 100 for none, about 64 for a drop of 10, 0 at 80.
double move_accuracy(double drop);

class GameAnalyser {
  public:
    // Throws std::exception for a FEN or a move that is not legal.
    GameAnalyser(std::string_view initialFen, const std::vector<std::string>& uciMoves,
                 std::uint64_t nodesPerPosition, std::size_t hashMegabytes = 8);
    ~GameAnalyser();
    GameAnalyser(const GameAnalyser&) = delete;
    GameAnalyser& operator=(const GameAnalyser&) = delete;

    std::size_t total() const;  // positions: the moves plus one
    std::size_t done() const;
    bool finished() const { return done() == total(); }
    // Searches the next position (the start position first). A raised stop cuts the search
    // short: what it then records is not to be used.
    void step(const std::atomic<bool>* stop = nullptr);
    // Once finished: {"initialFen", "nodesPerPosition", "positions", "moves", "players"}.
    json::object result() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::server
