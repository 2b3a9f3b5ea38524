// Colours and pieces, shared by every game on every board.
#pragma once

#include <cstdint>

namespace arbiter {

enum Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };
constexpr int PieceTypeCount = 6;

// A piece is a colour and a type packed as colour * 8 + type, so both are one mask away.
enum Piece : std::uint8_t { NoPiece = 15 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// FEN letters: upper case for White.
constexpr char piece_char(Piece p) {
    constexpr const char* letters = "PNBRQK";
    char c = letters[type_of(p)];
    return color_of(p) == White ? c : char(c + ('a' - 'A'));
}
constexpr char piece_type_char(PieceType pt) { return "pnbrqk?"[pt]; }

// Parses a FEN piece letter; returns NoPiece for anything else.
constexpr Piece piece_from_char(char c) {
    switch (c) {
        case 'P': return make_piece(White, Pawn);
        case 'N': return make_piece(White, Knight);
        case 'B': return make_piece(White, Bishop);
        case 'R': return make_piece(White, Rook);
        case 'Q': return make_piece(White, Queen);
        case 'K': return make_piece(White, King);
        case 'p': return make_piece(Black, Pawn);
        case 'n': return make_piece(Black, Knight);
        case 'b': return make_piece(Black, Bishop);
        case 'r': return make_piece(Black, Rook);
        case 'q': return make_piece(Black, Queen);
        case 'k': return make_piece(Black, King);
        default: return NoPiece;
    }
}

// Castling rights as four bits.
enum CastlingRights : std::uint8_t {
    NoCastling = 0,
    WhiteKingSide = 1,
    WhiteQueenSide = 2,
    BlackKingSide = 4,
    BlackQueenSide = 8,
    AllCastling = 15,
};
constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) {
    return CastlingRights(int(a) | int(b));
}
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) {
    return CastlingRights(int(a) & int(b));
}
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~int(a) & 15); }

}  // namespace arbiter
