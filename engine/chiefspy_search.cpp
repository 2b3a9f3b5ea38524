#include "engine/chiefspy_search.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <vector>

#include "core/attacks.h"

namespace arbiter::engine::cs_detail {
namespace {

using chiefspy::BattleSite;
using chiefspy::BattleWinner;
using chiefspy::Fighter;
using chiefspy::NoSlot;
using chiefspy::Unit;
using CsMove = chiefspy::Move;
using G = chiefspy::G;
using Bitboard = chiefspy::Bitboard;

// A round between equals, as the match model sees it: each side captures the other's Chief
// with this probability, or the Spy; the rest is a drawn round.
constexpr double ChiefRound = 0.15, SpyRound = 0.30, DrawnRound = 1 - 2 * (ChiefRound + SpyRound);

double settled(int mine, int theirs) { return mine > theirs ? 1 : mine < theirs ? -1 : 0; }

// The match value with these points and `finished` rounds played.
double match_value(int mine, int theirs, int finished) {
    if (mine >= 2 || theirs >= 2 || finished >= 3) return settled(mine, theirs);
    auto next = [&](int a, int b) { return match_value(mine + a, theirs + b, finished + 1); };
    return ChiefRound * (next(2, 0) + next(0, 2)) + SpyRound * (next(1, 0) + next(0, 1)) +
           DrawnRound * next(0, 0);
}

constexpr int SpyAttackedCost = 700;
// Our Chief within one move (or a Spy gambit) of an enemy piece that may be the Spy: the
// chance that it is, times how sure the opponent is of our Chief (never below the floor: an
// opponent may also strike blindly). The cost itself is the level's (Context::chiefExposure).
constexpr double BlindStrike = 0.2;
// A piece of ours threatening an enemy piece it would lose to, but that the opponent,
// reading our values from what it has seen, believes may win: a bluff the opponent must
// respect (it cannot tell it from a real threat).
constexpr int BluffBonus = 40;
// Ahead in the match, the 100-ply draw is worth running for (behind, worth avoiding): the
// difference between a drawn round and the round's value now, growing with the quiet plies.
constexpr double DrawPull = 0.5;

int piece_score(PieceType pt, Value v) {
    constexpr int mobility[] = {0, 20, 20, 25, 40, 40};
    int worth = v.is_chief() ? 900 : v.is_spy() ? 250 : 100 * v.as_number();
    return worth + mobility[pt];
}

double numeric(Value v) { return v.is_chief() ? 8 : v.is_spy() ? 0 : v.as_number(); }

Bitboard attacks_of(PieceType pt, Color c, Square s, Bitboard occ) {
    if (pt == Pawn) return pawn_attacks<G>(c, s);
    if (pt == King) return queen_attacks<G>(s, occ);
    return piece_attacks<G>(pt, s, occ);
}

// An enemy piece can attack `target` now, or after one quiet step (a Spy gambit).
bool reaches(const Board& b, Square from, PieceType pt, Color c, Square target) {
    Bitboard occ = b.pieces();
    if (attacks_of(pt, c, from, occ) & chiefspy::Bitboard(1) << target) return true;
    Bitboard steps = attacks_of(pt, c, from, occ) & ~occ;
    if (pt == Bishop) steps |= rook_attacks<G>(from, ~Bitboard(0)) & ~occ;
    // Non-pawn attacks are symmetric: the squares attacking target are those target attacks.
    return (steps & attacks_of(pt, c, target, occ & ~(Bitboard(1) << from))) != 0;
}

int value_for_me(const World& w, double matchValue) {
    double change = matchValue - w.ctx->matchNow;
    return int(std::lround(change * MatchScale * (change < 0 ? LossAversion : 1.0)));
}

// Terms for our own pieces from what the opponent knows of them.
int hiding_terms(const World& w) {
    const Context& ctx = *w.ctx;
    const Color me = ctx.me;
    const Board& b = w.board;
    int score = 0;
    for (Slot s = 0; s < SlotCount; ++s) {
        Square sq = b.square_of(me, s);
        if (sq == NoSquare) continue;
        if (w.initial[me][s].is_chief()) {
            double threat = 0;
            for (Slot x = 0; x < SlotCount; ++x) {
                if (ctx.enemySpy[x] <= 0) continue;
                Square from = b.square_of(~me, x);
                if (from == NoSquare) continue;
                if (reaches(b, from, b.at(from).type(), ~me, sq)) threat += ctx.enemySpy[x];
            }
            double known = BlindStrike + (1 - BlindStrike) * ctx.readChief[s];
            score -= int(ctx.chiefExposure * std::min(1.0, threat) * known);
        }
        // Bluffs: a numbered piece that would lose to what it attacks, while the opponent
        // reads it as likely strong enough.
        if (!ctx.bluffs || !w.current[me][s].is_number()) continue;
        Bitboard targets = attacks_of(b.at(sq).type(), me, sq, b.pieces()) & b.pieces(~me);
        for (; targets; targets &= targets - 1) {
            Square t = Square(std::countr_zero(targets));
            Unit d = b.at(t);
            double theirs = d.slot == NoSlot ? 1 : numeric(w.current[~me][d.slot]);
            double real = w.current[me][s].as_number() + 1;
            double seen = ctx.readValue[s] + 1;
            if (real <= theirs && seen > theirs)
                score += int(BluffBonus * std::min(1.0, seen - theirs));
        }
    }
    return score;
}

}  // namespace

double MatchOutlook::after_round(int scoredByMe, int scoredByThem) const {
    return match_value(mine + scoredByMe, theirs + scoredByThem, round);
}

double MatchOutlook::now() const { return match_value(mine, theirs, round - 1); }

Value World::value_of(Color c, Unit u, bool initialValue) const {
    if (u.slot == NoSlot) return Value::number(1);
    return initialValue ? initial[c][u.slot] : current[c][u.slot];
}

void World::play(const CsMove& m) {
    Color us = board.side_to_move();
    std::optional<BattleSite> site = board.battle_site(m);
    std::optional<BattleWinner> winner;
    CsMove applied = m;
    if (site) {
        Fighter a{value_of(us, site->attacker, false), value_of(us, site->attacker, true),
                  site->attackerBonus};
        Fighter d{value_of(~us, site->defender, false), value_of(~us, site->defender, true),
                  site->defenderBonus};
        chiefspy::BattleResult r = chiefspy::resolve_battle(a, d);
        winner = r.winner;
        auto settle = [&](Color c, Unit u, const std::optional<Value>& after, Value v) {
            if (u.slot == NoSlot) return;
            if (after)
                current[c][u.slot] = *after;
            else if (v.is_chief())
                points[~c] += 2;
            else if (v.is_spy())
                points[~c] += 1;
        };
        settle(us, site->attacker, r.attackerAfter, a.current);
        settle(~us, site->defender, r.defenderAfter, d.current);
        if (points[0] || points[1]) {
            applied.promotion = NoSlot;
            over = true;
        }
    }
    board.play(applied, winner);
    if (applied.promotion != NoSlot) {
        Unit there = board.at(m.to);
        if (!there.empty() && there.color() == us && there.slot == applied.promotion)
            current[us][applied.promotion] = initial[us][applied.promotion];
    }
}

int evaluate_world(const World& w) {
    const Context& ctx = *w.ctx;
    Color us = w.board.side_to_move();
    if (w.over) {
        int forMe = value_for_me(w, ctx.match.after_round(w.points[ctx.me], w.points[~ctx.me]));
        return us == ctx.me ? forMe : -forMe;
    }
    int score[2] = {0, 0};
    for (Color c : {White, Black}) {
        // A Spy loses every battle but the one against the Chief: attacked, it is in danger.
        if (w.spy[c] != NoSlot)
            if (Square spy = w.board.square_of(c, w.spy[c]); spy != NoSquare)
                if (w.board.supporters(~c, spy, 0) > 0) score[c] -= SpyAttackedCost;
        for (Bitboard b = w.board.pieces(c); b; b &= b - 1) {
            Square s = Square(std::countr_zero(b));
            Unit u = w.board.at(s);
            if (u.slot == NoSlot) {
                int rank = c == White ? G::rank_of(s) : 7 - G::rank_of(s);
                score[c] += 100 + 6 * rank;
            } else {
                score[c] += piece_score(u.type(), w.current[c][u.slot]);
            }
        }
    }
    score[ctx.me] += hiding_terms(w);
    double quiet = std::min(1.0, w.board.quiet_plies() / 100.0);
    score[ctx.me] += int(DrawPull * (ctx.drawValue - ctx.matchNow) * MatchScale * quiet * quiet);
    return score[us] - score[~us];
}

int WorldSearch::search(const World& w, int depth, int alpha, int beta, int qdepth) {
    ++nodes_;
    if (w.over) return evaluate_world(w);
    Color us = w.board.side_to_move();
    const Context& ctx = *w.ctx;
    if (w.board.quiet_plies() >= 100) {  // the round is drawn
        int forMe = value_for_me(w, ctx.drawValue);
        return us == ctx.me ? forMe : -forMe;
    }
    std::vector<CsMove> moves = w.board.legal_moves(w.spy[us]);
    if (moves.empty()) {  // lost as if the Chief were captured
        int forMe = us == ctx.me ? value_for_me(w, ctx.match.after_round(0, 2))
                                 : value_for_me(w, ctx.match.after_round(2, 0));
        return us == ctx.me ? forMe : -forMe;
    }
    bool quiet = depth <= 0;
    if (quiet) {
        int standPat = evaluate_world(w);
        if (standPat >= beta || qdepth <= 0 || nodes_ > cap_) return standPat;
        alpha = std::max(alpha, standPat);
    }
    // Battles first: the likeliest cut-offs.
    std::stable_partition(moves.begin(), moves.end(),
                          [&](const CsMove& m) { return w.board.battle_site(m).has_value(); });
    int best = quiet ? alpha : -Infinite;
    for (const CsMove& m : moves) {
        bool battle = w.board.battle_site(m).has_value();
        if (quiet && !battle) break;
        World child = w;
        child.play(m);
        int v = -search(child, depth - 1, -beta, -alpha, quiet ? qdepth - 1 : qdepth);
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

}  // namespace arbiter::engine::cs_detail
