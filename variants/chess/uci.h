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

// The parts of a coordinate move: "e2e4q", "h9h10" -> two squares and the character after
// them, if there is one (unchecked: the caller says which letters it takes). Nothing when
// the text is not of that shape.
struct UciParts {
    Square from, to;
    std::optional<char> promotion;
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
    return UciParts{*from, *to, j < text.size() ? std::optional<char>(text[j]) : std::nullopt};
}

// Why text is not a coordinate move (two squares, then at most one letter), naming the first
// character at fault safely: "a tab after the squares", "e45 is not a square". Empty when it
// is of that shape.
template <typename G>
std::string uci_shape_problem(std::string_view text) {
    std::size_t i = 0;
    for (const char* which : {"from", "to"}) {
        if (i == text.size()) return fmt::format("the {} square is missing", which);
        const std::size_t start = i++;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
        std::string_view name = text.substr(start, i - start);
        if (G::parse_square(name)) continue;
        if (text[start] < 'a' || text[start] > 'z')
            return fmt::format("{} where the {} square should be", character_name(text[start]),
                               which);
        if (name.size() == 1)
            return i < text.size() ? fmt::format("{} where the {} square's rank should be",
                                                 character_name(text[i]), which)
                                   : fmt::format("the {} square has no rank", which);
        return fmt::format("{} is not a square", printable_text(name));
    }
    if (i < text.size() && !is_ascii_letter(text[i]))
        return fmt::format("{} after the squares", character_name(text[i]));
    if (i + 1 < text.size())
        return fmt::format("{} after the promotion letter", character_name(text[i + 1]));
    return {};
}

// The legal move the text names; throws NotationError saying why not. The text is quoted
// escaped (printable_text), never raw.
template <typename R>
Move parse_uci(const BasicPosition<R>& pos, std::string_view text) {
    using G = typename R::Geometry;
    auto shown = [text] { return printable_text(text); };
    auto parts = split_uci<G>(text);
    std::string problem = uci_shape_problem<G>(text);
    if (!parts || !problem.empty())
        throw NotationError(fmt::format(
            "UCI move '{}' is not a move in coordinate notation: {} (expected squares like e2e4 "
            "or e7e8q)",
            shown(), problem.empty() ? "unexpected text" : problem));
    auto from = std::optional<Square>(parts->from), to = std::optional<Square>(parts->to);
    char promo = parts->promotion.value_or('\0');
    if (promo && std::string_view("nbrq").find(promo) == std::string_view::npos)
        throw NotationError(fmt::format(
            "UCI move '{}': promotion piece '{}' is not one of n, b, r, q", shown(), promo));
    for (Move m : legal_moves(pos)) {
        if (m.from() != *from) continue;
        Square dest = m.kind() == MoveKind::Castling ? pos.castling_king_to(m) : m.to();
        // Castling may also be given as king-takes-rook (e1h1), as Chess960 GUIs do.
        if (dest != *to && !(m.kind() == MoveKind::Castling && m.to() == *to)) continue;
        if (m.kind() == MoveKind::Promotion) {
            if (!promo)
                throw NotationError(fmt::format(
                    "UCI move '{}': a pawn reaching the last rank needs a promotion letter",
                    shown()));
            if (piece_type_char(m.promotion()) != promo) continue;
        } else if (promo) {
            continue;
        }
        return m;
    }
    throw NotationError(fmt::format("UCI move '{}' is not legal in this position", shown()));
}

}  // namespace arbiter
