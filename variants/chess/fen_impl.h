// FEN reading and writing for BasicPosition (included by position.h). The reader accepts
// six fields, or the first four (EPD); every rejection names the field and the problem.
#pragma once

#include <charconv>

#include <fmt/format.h>

#include "core/notation_error.h"

namespace arbiter {
namespace fen_detail {

inline std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
        if (j > i) fields.push_back(text.substr(i, j - i));
        i = j;
    }
    return fields;
}

inline int parse_counter(std::string_view field, const char* name, int minimum) {
    int value = 0;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec != std::errc() || end != field.data() + field.size() || value < minimum ||
        value > 100000)
        throw NotationError(fmt::format("FEN {}: '{}' is not a number from {} to 100000", name,
                                        field, minimum));
    return value;
}

}  // namespace fen_detail

template <typename R>
BasicPosition<R> BasicPosition<R>::from_fen(std::string_view text) {
    using namespace fen_detail;
    BasicPosition pos{Empty{}};
    auto fields = split_fields(text);
    if (fields.size() != 4 && fields.size() != 6)
        throw NotationError(fmt::format(
            "FEN: expected 6 fields (placement, side, castling, en passant, halfmove, "
            "fullmove), found {}",
            fields.size()));

    // 1. Placement, from the top rank down.
    std::string_view placement = fields[0];
    int rank = G::Ranks - 1, file = 0;
    for (std::size_t i = 0; i < placement.size(); ++i) {
        char c = placement[i];
        if (c == '/') {
            if (file != G::Files)
                throw NotationError(fmt::format("FEN placement: rank {} has {} squares, not {}",
                                                rank + 1, file, G::Files));
            if (--rank < 0)
                throw NotationError(
                    fmt::format("FEN placement: more than {} ranks", G::Ranks));
            file = 0;
        } else if (c >= '1' && c <= '9') {
            int run = c - '0';
            // Two digits ("10") only make sense on boards wider than 9 files.
            if (i + 1 < placement.size() && placement[i + 1] >= '0' && placement[i + 1] <= '9') {
                run = run * 10 + (placement[++i] - '0');
            }
            file += run;
            if (file > G::Files)
                throw NotationError(fmt::format("FEN placement: rank {} has more than {} squares",
                                                rank + 1, G::Files));
        } else {
            Piece p = piece_from_char(c);
            if (p == NoPiece)
                throw NotationError(
                    fmt::format("FEN placement: '{}' is not a piece letter (PNBRQK/pnbrqk)", c));
            if (file >= G::Files)
                throw NotationError(fmt::format("FEN placement: rank {} has more than {} squares",
                                                rank + 1, G::Files));
            pos.put_piece(p, G::square(file++, rank));
        }
    }
    if (rank != 0 || file != G::Files)
        throw NotationError(fmt::format("FEN placement: expected {} ranks of {} squares",
                                        G::Ranks, G::Files));
    for (Color c : {White, Black}) {
        int kings = pos.count(c, King);
        if (kings != 1)
            throw NotationError(fmt::format("FEN placement: {} has {} kings, needs exactly 1",
                                            c == White ? "white" : "black", kings));
    }
    if (pos.pieces(Pawn) & (rank_bb<G>(0) | rank_bb<G>(G::Ranks - 1)))
        throw NotationError("FEN placement: a pawn stands on the first or last rank");

    // 2. Side to move.
    if (fields[1] == "w") pos.side_ = White;
    else if (fields[1] == "b") pos.side_ = Black;
    else throw NotationError(fmt::format("FEN side to move: '{}' is not 'w' or 'b'", fields[1]));

    // 3. Castling rights; each needs its king and rook on their starting squares.
    CastlingRights rights = NoCastling;
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            CastlingRights r = c == 'K' ? WhiteKingSide
                               : c == 'Q' ? WhiteQueenSide
                               : c == 'k' ? BlackKingSide
                               : c == 'q' ? BlackQueenSide
                                          : NoCastling;
            if (r == NoCastling)
                throw NotationError(fmt::format(
                    "FEN castling: '{}' is not one of K, Q, k, q or '-'", c));
            if (rights & r)
                throw NotationError(fmt::format("FEN castling: '{}' appears twice", c));
            Color color = (c == 'K' || c == 'Q') ? White : Black;
            int backRank = color == White ? 0 : G::Ranks - 1;
            bool kingSide = (c == 'K' || c == 'k');
            Square rookSq = G::square(kingSide ? G::Files - 1 : 0, backRank);
            if (pos.piece_on(G::square(4, backRank)) != make_piece(color, King))
                throw NotationError(fmt::format("FEN castling: '{}' but the {} king is not on {}",
                                                c, color == White ? "white" : "black",
                                                G::square_name(G::square(4, backRank))));
            if (pos.piece_on(rookSq) != make_piece(color, Rook))
                throw NotationError(fmt::format("FEN castling: '{}' but there is no {} rook on {}",
                                                c, color == White ? "white" : "black",
                                                G::square_name(rookSq)));
            rights = rights | r;
        }
    }
    pos.st().castling = rights;

    // 4. En passant target: behind a pawn of the side that just moved, with both squares
    //    it passed over empty.
    if (fields[3] != "-") {
        auto sq = G::parse_square(fields[3]);
        if (!sq)
            throw NotationError(
                fmt::format("FEN en passant: '{}' is not a square or '-'", fields[3]));
        if constexpr (!R::EnPassant)
            throw NotationError("FEN en passant: this game has no en passant; use '-'");
        Color mover = ~pos.side_;
        int expectedRank = mover == White ? 2 : G::Ranks - 3;
        Square pawnSq = mover == White ? *sq + G::Files : *sq - G::Files;
        Square originSq = mover == White ? *sq - G::Files : *sq + G::Files;
        if (G::rank_of(*sq) != expectedRank || pos.piece_on(pawnSq) != make_piece(mover, Pawn) ||
            !pos.empty(*sq) || !pos.empty(originSq))
            throw NotationError(fmt::format(
                "FEN en passant: {} is not the square a {} pawn just passed over", fields[3],
                mover == White ? "white" : "black"));
        pos.st().epSquare = *sq;
    }

    // 5, 6. Clocks (EPD has none).
    int halfmove = 0, fullmove = 1;
    if (fields.size() == 6) {
        halfmove = parse_counter(fields[4], "halfmove clock", 0);
        fullmove = parse_counter(fields[5], "fullmove number", 1);
    }
    pos.set_clocks(halfmove, fullmove);
    pos.finish_setup();

    if (pos.attacked_by(pos.side_, pos.king_square(~pos.side_)))
        throw NotationError(fmt::format("FEN: the side not to move ({}) is in check",
                                        pos.side_ == White ? "black" : "white"));
    if (popcount(pos.checkers()) > 2)
        throw NotationError("FEN: the side to move is in check from more than two pieces");
    return pos;
}

template <typename R>
std::string BasicPosition<R>::fen() const {
    std::string out;
    for (int rank = G::Ranks - 1; rank >= 0; --rank) {
        int emptyRun = 0;
        for (int file = 0; file < G::Files; ++file) {
            Piece p = board_[G::square(file, rank)];
            if (p == NoPiece) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) out += std::to_string(emptyRun), emptyRun = 0;
            out += piece_char(p);
        }
        if (emptyRun) out += std::to_string(emptyRun);
        if (rank) out += '/';
    }
    out += side_ == White ? " w " : " b ";
    CastlingRights c = st().castling;
    if (!c) out += '-';
    if (c & WhiteKingSide) out += 'K';
    if (c & WhiteQueenSide) out += 'Q';
    if (c & BlackKingSide) out += 'k';
    if (c & BlackQueenSide) out += 'q';
    out += ' ';
    out += st().epSquare == NoSquare ? std::string("-") : G::square_name(st().epSquare);
    out += fmt::format(" {} {}", st().rule50, fullmove_number());
    return out;
}

}  // namespace arbiter
