#include "belief/chiefspy_belief.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace arbiter::belief {

namespace {

constexpr std::uint8_t PawnCode = 0;  // current_index of the pawns' public value 1
constexpr std::uint8_t ChiefCode = 7, SpyCode = 8;
constexpr int Codes = 9;
constexpr const char* FileNames[8] = {"a", "b", "c", "d", "e", "f", "g", "h"};

const char* side_name(Color c) { return c == White ? "white" : "black"; }

std::string piece_name(CsPiece p) {
    if (p.is_pawn()) return fmt::format("a {} pawn", side_name(p.side));
    return fmt::format("the {} piece from file {}", side_name(p.side), FileNames[p.slot]);
}

// A battle outcome packed in a memo entry: bit 0 = computed, bits 1-2 = winner, bits 3-6 =
// attacker's new code, bits 7-10 = defender's new code (15 = left the board), bit 11 = a
// Chief or a Spy left the board.
constexpr std::uint32_t Gone = 15;
std::uint32_t pack_outcome(const chiefspy::BattleResult& r, bool special_left) {
    std::uint32_t a = r.attackerAfter ? std::uint32_t(current_index(*r.attackerAfter)) : Gone;
    std::uint32_t d = r.defenderAfter ? std::uint32_t(current_index(*r.defenderAfter)) : Gone;
    return 1u | std::uint32_t(r.winner) << 1 | a << 3 | d << 7 | std::uint32_t(special_left) << 11;
}

bool is_special_code(std::uint8_t c) { return c == ChiefCode || c == SpyCode; }

}  // namespace

ChiefSpyBelief::ChiefSpyBelief(Color me, const std::array<Value, 8>& own_initial) {
    new_round(me, own_initial);
}

void ChiefSpyBelief::new_round(Color me, const std::array<Value, 8>& own_initial) {
    std::array<bool, 8> seen{};
    for (Value v : own_initial) {
        if (!(v.is_special() || (v.is_number() && v.as_number() >= 2)))
            throw std::invalid_argument("own values must be a permutation of 2-7, C, S");
        int i = chiefspy::value_index(v);
        if (seen[i]) throw std::invalid_argument("own values must be a permutation of 2-7, C, S");
        seen[i] = true;
    }
    me_ = me;
    own_initial_ = own_initial;
    for (int s = 0; s < 8; ++s) own_initial_code_[s] = std::uint8_t(current_index(own_initial[s]));
    reset();
}

void ChiefSpyBelief::reset() {
    round_over_ = false;
    for (auto& side : on_board_) std::fill(std::begin(side), std::end(side), true);
    for (auto& side : won_) std::fill(std::begin(side), std::end(side), false);
    pawns_[White] = pawns_[Black] = 8;
    rows_.clear();
    rows_.reserve(40320);
    scratch_.resize(40320);
    memo_.assign(Codes * Codes * Codes * Codes, 0);
    // Every permutation of the codes 1..8 (values 2..7, C, S), in lexicographic order.
    std::array<std::uint8_t, 8> perm{1, 2, 3, 4, 5, 6, 7, 8};
    const Color them = ~me_;
    do {
        Row r;
        std::memcpy(r.opponent_initial, perm.data(), 8);
        std::memcpy(r.current[them], perm.data(), 8);
        std::memcpy(r.current[me_], own_initial_code_.data(), 8);
        rows_.push_back(r);
    } while (std::next_permutation(perm.begin(), perm.end()));
}

bool ChiefSpyBelief::on_board(CsPiece p) const {
    if (p.slot < 0 || p.slot > CsPiece::PawnSlot || (p.side != White && p.side != Black))
        return false;
    return p.is_pawn() ? pawns_[p.side] > 0 : on_board_[p.side][p.slot];
}

std::optional<std::string> ChiefSpyBelief::check_piece(CsPiece p, const char* role) const {
    if (p.side != White && p.side != Black) return fmt::format("{}: no such side", role);
    if (p.slot < 0 || p.slot > CsPiece::PawnSlot)
        return fmt::format("{}: slot {} is not a file a-h nor a pawn", role, p.slot);
    if (!on_board(p)) return fmt::format("{}: {} is not on the board", role, piece_name(p));
    return std::nullopt;
}

std::optional<std::string> ChiefSpyBelief::observe_battle(const BattleSeen& b) {
    if (round_over_) return "the round is over; start a new round first";
    if (auto e = check_piece(b.attacker, "attacker")) return e;
    if (auto e = check_piece(b.defender, "defender")) return e;
    if (b.attacker.side == b.defender.side) return "attacker and defender are on the same side";
    if (b.attacker_bonus < 1 || b.attacker_bonus > 16)
        return fmt::format("attacker bonus {} is outside 1..16", b.attacker_bonus);
    if (b.defender_bonus < 0 || b.defender_bonus > 15)
        return fmt::format("defender bonus {} is outside 0..15", b.defender_bonus);
    if (b.winner != BattleWinner::Attacker && b.winner != BattleWinner::Defender &&
        b.winner != BattleWinner::Tie)
        return "unknown battle winner";

    // Where each fighter's current and initial codes live: in the row (opponent's
    // initial, anyone's current), in this seat's own values, or the pawns' constant 1.
    struct Source {
        int current = -1;  // index into Row::current flattened, or -1 for a pawn
        int initial = -1;  // index into Row::opponent_initial, or -1 (then `fixed`)
        std::uint8_t fixed = PawnCode;
    };
    auto source_of = [&](CsPiece p) {
        Source s;
        if (p.is_pawn()) return s;
        s.current = p.side * 8 + p.slot;
        if (p.side == me_)
            s.fixed = own_initial_code_[p.slot];
        else
            s.initial = p.slot;
        return s;
    };
    const Source a = source_of(b.attacker), d = source_of(b.defender);
    const BattleWinner seen = b.winner;
    const std::uint32_t want = std::uint32_t(seen) << 1 | std::uint32_t(b.round_over) << 11;
    const std::uint32_t mask = 3u << 1 | 1u << 11;

    std::fill(memo_.begin(), memo_.end(), 0);
    auto outcome = [&](std::uint8_t ac, std::uint8_t ai, std::uint8_t dc, std::uint8_t di) {
        std::uint32_t& e = memo_[((ac * Codes + ai) * Codes + dc) * Codes + di];
        if (!e) {
            chiefspy::Fighter fa{value_at_current_index(ac), value_at_current_index(ai),
                                 b.attacker_bonus};
            chiefspy::Fighter fd{value_at_current_index(dc), value_at_current_index(di),
                                 b.defender_bonus};
            auto r = chiefspy::resolve_battle(fa, fd);
            bool left = (r.winner != BattleWinner::Attacker && is_special_code(ac)) ||
                        (r.winner != BattleWinner::Defender && is_special_code(dc));
            e = pack_outcome(r, left);
        }
        return e;
    };

    // The winner's new value, if it is a back-rank piece (losers' values are left stale).
    int winner_current = -1, winner_shift = 0;
    if (seen == BattleWinner::Attacker) winner_current = a.current, winner_shift = 3;
    if (seen == BattleWinner::Defender) winner_current = d.current, winner_shift = 7;

    // scratch_ starts a round with room for every assignment and filtering only shrinks
    // the set, so this never allocates.
    if (scratch_.size() < rows_.size()) scratch_.resize(rows_.size());
    std::size_t kept = 0;
    for (const Row& r : rows_) {
        const std::uint8_t* cur = &r.current[0][0];
        std::uint8_t ac = a.current < 0 ? PawnCode : cur[a.current];
        std::uint8_t ai = a.initial < 0 ? a.fixed : r.opponent_initial[a.initial];
        std::uint8_t dc = d.current < 0 ? PawnCode : cur[d.current];
        std::uint8_t di = d.initial < 0 ? d.fixed : r.opponent_initial[d.initial];
        std::uint32_t e = outcome(ac, ai, dc, di);
        // Branch-free compaction: every row is written at the end, kept ones advance it.
        Row& out = scratch_[kept];
        out = r;
        std::uint8_t* ocur = &out.current[0][0];
        if (winner_current >= 0) ocur[winner_current] = std::uint8_t((e >> winner_shift) & 15);
        kept += (e & mask) == want;
    }
    if (kept == 0) {
        return fmt::format(
            "no assignment of the opponent's values explains this battle ({} attacks {}, "
            "bonuses {}/{}, {} wins{}): the observations contradict each other",
            piece_name(b.attacker), piece_name(b.defender), b.attacker_bonus, b.defender_bonus,
            chiefspy::winner_name(seen), b.round_over ? ", round over" : "");
    }
    scratch_.resize(kept);
    rows_.swap(scratch_);

    auto remove = [&](CsPiece p) {
        if (p.is_pawn())
            --pawns_[p.side];
        else
            on_board_[p.side][p.slot] = false;
    };
    if (seen == BattleWinner::Attacker && !b.attacker.is_pawn())
        won_[b.attacker.side][b.attacker.slot] = true;
    if (seen == BattleWinner::Defender && !b.defender.is_pawn())
        won_[b.defender.side][b.defender.slot] = true;
    if (seen != BattleWinner::Attacker) remove(b.attacker);
    if (seen != BattleWinner::Defender) remove(b.defender);
    round_over_ = b.round_over;
    return std::nullopt;
}

std::optional<std::string> ChiefSpyBelief::observe_gambit(CsPiece spy) {
    if (round_over_) return "the round is over; start a new round first";
    if (auto e = check_piece(spy, "gambit")) return e;
    if (spy.is_pawn()) return "gambit: a pawn cannot make a Spy gambit";
    if (spy.side == me_) {
        if (!own_initial_[spy.slot].is_spy())
            return fmt::format("gambit: {} is not this seat's Spy", piece_name(spy));
        return std::nullopt;
    }
    auto not_spy = [&](const Row& r) { return r.opponent_initial[spy.slot] != SpyCode; };
    if (std::all_of(rows_.begin(), rows_.end(), not_spy))
        return fmt::format("gambit: {} cannot be the Spy given the earlier observations",
                           piece_name(spy));
    rows_.erase(std::remove_if(rows_.begin(), rows_.end(), not_spy), rows_.end());
    return std::nullopt;
}

std::optional<std::string> ChiefSpyBelief::observe_promotion(CsPiece returning) {
    if (round_over_) return "the round is over; start a new round first";
    if (returning.side != White && returning.side != Black) return "promotion: no such side";
    if (returning.slot < 0 || returning.slot >= CsPiece::PawnSlot)
        return "promotion: the returning piece must be a back-rank piece (file a-h)";
    if (on_board_[returning.side][returning.slot])
        return fmt::format("promotion: {} is still on the board", piece_name(returning));
    if (pawns_[returning.side] == 0)
        return fmt::format("promotion: {} has no pawn left", side_name(returning.side));
    --pawns_[returning.side];
    on_board_[returning.side][returning.slot] = true;
    won_[returning.side][returning.slot] = false;
    const int s = returning.slot;
    if (returning.side == me_) {
        for (Row& r : rows_) r.current[me_][s] = own_initial_code_[s];
    } else {
        for (Row& r : rows_) r.current[returning.side][s] = r.opponent_initial[s];
    }
    return std::nullopt;
}

CsMarginals ChiefSpyBelief::marginals() const {
    CsMarginals m;
    m.consistent = std::uint32_t(rows_.size());
    const Color them = ~me_;
    // Only pieces that won a battle since they (re)entered the board can have a current
    // value other than their initial one; only those are counted row by row.
    int changed_theirs[8], changed_mine[8], nt = 0, nm = 0;
    for (int s = 0; s < 8; ++s) {
        if (on_board_[them][s] && won_[them][s]) changed_theirs[nt++] = s;
        if (on_board_[me_][s] && won_[me_][s]) changed_mine[nm++] = s;
    }
    for (const Row& r : rows_) {
        for (int s = 0; s < 8; ++s) ++m.opponent_initial[s][r.opponent_initial[s] - 1];
        for (int i = 0; i < nt; ++i)
            ++m.opponent_current[changed_theirs[i]][r.current[them][changed_theirs[i]]];
        for (int i = 0; i < nm; ++i)
            ++m.own_current[changed_mine[i]][r.current[me_][changed_mine[i]]];
    }
    for (int s = 0; s < 8; ++s) {
        if (on_board_[them][s] && !won_[them][s]) {
            for (int v = 0; v < 8; ++v) m.opponent_current[s][v + 1] = m.opponent_initial[s][v];
        }
        if (on_board_[me_][s] && !won_[me_][s])
            m.own_current[s][own_initial_code_[s]] = m.consistent;
    }
    return m;
}

double ChiefSpyBelief::probability_chief(int slot) const {
    if (slot < 0 || slot > 7 || rows_.empty()) return 0;
    auto n = std::count_if(rows_.begin(), rows_.end(),
                           [&](const Row& r) { return r.opponent_initial[slot] == ChiefCode; });
    return double(n) / double(rows_.size());
}

double ChiefSpyBelief::probability_spy(int slot) const {
    if (slot < 0 || slot > 7 || rows_.empty()) return 0;
    auto n = std::count_if(rows_.begin(), rows_.end(),
                           [&](const Row& r) { return r.opponent_initial[slot] == SpyCode; });
    return double(n) / double(rows_.size());
}

CsHypothesis ChiefSpyBelief::hypothesis_of(const Row& r) const {
    CsHypothesis h;
    const Color them = ~me_;
    for (int s = 0; s < 8; ++s) {
        h.opponent_initial[s] = value_at_current_index(r.opponent_initial[s]);
        if (on_board_[them][s]) h.opponent_current[s] = value_at_current_index(r.current[them][s]);
        if (on_board_[me_][s]) h.own_current[s] = value_at_current_index(r.current[me_][s]);
    }
    return h;
}

std::vector<CsHypothesis> ChiefSpyBelief::hypotheses() const {
    std::vector<CsHypothesis> out;
    out.reserve(rows_.size());
    for (const Row& r : rows_) out.push_back(hypothesis_of(r));
    return out;
}

std::vector<CsHypothesis> ChiefSpyBelief::sample(referee::RandomSource& rng, std::size_t n) const {
    std::vector<CsHypothesis> out;
    if (rows_.empty()) return out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(hypothesis_of(rows_[rng.uniform(std::uint32_t(rows_.size()))]));
    return out;
}

json::object ChiefSpyBelief::to_json() const {
    const CsMarginals m = marginals();
    const double total = double(m.consistent);
    const Color them = ~me_;
    auto distribution = [&](const std::array<std::uint32_t, 9>& counts) {
        json::object o;
        for (int i = 0; i < 9; ++i)
            if (counts[i]) o[value_at_current_index(i).to_string()] = double(counts[i]) / total;
        return o;
    };
    json::object opponent, own;
    for (int s = 0; s < 8; ++s) {
        json::object piece;
        json::object initial;
        for (int i = 0; i < 8; ++i)
            initial[chiefspy::AllBackRankValues[i].to_string()] =
                double(m.opponent_initial[s][i]) / total;
        piece["on_board"] = on_board_[them][s];
        piece["initial"] = std::move(initial);
        piece["chief"] = double(m.opponent_initial[s][6]) / total;
        piece["spy"] = double(m.opponent_initial[s][7]) / total;
        if (on_board_[them][s])
            piece["current"] = distribution(m.opponent_current[s]);
        else
            piece["current"] = nullptr;
        opponent[FileNames[s]] = std::move(piece);

        json::object mine;
        mine["on_board"] = on_board_[me_][s];
        mine["initial"] = own_initial_[s].to_string();
        if (on_board_[me_][s])
            mine["current"] = distribution(m.own_current[s]);
        else
            mine["current"] = nullptr;
        own[FileNames[s]] = std::move(mine);
    }
    json::object out;
    out["side"] = side_name(me_);
    out["round_over"] = round_over_;
    out["consistent"] = std::int64_t(m.consistent);
    out["pawns"] = json::object{{"white", pawns_[White]}, {"black", pawns_[Black]}};
    out["opponent"] = std::move(opponent);
    out["own"] = std::move(own);
    return out;
}

}  // namespace arbiter::belief
