#include "engine/chiefspy_baseline.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>

#include "belief/chiefspy_view_belief.h"
#include "engine/chiefspy_player.h"
#include "engine/levels.h"

namespace arbiter::engine {
namespace {

using chiefspy::BattleSite;
using chiefspy::BattleWinner;
using chiefspy::Board;
using chiefspy::Fighter;
using chiefspy::NoSlot;
using chiefspy::Slot;
using chiefspy::SlotCount;
using chiefspy::Unit;
using chiefspy::Value;
using CsMove = chiefspy::Move;
using G = chiefspy::G;
using Bitboard = chiefspy::Bitboard;

const json::value* find(const json::object& o, const char* key) {
    auto it = o.find(key);
    return it == o.end() ? nullptr : &it->value();
}

json::object values_action(const chiefspy::Assignment& a) {
    json::object values;
    for (Slot s = 0; s < SlotCount; ++s) values[std::string(1, char('a' + s))] = a[s].to_string();
    return {{"type", "set-values"}, {"values", std::move(values)}};
}

// The level row as it was (the current ChiefSpyLevel has grown since).
struct OldLevel {
    int samples;
    int depth;
    int noise;
    std::uint64_t budget;
};

OldLevel old_level(int level) {
    static const OldLevel table[MaxViewPlayerLevel + 1] = {
        {0, 0, 0, 0},         {2, 1, 300, 50'000},  {4, 1, 150, 100'000},
        {4, 2, 100, 200'000}, {6, 2, 60, 300'000},  {8, 2, 40, 400'000},
        {12, 2, 20, 600'000}, {24, 2, 10, 900'000}, {32, 2, 0, 1'200'000},
    };
    return table[std::clamp(level, 1, MaxViewPlayerLevel)];
}

chiefspy::Assignment old_setup(std::mt19937_64& rng) {
    chiefspy::Assignment a{};
    bool used[SlotCount] = {};
    auto put = [&](Slot s, Value v) { a[s] = v, used[s] = true; };
    bool chiefOnA = rng() % 2;
    put(chiefOnA ? 0 : 7, Value::chief());
    put(chiefOnA ? 7 : 0, Value::spy());
    bool queenFirst = rng() % 2;
    put(3, Value::number(queenFirst ? 7 : 6));
    put(4, Value::number(queenFirst ? 6 : 7));
    std::vector<int> rest = {2, 3, 4, 5};
    std::shuffle(rest.begin(), rest.end(), rng);
    std::size_t next = 0;
    for (Slot s = 0; s < SlotCount; ++s)
        if (!used[s]) a[s] = Value::number(rest[next++]);
    return a;
}

// One determinisation: the public board with every value fixed by a sampled assignment.
struct World {
    Board board;
    Value current[2][SlotCount];
    Value initial[2][SlotCount];
    Slot spy[2] = {NoSlot, NoSlot};
    int points[2] = {0, 0};
    bool over = false;
    Color me = White;  // the player who searches: it fears losing points more than it likes winning

    Value value_of(Color c, Unit u, bool initialValue) const {
        if (u.slot == NoSlot) return Value::number(1);
        return initialValue ? initial[c][u.slot] : current[c][u.slot];
    }

    // Round::play without the bookkeeping: the battle through the referee's function.
    void play(const CsMove& m) {
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
};

constexpr int PointScore = 3000;      // one round point won
constexpr int PointLossScore = 4500;  // one round point lost: a stronger player avoids gambles
constexpr int SpyAttackedCost = 700;
constexpr int ChiefRevealCost = 120;
constexpr int Infinite = 1'000'000;

int piece_score(PieceType pt, Value v) {
    constexpr int mobility[] = {0, 20, 20, 25, 40, 40};
    int worth = v.is_chief() ? 900 : v.is_spy() ? 250 : 100 * v.as_number();
    return worth + mobility[pt];
}

// From the side to move's point of view.
int evaluate_world(const World& w) {
    Color us = w.board.side_to_move();
    if (w.over) {
        int forMe = PointScore * w.points[w.me] - PointLossScore * w.points[~w.me];
        return us == w.me ? forMe : -forMe;
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
    return score[us] - score[~us];
}

class WorldSearch {
  public:
    explicit WorldSearch(std::uint64_t nodeCap) : cap_(nodeCap) {}

    // Negamax value of w for its side to move, `depth` full plies then battles only.
    int search(const World& w, int depth, int alpha, int beta, int qdepth) {
        ++nodes_;
        if (w.over) return evaluate_world(w);
        Color us = w.board.side_to_move();
        std::vector<CsMove> moves = w.board.legal_moves(w.spy[us]);
        if (moves.empty()) return us == w.me ? -2 * PointLossScore : 2 * PointScore;  // round lost
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

    std::uint64_t nodes() const { return nodes_; }

  private:
    std::uint64_t cap_;
    std::uint64_t nodes_ = 0;
};

// What the player knows when it must move: the board, its legal moves and the belief.
struct Situation {
    Board board;
    std::vector<CsMove> moves;  // the legal actions, in order
    belief::ViewBelief belief;
    Color me = White;
};

std::optional<Situation> read_situation(const json::object& view,
                                        const std::vector<json::object>& legal) {
    auto board = board_from_view(view);
    if (!board) return std::nullopt;
    Situation s{*board, {}, belief::belief_from_view(view), board->side_to_move()};
    if (!s.belief.belief || !s.belief.error.empty() || s.belief.belief->round_over())
        return std::nullopt;
    if (s.belief.belief->me() != s.me) return std::nullopt;
    try {
        for (const auto& text : legal_move_texts(legal)) s.moves.push_back(board->parse_move(text));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (s.moves.size() != legal.size()) return std::nullopt;
    return s;
}

World world_of(const Situation& s, const belief::CsHypothesis& h) {
    World w{s.board, {}, {}, {NoSlot, NoSlot}, {0, 0}, false, s.me};
    const auto& own = s.belief.belief->own_initial();
    for (Slot i = 0; i < SlotCount; ++i) {
        w.initial[s.me][i] = own[i];
        w.current[s.me][i] = h.own_current[i].value_or(own[i]);
        w.initial[~s.me][i] = h.opponent_initial[i];
        w.current[~s.me][i] = h.opponent_current[i].value_or(h.opponent_initial[i]);
        if (own[i].is_spy()) w.spy[s.me] = i;
        if (h.opponent_initial[i].is_spy()) w.spy[~s.me] = i;
    }
    return w;
}

class ChiefSpyLevelPlayer final : public ViewPlayer {
  public:
    explicit ChiefSpyLevelPlayer(int level) : level_(old_level(level)) {}

    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        std::mt19937_64 rng(draw_seed(random));
        const auto* type = find(legal.front(), "type");
        if (type && type->is_string() && type->get_string() == "set-values")
            return values_action(old_setup(rng));
        auto s = read_situation(view, legal);
        if (!s) return legal[random.uniform(std::uint32_t(legal.size()))];
        if (legal.size() == 1) return legal[0];

        auto hypotheses = s->belief.belief->sample(random, std::size_t(level_.samples));
        std::vector<double> total(s->moves.size(), 0.0);
        std::uint64_t nodes = 0;
        std::size_t used = 0;
        for (const auto& h : hypotheses) {
            if (used >= 2 && nodes >= level_.budget) break;
            ++used;
            const World root = world_of(*s, h);
            WorldSearch search(std::uint64_t(4000) << (2 * level_.depth));
            for (std::size_t i = 0; i < s->moves.size(); ++i) {
                const CsMove& m = s->moves[i];
                std::optional<BattleSite> site = root.board.battle_site(m);
                World child = root;
                child.play(m);
                int v = -search.search(child, level_.depth - 1, -Infinite, Infinite, 4);
                if (site && site->attacker.slot != NoSlot && !child.over &&
                    root.initial[s->me][site->attacker.slot].is_chief())
                    v -= ChiefRevealCost;
                total[i] += v;
            }
            nodes += search.nodes();
        }
        double bestValue = -1e18;
        std::size_t best = 0;
        for (std::size_t i = 0; i < total.size(); ++i) {
            double v = total[i] / double(used);
            if (level_.noise) v += level_.noise * level_detail::gaussian(rng);
            if (v > bestValue) bestValue = v, best = i;
        }
        return legal[best];
    }

  private:
    OldLevel level_;
};

}  // namespace

std::unique_ptr<ViewPlayer> make_chiefspy_baseline(int level) {
    return std::make_unique<ChiefSpyLevelPlayer>(level);
}

}  // namespace arbiter::engine
