// Bitboard primitives for 64-bit (8x8) and 128-bit (8x10) boards.
#pragma once

#include <bit>
#include <cstdint>

#include "core/geometry.h"

namespace arbiter {

using u128 = unsigned __int128;

constexpr int popcount(std::uint64_t b) { return std::popcount(b); }
constexpr int popcount(u128 b) {
    return std::popcount(std::uint64_t(b)) + std::popcount(std::uint64_t(b >> 64));
}

// Index of the least significant set bit; b must not be empty.
constexpr Square lsb(std::uint64_t b) { return std::countr_zero(b); }
constexpr Square lsb(u128 b) {
    auto low = std::uint64_t(b);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(std::uint64_t(b >> 64));
}

constexpr Square msb(std::uint64_t b) { return 63 - std::countl_zero(b); }
constexpr Square msb(u128 b) {
    auto high = std::uint64_t(b >> 64);
    return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(std::uint64_t(b));
}

template <typename Bitboard>
constexpr Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}

template <typename Bitboard>
constexpr bool more_than_one(Bitboard b) {
    return (b & (b - 1)) != 0;
}

template <typename G>
constexpr typename G::Bitboard square_bb(Square s) {
    return typename G::Bitboard(1) << s;
}

template <typename G>
constexpr typename G::Bitboard all_squares_bb() {
    using B = typename G::Bitboard;
    if constexpr (G::Squares == int(sizeof(B) * 8)) return ~B(0);
    else return (B(1) << G::Squares) - 1;
}

template <typename G>
constexpr typename G::Bitboard rank_bb(int rank) {
    return typename G::Bitboard((1u << G::Files) - 1) << (rank * G::Files);
}

template <typename G>
constexpr typename G::Bitboard file_bb(int file) {
    typename G::Bitboard b = 0;
    for (int r = 0; r < G::Ranks; ++r) b |= square_bb<G>(G::square(file, r));
    return b;
}

// Dark squares (a1 is dark); used for the same-coloured-bishops dead positions.
template <typename G>
constexpr typename G::Bitboard dark_squares_bb() {
    typename G::Bitboard b = 0;
    for (Square s = 0; s < G::Squares; ++s)
        if ((G::file_of(s) + G::rank_of(s)) % 2 == 0) b |= square_bb<G>(s);
    return b;
}

// Shifts a whole board one step in a direction, dropping what falls off an edge.
enum Direction { North, South, East, West, NorthEast, NorthWest, SouthEast, SouthWest };

template <typename G, Direction D>
constexpr typename G::Bitboard shift(typename G::Bitboard b) {
    using B = typename G::Bitboard;
    constexpr B notFileA = all_squares_bb<G>() & ~file_bb<G>(0);
    constexpr B notFileH = all_squares_bb<G>() & ~file_bb<G>(G::Files - 1);
    constexpr B all = all_squares_bb<G>();
    constexpr int F = G::Files;
    if constexpr (D == North) return (b << F) & all;
    if constexpr (D == South) return b >> F;
    if constexpr (D == East) return (b & notFileH) << 1;
    if constexpr (D == West) return (b & notFileA) >> 1;
    if constexpr (D == NorthEast) return ((b & notFileH) << (F + 1)) & all;
    if constexpr (D == NorthWest) return ((b & notFileA) << (F - 1)) & all;
    if constexpr (D == SouthEast) return (b & notFileH) >> (F - 1);
    if constexpr (D == SouthWest) return (b & notFileA) >> (F + 1);
}

}  // namespace arbiter
