// UCI long algebraic notation: e2e4, e7e8q, castling as the king's two-square move (e1g1).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "variants/chess/movegen.h"

namespace arbiter {

template <typename R>
std::string to_uci(const BasicPosition<R>& pos, Move m) {
    using G = typename R::Geometry;
    if (m == Move::null()) return "0000";
    Square to = m.kind() == MoveKind::Castling ? pos.castling_king_to(m) : m.to();
    std::string s = G::square_name(m.from()) + G::square_name(to);
    if (m.kind() == MoveKind::Promotion) s += piece_type_char(m.promotion());
    return s;
}

// The parts of a coordinate move: "e2e4q", "h9h10" -> two squares and an optional letter
// ('\0' when none). Nothing when the text is not of that shape.
struct UciParts {
    Square from, to;
    char promotion;
};

template <typename G>
std::optional<UciParts> split_uci(std::string_view text) {
    std::size_t i = 1;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    auto from = G::parse_square(text.substr(0, i));
    std::size_t j = i + 1;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    auto to = i < text.size() ? G::parse_square(text.substr(i, j - i)) : std::nullopt;
    if (!from || !to || text.size() > j + 1) return std::nullopt;
    return UciParts{*from, *to, j < text.size() ? text[j] : '\0'};
}

// The legal move the text names; throws NotationError saying why not.
template <typename R>
Move parse_uci(const BasicPosition<R>& pos, std::string_view text) {
    using G = typename R::Geometry;
    auto parts = split_uci<G>(text);
    if (!parts)
        throw NotationError(fmt::format("UCI move '{}': expected squares like e2e4 or e7e8q", text));
    auto from = std::optional<Square>(parts->from), to = std::optional<Square>(parts->to);
    char promo = parts->promotion;
    if (promo && std::string_view("nbrq").find(promo) == std::string_view::npos)
        throw NotationError(
            fmt::format("UCI move '{}': promotion piece '{}' is not one of n, b, r, q", text, promo));
    for (Move m : legal_moves(pos)) {
        if (m.from() != *from) continue;
        Square dest = m.kind() == MoveKind::Castling ? pos.castling_king_to(m) : m.to();
        // Castling may also be given as king-takes-rook (e1h1), as Chess960 GUIs do.
        if (dest != *to && !(m.kind() == MoveKind::Castling && m.to() == *to)) continue;
        if (m.kind() == MoveKind::Promotion) {
            if (!promo)
                throw NotationError(fmt::format(
                    "UCI move '{}': a pawn reaching the last rank needs a promotion letter", text));
            if (piece_type_char(m.promotion()) != promo) continue;
        } else if (promo) {
            continue;
        }
        return m;
    }
    throw NotationError(fmt::format("UCI move '{}' is not legal in this position", text));
}

}  // namespace arbiter
