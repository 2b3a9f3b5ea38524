// A move packed into 32 bits: from, to, kind and promotion piece. Castling is stored as
// "king takes own rook" (from = king square, to = rook square) so that the same encoding
// serves every castling geometry; notation converts it to e1g1 / O-O.
#pragma once

#include <cstdint>

#include "core/geometry.h"
#include "core/types.h"

namespace arbiter {

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling, Sapper };

class Move {
  public:
    constexpr Move() = default;
    static constexpr Move make(Square from, Square to, MoveKind kind = MoveKind::Normal,
                               PieceType promotion = Knight) {
        return Move(std::uint32_t(from) | std::uint32_t(to) << 7 | std::uint32_t(kind) << 14 |
                    std::uint32_t(promotion) << 17);
    }
    static constexpr Move none() { return Move(); }
    static constexpr Move null() { return Move(NullBits); }

    constexpr Square from() const { return Square(bits_ & 0x7F); }
    constexpr Square to() const { return Square((bits_ >> 7) & 0x7F); }
    constexpr MoveKind kind() const { return MoveKind((bits_ >> 14) & 7); }
    constexpr PieceType promotion() const { return PieceType((bits_ >> 17) & 7); }
    constexpr bool is_ok() const { return bits_ != 0 && bits_ != NullBits; }
    constexpr std::uint32_t raw() const { return bits_; }

    constexpr bool operator==(const Move&) const = default;
    explicit constexpr operator bool() const { return bits_ != 0; }

  private:
    static constexpr std::uint32_t NullBits = 0x7FFFFFu;
    explicit constexpr Move(std::uint32_t bits) : bits_(bits) {}
    std::uint32_t bits_ = 0;
};

// Room for Size items that is not zeroed when made (a Move starts as none): its users read
// only what they wrote, and a search makes several at every node, where zeroing them was
// the hottest spot of the profile.
template <typename T, int Size>
struct Room {
    Room() {}  // NOLINT(modernize-use-equals-default): `= default` is deleted for the union
    union {
        T items[Size];
    };
};

// A fixed-capacity list: move generation never allocates.
template <int Capacity = 320>
class MoveList {
  public:
    void push(Move m) { moves_.items[size_++] = m; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_.items; }
    const Move* end() const { return moves_.items + size_; }
    Move* begin() { return moves_.items; }
    Move* end() { return moves_.items + size_; }
    Move operator[](int i) const { return moves_.items[i]; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    void clear() { size_ = 0; }

  private:
    Room<Move, Capacity> moves_;
    int size_ = 0;
};

}  // namespace arbiter
