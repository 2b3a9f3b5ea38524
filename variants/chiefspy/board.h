// The public Chief & Spy position (docs/rules.md#pieces-and-set-up): where every piece stands
// and which piece it is, with no value in it. Each side's eight back-rank pieces keep an
// identity, the file they start on (slot 0..7 = a..h: great rook, great knight, great bishop,
// queen, king, bishop, knight, rook); pawns have none. The king moves like a queen and nothing
// is ever in check. Whatever this class holds may be shown to anyone; the secret values live in
// Round.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/attacks.h"
#include "core/geometry.h"
#include "core/types.h"
#include "variants/chiefspy/battle.h"

namespace arbiter::chiefspy {

using G = Geometry8x8;
using Bitboard = std::uint64_t;

// Identity of a back-rank piece: its starting file. NoSlot marks a pawn.
using Slot = int;
constexpr Slot NoSlot = -1;
constexpr int SlotCount = 8;
constexpr Slot KingSlot = 4;
constexpr PieceType SlotType[SlotCount] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
constexpr bool is_great(Slot s) { return s >= 0 && s <= 2; }
// "GR", "GN", "GB", "Q", "K", "B", "N", "R".
std::string slot_name(Slot s);
// The file letter naming a slot: 'a'..'h'.
constexpr char slot_letter(Slot s) { return char('a' + s); }

// A piece on a square, or an empty square (piece == NoPiece).
struct Unit {
    Piece piece = NoPiece;
    Slot slot = NoSlot;
    bool empty() const { return piece == NoPiece; }
    Color color() const { return color_of(piece); }
    PieceType type() const { return type_of(piece); }
};

enum class MoveKind : std::uint8_t { Normal, Castling, EnPassant, Gambit };

// One turn. Castling is the king moving onto its own rook (e1h1); en passant goes to the
// passed-over square; a gambit is from -> to (a non-attacking step) then to -> attack.
struct Move {
    Square from = NoSquare, to = NoSquare;
    Square attack = NoSquare;  // gambits only
    MoveKind kind = MoveKind::Normal;
    Slot promotion = NoSlot;  // the fallen piece that replaces a pawn reaching the last rank
    bool operator==(const Move&) const = default;
};

// Where a battle is fought and with which bonuses (docs/rules.md#battles).
struct BattleSite {
    Square attackerFrom;  // the square it attacks from (a gambit's middle square)
    Square contested;     // the defender's square (for en passant: the double-stepped pawn)
    Unit attacker, defender;
    int attackerBonus;  // +1 base plus supporters
    int defenderBonus;  // supporters
};

class Board {
  public:
    Board();  // the standard initial position, White to move

    Unit at(Square s) const { return cells_[s]; }
    Bitboard pieces() const { return byColor_[White] | byColor_[Black]; }
    Bitboard pieces(Color c) const { return byColor_[c]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor_[c] & byType_[pt]; }
    Color side_to_move() const { return side_; }
    // The square passed over by a double step made on the last ply, if any.
    Square en_passant_square() const { return ep_; }
    // Where a back-rank piece stands, or NoSquare when it is off the board.
    Square square_of(Color c, Slot s) const;
    bool fallen(Color c, Slot s) const { return fallen_[c][s]; }
    int fallen_pawns(Color c) const { return fallenPawns_[c]; }
    bool has_reserve(Color c) const;
    // King and rook unmoved (on their starting squares).
    bool castling_right(Color c, Slot rookSlot) const;
    // The right, and the squares between empty (no check conditions in this game).
    bool can_castle(Color c, Slot rookSlot) const;
    // Plies since the last battle or pawn move.
    int quiet_plies() const { return quietPlies_; }
    int ply() const { return ply_; }

    // Every legal move of the side to move. Gambits are listed for the piece `spy` only
    // (its real Spy for the referee, the player's own Spy for a player; NoSlot: none).
    std::vector<Move> legal_moves(Slot spy) const;
    bool is_legal(const Move& m, Slot spy) const;

    // The battle a legal move starts, or nothing for a quiet move.
    std::optional<BattleSite> battle_site(const Move& m) const;

    // Makes a legal move. `winner` must be given exactly when battle_site(m) has a value.
    // A promotion is made only if the pawn survives on the last rank.
    void play(const Move& m, std::optional<BattleWinner> winner);

    // Supporters of colour c of a battle on `contested` (pieces other than those on
    // `lifted`, with a pseudo-legal capture onto it, lines of sight computed without
    // `lifted`). Exposed for the tests and the companion mode.
    int supporters(Color c, Square contested, Bitboard lifted) const;

    // FEN of the public position; great pieces are written like the others.
    std::string fen() const;

    // Set-up for tests: an empty board; then place pieces. Castling needs unmoved kings and
    // rooks on their starting squares (place() marks every placed piece unmoved).
    static Board empty_board(Color toMove = White);
    void place(Color c, PieceType pt, Slot s, Square sq);
    void set_en_passant(Square s) { ep_ = s; }
    void set_fallen(Color c, Slot s, bool f) { fallen_[c][s] = f; }
    void set_quiet_plies(int n) { quietPlies_ = n; }
    void set_moved(Color c, Slot s, bool m) { moved_[c][s] = m; }
    void set_fallen_pawns(Color c, int n) { fallenPawns_[c] = n; }
    void set_ply(int ply) { ply_ = ply; }

    // Move text: "e2e4", "e1h1" (castling), "b1c3+c3d5" (gambit), "e7e8gn" (promotion).
    std::string move_text(const Move& m) const;
    // Reads move text against this position (the kind is inferred from the board; O-O and
    // O-O-O are read as castling of the side to move). Checks
    // only the form and the squares; legality is is_legal's job. Throws NotationError.
    Move parse_move(std::string_view text) const;

  private:
    void put(Unit u, Square s);
    Unit take(Square s);
    void fall(Unit u);
    Bitboard attacks_from(PieceType pt, Color c, Square s, Bitboard occ) const;
    void add_pawn_moves(std::vector<Move>& out) const;
    void add_promotions(Square from, Square to, MoveKind kind, std::vector<Move>& out) const;
    void add_gambits(Slot spy, std::vector<Move>& out) const;

    std::array<Unit, 64> cells_{};
    Bitboard byColor_[2]{}, byType_[PieceTypeCount]{};
    Color side_ = White;
    Square ep_ = NoSquare;
    bool moved_[2][SlotCount]{};
    bool fallen_[2][SlotCount]{};
    int fallenPawns_[2]{};
    int quietPlies_ = 0;
    int ply_ = 0;
};

// The promotion suffix of a returning piece: "gr", "gn", "gb", "q", "k", "b", "n", "r".
std::string promotion_suffix(Slot s);
// The piece type's lower-case English name ("knight").
std::string_view piece_type_name(PieceType pt);

}  // namespace arbiter::chiefspy
