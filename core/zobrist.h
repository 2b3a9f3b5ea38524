// Zobrist keys: one random 64-bit number per (piece, square), castling set, en passant
// file and side to move. Fixed seed, so keys are identical on every run and machine.
#pragma once

#include <array>
#include <cstdint>

#include "core/geometry.h"
#include "core/types.h"

namespace arbiter {

using Key = std::uint64_t;

template <typename G>
struct ZobristKeys {
    std::array<std::array<Key, G::Squares>, 16> pieceSquare{};
    std::array<Key, 16> castling{};
    std::array<Key, G::Files> enPassantFile{};
    Key blackToMove{};
    // Spare per-square keys for variant state (fog, discovered mines).
    std::array<std::array<Key, G::Squares>, 4> extra{};

    ZobristKeys();
};

extern const ZobristKeys<Geometry8x8> zobrist8x8;
extern const ZobristKeys<Geometry8x10> zobrist8x10;

template <typename G>
inline const ZobristKeys<G>& zobrist() {
    if constexpr (std::is_same_v<G, Geometry8x8>) return zobrist8x8;
    else return zobrist8x10;
}

}  // namespace arbiter
