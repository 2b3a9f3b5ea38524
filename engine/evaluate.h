// Static evaluation for chess-like positions on any geometry: material and piece-square
// terms tapered between middlegame and endgame by the material left, mobility, pawn
// structure (passed, isolated, doubled), king safety (attackers on the king zone, pawn
// shield), bishop pair, rooks on open files, and endgame knowledge (mop-up against a bare
// king, drawish material). The tables are built from formulas in eval_tables.h, tuned by
// hand for 8x8; on 8x10 the ranks are stretched onto them.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "engine/eval_tables.h"
#include "variants/chess/position.h"

namespace arbiter::engine {

namespace eval_detail {

template <typename G, Color C>
inline typename G::Bitboard pawn_attack_span(typename G::Bitboard pawns) {
    if constexpr (C == White)
        return shift<G, NorthEast>(pawns) | shift<G, NorthWest>(pawns);
    else
        return shift<G, SouthEast>(pawns) | shift<G, SouthWest>(pawns);
}

inline int chebyshev(int f1, int r1, int f2, int r2) {
    return std::max(std::abs(f1 - f2), std::abs(r1 - r2));
}

}  // namespace eval_detail

// Non-pawn material of one side, in the middlegame scale (for null-move and scaling).
template <typename R>
int non_pawn_material(const BasicPosition<R>& pos, Color c) {
    return pos.count(c, Knight) * 320 + pos.count(c, Bishop) * 330 + pos.count(c, Rook) * 500 +
           pos.count(c, Queen) * 950;
}

// The evaluation in centipawns from the side to move's point of view.
template <typename R>
int evaluate(const BasicPosition<R>& pos) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    using namespace eval_detail;
    const auto& t = eval_tables<G>();

    int mg[2] = {0, 0}, eg[2] = {0, 0};
    const Bitboard occupied = pos.pieces();
    const Bitboard pawns[2] = {pos.pieces(White, Pawn), pos.pieces(Black, Pawn)};
    const Bitboard pawnAttacks[2] = {pawn_attack_span<G, White>(pawns[White]),
                                     pawn_attack_span<G, Black>(pawns[Black])};
    Square ksq[2] = {pos.king_square(White), pos.king_square(Black)};
    Bitboard kingZone[2] = {0, 0};
    for (Color c : {White, Black})
        if (ksq[c] != NoSquare) kingZone[c] = t.kingZone[c][ksq[c]];
    int attackers[2] = {0, 0}, attackWeight[2] = {0, 0};  // on the king of that colour
    Bitboard attacked[2] = {pawnAttacks[White], pawnAttacks[Black]};
    Bitboard minorAttacks[2] = {0, 0}, rookAttacks[2] = {0, 0};
    for (Color c : {White, Black})
        if (ksq[c] != NoSquare) attacked[c] |= king_attacks<G>(ksq[c]);
    int phase = 0;

    for (Color c : {White, Black}) {
        const Color o = ~c;
        const Bitboard own = pos.pieces(c);
        const Bitboard mobilityArea = ~own & ~pawnAttacks[o] & all_squares_bb<G>();

        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            Bitboard b = pos.pieces(c, pt);
            phase += popcount(b) * PhaseWeight[pt];
            while (b) {
                Square s = pop_lsb(b);
                mg[c] += t.psqMg[c][pt][s];
                eg[c] += t.psqEg[c][pt][s];
                // Sliders see through their own queen and rooks (batteries).
                Bitboard through = occupied;
                if (pt == Bishop) through ^= pos.pieces(c, Queen);
                if (pt == Rook) through ^= pos.pieces(c, Rook, Queen);
                Bitboard att = piece_attacks<G>(pt, s, through);
                attacked[c] |= att;
                if (pt == Knight || pt == Bishop) minorAttacks[c] |= att;
                if (pt == Rook) rookAttacks[c] |= att;
                int mob = std::min(popcount(att & mobilityArea), MaxMobility - 1);
                mg[c] += t.mobilityMg[pt][mob];
                eg[c] += t.mobilityEg[pt][mob];
                Bitboard onKing = att & kingZone[o];
                if (onKing) {
                    ++attackers[o];
                    attackWeight[o] += KingAttackWeight[pt] * popcount(onKing);
                }
                if (pt == Rook) {
                    Bitboard file = t.fileOf[s];
                    if (!(file & pawns[c])) {
                        bool open = !(file & pawns[o]);
                        mg[c] += open ? RookOpenFileMg : RookSemiOpenFileMg;
                        eg[c] += open ? RookOpenFileEg : RookSemiOpenFileEg;
                    }
                }
                if (pt == Knight || pt == Bishop) {
                    // An outpost: defended by a pawn, no enemy pawn can ever chase it away.
                    if ((pawnAttacks[c] & square_bb<G>(s)) && !(t.attackSpan[c][s] & pawns[o]) &&
                        G::relative_rank(c == Black, s) >= 3 &&
                        G::relative_rank(c == Black, s) < G::Ranks - 1)
                        mg[c] += pt == Knight ? KnightOutpostMg : BishopOutpostMg;
                }
            }
        }
        if (pos.count(c, Bishop) >= 2) {
            mg[c] += BishopPairMg;
            eg[c] += BishopPairEg;
        }

        // Pawns.
        Bitboard b = pawns[c];
        while (b) {
            Square s = pop_lsb(b);
            mg[c] += t.psqMg[c][Pawn][s];
            eg[c] += t.psqEg[c][Pawn][s];
            const int file = G::file_of(s);
            const int rr = G::relative_rank(c == Black, s);
            if (!(t.adjacentFiles[file] & pawns[c])) {
                mg[c] -= IsolatedMg;
                eg[c] -= IsolatedEg;
            }
            if ((pawnAttacks[c] & square_bb<G>(s)) ||
                (t.adjacentFiles[file] & rank_bb<G>(G::rank_of(s)) & pawns[c])) {
                mg[c] += ConnectedMg[t.rank8[rr]];  // defended by a pawn or side by side
                eg[c] += ConnectedMg[t.rank8[rr]] / 2;
            }
            if (t.forwardFile[c][s] & pawns[c]) {
                mg[c] -= DoubledMg;
                eg[c] -= DoubledEg;
            }
            if (!(t.passedSpan[c][s] & pawns[o]) && !(t.forwardFile[c][s] & pawns[c])) {
                int r8 = t.rank8[rr];
                int bonusMg = PassedMg[r8], bonusEg = PassedEg[r8];
                Square stop = c == White ? s + G::Files : s - G::Files;
                if (stop >= 0 && stop < G::Squares) {
                    if (pos.empty(stop)) bonusEg += PassedFreeEg[r8];
                    // Kings racing to the square in front of the pawn.
                    if (ksq[o] != NoSquare && ksq[c] != NoSquare) {
                        int fs = G::file_of(stop), rs = G::rank_of(stop);
                        int theirs = chebyshev(G::file_of(ksq[o]), G::rank_of(ksq[o]), fs, rs);
                        int ours = chebyshev(G::file_of(ksq[c]), G::rank_of(ksq[c]), fs, rs);
                        bonusEg += (std::min(theirs, 5) * 5 - std::min(ours, 5) * 2) * r8 / 2;
                    }
                }
                if (pawnAttacks[c] & square_bb<G>(s)) bonusMg += PassedProtectedMg * r8 / 6;
                mg[c] += bonusMg;
                eg[c] += bonusEg;
            }
        }

        // King: placement, pawn shield.
        if (ksq[c] != NoSquare) {
            Square k = ksq[c];
            mg[c] += t.psqMg[c][King][k];
            eg[c] += t.psqEg[c][King][k];
            int kf = std::clamp(G::file_of(k), 1, G::Files - 2);
            int shieldMissing = 0;
            for (int f = kf - 1; f <= kf + 1; ++f) {
                Bitboard filePawns = t.fileMask[f] & pawns[c] & t.shieldZone[c][k];
                if (!filePawns) {
                    shieldMissing += 2;
                    if (!(t.fileMask[f] & pawns[c])) shieldMissing += 1;  // half-open file
                } else if (!(filePawns & t.shieldNear[c][k])) {
                    shieldMissing += 1;
                }
            }
            mg[c] -= ShieldPenalty * shieldMissing;
        }
    }

    // Threats: pieces attacked by pawns or by lesser pieces, and pieces left hanging.
    for (Color c : {White, Black}) {
        Color o = ~c;
        Bitboard targets = pos.pieces(o) & ~pos.pieces(o, Pawn) & ~pos.pieces(o, King);
        int byPawn = popcount(targets & pawnAttacks[c]);
        int byMinor = popcount(minorAttacks[c] & pos.pieces(o, Rook, Queen));
        int byRook = popcount(rookAttacks[c] & pos.pieces(o, Queen));
        int hanging = popcount(targets & attacked[c] & ~attacked[o]);
        mg[c] += ThreatByPawnMg * byPawn + ThreatByMinorMg * byMinor + ThreatByRookMg * byRook +
                 HangingMg * hanging;
        eg[c] += ThreatByPawnEg * byPawn + ThreatByMinorEg * byMinor + ThreatByRookEg * byRook +
                 HangingEg * hanging;
    }

    // King danger: a quadratic term in the weight of attacks on the king zone.
    for (Color c : {White, Black}) {
        Color o = ~c;
        if (attackers[c] >= 2 && pos.pieces(o, Queen)) {
            int units = attackWeight[c] + 2 * attackers[c];
            mg[c] -= std::min(units * units / 3, 700);
        } else if (attackers[c] >= 2) {
            int units = attackWeight[c];
            mg[c] -= std::min(units * units / 6, 300);
        }
    }

    Color us = pos.side_to_move();
    mg[us] += TempoMg;

    phase = std::min(phase, PhaseTotal);
    int mgScore = mg[White] - mg[Black], egScore = eg[White] - eg[Black];

    // Endgame knowledge on the endgame side of the taper.
    Color strong = egScore >= 0 ? White : Black, weak = ~strong;
    int strongNp = non_pawn_material(pos, strong), weakNp = non_pawn_material(pos, weak);
    if (!pawns[strong] && strongNp - weakNp <= 330) {
        egScore /= 8;  // a minor piece up without pawns wins nothing
        mgScore /= 4;
    } else if (!pawns[strong] && strongNp - weakNp <= 500 && weakNp) {
        egScore /= 3;  // e.g. rook against minor
    }
    if (pos.count(White, Bishop) == 1 && pos.count(Black, Bishop) == 1 && strongNp == 330 &&
        weakNp == 330) {
        Bitboard dark = dark_squares_bb<G>();
        bool whiteDark = pos.pieces(White, Bishop) & dark,
             blackDark = pos.pieces(Black, Bishop) & dark;
        if (whiteDark != blackDark) egScore /= 2;  // opposite-coloured bishops
    }
    // Mop-up: drive a bare king to the edge and bring ours close.
    if (pos.pieces(weak) == pos.pieces(weak, King) && strongNp >= 500 && ksq[weak] != NoSquare &&
        ksq[strong] != NoSquare) {
        int wf = G::file_of(ksq[weak]), wr = G::rank_of(ksq[weak]);
        int edge = std::min({wf, G::Files - 1 - wf, wr, G::Ranks - 1 - wr});
        int dist = chebyshev(wf, wr, G::file_of(ksq[strong]), G::rank_of(ksq[strong]));
        int bonus = 400 + (3 - edge) * 40 + (8 - dist) * 15;
        egScore += strong == White ? bonus : -bonus;
        mgScore += strong == White ? bonus : -bonus;
    }

    int score = (mgScore * phase + egScore * (PhaseTotal - phase)) / PhaseTotal;
    return us == White ? score : -score;
}

}  // namespace arbiter::engine
