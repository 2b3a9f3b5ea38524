#include "variants/chiefspy/round.h"

#include <algorithm>

namespace arbiter::chiefspy {

bool is_valid_assignment(const Assignment& a) {
    bool seen[8] = {};
    for (Value v : a) {
        if (!(v.is_special() || (v.is_number() && v.as_number() >= 2))) return false;
        int i = value_index(v);
        if (seen[i]) return false;
        seen[i] = true;
    }
    return true;
}

std::string assignment_text(const Assignment& a) {
    std::string s;
    for (Slot i = 0; i < SlotCount; ++i) s += (i ? "," : "") + a[i].to_string();
    return s;
}

std::optional<Value> parse_setup_value(std::string_view text) {
    if (text == "C") return Value::chief();
    if (text == "S") return Value::spy();
    if (text.size() == 1 && text[0] >= '2' && text[0] <= '7') return Value::number(text[0] - '0');
    return std::nullopt;
}

std::optional<Assignment> parse_assignment(std::string_view text) {
    Assignment a{};
    for (Slot i = 0; i < SlotCount; ++i) {
        auto comma = text.find(',');
        std::string_view item = text.substr(0, comma);
        if ((comma == std::string_view::npos) != (i == SlotCount - 1)) return std::nullopt;
        auto v = parse_setup_value(item);
        if (!v) return std::nullopt;
        a[i] = *v;
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    }
    if (!is_valid_assignment(a)) return std::nullopt;
    return a;
}

std::string commitment_preimage(Color side, const Assignment& a, std::string_view salt) {
    return std::string("chiefspy-v1|") + (side == White ? "white" : "black") + '|' +
           assignment_text(a) + '|' + std::string(salt);
}

std::string_view reason_name(RoundEndReason r) {
    switch (r) {
        case RoundEndReason::ChiefCaptured:
            return "chief-captured";
        case RoundEndReason::SpyCaptured:
            return "spy-captured";
        case RoundEndReason::NoLegalMove:
            return "no-legal-move";
        case RoundEndReason::NoProgress:
            return "no-progress";
        case RoundEndReason::Resignation:
            return "resignation";
        case RoundEndReason::Timeout:
            return "timeout";
        case RoundEndReason::Agreement:
            return "agreement";
    }
    return "?";
}

Round::Round(const Assignment& white, const Assignment& black)
    : initial_{white, black}, current_{white, black} {}

Round::Round(const Board& board, const Assignment& white, const Assignment& black)
    : board_(board), initial_{white, black}, current_{white, black} {}

Slot Round::spy_slot(Color c) const {
    for (Slot s = 0; s < SlotCount; ++s)
        if (initial_[c][s].is_spy()) return s;
    return NoSlot;
}

Round::Played Round::play(const Move& m) {
    Color us = side_to_move();
    Played played{m, board_.move_text(m), std::nullopt, false};
    std::array<int, 2> points{};
    std::optional<BattleSite> site = board_.battle_site(m);
    std::optional<BattleWinner> winner;
    Move applied = m;
    if (site) {
        auto valueOf = [&](Color c, Unit u, const Assignment* values) {
            return u.slot == NoSlot ? Value::number(1) : values[c][u.slot];
        };
        Fighter attacker{valueOf(us, site->attacker, current_),
                         valueOf(us, site->attacker, initial_), site->attackerBonus};
        Fighter defender{valueOf(~us, site->defender, current_),
                         valueOf(~us, site->defender, initial_), site->defenderBonus};
        BattleResult r = resolve_battle(attacker, defender);
        winner = r.winner;
        played.battle = BattleReport{us,
                                     site->attackerFrom,
                                     site->contested,
                                     site->attacker,
                                     site->defender,
                                     site->attackerBonus,
                                     site->defenderBonus,
                                     r.winner};
        auto settle = [&](Color c, Unit u, const std::optional<Value>& after, Value value) {
            if (u.slot == NoSlot) return;
            if (after) {
                current_[c][u.slot] = *after;
                if (after->is_number()) changed_[c][u.slot] = true;
            } else {
                // The piece left the board: a Chief scores 2 for the other side, a Spy 1.
                if (value.is_chief()) points[~c] += 2;
                if (value.is_spy()) points[~c] += 1;
            }
        };
        settle(us, site->attacker, r.attackerAfter, attacker.current);
        settle(~us, site->defender, r.defenderAfter, defender.current);
        // If the battle ended the round there is no promotion.
        if (points[0] || points[1]) applied.promotion = NoSlot;
    }
    board_.play(applied, winner);
    // A pawn's destination is always m.to; it was promoted if its returning piece is there.
    Unit there = board_.at(m.to);
    if (applied.promotion != NoSlot && !there.empty() && there.color() == us &&
        there.slot == applied.promotion) {
        played.promoted = true;
        current_[us][applied.promotion] = initial_[us][applied.promotion];
        changed_[us][applied.promotion] = false;
    }
    history_.push_back(played);
    if (points[0] || points[1]) {
        end_ = RoundEnd{points[0] >= 2 || points[1] >= 2 ? RoundEndReason::ChiefCaptured
                                                         : RoundEndReason::SpyCaptured,
                        points};
    } else if (board_.quiet_plies() >= NoProgressPlies) {
        end_ = RoundEnd{RoundEndReason::NoProgress, {}};
    } else if (legal_moves().empty()) {
        end_by(RoundEndReason::NoLegalMove, side_to_move());
    }
    return played;
}

void Round::end_by(RoundEndReason reason, std::optional<Color> loser) {
    if (end_) return;
    RoundEnd e{reason, {}};
    if (loser) e.points[~*loser] = 2;
    end_ = e;
}

void MatchScore::add(const RoundEnd& end, int round) {
    for (int player = 0; player < 2; ++player)
        points[player] += end.points[color_of_player(player, round)];
    ++roundsFinished;
}

bool MatchScore::over() const {
    return points[0] >= PointsToWin || points[1] >= PointsToWin || roundsFinished >= MaxRounds;
}

std::optional<int> MatchScore::leader() const {
    if (points[0] == points[1]) return std::nullopt;
    return points[0] > points[1] ? 0 : 1;
}

}  // namespace arbiter::chiefspy
