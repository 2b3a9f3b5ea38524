#include "engine/tt.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace arbiter::engine {

namespace {
std::uint8_t gen_of(std::uint8_t genBound) { return genBound >> 2; }
}  // namespace

void TranspositionTable::Free::operator()(Bucket* p) const { std::free(p); }

void TranspositionTable::resize(std::size_t megabytes) {
    megabytes = std::clamp<std::size_t>(megabytes, 1, 65536);
    const std::size_t buckets = megabytes * 1024 * 1024 / sizeof(Bucket);
    // Every probe lands on a random page: in 2 MB pages (where the system grants them) the
    // table needs 512 times fewer address translations, and a probe misses them less often.
    constexpr std::size_t Page = 2 * 1024 * 1024;
    const std::size_t bytes = (buckets * sizeof(Bucket) + Page - 1) / Page * Page;
    auto* table = static_cast<Bucket*>(std::aligned_alloc(Page, bytes));
    if (!table) throw std::bad_alloc();    // the old table stays as it was
    madvise(table, bytes, MADV_HUGEPAGE);  // only advice: without it, 4 kB pages
    table_.reset(table);
    buckets_ = buckets;
    clear();
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(table_.get()), 0, buckets_ * sizeof(Bucket));
    generation_ = 0;
}

bool TranspositionTable::probe(Key key, TTData& data) const {
    const std::uint32_t key32 = std::uint32_t(key >> 32);
    Bucket& b = bucket_for(key);
    for (Entry& e : b.entries) {
        if (e.key32 == key32 && (e.genBound & 3)) {
            data.move =
                e.move ? Move::make(Square(e.move & 0x7F), Square((e.move >> 7) & 0x7F),
                                    MoveKind((e.move >> 14) & 7), PieceType((e.move >> 17) & 7))
                       : Move::none();
            data.score = e.score;
            data.eval = e.eval;
            data.depth = e.depth;  // NOLINT(bugprone-signed-char-misuse): a signed 8-bit number
            data.bound = Bound(e.genBound & 3);
            e.genBound = std::uint8_t(generation_ << 2 | (e.genBound & 3));  // refresh age
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound) {
    const std::uint32_t key32 = std::uint32_t(key >> 32);
    Bucket& b = bucket_for(key);
    Entry* replace = &b.entries[0];
    int worst = 1 << 30;
    for (Entry& e : b.entries) {
        if (!(e.genBound & 3) || e.key32 == key32) {
            replace = &e;
            break;
        }
        int age = (64 + generation_ - gen_of(e.genBound)) & 63;
        int worth = e.depth - 8 * age;
        if (worth < worst) {
            worst = worth;
            replace = &e;
        }
    }
    // Keep a deeper result for the same position unless the new one is exact.
    if (replace->key32 == key32 && (replace->genBound & 3) && bound != Bound::Exact &&
        depth + 3 < replace->depth && gen_of(replace->genBound) == generation_) {
        if (!replace->move && move) replace->move = move.raw();
        return;
    }
    std::uint32_t raw = move ? move.raw() : (replace->key32 == key32 ? replace->move : 0);
    replace->key32 = key32;
    replace->move = raw;
    replace->score = std::int16_t(score);
    replace->eval = std::int16_t(eval);
    replace->depth = std::int8_t(std::clamp(depth, -1, 127));
    replace->genBound = std::uint8_t(generation_ << 2 | std::uint8_t(bound));
}

int TranspositionTable::hashfull() const {
    int used = 0, sampled = 0;
    for (std::size_t i = 0; i < std::min<std::size_t>(250, buckets_); ++i)
        for (const Entry& e : table_[i].entries) {
            ++sampled;
            if ((e.genBound & 3) && gen_of(e.genBound) == generation_) ++used;
        }
    return sampled ? used * 1000 / sampled : 0;
}

}  // namespace arbiter::engine
