#include "variants/chiefspy/board.h"

#include "core/notation_error.h"

namespace arbiter::chiefspy {
namespace {

constexpr Bitboard bit(Square s) { return Bitboard(1) << s; }

Square forward(Color c) { return c == White ? 8 : -8; }

int relative_rank(Color c, Square s) { return G::relative_rank(c == Black, s); }

}  // namespace

std::string slot_name(Slot s) {
    static constexpr const char* names[SlotCount] = {"GR", "GN", "GB", "Q", "K", "B", "N", "R"};
    return s >= 0 && s < SlotCount ? names[s] : "P";
}

std::string promotion_suffix(Slot s) {
    static constexpr const char* names[SlotCount] = {"gr", "gn", "gb", "q", "k", "b", "n", "r"};
    return s >= 0 && s < SlotCount ? names[s] : "";
}

std::string_view piece_type_name(PieceType pt) {
    static constexpr const char* names[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return pt < PieceTypeCount ? names[pt] : "none";
}

Board::Board() {
    for (Color c : {White, Black}) {
        int back = c == White ? 0 : 7, pawns = c == White ? 1 : 6;
        for (Slot s = 0; s < SlotCount; ++s) {
            put(Unit{make_piece(c, SlotType[s]), s}, G::square(s, back));
            put(Unit{make_piece(c, Pawn), NoSlot}, G::square(s, pawns));
        }
    }
}

Board Board::empty_board(Color toMove) {
    Board b;
    for (Square s = 0; s < 64; ++s)
        if (!b.cells_[s].empty()) b.take(s);
    b.side_ = toMove;
    return b;
}

void Board::place(Color c, PieceType pt, Slot s, Square sq) {
    if (!cells_[sq].empty()) take(sq);
    put(Unit{make_piece(c, pt), s}, sq);
    if (s != NoSlot) moved_[c][s] = false, fallen_[c][s] = false;
}

void Board::put(Unit u, Square s) {
    cells_[s] = u;
    byColor_[u.color()] |= bit(s);
    byType_[u.type()] |= bit(s);
}

Unit Board::take(Square s) {
    Unit u = cells_[s];
    cells_[s] = Unit{};
    byColor_[u.color()] &= ~bit(s);
    byType_[u.type()] &= ~bit(s);
    return u;
}

void Board::fall(Unit u) {
    if (u.slot == NoSlot) {
        ++fallenPawns_[u.color()];
    } else {
        fallen_[u.color()][u.slot] = true;
        moved_[u.color()][u.slot] = true;
    }
}

Square Board::square_of(Color c, Slot slot) const {
    for (Bitboard b = byColor_[c]; b;) {
        Square s = pop_lsb(b);
        if (cells_[s].slot == slot) return s;
    }
    return NoSquare;
}

bool Board::has_reserve(Color c) const {
    for (Slot s = 0; s < SlotCount; ++s)
        if (fallen_[c][s]) return true;
    return false;
}

bool Board::castling_right(Color c, Slot rookSlot) const {
    int rank = c == White ? 0 : 7;
    Square k = G::square(KingSlot, rank), r = G::square(rookSlot, rank);
    if (moved_[c][KingSlot] || moved_[c][rookSlot]) return false;
    if (cells_[k].piece != make_piece(c, King) || cells_[k].slot != KingSlot) return false;
    return cells_[r].piece == make_piece(c, Rook) && cells_[r].slot == rookSlot;
}

bool Board::can_castle(Color c, Slot rookSlot) const {
    if (!castling_right(c, rookSlot)) return false;
    int rank = c == White ? 0 : 7;
    Square k = G::square(KingSlot, rank), r = G::square(rookSlot, rank);
    return (between_bb<G>(k, r) & ~bit(r) & pieces()) == 0;
}

Bitboard Board::attacks_from(PieceType pt, Color c, Square s, Bitboard occ) const {
    switch (pt) {
        case Pawn:
            return pawn_attacks<G>(c, s);
        case King:
            return queen_attacks<G>(s, occ);  // the king moves like a queen
        default:
            return piece_attacks<G>(pt, s, occ);
    }
}

int Board::supporters(Color c, Square t, Bitboard lifted) const {
    Bitboard occ = pieces() & ~lifted;
    Bitboard diagonal = byType_[Bishop] | byType_[Queen] | byType_[King];
    Bitboard straight = byType_[Rook] | byType_[Queen] | byType_[King];
    Bitboard from = (pawn_attacks<G>(~c, t) & byType_[Pawn]) |
                    (knight_attacks<G>(t) & byType_[Knight]) |
                    (bishop_attacks<G>(t, occ) & diagonal) | (rook_attacks<G>(t, occ) & straight);
    return popcount(from & byColor_[c] & ~lifted);
}

void Board::add_promotions(Square from, Square to, MoveKind kind, std::vector<Move>& out) const {
    Color us = side_;
    if (relative_rank(us, to) == 7 && has_reserve(us)) {
        for (Slot s = 0; s < SlotCount; ++s)
            if (fallen_[us][s]) out.push_back(Move{from, to, NoSquare, kind, s});
    } else {
        out.push_back(Move{from, to, NoSquare, kind, NoSlot});
    }
}

void Board::add_pawn_moves(std::vector<Move>& out) const {
    Color us = side_;
    Bitboard occ = pieces(), enemy = pieces(~us);
    for (Bitboard b = pieces(us, Pawn); b;) {
        Square p = pop_lsb(b);
        if (relative_rank(us, p) == 7) continue;  // a pawn that stayed a pawn on the last rank
        Square up = p + forward(us);
        if (!(occ & bit(up))) {
            add_promotions(p, up, MoveKind::Normal, out);
            Square up2 = up + forward(us);
            if (relative_rank(us, p) == 1 && !(occ & bit(up2)))
                out.push_back(Move{p, up2, NoSquare, MoveKind::Normal, NoSlot});
        }
        for (Bitboard t = pawn_attacks<G>(us, p) & enemy; t;)
            add_promotions(p, pop_lsb(t), MoveKind::Normal, out);
        if (ep_ != NoSquare && (pawn_attacks<G>(us, p) & bit(ep_)))
            out.push_back(Move{p, ep_, NoSquare, MoveKind::EnPassant, NoSlot});
    }
}

void Board::add_gambits(Slot spy, std::vector<Move>& out) const {
    Color us = side_;
    Square s = square_of(us, spy);
    if (s == NoSquare) return;
    PieceType pt = cells_[s].type();
    Bitboard occ = pieces();
    Bitboard steps = attacks_from(pt, us, s, occ) & ~occ;
    // A bishop's first step may be one square orthogonally (to the other colour).
    if (pt == Bishop) steps |= rook_attacks<G>(s, ~Bitboard(0)) & ~occ;
    for (Bitboard b = steps; b;) {
        Square mid = pop_lsb(b);
        Bitboard occ2 = (occ & ~bit(s)) | bit(mid);
        for (Bitboard t = attacks_from(pt, us, mid, occ2) & pieces(~us); t;)
            out.push_back(Move{s, mid, pop_lsb(t), MoveKind::Gambit, NoSlot});
    }
}

std::vector<Move> Board::legal_moves(Slot spy) const {
    std::vector<Move> out;
    out.reserve(128);
    Color us = side_;
    add_pawn_moves(out);
    Bitboard own = pieces(us), occ = pieces();
    for (Bitboard b = own & ~byType_[Pawn]; b;) {
        Square s = pop_lsb(b);
        for (Bitboard t = attacks_from(cells_[s].type(), us, s, occ) & ~own; t;)
            out.push_back(Move{s, pop_lsb(t), NoSquare, MoveKind::Normal, NoSlot});
    }
    int rank = us == White ? 0 : 7;
    for (Slot rookSlot : {SlotCount - 1, 0})
        if (can_castle(us, rookSlot))
            out.push_back(Move{G::square(KingSlot, rank), G::square(rookSlot, rank), NoSquare,
                               MoveKind::Castling, NoSlot});
    if (spy != NoSlot) add_gambits(spy, out);
    return out;
}

bool Board::is_legal(const Move& m, Slot spy) const {
    if (m.from < 0 || m.from >= 64 || cells_[m.from].empty() || cells_[m.from].color() != side_)
        return false;
    for (const Move& x : legal_moves(spy))
        if (x == m) return true;
    return false;
}

std::optional<BattleSite> Board::battle_site(const Move& m) const {
    Color us = side_;
    Square from = m.from, attackerFrom = m.from, contested;
    switch (m.kind) {
        case MoveKind::Castling:
            return std::nullopt;
        case MoveKind::EnPassant:
            contested = m.to - forward(us);
            break;
        case MoveKind::Gambit:
            contested = m.attack;
            attackerFrom = m.to;
            break;
        default:
            if (cells_[m.to].empty() || cells_[m.to].color() == us) return std::nullopt;
            contested = m.to;
    }
    // The attacker is lifted from the square it attacks from; in a gambit its origin is
    // already empty, so lifting it from the middle square leaves both empty.
    Bitboard lifted = bit(from);
    return BattleSite{attackerFrom,
                      contested,
                      cells_[from],
                      cells_[contested],
                      1 + supporters(us, contested, lifted),
                      supporters(~us, contested, lifted)};
}

void Board::play(const Move& m, std::optional<BattleWinner> winner) {
    Color us = side_;
    std::optional<BattleSite> site = battle_site(m);
    Unit mover = cells_[m.from];
    ep_ = NoSquare;
    if (mover.slot != NoSlot) moved_[us][mover.slot] = true;
    Square dest = m.to;
    bool survived = true;
    if (m.kind == MoveKind::Castling) {
        int rank = G::rank_of(m.from);
        bool kingSide = G::file_of(m.to) > G::file_of(m.from);
        Unit king = take(m.from), rook = take(m.to);
        put(king, G::square(kingSide ? 6 : 2, rank));
        put(rook, G::square(kingSide ? 5 : 3, rank));
        moved_[us][rook.slot] = true;
    } else if (!site) {
        put(take(m.from), m.to);
        if (mover.type() == Pawn && (m.to - m.from == 16 || m.from - m.to == 16))
            ep_ = (m.from + m.to) / 2;
    } else {
        if (m.kind == MoveKind::Gambit) put(take(m.from), m.to);
        dest = m.kind == MoveKind::Gambit      ? m.attack
               : m.kind == MoveKind::EnPassant ? m.to
                                               : site->contested;
        BattleWinner w = winner.value_or(BattleWinner::Tie);
        if (w != BattleWinner::Attacker) {
            fall(take(site->attackerFrom));
            survived = false;
        }
        if (w != BattleWinner::Defender) fall(take(site->contested));
        if (w == BattleWinner::Attacker) put(take(site->attackerFrom), dest);
    }
    if (survived && mover.type() == Pawn && relative_rank(us, dest) == 7 && m.promotion != NoSlot &&
        fallen_[us][m.promotion]) {
        take(dest);
        put(Unit{make_piece(us, SlotType[m.promotion]), m.promotion}, dest);
        fallen_[us][m.promotion] = false;
    }
    quietPlies_ = site || mover.type() == Pawn ? 0 : quietPlies_ + 1;
    side_ = ~us;
    ++ply_;
}

std::string Board::fen() const {
    std::string s;
    for (int r = 7; r >= 0; --r) {
        int run = 0;
        for (int f = 0; f < 8; ++f) {
            Unit u = cells_[G::square(f, r)];
            if (u.empty()) {
                ++run;
                continue;
            }
            if (run) s += char('0' + run), run = 0;
            s += piece_char(u.piece);
        }
        if (run) s += char('0' + run);
        if (r) s += '/';
    }
    s += side_ == White ? " w " : " b ";
    std::string castling;
    if (castling_right(White, 7)) castling += 'K';
    if (castling_right(White, 0)) castling += 'Q';
    if (castling_right(Black, 7)) castling += 'k';
    if (castling_right(Black, 0)) castling += 'q';
    s += castling.empty() ? "-" : castling;
    s += ' ';
    s += ep_ == NoSquare ? "-" : G::square_name(ep_);
    s += ' ' + std::to_string(quietPlies_) + ' ' + std::to_string(1 + ply_ / 2);
    return s;
}

std::string Board::move_text(const Move& m) const {
    std::string s = G::square_name(m.from) + G::square_name(m.to);
    if (m.kind == MoveKind::Gambit)
        return s + '+' + G::square_name(m.to) + G::square_name(m.attack);
    return s + promotion_suffix(m.promotion);
}

Move Board::parse_move(std::string_view text) const {
    auto fail = [&](const std::string& why) -> NotationError {
        return NotationError("move '" + printable_text(text) + "': " + why);
    };
    auto squares = [&](std::string_view t, Square& a, Square& b) {
        if (t.size() < 4) throw fail("expected two squares such as e2e4");
        auto x = G::parse_square(t.substr(0, 2)), y = G::parse_square(t.substr(2, 2));
        if (!x || !y) throw fail("expected two squares such as e2e4");
        a = *x, b = *y;
    };
    Move m;
    if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
        int rank = side_ == White ? 0 : 7;
        m.from = G::square(KingSlot, rank);
        m.to = G::square(text.size() == 3 ? SlotCount - 1 : 0, rank);
        m.kind = MoveKind::Castling;
        return m;
    }
    if (auto plus = text.find('+'); plus != std::string_view::npos) {
        std::string_view first = text.substr(0, plus), second = text.substr(plus + 1);
        if (first.size() != 4 || second.size() != 4)
            throw fail("a Spy gambit is written as two moves such as b1c3+c3d5");
        Square mid2;
        squares(first, m.from, m.to);
        squares(second, mid2, m.attack);
        if (mid2 != m.to)
            throw fail("the second move of a Spy gambit must start where the first ends");
        m.kind = MoveKind::Gambit;
        return m;
    }
    squares(text, m.from, m.to);
    std::string_view suffix = text.substr(4);
    // Only letters can name a returning piece; anything else is not part of a move.
    for (char c : suffix)
        if (!is_ascii_letter(c))
            throw NotationError("move '" + printable_text(text) +
                                "' is not a move in coordinate notation: " + character_name(c) +
                                " after the squares");
    if (!suffix.empty()) {
        for (Slot s = 0; s < SlotCount; ++s)
            if (suffix == promotion_suffix(s)) m.promotion = s;
        if (m.promotion == NoSlot)
            throw fail("unknown promotion suffix '" + printable_text(suffix) +
                       "' (use q, k, r, n, b, gr, gn or gb)");
    }
    Unit u = cells_[m.from], target = cells_[m.to];
    if (!u.empty() && u.type() == King && !target.empty() && target.color() == u.color() &&
        target.type() == Rook)
        m.kind = MoveKind::Castling;
    else if (!u.empty() && u.type() == Pawn && m.to == ep_ &&
             G::file_of(m.to) != G::file_of(m.from))
        m.kind = MoveKind::EnPassant;
    return m;
}

}  // namespace arbiter::chiefspy
