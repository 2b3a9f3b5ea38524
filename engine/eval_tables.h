// The evaluation's weights and the per-geometry tables built from them. Piece-square values
// are formulas over the distance to the centre and the rank (our own hand tuning, not a
// published table); masks for files, pawn spans and king zones are precomputed per board.
#pragma once

#include <algorithm>
#include <array>

#include "core/attacks.h"
#include "core/bitboard.h"
#include "core/types.h"

namespace arbiter::engine {

constexpr int PhaseWeight[6] = {0, 1, 1, 2, 4, 0};
constexpr int PhaseTotal = 24;
constexpr int MaxMobility = 32;
constexpr int KingAttackWeight[6] = {0, 2, 2, 3, 5, 0};

constexpr int BishopPairMg = 30, BishopPairEg = 55;
constexpr int RookOpenFileMg = 28, RookOpenFileEg = 10;
constexpr int RookSemiOpenFileMg = 12, RookSemiOpenFileEg = 8;
constexpr int KnightOutpostMg = 22, BishopOutpostMg = 12;
constexpr int IsolatedMg = 10, IsolatedEg = 14;
constexpr int DoubledMg = 10, DoubledEg = 22;
constexpr int PassedMg[8] = {0, 5, 8, 14, 28, 50, 80, 0};
constexpr int PassedEg[8] = {0, 10, 15, 28, 50, 85, 130, 0};
constexpr int PassedFreeEg[8] = {0, 0, 2, 5, 10, 18, 30, 0};
constexpr int PassedProtectedMg = 12;
constexpr int ConnectedMg[8] = {0, 3, 5, 8, 14, 24, 40, 0};
constexpr int ShieldPenalty = 8;
constexpr int TempoMg = 12;
constexpr int ThreatByPawnMg = 55, ThreatByPawnEg = 35;
constexpr int ThreatByMinorMg = 35, ThreatByMinorEg = 25;
constexpr int ThreatByRookMg = 30, ThreatByRookEg = 15;
constexpr int HangingMg = 25, HangingEg = 15;

namespace eval_detail {

// Piece-square value (material included) on an 8x8 grid: file 0..7, rank 0..7 from the
// owner's side.
inline int square_value(PieceType pt, int f, int r, bool endgame) {
    const int cf = std::min(f, 7 - f), cr = std::min(r, 7 - r);  // 0 on the edge, 3 central
    switch (pt) {
        case Pawn: {
            if (endgame) {
                constexpr int advance[8] = {0, 0, 2, 6, 12, 22, 36, 0};
                return 100 + advance[r];
            }
            constexpr int advance[8] = {0, 0, 2, 6, 14, 28, 50, 0};
            int v = 85 + advance[r];
            bool centre = f == 3 || f == 4, nearCentre = f == 2 || f == 5;
            if (r == 3) v += centre ? 18 : nearCentre ? 6 : 0;
            if (r == 4) v += centre ? 12 : nearCentre ? 5 : 0;
            if (r == 1 && centre) v -= 6;
            if (r == 1 && f >= 5) v += 4;  // the castled king's shelter
            return v;
        }
        case Knight:
            if (endgame) return 300 + 5 * (cf + cr);
            return 310 + 7 * cf + 6 * cr + (r >= 3 && r <= 5 ? 6 : 0) - (r == 0 ? 8 : 0);
        case Bishop: {
            if (endgame) return 315 + 3 * (cf + cr);
            int v = 325 + 4 * cf + 4 * cr;
            if (f == r || f == 7 - r) v += 6;
            if (r == 0) v -= 6;
            return v;
        }
        case Rook:
            if (endgame) return 510 + (r == 6 ? 8 : 0);
            return 470 + (r == 6 ? 16 : 0) + (f == 3 || f == 4 ? 5 : 0) -
                   (f == 0 || f == 7 ? 4 : 0);
        case Queen:
            if (endgame) return 960 + 4 * (cf + cr);
            return 940 + 2 * (cf + cr);
        case King: {
            if (endgame) return -40 + 12 * (cf + cr);
            constexpr int backRank[8] = {18, 24, 10, -5, -2, -5, 26, 18};
            constexpr int secondRank[8] = {10, 10, -5, -15, -15, -5, 10, 10};
            if (r == 0) return backRank[f];
            if (r == 1) return secondRank[f];
            return -25 * (r - 1) - 10;
        }
        default:
            return 0;
    }
}

inline int mobility_value(PieceType pt, int n, bool endgame) {
    struct Shape {
        int base, mg, eg, cap;
    };
    constexpr Shape shapes[6] = {{0, 0, 0, 0},  {4, 5, 5, 8},   {6, 5, 5, 12},
                                 {6, 3, 5, 14}, {12, 2, 3, 27}, {0, 0, 0, 0}};
    const Shape& s = shapes[pt];
    int coef = endgame ? s.eg : s.mg;
    return coef * (std::min(n, s.cap) - s.base) + coef * std::max(0, n - s.cap) / 2;
}

}  // namespace eval_detail

template <typename G>
struct EvalTables {
    using Bitboard = typename G::Bitboard;
    static constexpr int N = G::Squares;
    std::array<std::array<std::array<int, N>, 6>, 2> psqMg{}, psqEg{};
    std::array<std::array<int, MaxMobility>, 6> mobilityMg{}, mobilityEg{};
    std::array<int, G::Ranks> rank8{};  // relative rank stretched onto 0..7
    std::array<Bitboard, N> fileOf{};
    std::array<Bitboard, G::Files> fileMask{}, adjacentFiles{};
    std::array<std::array<Bitboard, N>, 2> forwardFile{}, passedSpan{}, attackSpan{};
    std::array<std::array<Bitboard, N>, 2> kingZone{}, shieldZone{}, shieldNear{};

    EvalTables() {
        for (int r = 0; r < G::Ranks; ++r) rank8[r] = (r * 7 + (G::Ranks - 1) / 2) / (G::Ranks - 1);
        for (int f = 0; f < G::Files; ++f) fileMask[f] = file_bb<G>(f);
        for (int f = 0; f < G::Files; ++f)
            adjacentFiles[f] =
                (f > 0 ? fileMask[f - 1] : 0) | (f + 1 < G::Files ? fileMask[f + 1] : 0);
        for (int pt = 0; pt < 6; ++pt)
            for (int n = 0; n < MaxMobility; ++n) {
                mobilityMg[pt][n] = eval_detail::mobility_value(PieceType(pt), n, false);
                mobilityEg[pt][n] = eval_detail::mobility_value(PieceType(pt), n, true);
            }
        for (Square s = 0; s < N; ++s) {
            const int f = G::file_of(s);
            fileOf[s] = fileMask[f];
            for (Color c : {White, Black}) {
                const int rr = G::relative_rank(c == Black, s);
                for (int pt = 0; pt < 6; ++pt) {
                    psqMg[c][pt][s] = eval_detail::square_value(PieceType(pt), f, rank8[rr], false);
                    psqEg[c][pt][s] = eval_detail::square_value(PieceType(pt), f, rank8[rr], true);
                }
                Bitboard ahead = 0, oneAhead = 0, twoAhead = 0;
                for (Square t = 0; t < N; ++t) {
                    int tr = G::relative_rank(c == Black, t);
                    if (tr > rr) ahead |= square_bb<G>(t);
                    if (tr == rr + 1) oneAhead |= square_bb<G>(t);
                    if (tr == rr + 2) twoAhead |= square_bb<G>(t);
                }
                forwardFile[c][s] = ahead & fileMask[f];
                attackSpan[c][s] = ahead & adjacentFiles[f];
                passedSpan[c][s] = ahead & (fileMask[f] | adjacentFiles[f]);
                Bitboard around = king_attacks<G>(s) | square_bb<G>(s);
                Bitboard forward = c == White ? shift<G, North>(around) : shift<G, South>(around);
                kingZone[c][s] = around | forward;
                shieldZone[c][s] = oneAhead | twoAhead;
                shieldNear[c][s] = oneAhead;
            }
        }
    }
};

template <typename G>
const EvalTables<G>& eval_tables() {
    static const EvalTables<G> tables;
    return tables;
}

}  // namespace arbiter::engine
