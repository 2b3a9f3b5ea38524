// Precomputed attack tables for one board geometry: leapers by lookup, sliders by
// PEXT or fancy magic multiplication, plus the lines and segments between squares that
// pin and check detection need.
#pragma once

#include <array>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

// 8x8 sliders use PEXT only where it is one fast instruction (Intel since Haswell, AMD since
// Zen 3). Zen 1 and 2 have BMI2 but run PEXT in microcode, tens of cycles a call, where a
// magic multiplication takes a few; `-march=native` there defines __znver1__ or __znver2__.
// 128-bit boards use PEXT whenever there is BMI2: they have no magics to fall back on.
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#define ARBITER_FAST_PEXT 1
#endif

#include "core/bitboard.h"
#include "core/types.h"

namespace arbiter {

template <typename G>
struct SliderEntry {
    using Bitboard = typename G::Bitboard;
    Bitboard mask;  // relevant occupancy: the rays without their last square
    const Bitboard* attacks;
    std::uint64_t magic = 0;  // 8x8 without fast PEXT
    unsigned shift = 0;
    unsigned lowBits = 0;  // popcount of the mask's low 64 bits (128-bit boards with BMI2)

    unsigned index(Bitboard occupied) const {
        if constexpr (sizeof(Bitboard) == 8) {
#if defined(ARBITER_FAST_PEXT)
            return unsigned(_pext_u64(occupied, mask));
#else
            return unsigned(((occupied & mask) * magic) >> shift);
#endif
        } else {
#if defined(__BMI2__)
            auto low = _pext_u64(std::uint64_t(occupied), std::uint64_t(mask));
            auto high = _pext_u64(std::uint64_t(occupied >> 64), std::uint64_t(mask >> 64));
            return unsigned(low | (high << lowBits));
#else
            // No PEXT instruction: gather the mask's bits one by one. Searching 128-bit
            // magics at start-up is too slow, and this path only serves portable builds.
            unsigned index = 0, bit = 0;
            for (Bitboard m = mask; m; m &= m - 1, ++bit)
                if (occupied & m & (~m + 1)) index |= 1u << bit;
            return index;
#endif
        }
    }
};

template <typename G>
struct AttackTables {
    using Bitboard = typename G::Bitboard;
    static constexpr int N = G::Squares;

    std::array<std::array<Bitboard, N>, 2> pawn{};
    std::array<Bitboard, N> knight{}, king{};
    std::array<Bitboard, N> rookEmpty{}, bishopEmpty{};  // on an empty board
    std::array<SliderEntry<G>, N> rook{}, bishop{};
    std::array<std::array<Bitboard, N>, N> line{};     // whole line through two aligned squares
    std::array<std::array<Bitboard, N>, N> between{};  // squares strictly between, plus the second
    std::vector<Bitboard> rookTable, bishopTable;

    AttackTables();
};

extern const AttackTables<Geometry8x8> attackTables8x8;
extern const AttackTables<Geometry8x10> attackTables8x10;

template <typename G>
inline const AttackTables<G>& attack_tables() {
    if constexpr (std::is_same_v<G, Geometry8x8>) return attackTables8x8;
    else return attackTables8x10;
}

template <typename G>
inline typename G::Bitboard pawn_attacks(Color c, Square s) {
    return attack_tables<G>().pawn[c][s];
}
template <typename G>
inline typename G::Bitboard knight_attacks(Square s) {
    return attack_tables<G>().knight[s];
}
template <typename G>
inline typename G::Bitboard king_attacks(Square s) {
    return attack_tables<G>().king[s];
}
template <typename G>
inline typename G::Bitboard rook_attacks(Square s, typename G::Bitboard occupied) {
    const auto& e = attack_tables<G>().rook[s];
    return e.attacks[e.index(occupied)];
}
template <typename G>
inline typename G::Bitboard bishop_attacks(Square s, typename G::Bitboard occupied) {
    const auto& e = attack_tables<G>().bishop[s];
    return e.attacks[e.index(occupied)];
}
template <typename G>
inline typename G::Bitboard queen_attacks(Square s, typename G::Bitboard occupied) {
    return rook_attacks<G>(s, occupied) | bishop_attacks<G>(s, occupied);
}
template <typename G>
inline typename G::Bitboard line_bb(Square a, Square b) {
    return attack_tables<G>().line[a][b];
}
template <typename G>
inline typename G::Bitboard between_bb(Square a, Square b) {
    return attack_tables<G>().between[a][b];
}
template <typename G>
inline bool aligned(Square a, Square b, Square c) {
    return (line_bb<G>(a, b) & square_bb<G>(c)) != 0;
}

// Attacks of a non-pawn piece type from a square.
template <typename G>
inline typename G::Bitboard piece_attacks(PieceType pt, Square s, typename G::Bitboard occupied) {
    switch (pt) {
        case Knight: return knight_attacks<G>(s);
        case Bishop: return bishop_attacks<G>(s, occupied);
        case Rook: return rook_attacks<G>(s, occupied);
        case Queen: return queen_attacks<G>(s, occupied);
        case King: return king_attacks<G>(s);
        default: return 0;
    }
}

}  // namespace arbiter
