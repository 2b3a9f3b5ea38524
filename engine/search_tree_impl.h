// The search below the root (included by search.h): principal variation search with
// its pruning, reductions and extensions, the quiescence search of captures, the order in
// which a node's moves are tried, and draws inside the tree.
#pragma once

namespace arbiter::engine {

template <typename R>
bool Searcher<R>::is_draw() const {
    if (pos_.halfmove_clock() >= 100) return true;
    if (pos_.repetition_count() >= 2) return true;
    if (!pos_.pieces(Pawn) && !pos_.pieces(Rook) && !pos_.pieces(Queen) &&
        popcount(pos_.pieces(Knight) | pos_.pieces(Bishop)) <= 1)
        return true;
    return false;
}

template <typename R>
void Searcher<R>::score_moves(ScoredMove* moves, int count, Move ttMove, int ply) {
    const Frame& f = stack_[ply];
    const auto earlier = earlier_moves(ply);
    const Move counter = history_.counter_move(earlier[0]);
    for (int i = 0; i < count; ++i) {
        Move m = moves[i].move;
        int s;
        if (m == ttMove)
            s = 30'000'000;
        else if (m.kind() == MoveKind::Promotion && m.promotion() != Queen)
            s = -20'000'000;
        else if (!is_quiet(m))
            s = (see_ge(pos_, m, 0) ? 20'000'000 : -10'000'000) + capture_order(m);
        else if (m == f.killers[0])
            s = 19'000'000;
        else if (m == f.killers[1])
            s = 18'000'000;
        else if (m == counter)
            s = 17'000'000;
        else
            s = history_.score(pos_.side_to_move(), m, pos_.moved_piece(m), earlier);
        moves[i].score = s;
    }
}

template <typename R>
template <bool PvNode>
int Searcher<R>::search(int alpha, int beta, int depth, int ply, bool cutNode) {
    const bool root = ply == 0;
    pvLength_[ply] = ply;
    if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply);
    enter_node(ply);
    if ((++nodes_ & 1023) == 0) check_limits();
    if (stopped_) return 0;
    if (PvNode && ply + 1 > seldepth_) seldepth_ = ply + 1;

    const bool inCheck = pos_.in_check();
    if (!root) {
        if (is_draw()) return ValueDraw;
        if (ply >= MaxPly - 2) return inCheck ? ValueDraw : static_eval(ply);
        alpha = std::max(mated_in(ply), alpha);
        beta = std::min(mate_in(ply + 1), beta);
        if (alpha >= beta) return alpha;
    }

    const Key key = pos_.key();
    TTData tte;
    const bool ttHit = tt_.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos_.halfmove_clock()) : ValueNone;
    Move ttMove = ttHit ? tte.move : Move::none();
    if (root && !rootMoves_.empty()) ttMove = rootMoves_[0].move;
    if (!PvNode && !stack_[ply].excluded && ttHit && tte.depth >= depth && ttScore != ValueNone &&
        pos_.halfmove_clock() < 90 &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore >= beta) ||
         (tte.bound == Bound::Upper && ttScore <= alpha)))
        return ttScore;

    Frame& ss = stack_[ply];
    const Move excluded = ss.excluded;
    stack_[ply + 1].killers[0] = stack_[ply + 1].killers[1] = Move::none();
    int rawEval = ValueNone, staticEval = ValueNone, eval = ValueNone;
    if (!inCheck) {
        rawEval = ttHit && tte.eval != ValueNone ? tte.eval : static_eval(ply);
        staticEval = eval = corrected(rawEval);
        if (ttScore != ValueNone &&
            (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore > eval) ||
             (tte.bound == Bound::Upper && ttScore < eval)))
            eval = ttScore;
    }
    ss.staticEval = staticEval;
    const bool improving = !inCheck && ply >= 2 && stack_[ply - 2].staticEval != ValueNone &&
                           staticEval > stack_[ply - 2].staticEval;
    const Color us = pos_.side_to_move();

    if (!PvNode && !inCheck && !excluded) {
        // Reverse futility: far above beta with little depth left.
        if (depth <= 8 && eval - 85 * (depth - improving) >= beta && eval < ValueMateInMaxPly)
            return eval;
        // Razoring: hopeless at low depth unless a capture saves it.
        if (depth <= 3 && eval + 220 * depth + 120 < alpha) {
            int v = qsearch<false>(alpha, alpha + 1, ply);
            if (v <= alpha) return v;
        }
        // Null move: give the opponent a free move; if we still beat beta, so be it.
        if (depth >= 3 && eval >= beta && staticEval >= beta - 20 * depth + 150 && ply > 0 &&
            stack_[ply - 1].move != Move::null() && non_pawn_material(pos_, us) > 0 &&
            beta > -ValueMateInMaxPly) {
            int reduction = 3 + depth / 3 + std::min((eval - beta) / 200, 3);
            ss.move = Move::null();
            ss.moved = NoPiece;
            pos_.do_null_move();
            int v = -search<false>(-beta, -beta + 1, depth - reduction, ply + 1, !cutNode);
            pos_.undo_null_move();
            if (stopped_) return 0;
            if (v >= beta) return v >= ValueMateInMaxPly ? beta : v;
        }
    }

    // Internal iterative reduction: no hash move here means a poorly known node.
    if (depth >= 4 && !ttMove && (PvNode || cutNode) && !excluded) --depth;

    Room<ScoredMove, 320> room;
    ScoredMove* const moves = room.items;
    int count = 0;
    if (root) {
        for (const RootMove& rm : rootMoves_) moves[count++] = {rm.move, 0};
        for (int i = 0; i < count; ++i) moves[i].score = count - i;  // keep last depth's order
    } else {
        MoveList<> list;
        generate_legal(pos_, list);
        if (list.empty()) return inCheck ? mated_in(ply) : ValueDraw;
        for (Move m : list) moves[count++] = {m, 0};
        score_moves(moves, count, ttMove, ply);
    }

    const int oldAlpha = alpha;
    int bestScore = -ValueInfinite;
    Move bestMove = Move::none();
    Room<Move, 64> triedRoom;
    Move* const quietsTried = triedRoom.items;
    int quietCount = 0;
    int moveCount = 0;
    bool skipQuiets = false;
    const bool hasPieces = non_pawn_material(pos_, us) > 0;

    for (int i = 0; i < count; ++i) {
        Move m = pick_next(moves, count, i);
        if (m == excluded) continue;
        const bool quiet = is_quiet(m);
        const int penalty = quiet ? landing_penalty(m) : 0;
        if (skipQuiets && quiet && m != ttMove && !gives_direct_check(m)) continue;
        ++moveCount;

        // Pruning of moves unlikely to matter (never at the root, never when mated).
        if (!root && bestScore > -ValueMateInMaxPly && hasPieces) {
            if (quiet) {
                if (!PvNode && depth <= 8 &&
                    moveCount > (improving ? 5 + depth * depth : 3 + depth * depth / 2)) {
                    skipQuiets = true;
                    if (!gives_direct_check(m)) continue;
                }
                if (depth <= 7 && !see_ge(pos_, m, -60 * depth)) continue;
            } else if (depth <= 6 && !see_ge(pos_, m, -110 * depth)) {
                continue;
            }
        }

        tt_.prefetch(pos_.key_after(m));  // the child probes it first: fetch it meanwhile

        // Singular extension: when the hash move is the only good one here (every other
        // move fails well below its score in a shallow search), it deserves more depth; when
        // another move also beats beta, the node cuts at once (multi-cut).
        int extension = 0;
        if (!root && m == ttMove && !excluded && depth >= 6 && tte.depth >= depth - 3 &&
            tte.bound != Bound::Upper && ttScore != ValueNone && !is_mate_score(ttScore) &&
            !is_mate_score(alpha) && !is_mate_score(beta) && ply < 2 * rootDepth_) {
            const int singularBeta = ttScore - 2 * depth;
            ss.excluded = m;
            const int v =
                search<false>(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, cutNode);
            ss.excluded = Move::none();
            if (stopped_) return 0;
            if (v < singularBeta)
                extension = !PvNode && v < singularBeta - 20 ? 2 : 1;
            else if (singularBeta >= beta)
                return singularBeta;
            else if (ttScore >= beta)
                extension = -1;
        }

        ss.move = m;
        ss.moved = pos_.moved_piece(m);
        const std::uint64_t nodesBefore = nodes_;
        pos_.do_move(m);
        const bool givesCheck = pos_.in_check();
        // Futility: a quiet move that does not check cannot lift a hopeless eval.
        if (!root && quiet && !givesCheck && !inCheck && depth <= 7 && moveCount > 1 &&
            bestScore > -ValueMateInMaxPly && staticEval + 110 + 100 * depth <= alpha) {
            pos_.undo_move(m);
            continue;
        }
        if (extension == 0 && givesCheck && ply < 2 * rootDepth_) extension = 1;
        int newDepth = depth - 1 + extension;
        // A quiet landing on the fog costs its expected loss (penalty, taken before the move is
        // made): the child is searched with the window shifted by it.
        auto child = [&](auto pv, int a, int b, int d, bool cut) {
            constexpr bool Pv = decltype(pv)::value;
            if (!penalty) return -search<Pv>(-b, -a, d, ply + 1, cut);
            const int lo = std::max(a + penalty, -ValueInfinite);
            const int hi = std::min(b + penalty, ValueInfinite);
            const int v = -search<Pv>(-hi, -lo, d, ply + 1, cut);
            return is_mate_score(v) ? v : v - penalty;
        };
        using PvChild = std::true_type;
        using NonPvChild = std::false_type;
        int v;
        if (moveCount == 1) {
            v = child(std::bool_constant<PvNode>{}, alpha, beta, newDepth, false);
        } else {
            int reduction = 0;
            if (depth >= 3 && moveCount > 1 + (PvNode ? 1 : 0) && (quiet || moves[i].score < 0)) {
                reduction = search_detail::reductions()(depth, moveCount);
                if (!PvNode) ++reduction;
                if (cutNode) ++reduction;
                if (!improving) ++reduction;
                if (givesCheck) --reduction;
                if (inCheck) --reduction;
                if (quiet) {
                    if (moves[i].score >= 17'000'000)
                        reduction -= 2;  // killers, counter
                    else
                        reduction -= std::clamp(moves[i].score / 8000, -2, 2);
                }
                reduction = std::clamp(reduction - 1, 0, newDepth - 1);
            }
            v = child(NonPvChild{}, alpha, alpha + 1, newDepth - reduction, true);
            if (v > alpha && reduction > 0)
                v = child(NonPvChild{}, alpha, alpha + 1, newDepth, !cutNode);
            if (PvNode && v > alpha && v < beta) v = child(PvChild{}, alpha, beta, newDepth, false);
        }
        pos_.undo_move(m);
        if (stopped_) return 0;

        if (root) {
            for (RootMove& rm : rootMoves_)
                if (rm.move == m) {
                    rm.score = (moveCount == 1 || v > alpha) ? v : -ValueInfinite;
                    rm.nodes += nodes_ - nodesBefore;
                }
        }
        if (v > bestScore) {
            bestScore = v;
            if (v > alpha) {
                bestMove = m;
                if (PvNode) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
        if (quiet && m != bestMove && quietCount < 64) quietsTried[quietCount++] = m;
    }

    if (moveCount == 0)  // every move was pruned away (or the only one is excluded)
        return excluded ? alpha : inCheck ? mated_in(ply) : alpha;

    if (bestScore >= beta && is_quiet(bestMove)) {
        int bonus = std::min(16 * depth * depth + 32 * depth, 1500);
        const auto earlier = earlier_moves(ply);
        history_.reward(us, bestMove, pos_.moved_piece(bestMove), earlier, bonus);
        for (int i = 0; i < quietCount; ++i)
            history_.reward(us, quietsTried[i], pos_.moved_piece(quietsTried[i]), earlier, -bonus);
        if (ss.killers[0] != bestMove) {
            ss.killers[1] = ss.killers[0];
            ss.killers[0] = bestMove;
        }
        history_.set_counter_move(earlier[0], bestMove);
    }

    Bound bound = bestScore >= beta                ? Bound::Lower
                  : PvNode && bestScore > oldAlpha ? Bound::Exact
                                                   : Bound::Upper;
    // The search's verdict teaches the correction, unless the bound cannot say which way the
    // evaluation erred or a capture decided it.
    if (!inCheck && !excluded && (!bestMove || is_quiet(bestMove)) && !is_mate_score(bestScore) &&
        !(bound == Bound::Lower && bestScore <= staticEval) &&
        !(bound == Bound::Upper && bestScore >= staticEval))
        update_correction(depth, bestScore - staticEval);
    if (!excluded) tt_.store(key, bestMove, score_to_tt(bestScore, ply), rawEval, depth, bound);
    return bestScore;
}

template <typename R>
template <bool PvNode>
int Searcher<R>::qsearch(int alpha, int beta, int ply) {
    pvLength_[ply] = ply;
    enter_node(ply);
    if ((++nodes_ & 1023) == 0) check_limits();
    if (stopped_) return 0;
    if (PvNode && ply + 1 > seldepth_) seldepth_ = ply + 1;
    if (is_draw()) return ValueDraw;
    const bool inCheck = pos_.in_check();
    if (ply >= MaxPly - 2) return inCheck ? ValueDraw : static_eval(ply);

    const Key key = pos_.key();
    TTData tte;
    const bool ttHit = tt_.probe(key, tte);
    const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos_.halfmove_clock()) : ValueNone;
    if (!PvNode && ttHit && ttScore != ValueNone &&
        (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore >= beta) ||
         (tte.bound == Bound::Upper && ttScore <= alpha)))
        return ttScore;

    int rawEval = ValueNone, staticEval = ValueNone, bestScore;
    if (inCheck) {
        bestScore = -ValueInfinite;
    } else {
        rawEval = ttHit && tte.eval != ValueNone ? tte.eval : static_eval(ply);
        staticEval = corrected(rawEval);
        bestScore = staticEval;
        if (ttScore != ValueNone &&
            (tte.bound == Bound::Exact || (tte.bound == Bound::Lower && ttScore > bestScore) ||
             (tte.bound == Bound::Upper && ttScore < bestScore)))
            bestScore = ttScore;
        if (bestScore >= beta) {
            if (!ttHit)
                tt_.store(key, Move::none(), score_to_tt(bestScore, ply), rawEval, -1,
                          Bound::Lower);
            return bestScore;
        }
        alpha = std::max(alpha, bestScore);
    }

    MoveList<> list;
    if (inCheck) {
        generate_legal(pos_, list);
        if (list.empty()) return mated_in(ply);
    } else {
        // With only king and pawns, stalemate is a real danger: look for it.
        if (non_pawn_material(pos_, pos_.side_to_move()) == 0) {
            generate_legal(pos_, list);
            if (list.empty()) return ValueDraw;
            list.clear();
        }
        generate_captures(pos_, list);
    }

    Room<ScoredMove, 320> room;
    ScoredMove* const moves = room.items;
    int count = 0;
    const Move ttMove = ttHit ? tte.move : Move::none();
    const auto earlier = earlier_moves(ply);
    for (Move m : list) {
        int s =
            m == ttMove ? 1 << 24
            : is_quiet(m)
                ? history_.score(pos_.side_to_move(), m, pos_.moved_piece(m), earlier) - (1 << 20)
                : capture_order(m);
        moves[count++] = {m, s};
    }

    const int oldAlpha = alpha;
    Move bestMove = Move::none();
    for (int i = 0; i < count; ++i) {
        Move m = pick_next(moves, count, i);
        if (!inCheck) {
            // Delta pruning: even winning the piece leaves us far below alpha.
            if (m.kind() != MoveKind::Promotion &&
                staticEval + SeeValue[type_of(pos_.piece_on(m.to()))] + 180 <= alpha &&
                !see_ge(pos_, m, 1))
                continue;
            if (!see_ge(pos_, m, 0)) continue;
        } else if (bestScore > -ValueMateInMaxPly && is_quiet(m) && i >= 3) {
            continue;  // in check: beyond a few evasions, quiet ones rarely matter
        }
        tt_.prefetch(pos_.key_after(m));
        stack_[ply].move = m;
        stack_[ply].moved = pos_.moved_piece(m);
        pos_.do_move(m);
        int v = -qsearch<PvNode>(-beta, -alpha, ply + 1);
        pos_.undo_move(m);
        if (stopped_) return 0;
        if (v > bestScore) {
            bestScore = v;
            if (v > alpha) {
                bestMove = m;
                if (PvNode) update_pv(ply, m);
                if (v >= beta) break;
                alpha = v;
            }
        }
    }
    Bound bound = bestScore >= beta                ? Bound::Lower
                  : PvNode && bestScore > oldAlpha ? Bound::Exact
                                                   : Bound::Upper;
    tt_.store(key, bestMove, score_to_tt(bestScore, ply), rawEval, -1, bound);
    return bestScore;
}

}  // namespace arbiter::engine
