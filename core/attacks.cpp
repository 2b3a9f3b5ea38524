#include "core/attacks.h"

#include <stdexcept>

namespace arbiter {
namespace {

// Slides from a square in one direction until the edge or the first occupied square.
template <typename G>
typename G::Bitboard slide(Square s, int df, int dr, typename G::Bitboard occupied) {
    typename G::Bitboard b = 0;
    int f = G::file_of(s) + df, r = G::rank_of(s) + dr;
    while (G::on_board(f, r)) {
        Square t = G::square(f, r);
        b |= square_bb<G>(t);
        if (occupied & square_bb<G>(t)) break;
        f += df, r += dr;
    }
    return b;
}

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <typename G>
typename G::Bitboard slider_attacks_slow(const int (&dirs)[4][2], Square s,
                                         typename G::Bitboard occupied) {
    typename G::Bitboard b = 0;
    for (const auto& d : dirs) b |= slide<G>(s, d[0], d[1], occupied);
    return b;
}

// Relevant occupancy: each ray without its final square (a blocker there changes nothing).
template <typename G>
typename G::Bitboard relevant_mask(const int (&dirs)[4][2], Square s) {
    typename G::Bitboard b = 0;
    for (const auto& d : dirs) {
        int f = G::file_of(s) + d[0], r = G::rank_of(s) + d[1];
        while (G::on_board(f + d[0], r + d[1])) {
            b |= square_bb<G>(G::square(f, r));
            f += d[0], r += d[1];
        }
    }
    return b;
}

#if !defined(ARBITER_FAST_PEXT)
// xorshift64*: deterministic, so the magics found are the same on every run.
struct MagicRandom {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};
#endif

template <typename G>
void init_slider(const int (&dirs)[4][2], std::array<SliderEntry<G>, G::Squares>& entries,
                 std::vector<typename G::Bitboard>& table) {
    using Bitboard = typename G::Bitboard;
    std::vector<std::size_t> offsets(G::Squares);
    std::size_t total = 0;
    for (Square s = 0; s < G::Squares; ++s) {
        entries[s].mask = relevant_mask<G>(dirs, s);
        offsets[s] = total;
        total += std::size_t(1) << popcount(entries[s].mask);
    }
    table.assign(total, 0);

    std::vector<Bitboard> occupancy, reference;
#if !defined(ARBITER_FAST_PEXT)
    std::vector<int> epoch(4096, 0);
    int attempt = 0;
    // Seeds per rank that find every 8x8 magic within a few hundred tries (the ones
    // Stockfish publishes for its identical generator).
    constexpr std::uint64_t RankSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
#endif
    for (Square s = 0; s < G::Squares; ++s) {
        SliderEntry<G>& e = entries[s];
        Bitboard* attacks = table.data() + offsets[s];
        e.attacks = attacks;
        int bits = popcount(e.mask);
        occupancy.clear(), reference.clear();
        Bitboard b = 0;
        do {  // Carry-Rippler: every subset of the mask
            occupancy.push_back(b);
            reference.push_back(slider_attacks_slow<G>(dirs, s, b));
            b = (b - e.mask) & e.mask;
        } while (b);
        e.lowBits = unsigned(popcount(std::uint64_t(e.mask)));
#if defined(ARBITER_FAST_PEXT)
        for (std::size_t i = 0; i < occupancy.size(); ++i)
            attacks[e.index(occupancy[i])] = reference[i];
#else
        if constexpr (sizeof(Bitboard) > 8) {
            for (std::size_t i = 0; i < occupancy.size(); ++i)
                attacks[e.index(occupancy[i])] = reference[i];
            continue;
        }
        e.shift = unsigned(64 - bits);
        std::uint64_t lowMask = std::uint64_t(e.mask);
        MagicRandom rng{RankSeeds[G::rank_of(s)]};
        for (;;) {
            e.magic = rng.sparse();
            if (popcount(std::uint64_t((lowMask * e.magic) >> 56)) < 6) continue;
            ++attempt;
            std::size_t i = 0;
            for (; i < occupancy.size(); ++i) {
                unsigned idx = e.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    attacks[idx] = reference[i];
                } else if (attacks[idx] != reference[i]) {
                    break;
                }
            }
            if (i == occupancy.size()) break;
        }
#endif
        (void)bits;
    }
}

}  // namespace

template <typename G>
AttackTables<G>::AttackTables() {
    constexpr int KnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int KingSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (Square s = 0; s < N; ++s) {
        int f = G::file_of(s), r = G::rank_of(s);
        for (const auto& d : KnightSteps)
            if (G::on_board(f + d[0], r + d[1])) knight[s] |= square_bb<G>(G::square(f + d[0], r + d[1]));
        for (const auto& d : KingSteps)
            if (G::on_board(f + d[0], r + d[1])) king[s] |= square_bb<G>(G::square(f + d[0], r + d[1]));
        for (int df : {-1, 1}) {
            if (G::on_board(f + df, r + 1)) pawn[White][s] |= square_bb<G>(G::square(f + df, r + 1));
            if (G::on_board(f + df, r - 1)) pawn[Black][s] |= square_bb<G>(G::square(f + df, r - 1));
        }
        rookEmpty[s] = slider_attacks_slow<G>(RookDirs, s, 0);
        bishopEmpty[s] = slider_attacks_slow<G>(BishopDirs, s, 0);
    }
    init_slider<G>(RookDirs, rook, rookTable);
    init_slider<G>(BishopDirs, bishop, bishopTable);

    for (Square a = 0; a < N; ++a) {
        for (Square b = 0; b < N; ++b) {
            between[a][b] = square_bb<G>(b);
            if (a == b) continue;
            for (const auto* dirs : {&RookDirs, &BishopDirs}) {
                const auto& empty = dirs == &RookDirs ? rookEmpty : bishopEmpty;
                if (!(empty[a] & square_bb<G>(b))) continue;
                line[a][b] = (slider_attacks_slow<G>(*dirs, a, 0) & slider_attacks_slow<G>(*dirs, b, 0)) |
                             square_bb<G>(a) | square_bb<G>(b);
                between[a][b] = (slider_attacks_slow<G>(*dirs, a, square_bb<G>(b)) &
                                 slider_attacks_slow<G>(*dirs, b, square_bb<G>(a))) |
                                square_bb<G>(b);
            }
        }
    }
}

template struct AttackTables<Geometry8x8>;
template struct AttackTables<Geometry8x10>;

const AttackTables<Geometry8x8> attackTables8x8;
const AttackTables<Geometry8x10> attackTables8x10;

}  // namespace arbiter
