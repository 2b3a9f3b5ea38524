// Static evaluation for chess-like positions on any geometry: material and piece-square
// terms tapered between middlegame and endgame by the material left, mobility, pawn
// structure (passed, isolated, doubled), king safety (attackers on the king zone, pawn
// shield), bishop pair, rooks on open files, and endgame knowledge (mop-up against a bare
// king, drawish material). The tables are built from formulas in eval_tables.h, tuned by
// Texel's method on positions from our own games (engine/texel.h, `arbiter tune`); on 8x10
// the ranks are stretched onto the 8x8 tables. Every term goes through the Trace, which the
// tuner reads and the search's NoTrace ignores.
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
template <typename R, typename Trace>
int evaluate(const BasicPosition<R>& pos, Trace& trace) {
    using G = typename R::Geometry;
    using Bitboard = typename G::Bitboard;
    using namespace eval_detail;
    const auto& t = eval_tables<G>();

    int mg[2] = {0, 0}, eg[2] = {0, 0};
    auto add = [&](Color c, int index, int count = 1) {
        mg[c] += EvalWeights[index].mg * count;
        eg[c] += EvalWeights[index].eg * count;
        trace.add(c, index, count);
    };
    auto add_fixed = [&](Color c, int mgValue, int egValue) {
        mg[c] += mgValue;
        eg[c] += egValue;
        trace.fixed(c, mgValue, egValue);
    };
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
                trace.add(c, t.psqIndex[c][pt][s]);
                // Sliders see through their own queen and rooks (batteries).
                Bitboard through = occupied;
                if (pt == Bishop) through ^= pos.pieces(c, Queen);
                if (pt == Rook) through ^= pos.pieces(c, Rook, Queen);
                Bitboard att = piece_attacks<G>(pt, s, through);
                attacked[c] |= att;
                if (pt == Knight || pt == Bishop) minorAttacks[c] |= att;
                if (pt == Rook) rookAttacks[c] |= att;
                int mob = std::min(popcount(att & mobilityArea), MaxMobility - 1);
                add(c, term::Mobility + pt * MaxMobility + mob);
                Bitboard onKing = att & kingZone[o];
                if (onKing) {
                    ++attackers[o];
                    attackWeight[o] += KingAttackWeight[pt] * popcount(onKing);
                }
                if (pt == Rook) {
                    Bitboard file = t.fileOf[s];
                    if (!(file & pawns[c]))
                        add(c, file & pawns[o] ? term::RookSemiOpenFile : term::RookOpenFile);
                }
                if (pt == Knight || pt == Bishop) {
                    // An outpost: defended by a pawn, no enemy pawn can ever chase it away.
                    if ((pawnAttacks[c] & square_bb<G>(s)) && !(t.attackSpan[c][s] & pawns[o]) &&
                        G::relative_rank(c == Black, s) >= 3 &&
                        G::relative_rank(c == Black, s) < G::Ranks - 1)
                        add(c, pt == Knight ? term::KnightOutpost : term::BishopOutpost);
                }
            }
        }
        if (pos.count(c, Bishop) >= 2) add(c, term::BishopPair);

        // Pawns.
        Bitboard b = pawns[c];
        while (b) {
            Square s = pop_lsb(b);
            mg[c] += t.psqMg[c][Pawn][s];
            eg[c] += t.psqEg[c][Pawn][s];
            trace.add(c, t.psqIndex[c][Pawn][s]);
            const int file = G::file_of(s);
            const int rr = G::relative_rank(c == Black, s);
            const int r8 = t.rank8[rr];
            if (!(t.adjacentFiles[file] & pawns[c])) add(c, term::IsolatedPawn);
            if ((pawnAttacks[c] & square_bb<G>(s)) ||
                (t.adjacentFiles[file] & rank_bb<G>(G::rank_of(s)) & pawns[c]))
                add(c, term::ConnectedPawn + r8);
            if (t.forwardFile[c][s] & pawns[c]) add(c, term::DoubledPawn);
            if (!(t.passedSpan[c][s] & pawns[o]) && !(t.forwardFile[c][s] & pawns[c])) {
                add(c, term::PassedPawn + r8);
                Square stop = c == White ? s + G::Files : s - G::Files;
                if (stop >= 0 && stop < G::Squares) {
                    if (pos.empty(stop)) add(c, term::PassedPawnFree + r8);
                    // Kings racing to the square in front of the pawn.
                    if (ksq[o] != NoSquare && ksq[c] != NoSquare) {
                        int fs = G::file_of(stop), rs = G::rank_of(stop);
                        int theirs = chebyshev(G::file_of(ksq[o]), G::rank_of(ksq[o]), fs, rs);
                        int ours = chebyshev(G::file_of(ksq[c]), G::rank_of(ksq[c]), fs, rs);
                        add_fixed(c, 0, (std::min(theirs, 5) * 5 - std::min(ours, 5) * 2) * r8 / 2);
                    }
                }
                if (pawnAttacks[c] & square_bb<G>(s)) add(c, term::PassedPawnProtected + r8);
            }
        }

        // King: placement, pawn shield.
        if (ksq[c] != NoSquare) {
            Square k = ksq[c];
            mg[c] += t.psqMg[c][King][k];
            eg[c] += t.psqEg[c][King][k];
            trace.add(c, t.psqIndex[c][King][k]);
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
            if (shieldMissing) add(c, term::ShieldMissing, shieldMissing);
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
        if (byPawn) add(c, term::ThreatByPawn, byPawn);
        if (byMinor) add(c, term::ThreatByMinor, byMinor);
        if (byRook) add(c, term::ThreatByRook, byRook);
        if (hanging) add(c, term::HangingPiece, hanging);
    }

    // King danger: a quadratic term in the weight of attacks on the king zone.
    for (Color c : {White, Black}) {
        Color o = ~c;
        if (attackers[c] >= 2 && pos.pieces(o, Queen)) {
            int units = attackWeight[c] + 2 * attackers[c];
            add_fixed(c, -std::min(units * units / 3, 700), 0);
        } else if (attackers[c] >= 2) {
            int units = attackWeight[c];
            add_fixed(c, -std::min(units * units / 6, 300), 0);
        }
    }

    Color us = pos.side_to_move();
    add(us, term::Tempo);

    phase = std::min(phase, PhaseTotal);
    trace.phase(phase);
    int mgScore = mg[White] - mg[Black], egScore = eg[White] - eg[Black];

    // Endgame knowledge on the endgame side of the taper.
    Color strong = egScore >= 0 ? White : Black, weak = ~strong;
    int strongNp = non_pawn_material(pos, strong), weakNp = non_pawn_material(pos, weak);
    if (!pawns[strong] && strongNp - weakNp <= 330) {
        egScore /= 8;  // a minor piece up without pawns wins nothing
        mgScore /= 4;
        trace.scale(1, 4, 1, 8);
    } else if (!pawns[strong] && strongNp - weakNp <= 500 && weakNp) {
        egScore /= 3;  // e.g. rook against minor
        trace.scale(1, 1, 1, 3);
    }
    if (pos.count(White, Bishop) == 1 && pos.count(Black, Bishop) == 1 && strongNp == 330 &&
        weakNp == 330) {
        Bitboard dark = dark_squares_bb<G>();
        bool whiteDark = pos.pieces(White, Bishop) & dark,
             blackDark = pos.pieces(Black, Bishop) & dark;
        if (whiteDark != blackDark) {
            egScore /= 2;  // opposite-coloured bishops
            trace.scale(1, 1, 1, 2);
        }
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
        trace.after_scale(strong == White ? bonus : -bonus);
    }

    int score = (mgScore * phase + egScore * (PhaseTotal - phase)) / PhaseTotal;
    return us == White ? score : -score;
}

template <typename R>
int evaluate(const BasicPosition<R>& pos) {
    NoTrace none;
    return evaluate(pos, none);
}

}  // namespace arbiter::engine
