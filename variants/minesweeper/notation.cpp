#include "variants/minesweeper/notation.h"

#include <fmt/format.h>

#include "core/notation_error.h"
#include "variants/chess/uci.h"

namespace arbiter::minesweeper {

std::string to_uci(const MinesweeperPosition& pos, Move m) {
    if (m.kind() == MoveKind::Sapper) return G::square_name(m.from()) + G::square_name(m.from());
    return arbiter::to_uci(pos.board(), m);
}

Move parse_move(const MinesweeperPosition& pos, std::string_view text) {
    auto shown = [text] { return printable_text(text); };
    auto parts = split_uci<G>(text);
    std::string problem = uci_shape_problem<G>(text);
    // A piece letter after the squares is a promotion choice, and only q is one here.
    const bool pieceLetter =
        parts && parts->promotion &&
        std::string_view("pnbrkPNBRKQ").find(*parts->promotion) != std::string_view::npos;
    if (pieceLetter)
        throw NotationError(
            fmt::format("move '{}': pawns promote to a queen only (write q or nothing)", shown()));
    if (!parts || !problem.empty() || (parts->promotion && *parts->promotion != 'q')) {
        if (problem.empty()) problem = character_name(*parts->promotion) + " after the squares";
        throw NotationError(fmt::format(
            "move '{}' is not a move in coordinate notation: {} (expected squares like e2e4, "
            "e9e10q, or a pawn's square twice (e5e5) for the sapper action)",
            shown(), problem));
    }
    auto from = std::optional<Square>(parts->from), to = std::optional<Square>(parts->to);
    const bool promo = parts->promotion.has_value();
    const Board& b = pos.board();
    auto legal = legal_moves(pos);
    if (*from == *to) {
        for (Move m : legal)
            if (m.kind() == MoveKind::Sapper && m.from() == *from && !promo) return m;
        Piece p = b.piece_on(*from);
        std::string why = promo ? "a sapper action takes no promotion letter"
                          : p == NoPiece || color_of(p) != b.side_to_move() || type_of(p) != Pawn
                              ? "only a pawn of the side to move can do the sapper action"
                          : b.in_check()       ? "the sapper action is not allowed while in check"
                          : pos.counter() == 0 ? "no mine is left on the board"
                                               : "the square in front of the pawn is not empty";
        throw NotationError(fmt::format("sapper action '{}' is not legal: {}", shown(), why));
    }
    for (Move m : legal) {
        if (m.kind() == MoveKind::Sapper || m.from() != *from) continue;
        Square dest = m.kind() == MoveKind::Castling ? b.castling_king_to(m) : m.to();
        if (dest != *to && !(m.kind() == MoveKind::Castling && m.to() == *to)) continue;
        if (promo && m.kind() != MoveKind::Promotion) continue;
        return m;
    }
    throw NotationError(fmt::format("move '{}' is not legal in this position", shown()));
}

}  // namespace arbiter::minesweeper
