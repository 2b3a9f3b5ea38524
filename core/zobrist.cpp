#include "core/zobrist.h"

namespace arbiter {

template <typename G>
ZobristKeys<G>::ZobristKeys() {
    std::uint64_t state = 1070372ULL + G::Squares;  // splitmix64
    auto next = [&state] {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& row : pieceSquare)
        for (auto& k : row) k = next();
    castling[0] = 0;
    Key single[4] = {next(), next(), next(), next()};
    for (int rights = 1; rights < 16; ++rights)
        for (int bit = 0; bit < 4; ++bit)
            if (rights & (1 << bit)) castling[rights] ^= single[bit];
    for (auto& k : enPassantFile) k = next();
    blackToMove = next();
    for (auto& row : extra)
        for (auto& k : row) k = next();
}

template struct ZobristKeys<Geometry8x8>;
template struct ZobristKeys<Geometry8x10>;

const ZobristKeys<Geometry8x8> zobrist8x8;
const ZobristKeys<Geometry8x10> zobrist8x10;

}  // namespace arbiter
