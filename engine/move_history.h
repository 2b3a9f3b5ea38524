// What the search has learnt about quiet moves, so that it tries the likely best first and
// reduces the unlikely more. For each side: a move's success anywhere (the butterfly
// history, by origin and destination); its success right after an earlier move of the
// line (the continuation history, by the earlier move's piece and destination and this
// move's piece and destination; the earlier move is the opponent's last or our own
// previous one); and for each opponent move, the reply that last refuted it (the counter
// move).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/types.h"
#include "variants/chess/move.h"

namespace arbiter::engine {

template <int N>
class MoveHistory {
  public:
    // An earlier move of the line as the tables know it: the piece it moved and where to.
    // Piece NoPiece when there is none (before the root, a null move).
    struct Earlier {
        Piece piece = NoPiece;
        Square to = 0;
    };
    // The opponent's last move and our own previous one.
    using EarlierMoves = std::array<Earlier, 2>;

    MoveHistory() : continuation_(std::size_t(16) * N * 16 * N, 0) { clear(); }

    void clear() {
        for (auto& side : butterfly_)
            for (auto& row : side) row.fill(0);
        for (auto& row : counter_) row.fill(Move::none());
        std::fill(continuation_.begin(), continuation_.end(), std::int16_t(0));
    }
    // Halves every entry: what was learnt for earlier moves of the game counts, less.
    void age() {
        for (auto& side : butterfly_)
            for (auto& row : side)
                for (int& h : row) h /= 2;
        for (auto& h : continuation_) h = std::int16_t(h / 2);
    }

    // The score of quiet move m (of piece `moved`) by side us after the earlier moves.
    int score(Color us, Move m, Piece moved, const EarlierMoves& earlier) const {
        int h = butterfly_[us][m.from()][m.to()];
        for (const Earlier& e : earlier)
            if (e.piece != NoPiece) h += continuation_[index(e, moved, m.to())];
        return h;
    }
    // Moves m's scores towards ±16384 by the bonus (negative: a quiet move that failed).
    void reward(Color us, Move m, Piece moved, const EarlierMoves& earlier, int bonus) {
        int& h = butterfly_[us][m.from()][m.to()];
        h += bonus - h * std::abs(bonus) / 16384;
        for (const Earlier& e : earlier)
            if (e.piece != NoPiece) {
                std::int16_t& c = continuation_[index(e, moved, m.to())];
                c = std::int16_t(c + bonus - c * std::abs(bonus) / 16384);
            }
    }

    Move counter_move(Earlier last) const {
        return last.piece == NoPiece ? Move::none() : counter_[last.piece][last.to];
    }
    void set_counter_move(Earlier last, Move reply) {
        if (last.piece != NoPiece) counter_[last.piece][last.to] = reply;
    }

  private:
    static std::size_t index(Earlier e, Piece moved, Square to) {
        return ((std::size_t(e.piece) * N + e.to) * 16 + moved) * N + to;
    }

    std::array<std::array<std::array<int, N>, N>, 2> butterfly_{};  // [side][from][to]
    std::array<std::array<Move, N>, 16> counter_{};                 // [piece][to]
    // [earlier piece][earlier to][piece][to]
    std::vector<std::int16_t> continuation_;
};

}  // namespace arbiter::engine
