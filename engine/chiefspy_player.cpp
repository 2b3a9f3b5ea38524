#include "engine/chiefspy_player.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <map>

#include "belief/chiefspy_view_belief.h"
#include "engine/chiefspy_opponent_model.h"
#include "engine/chiefspy_search.h"
#include "engine/levels.h"

namespace arbiter::engine {
namespace {

using chiefspy::BattleSite;
using chiefspy::BattleWinner;
using chiefspy::Board;
using chiefspy::NoSlot;
using chiefspy::Slot;
using chiefspy::SlotCount;
using chiefspy::Unit;
using chiefspy::Value;
using CsMove = chiefspy::Move;
using G = chiefspy::G;
using Bitboard = chiefspy::Bitboard;

std::optional<BattleWinner> winner_named(std::string_view w) {
    if (w == "attacker") return BattleWinner::Attacker;
    if (w == "defender") return BattleWinner::Defender;
    if (w == "tie") return BattleWinner::Tie;
    return std::nullopt;
}

json::object values_action(const chiefspy::Assignment& a) {
    json::object values;
    for (Slot s = 0; s < SlotCount; ++s) values[std::string(1, char('a' + s))] = a[s].to_string();
    return {{"type", "set-values"}, {"values", std::move(values)}};
}

using cs_detail::Context;
using cs_detail::Infinite;
using cs_detail::World;
using cs_detail::WorldSearch;

constexpr int ChiefRevealCost = 120;

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

World world_of(const Situation& s, const belief::CsHypothesis& h, const Context& ctx) {
    World w{s.board, {}, {}, {NoSlot, NoSlot}, {0, 0}, false, &ctx};
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

// Where the match stands for the seat: its points, the opponent's, the round's number.
cs_detail::MatchOutlook match_of(const json::object& view, Color me) {
    cs_detail::MatchOutlook m;
    const json::value* round = view.if_contains("round");
    if (round && round->is_number()) m.round = std::clamp(round->to_number<int>(), 1, 3);
    const json::value* colourOf = view.if_contains("colourOf");
    const json::value* score = view.if_contains("score");
    if (!colourOf || !colourOf->is_object() || !score || !score->is_object()) return m;
    const char* mine = me == White ? "white" : "black";
    for (const char* seat : {"white", "black"}) {
        const json::value* c = colourOf->get_object().if_contains(seat);
        const json::value* p = score->get_object().if_contains(seat);
        if (!c || !c->is_string() || !p || !p->is_number()) continue;
        (c->get_string() == mine ? m.mine : m.theirs) = p->to_number<int>();
    }
    return m;
}

// The opponent assignments the search plays in, and the odds of each enemy piece being the
// Chief or the Spy. Uniform over the assignments the exact deduction keeps, as long as the
// opponent has shown nothing the model reads; otherwise each assignment is weighted by the
// opponent model (engine/chiefspy_opponent_model.h) and drawn with those weights.
struct Drawn {
    std::vector<belief::CsHypothesis> hypotheses;
    std::array<double, SlotCount> chief{}, spy{};
};

Drawn draw_opponents(const Situation& s, const json::object& view, std::size_t n,
                     bool opponentModel, referee::RandomSource& random, std::mt19937_64& rng) {
    Drawn out;
    cs_model::OpponentHabits habits;
    std::array<int, SlotCount> attacks{};
    if (opponentModel) {
        habits = cs_model::opponent_habits(view, s.me);
        attacks = cs_model::opponent_attacks(view, s.me);
    }
    const auto& habit = habits.count;
    auto any = [](const std::array<int, SlotCount>& a) {
        return std::any_of(a.begin(), a.end(), [](int c) { return c > 0; });
    };
    const auto& belief = *s.belief.belief;
    if (!any(habit) && !any(attacks)) {
        out.hypotheses = belief.sample(random, n);
        for (Slot v = 0; v < SlotCount; ++v)
            out.chief[v] = belief.probability_chief(v), out.spy[v] = belief.probability_spy(v);
        return out;
    }
    const auto all = belief.hypotheses();
    if (all.empty()) return out;
    std::vector<double> cumulative(all.size());
    double sum = 0;
    for (std::size_t j = 0; j < all.size(); ++j) {
        Slot c = 0, y = 0;
        for (Slot v = 0; v < SlotCount; ++v) {
            if (all[j].opponent_initial[v].is_chief()) c = v;
            if (all[j].opponent_initial[v].is_spy()) y = v;
        }
        double weight = (1 + habits.weight * habit[c]) * (1 + habits.weight * habit[y]) *
                        std::pow(cs_model::ChiefShy, attacks[c]);
        out.chief[c] += weight, out.spy[y] += weight;
        cumulative[j] = sum += weight;
    }
    for (Slot v = 0; v < SlotCount; ++v) out.chief[v] /= sum, out.spy[v] /= sum;
    for (std::size_t k = 0; k < n; ++k) {
        double x = double(rng() >> 11) * 0x1p-53 * sum;  // uniform in [0, sum)
        auto j = std::size_t(std::upper_bound(cumulative.begin(), cumulative.end(), x) -
                             cumulative.begin());
        out.hypotheses.push_back(all[std::min(j, all.size() - 1)]);
    }
    return out;
}

// What a piece of ours is worth to an opponent that has read nothing of it.
constexpr double UnreadValue = 4.5;

// What the opponent can read about our pieces: its own exact deduction, replayed from the
// same public history with sampled values of its pieces in its seat (any sample is
// consistent with everything shown), averaged over a few samples.
void read_opponent(const json::object& view, const Situation& s,
                   const std::vector<belief::CsHypothesis>& hypotheses, std::size_t count,
                   Context& ctx) {
    std::size_t used = 0;
    json::object theirs = view;
    theirs["myColour"] = s.me == White ? "black" : "white";
    for (std::size_t i = 0; i < hypotheses.size() && used < count; ++i) {
        json::object values;
        for (Slot v = 0; v < SlotCount; ++v)
            values[std::string(1, char('a' + v))] = hypotheses[i].opponent_initial[v].to_string();
        theirs["myValues"] = std::move(values);
        belief::ViewBelief b = belief::belief_from_view(theirs);
        if (!b.belief || !b.error.empty()) continue;
        belief::CsMarginals m = b.belief->marginals();
        if (!m.consistent) continue;
        ++used;
        for (Slot v = 0; v < SlotCount; ++v) {
            ctx.readChief[v] += double(m.opponent_initial[v][6]) / m.consistent;
            ctx.readSpy[v] += double(m.opponent_initial[v][7]) / m.consistent;
            double sum = 0;
            for (int k = 0; k < 9; ++k) {
                Value x = belief::value_at_current_index(k);
                sum += (x.is_chief() ? 8
                        : x.is_spy() ? 0
                                     : x.as_number()) *
                       double(m.opponent_current[v][k]);
            }
            ctx.readValue[v] += sum / m.consistent;
        }
    }
    for (Slot v = 0; v < SlotCount; ++v) {
        if (used) {
            ctx.readChief[v] /= double(used), ctx.readSpy[v] /= double(used);
            ctx.readValue[v] /= double(used);
        } else {
            ctx.readChief[v] = ctx.readSpy[v] = 1.0 / 8, ctx.readValue[v] = UnreadValue;
        }
    }
}

class ChiefSpyLevelPlayer final : public ViewPlayer {
  public:
    explicit ChiefSpyLevelPlayer(const ChiefSpyLevel& level) : level_(level) {}

    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        std::mt19937_64 rng(draw_seed(random));
        const auto* type = legal.front().if_contains("type");
        if (type && type->is_string() && type->get_string() == "set-values")
            return values_action(choose_chiefspy_setup(rng));
        auto s = read_situation(view, legal);
        if (!s) return legal[random.uniform(std::uint32_t(legal.size()))];
        if (legal.size() == 1) return legal[0];

        Drawn drawn = draw_opponents(*s, view, std::size_t(level_.samples), level_.opponentModel,
                                     random, rng);
        if (drawn.hypotheses.empty()) return legal[random.uniform(std::uint32_t(legal.size()))];
        const auto& hypotheses = drawn.hypotheses;
        Context ctx;
        ctx.me = s->me;
        ctx.match = match_of(view, s->me);
        ctx.matchNow = ctx.match.now();
        ctx.drawValue = ctx.match.after_round(0, 0);
        ctx.enemySpy = drawn.spy;
        ctx.bluffs = level_.bluffs;
        ctx.chiefExposure = level_.chiefExposure;
        read_opponent(view, *s, hypotheses, std::size_t(level_.opponentReads), ctx);
        if (!level_.bluffOnReads) ctx.readValue.fill(UnreadValue);
        std::uint64_t nodes = 0;
        std::size_t used = 0;
        // The wall-clock cap ends the sampling, never a sample: the first one always finishes.
        const auto start = std::chrono::steady_clock::now();
        auto out_of_time = [&] {
            return time_cap() > 0 && std::chrono::steady_clock::now() - start >=
                                         std::chrono::milliseconds(time_cap());
        };
        // A root battle against an enemy back-rank piece is averaged by what that piece is
        // (the Chief, the Spy or a number), each case weighted by its exact probability in
        // the belief, not by how often the few samples happened to draw it: a Spy's attack
        // is worth P(Chief) of a won match, not 0 or 1 by the luck of the draw.
        const std::size_t n = s->moves.size();
        std::vector<Slot> defender(n, NoSlot);
        for (std::size_t i = 0; i < n; ++i)
            if (auto site = s->board.battle_site(s->moves[i])) defender[i] = site->defender.slot;
        std::vector<std::array<double, 3>> sum(n, {0, 0, 0});
        std::vector<std::array<int, 3>> count(n, {0, 0, 0});
        auto kind_of = [](Value v) { return v.is_chief() ? 1 : v.is_spy() ? 2 : 0; };
        const std::uint64_t nodeCap = std::uint64_t(4000) << (2 * level_.depth);
        auto score_move = [&](const World& root, std::size_t i, WorldSearch& search) {
            const CsMove& m = s->moves[i];
            std::optional<BattleSite> site = root.board.battle_site(m);
            World child = root;
            child.play(m);
            int v = -search.search(child, level_.depth - 1, -Infinite, Infinite, 4);
            if (site && site->attacker.slot != NoSlot && !child.over &&
                root.initial[s->me][site->attacker.slot].is_chief())
                v -= ChiefRevealCost;
            return v;
        };
        for (const auto& h : hypotheses) {
            if (used >= 2 && nodes >= level_.budget) break;
            if (used >= 1 && out_of_time()) break;
            ++used;
            const World root = world_of(*s, h, ctx);
            WorldSearch search(nodeCap);
            for (std::size_t i = 0; i < n; ++i) {
                int k = defender[i] == NoSlot ? 0 : kind_of(h.opponent_initial[defender[i]]);
                sum[i][k] += score_move(root, i, search);
                ++count[i][k];
            }
            nodes += search.nodes();
        }
        std::vector<double> total(n, 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            if (defender[i] == NoSlot) {
                total[i] = sum[i][0] / count[i][0];
                continue;
            }
            const Slot d = defender[i];
            double p[3];
            p[1] = drawn.chief[d];
            p[2] = drawn.spy[d];
            p[0] = std::max(0.0, 1 - p[1] - p[2]);
            for (int k = 0; k < 3; ++k) {
                if (p[k] <= 0 || count[i][k]) continue;
                // No sample drew this case: one world where it holds, made from the first
                // sample by swapping the defender's value with a piece of the wanted kind.
                belief::CsHypothesis h = hypotheses.front();
                Slot x = NoSlot;
                for (Slot y = 0; y < SlotCount && x == NoSlot; ++y)
                    if (y != d && kind_of(h.opponent_initial[y]) == k) x = y;
                if (x == NoSlot) continue;
                std::swap(h.opponent_initial[d], h.opponent_initial[x]);
                std::swap(h.opponent_current[d], h.opponent_current[x]);
                if (!h.opponent_current[d]) h.opponent_current[d] = h.opponent_initial[d];
                WorldSearch search(nodeCap);
                sum[i][k] += score_move(world_of(*s, h, ctx), i, search);
                ++count[i][k];
            }
            double weight = 0, value = 0;
            for (int k = 0; k < 3; ++k)
                if (count[i][k] && p[k] > 0)
                    value += p[k] * sum[i][k] / count[i][k], weight += p[k];
            total[i] = weight > 0 ? value / weight : 0;
        }
        double bestValue = -1e18;
        std::size_t best = 0;
        for (std::size_t i = 0; i < n; ++i) {
            double v = total[i];
            if (level_.noise) v += level_.noise * level_detail::gaussian(rng);
            if (v > bestValue) bestValue = v, best = i;
        }
        return legal[best];
    }

  private:
    ChiefSpyLevel level_;
};

double expected_value(const std::array<std::uint32_t, 9>& counts, std::uint32_t consistent) {
    double sum = 0;
    for (int i = 0; i < 9; ++i) {
        Value v = belief::value_at_current_index(i);
        double numeric = v.is_chief() ? 8 : v.is_spy() ? 0 : v.as_number();
        sum += numeric * counts[i];
    }
    return consistent ? sum / consistent : 0;
}

class ChiefSpyGreedyPlayer final : public ViewPlayer {
  public:
    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        auto s = read_situation(view, legal);
        if (!s) return legal[random.uniform(std::uint32_t(legal.size()))];
        belief::CsMarginals marginals = s->belief.belief->marginals();
        auto value_of = [&](Color side, Unit u) {
            if (u.slot == NoSlot) return 1.0;
            const auto& counts =
                side == s->me ? marginals.own_current[u.slot] : marginals.opponent_current[u.slot];
            return expected_value(counts, marginals.consistent);
        };
        double bestMargin = 0;
        std::vector<std::size_t> attacks, quiet;
        for (std::size_t i = 0; i < s->moves.size(); ++i) {
            auto site = s->board.battle_site(s->moves[i]);
            if (!site) {
                quiet.push_back(i);
                continue;
            }
            double margin = value_of(s->me, site->attacker) + site->attackerBonus -
                            value_of(~s->me, site->defender) - site->defenderBonus;
            if (margin <= 0) continue;
            if (margin > bestMargin + 1e-9) attacks.clear(), bestMargin = margin;
            if (margin > bestMargin - 1e-9) attacks.push_back(i);
        }
        const auto& pool = !attacks.empty() ? attacks
                           : !quiet.empty() ? quiet
                                            : std::vector<std::size_t>{};
        if (pool.empty()) return legal[random.uniform(std::uint32_t(legal.size()))];
        return legal[pool[random.uniform(std::uint32_t(pool.size()))]];
    }
};

}  // namespace

const ChiefSpyLevel& chiefspy_level(int level) {
    static const ChiefSpyLevel table[MaxViewPlayerLevel + 1] = {
        // samples, depth, noise, node budget, opponent model, opponent's deductions replayed
        {0, 0, 0, 0, false, 0},          // 0: random
        {2, 1, 7500, 50'000, true, 1},   // 1
        {4, 1, 4500, 100'000, true, 1},  // 2
        {4, 2, 2800, 200'000, true, 1},  // 3
        {6, 2, 2000, 300'000, true, 1},  // 4
        {8, 2, 1450, 400'000, true, 1},  // 5
        {12, 2, 800, 600'000, true, 2},  // 6
        {24, 2, 500, 900'000, true, 4},  // 7
        {32, 2, 0, 1'200'000, true, 4},  // 8
    };
    return table[std::clamp(level, 0, MaxViewPlayerLevel)];
}

std::unique_ptr<ViewPlayer> make_chiefspy_player(int level) {
    if (level <= 0) return std::make_unique<RandomViewPlayer>();
    return std::make_unique<ChiefSpyLevelPlayer>(chiefspy_level(level));
}

std::unique_ptr<ViewPlayer> make_chiefspy_player(const ChiefSpyLevel& level) {
    return std::make_unique<ChiefSpyLevelPlayer>(level);
}

std::unique_ptr<ViewPlayer> make_chiefspy_greedy() {
    return std::make_unique<ChiefSpyGreedyPlayer>();
}

chiefspy::Assignment choose_chiefspy_setup(std::mt19937_64& rng) {
    // Fisher-Yates over the eight values. The modulo bias of a 64-bit draw is below 2^-60.
    chiefspy::Assignment a = chiefspy::AllBackRankValues;
    for (int i = SlotCount - 1; i > 0; --i) std::swap(a[i], a[rng() % std::uint64_t(i + 1)]);
    return a;
}

std::optional<chiefspy::Board> board_from_view(const json::object& view) {
    const json::value* moves = view.if_contains("moves");
    const json::value* battles = view.if_contains("battles");
    if (!moves || !moves->is_array() || !battles || !battles->is_array()) return std::nullopt;
    std::map<std::int64_t, BattleWinner> winnerAt;
    for (const auto& b : battles->get_array()) {
        if (!b.is_object()) return std::nullopt;
        const json::value* ply = b.get_object().if_contains("ply");
        const json::value* winner = b.get_object().if_contains("winner");
        if (!ply || !ply->is_number() || !winner || !winner->is_string()) return std::nullopt;
        auto w = winner_named(winner->get_string());
        if (!w) return std::nullopt;
        winnerAt[ply->to_number<std::int64_t>()] = *w;
    }
    Board board;
    try {
        std::int64_t ply = 0;
        for (const auto& text : moves->get_array()) {
            ++ply;
            if (!text.is_string()) return std::nullopt;
            CsMove m = board.parse_move(std::string_view(text.get_string()));
            std::optional<BattleWinner> winner;
            if (board.battle_site(m)) {
                auto it = winnerAt.find(ply);
                if (it == winnerAt.end()) return std::nullopt;
                winner = it->second;
            }
            board.play(m, winner);
        }
    } catch (const std::exception&) {
        return std::nullopt;
    }
    const json::value* fen = view.if_contains("fen");
    if (fen && fen->is_string() && board.fen() != std::string_view(fen->get_string()))
        return std::nullopt;
    return board;
}

}  // namespace arbiter::engine
