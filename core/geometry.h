// Board geometry: 8x8 for chess and Chief & Spy, 8x10 for Minesweeper Chess.
// Everything that depends on the board's size is a template on one of these, so the
// 8x8 code is compiled with 64-bit bitboards and constants and pays nothing for 8x10.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace arbiter {

using Square = int;  // rank * Files + file, a1 = 0
constexpr Square NoSquare = -1;

template <int FileCount, int RankCount>
struct Geometry {
    static constexpr int Files = FileCount;
    static constexpr int Ranks = RankCount;
    static constexpr int Squares = Files * Ranks;
    using Bitboard = std::conditional_t<(Squares <= 64), std::uint64_t, unsigned __int128>;

    static constexpr Square square(int file, int rank) { return rank * Files + file; }
    static constexpr int file_of(Square s) { return s % Files; }
    static constexpr int rank_of(Square s) { return s / Files; }
    static constexpr bool on_board(int file, int rank) {
        return file >= 0 && file < Files && rank >= 0 && rank < Ranks;
    }
    // The rank as the given side sees it: 0 is its own back rank.
    static constexpr int relative_rank(bool black, Square s) {
        return black ? Ranks - 1 - rank_of(s) : rank_of(s);
    }

    static std::string square_name(Square s) {
        return std::string(1, char('a' + file_of(s))) + std::to_string(rank_of(s) + 1);
    }
    // "e4", "h10"; nothing for anything else.
    static std::optional<Square> parse_square(std::string_view text) {
        if (text.size() < 2 || text.size() > 3) return std::nullopt;
        int file = text[0] - 'a';
        int rank = 0;
        for (char c : text.substr(1)) {
            if (c < '0' || c > '9') return std::nullopt;
            rank = rank * 10 + (c - '0');
        }
        if (text[1] == '0' || !on_board(file, rank - 1)) return std::nullopt;
        return square(file, rank - 1);
    }
};

using Geometry8x8 = Geometry<8, 8>;
using Geometry8x10 = Geometry<8, 10>;

}  // namespace arbiter
