// The transposition table: a shared cache of search results keyed by Zobrist key, in
// 64-byte buckets of four entries. Replacement prefers empty slots, then the same key,
// then the shallowest or oldest entry. Mate scores are stored relative to the node
// (callers convert with score_to_tt / score_from_tt).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/zobrist.h"
#include "engine/score.h"
#include "variants/chess/move.h"

namespace arbiter::engine {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTData {
    Move move;
    int score = ValueNone;
    int eval = ValueNone;
    int depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }
    void resize(std::size_t megabytes);
    void clear();
    void new_search() { generation_ = std::uint8_t((generation_ + 1) & 63); }
    // Starts loading the key's bucket into the cache; the probe that follows waits less.
    void prefetch(Key key) const { __builtin_prefetch(&bucket_for(key)); }
    // Whether the key is present; if so, fills data.
    bool probe(Key key, TTData& data) const;
    void store(Key key, Move move, int score, int eval, int depth, Bound bound);
    // Permille of sampled entries written in this search (UCI "hashfull").
    int hashfull() const;
    std::size_t bucket_count() const { return buckets_; }

  private:
    struct Entry {
        std::uint32_t key32;
        std::uint32_t move;
        std::int16_t score, eval;
        std::int8_t depth;
        std::uint8_t genBound;  // generation << 2 | bound
        std::uint16_t pad;
    };
    struct Bucket {
        Entry entries[4];
    };
    static_assert(sizeof(Bucket) == 64);
    Bucket& bucket_for(Key key) const {
        return table_[std::size_t((unsigned __int128)(key)*buckets_ >> 64)];
    }

    struct Free {
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], Free> table_;
    std::size_t buckets_ = 0;
    std::uint8_t generation_ = 0;
};

// Mate scores count plies from the root in search but from the node in the table.
inline int score_to_tt(int v, int ply) {
    if (v == ValueNone) return v;
    return v >= ValueMateInMaxPly ? v + ply : v <= -ValueMateInMaxPly ? v - ply : v;
}
inline int score_from_tt(int v, int ply, int rule50) {
    if (v == ValueNone) return v;
    if (v >= ValueMateInMaxPly)
        return ValueMate - v > 99 - rule50 ? ValueMateInMaxPly - 1 : v - ply;
    if (v <= -ValueMateInMaxPly)
        return ValueMate + v > 99 - rule50 ? -ValueMateInMaxPly + 1 : v + ply;
    return v;
}

}  // namespace arbiter::engine
