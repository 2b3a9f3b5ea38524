// Correction history (8x8 chess): the static evaluation's average error in positions like
// this one, learnt from what the searches below them found. Three tables, each by side to
// move: one indexed by the pawns of both colours, one by White's pieces other than pawns
// (its king included) and one by Black's. A position's correction is its pawn entry plus
// the mean of its two piece entries: the pawn structure and each army's placement each
// explain part of what the evaluation misses. The search corrects the evaluation before
// any pruning decision reads it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/score.h"
#include "variants/chess/position.h"

namespace arbiter::engine {

class CorrectionHistory {
  public:
    CorrectionHistory() : entries_(std::size_t(Tables) * 2 * Size, 0) {}

    void clear() { std::fill(entries_.begin(), entries_.end(), 0); }

    // The raw evaluation of pos corrected, never into the range of mate scores.
    int corrected(const Position& pos, int raw) const {
        const Color us = pos.side_to_move();
        const int c = entry(PawnTable, us, pawn_index(pos)) +
                      (entry(WhitePieceTable, us, piece_index(pos, White)) +
                       entry(BlackPieceTable, us, piece_index(pos, Black))) /
                          2;
        return std::clamp(raw + c / Grain, -ValueMateInMaxPly + 1, ValueMateInMaxPly - 1);
    }

    // A search of this depth found pos worth `error` more than its corrected evaluation.
    // Deeper searches weigh more; each entry moves part of the way towards the error.
    void learn(const Position& pos, int depth, int error) {
        const Color us = pos.side_to_move();
        const int weight = std::min(depth + 1, 16);
        auto move_towards = [&](int& e) {
            e = (e * (256 - weight) + error * Grain * weight) / 256;
            e = std::clamp(e, -Limit, Limit);
        };
        move_towards(entry(PawnTable, us, pawn_index(pos)));
        move_towards(entry(WhitePieceTable, us, piece_index(pos, White)));
        move_towards(entry(BlackPieceTable, us, piece_index(pos, Black)));
    }

  private:
    static constexpr int Size = 16384;  // entries per table and side to move
    static constexpr int Grain = 256;   // an entry is centipawns × this
    static constexpr int Limit = 64 * Grain;
    enum Table { PawnTable, WhitePieceTable, BlackPieceTable, Tables };

    static std::size_t pawn_index(const Position& pos) {
        const std::uint64_t w = pos.pieces(White, Pawn);
        const std::uint64_t b = pos.pieces(Black, Pawn);
        const std::uint64_t h =
            w * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
        return std::size_t((h ^ (h >> 31)) & (Size - 1));
    }
    static std::size_t piece_index(const Position& pos, Color c) {
        return std::size_t(pos.non_pawn_key(c) & (Size - 1));
    }
    int& entry(Table t, Color us, std::size_t index) {
        return entries_[(std::size_t(t) * 2 + std::size_t(us)) * Size + index];
    }
    int entry(Table t, Color us, std::size_t index) const {
        return entries_[(std::size_t(t) * 2 + std::size_t(us)) * Size + index];
    }

    std::vector<int> entries_;
};

}  // namespace arbiter::engine
