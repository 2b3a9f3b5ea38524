// Standard Algebraic Notation: Nf3, exd5, e8=Q+, O-O-O#. Writing follows the PGN standard
// (minimal disambiguation: file, then rank, then both). Reading is tolerant of what people
// and other programs write: 0-0, e8Q, e8q, Ng1f3, Pe4, missing 'x', trailing !? glyphs,
// and UCI moves (g1f3) as a last resort.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "variants/chess/movegen.h"
#include "variants/chess/uci.h"

namespace arbiter {
namespace san_detail {

constexpr const char* PieceNames[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
constexpr char SanLetters[] = "PNBRQK";

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

inline std::string_view trim(std::string_view s) {
    while (!s.empty() &&
           (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() &&
           (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

inline PieceType piece_from_letter(char c) {
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    auto at = std::string_view(SanLetters).find(c);
    return at == std::string_view::npos ? NoPieceType : PieceType(at);
}

// SAN without the check suffix; m must be legal in pos and legal must hold pos's moves.
template <typename R, int Cap>
std::string san_body(const BasicPosition<R>& pos, Move m, const MoveList<Cap>& legal) {
    using G = typename R::Geometry;
    if (m.kind() == MoveKind::Castling) return m.to() > m.from() ? "O-O" : "O-O-O";
    PieceType pt = type_of(pos.moved_piece(m));
    std::string san;
    if (pt == Pawn) {
        if (pos.is_capture(m)) {
            san += char('a' + G::file_of(m.from()));
            san += 'x';
        }
        san += G::square_name(m.to());
        if (m.kind() == MoveKind::Promotion) {
            san += '=';
            san += SanLetters[m.promotion()];
        }
        return san;
    }
    san += SanLetters[pt];
    bool rivals = false, sameFile = false, sameRank = false;
    for (Move other : legal) {
        if (other == m || other.to() != m.to() || other.kind() == MoveKind::Castling ||
            pos.moved_piece(other) != pos.moved_piece(m))
            continue;
        rivals = true;
        sameFile |= G::file_of(other.from()) == G::file_of(m.from());
        sameRank |= G::rank_of(other.from()) == G::rank_of(m.from());
    }
    if (rivals) {
        if (!sameFile)
            san += char('a' + G::file_of(m.from()));
        else if (!sameRank)
            san += std::to_string(G::rank_of(m.from()) + 1);
        else
            san += G::square_name(m.from());
    }
    if (pos.is_capture(m)) san += 'x';
    san += G::square_name(m.to());
    return san;
}

// The legal move the SAN names, or Move::none() with the reason in whyNot.
template <typename R>
Move find_san_move(const BasicPosition<R>& pos, std::string_view text, std::string& whyNot) {
    using G = typename R::Geometry;
    std::string_view s = trim(text);
    if (s.empty()) {
        whyNot = "empty move";
        return Move::none();
    }
    if (s.size() > 24) {
        whyNot = "not a move";
        return Move::none();
    }
    while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
        s.remove_suffix(1);
    if (s.size() > 4 && s.substr(s.size() - 4) == "e.p.") s = trim(s.substr(0, s.size() - 4));

    const MoveList<> legal = legal_moves(pos);

    if (s == "O-O" || s == "0-0" || s == "o-o" || s == "O-O-O" || s == "0-0-0" || s == "o-o-o") {
        bool kingSide = s.size() == 3;
        for (Move m : legal)
            if (m.kind() == MoveKind::Castling && (m.to() > m.from()) == kingSide) return m;
        whyNot =
            fmt::format("{} castling is not legal here", kingSide ? "king-side" : "queen-side");
        return Move::none();
    }

    // [piece] [from file] [from rank] [x] to-square [[=] promotion]
    const std::string_view notAMove = "not a move";
    PieceType piece = Pawn;
    std::size_t i = 0;
    if (!s.empty()) {
        char c = s[0];
        bool upper = std::string_view("PNBRQK").find(c) != std::string_view::npos;
        // Lower-case piece letters only where they cannot be files ('b' always is one).
        bool lower =
            std::string_view("pnrqk").find(c) != std::string_view::npos && c - 'a' >= G::Files;
        if (upper || lower) piece = piece_from_letter(c), i = 1;
    }
    std::string_view rest = s.substr(i);

    PieceType promotion = NoPieceType;
    auto isLetter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (rest.size() >= 4 && rest.back() == ')' && rest[rest.size() - 3] == '(') {  // e8(Q)
        promotion = piece_from_letter(rest[rest.size() - 2]);
        rest.remove_suffix(3);
        if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
        if (promotion == NoPieceType) {
            whyNot = notAMove;
            return Move::none();
        }
    } else if (rest.size() >= 3 && isLetter(rest.back())) {
        char letter = rest.back(), before = rest[rest.size() - 2];
        // A promotion letter follows '=' or '/', or directly the rank digit (e8Q, e8q, b8q).
        if (before == '=' || before == '/')
            rest.remove_suffix(2);
        else if (is_digit(before))
            rest.remove_suffix(1);
        else
            letter = '\0';
        promotion = piece_from_letter(letter);
        if (promotion == NoPieceType || promotion == Pawn) {
            whyNot = letter ? fmt::format("{} is not a promotion piece", character_name(letter))
                            : std::string(notAMove);
            return Move::none();
        }
    }

    // The destination: a file letter and one or two rank digits, at the end.
    std::size_t digits = 0;
    while (digits < rest.size() && is_digit(rest[rest.size() - 1 - digits])) ++digits;
    if (digits == 0 || digits > 2 || rest.size() < digits + 1) {
        whyNot = notAMove;
        return Move::none();
    }
    auto to = G::parse_square(rest.substr(rest.size() - digits - 1));
    if (!to) {
        whyNot = notAMove;
        return Move::none();
    }
    rest.remove_suffix(digits + 1);
    bool captureMark = false;
    if (!rest.empty() && (rest.back() == 'x' || rest.back() == ':' || rest.back() == '-')) {
        captureMark = rest.back() != '-';
        rest.remove_suffix(1);
    }
    int fromFile = -1, fromRank = -1;
    if (!rest.empty() && rest[0] >= 'a' && rest[0] - 'a' < G::Files) {
        fromFile = rest[0] - 'a';
        rest.remove_prefix(1);
    }
    if (!rest.empty()) {
        if (rest.size() > 2 || !is_digit(rest[0]) || rest[0] == '0' ||
            (rest.size() == 2 && !is_digit(rest[1]))) {
            whyNot = notAMove;
            return Move::none();
        }
        fromRank = (rest.size() == 2 ? (rest[0] - '0') * 10 + (rest[1] - '0') : rest[0] - '0') - 1;
        if (fromRank >= G::Ranks) {
            whyNot = notAMove;
            return Move::none();
        }
    }

    const char* name = PieceNames[piece];
    const std::string toName = G::square_name(*to);
    std::vector<Move> candidates;
    for (Move m : legal)
        if (m.kind() != MoveKind::Castling && m.to() == *to && type_of(pos.moved_piece(m)) == piece)
            candidates.push_back(m);
    if (candidates.empty()) {
        whyNot = fmt::format("no {} can move to {}", name, toName);
        return Move::none();
    }

    // A pawn move without a file is a push: captures always name the pawn's file.
    bool impliedFile = piece == Pawn && fromFile < 0 && !captureMark;
    std::vector<Move> matching;
    for (Move m : candidates) {
        int file = G::file_of(m.from()), rank = G::rank_of(m.from());
        if (fromFile >= 0 && file != fromFile) continue;
        if (fromRank >= 0 && rank != fromRank) continue;
        if (impliedFile && file != G::file_of(*to)) continue;
        matching.push_back(m);
    }
    if (matching.empty()) {
        if (impliedFile) {
            whyNot =
                fmt::format("no pawn can move to {} (a capture names the pawn's file, e.g. {})",
                            toName, san_body(pos, candidates.front(), legal));
        } else if (fromFile >= 0 && fromRank >= 0) {
            whyNot = fmt::format("no {} on {} can move to {}", name,
                                 G::square_name(G::square(fromFile, fromRank)), toName);
        } else if (fromFile >= 0) {
            whyNot = fmt::format("no {} on the {}-file can move to {}", name, char('a' + fromFile),
                                 toName);
        } else {
            whyNot = fmt::format("no {} on rank {} can move to {}", name, fromRank + 1, toName);
        }
        return Move::none();
    }

    bool promotes = false;
    for (Move m : matching) promotes |= m.kind() == MoveKind::Promotion;
    if (promotion != NoPieceType) {
        if (!promotes) {
            whyNot = piece == Pawn ? fmt::format("a pawn does not promote on {}", toName)
                                   : std::string("only a pawn can promote");
            return Move::none();
        }
        std::erase_if(matching, [&](Move m) { return m.promotion() != promotion; });
        if (matching.empty()) {
            whyNot = fmt::format("promotion to a {} is not allowed", PieceNames[promotion]);
            return Move::none();
        }
    } else if (promotes) {
        // With a queen as the only choice (Minesweeper), "e10" can mean nothing else.
        if constexpr (R::UnderPromotion) {
            whyNot = "promotion piece missing";
            return Move::none();
        }
    }

    if (matching.size() > 1) {
        std::string list;
        for (Move m : matching) list += (list.empty() ? "" : ", ") + san_body(pos, m, legal);
        whyNot = fmt::format("ambiguous ({})", list);
        return Move::none();
    }
    return matching.front();
}

// Text of the form e2e4 / e7e8q / h9h10: worth a try as UCI.
template <typename G>
bool looks_like_uci(std::string_view s) {
    std::size_t i = 0;
    for (int square = 0; square < 2; ++square) {
        if (i >= s.size() || s[i] < 'a' || s[i] - 'a' >= G::Files) return false;
        std::size_t start = ++i;
        while (i < s.size() && is_digit(s[i])) ++i;
        if (i == start || i - start > 2) return false;
    }
    return i == s.size() || (i + 1 == s.size() && s[i] >= 'a' && s[i] <= 'z');
}

}  // namespace san_detail

// SAN of a legal move, with '+' or '#'; throws NotationError for a move that is not legal.
template <typename R>
std::string to_san(const BasicPosition<R>& pos, Move m) {
    const MoveList<> legal = legal_moves(pos);
    if (!legal.contains(m))
        throw NotationError(
            fmt::format("SAN: {} is not a legal move in this position", to_uci(pos, m)));
    std::string san = san_detail::san_body(pos, m, legal);
    BasicPosition<R> after = pos;
    after.do_move(m);
    if (after.in_check()) san += legal_moves(after).empty() ? '#' : '+';
    return san;
}

// The legal move the text names; throws NotationError("SAN 'Nf5': no knight can move to f5").
template <typename R>
Move parse_san(const BasicPosition<R>& pos, std::string_view text) {
    using G = typename R::Geometry;
    std::string whyNot;
    Move m = san_detail::find_san_move(pos, text, whyNot);
    if (m) return m;
    std::string_view s = san_detail::trim(text);
    if (san_detail::looks_like_uci<G>(s)) {
        try {
            return parse_uci(pos, s);
        } catch (const NotationError&) {
            // Report the SAN reading's problem unless the text can only be UCI.
            std::size_t split = s.find_first_of("abcdefghijklmnopqrstuvwxyz", 1);
            std::string_view fromText = s.substr(0, split), toText = s.substr(split);
            auto from = G::parse_square(fromText);
            if (!from || pos.empty(*from) || type_of(pos.piece_on(*from)) != Pawn)
                whyNot = fmt::format("no legal move from {} to {}", fromText, toText);
        }
    }
    throw NotationError(fmt::format("SAN '{}': {}", printable_text(s), whyNot));
}

}  // namespace arbiter
