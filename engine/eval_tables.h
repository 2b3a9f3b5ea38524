// The per-geometry tables of the evaluation: piece-square values from the tuned weights
// (engine/eval_weights.h), with taller boards' ranks stretched onto the 8x8 tables, and the
// masks for files, pawn spans and king zones precomputed per board.
#pragma once

#include <algorithm>
#include <array>

#include "core/attacks.h"
#include "core/bitboard.h"
#include "core/types.h"
#include "engine/eval_terms.h"
#include "engine/eval_weights.h"

namespace arbiter::engine {

constexpr int PhaseWeight[6] = {0, 1, 1, 2, 4, 0};
constexpr int PhaseTotal = 24;
constexpr int KingAttackWeight[6] = {0, 2, 2, 3, 5, 0};

template <typename G>
struct EvalTables {
    using Bitboard = typename G::Bitboard;
    static constexpr int N = G::Squares;
    std::array<std::array<std::array<int, N>, 6>, 2> psqMg{}, psqEg{};
    std::array<std::array<std::array<int, N>, 6>, 2> psqIndex{};  // the term of each entry
    std::array<int, G::Ranks> rank8{};  // relative rank stretched onto 0..7
    std::array<Bitboard, N> fileOf{};
    std::array<Bitboard, G::Files> fileMask{}, adjacentFiles{};
    std::array<std::array<Bitboard, N>, 2> forwardFile{}, passedSpan{}, attackSpan{};
    std::array<std::array<Bitboard, N>, 2> kingZone{}, shieldZone{}, shieldNear{};

    static_assert(G::Files == 8, "the tables are 8 files wide");

    EvalTables() {
        for (int r = 0; r < G::Ranks; ++r) rank8[r] = (r * 7 + (G::Ranks - 1) / 2) / (G::Ranks - 1);
        for (int f = 0; f < G::Files; ++f) fileMask[f] = file_bb<G>(f);
        for (int f = 0; f < G::Files; ++f)
            adjacentFiles[f] =
                (f > 0 ? fileMask[f - 1] : 0) | (f + 1 < G::Files ? fileMask[f + 1] : 0);
        for (Square s = 0; s < N; ++s) {
            const int f = G::file_of(s);
            fileOf[s] = fileMask[f];
            for (Color c : {White, Black}) {
                const int rr = G::relative_rank(c == Black, s);
                for (int pt = 0; pt < 6; ++pt) {
                    const int index = term::PieceSquare + pt * 64 + rank8[rr] * 8 + f;
                    psqIndex[c][pt][s] = index;
                    psqMg[c][pt][s] = EvalWeights[index].mg;
                    psqEg[c][pt][s] = EvalWeights[index].eg;
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
