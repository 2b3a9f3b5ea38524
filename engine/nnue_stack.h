// The network's accumulators along the search's current line, one per ply, updated lazily:
// each node records its board on entry, and an evaluation brings the accumulator up from
// the nearest ancestor that has one by the squares whose piece changed (a null move
// changes none). Most nodes are never evaluated (hash hits, cut-offs), so most never pay
// for an update.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/nnue.h"

namespace arbiter::engine::nnue {

class AccumulatorStack {
  public:
    // Room for plies 0 .. plies - 1, for this network (which must outlive the stack).
    void attach(const Network& net, int plies) {
        net_ = &net;
        if (int(plies_.size()) < plies) plies_.resize(std::size_t(plies));
    }

    // The search entered a node at this ply with this board.
    void enter(int ply, const Position& pos) {
        Ply& here = plies_[std::size_t(ply)];
        for (Square s = 0; s < SquareCount; ++s) here.board[s] = pos.piece_on(s);
        // The root's accumulator is summed at once: its evaluation often comes from the
        // hash table, and without it every line that skipped evaluations sums afresh.
        here.valid = ply == 0;
        if (ply == 0) refresh(*net_, pos, here.acc);
    }

    // The network's evaluation of the node entered last at this ply (pos is its board).
    int evaluate(int ply, const Position& pos) {
        int from = ply;
        while (from >= 0 && !plies_[std::size_t(from)].valid) --from;
        Ply& here = plies_[std::size_t(ply)];
        if (from < 0 || ply - from > MaxUpdates) {
            refresh(*net_, pos, here.acc);
        } else {
            for (int k = from + 1; k <= ply; ++k)
                update_from_parent(plies_[std::size_t(k - 1)], plies_[std::size_t(k)]);
        }
        here.valid = true;
        return nnue::evaluate(*net_, here.acc, pos.side_to_move(), popcount(pos.pieces()));
    }

  private:
    static constexpr int SquareCount = 64;
    // Past this many moves a fresh sum is cheaper than the chain of updates.
    static constexpr int MaxUpdates = 6;
    struct Ply {
        std::array<Piece, SquareCount> board;
        bool valid = false;
        Accumulator acc;
    };

    void update_from_parent(const Ply& parent, Ply& child) const {
        // One move changes at most 4 squares (castling): compare 8 at a time.
        PlacedPiece removed[SquareCount], added[SquareCount];
        int removedCount = 0, addedCount = 0;
        for (Square w = 0; w < SquareCount; w += 8) {
            std::uint64_t a, b;
            std::memcpy(&a, &parent.board[w], 8);
            std::memcpy(&b, &child.board[w], 8);
            if (a == b) continue;
            for (Square s = w; s < w + 8; ++s)
                if (parent.board[s] != child.board[s]) {
                    if (parent.board[s] != NoPiece) removed[removedCount++] = {parent.board[s], s};
                    if (child.board[s] != NoPiece) added[addedCount++] = {child.board[s], s};
                }
        }
        update(*net_, parent.acc, child.acc, removed, removedCount, added, addedCount);
        // A king that moved into another bucket changes every input weight of its point of
        // view: that side is summed afresh.
        for (int k = 0; k < addedCount; ++k) {
            const Piece p = added[k].piece;
            if (type_of(p) != King) continue;
            const Color view = color_of(p);
            if (king_bucket(added[k].square, view) != child.acc.kingBucket[view])
                refresh(*net_, child.board.data(), view, added[k].square, child.acc);
        }
        child.valid = true;
    }

    const Network* net_ = nullptr;
    std::vector<Ply> plies_;
};

}  // namespace arbiter::engine::nnue
