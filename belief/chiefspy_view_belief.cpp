#include "belief/chiefspy_view_belief.h"

#include <map>

namespace arbiter::belief {
namespace {

constexpr const char* SlotSuffix[8] = {"gr", "gn", "gb", "q", "k", "b", "n", "r"};

const json::value* find(const json::object& o, const char* key) {
    auto it = o.find(key);
    return it == o.end() ? nullptr : &it->value();
}

std::optional<Color> colour_named(const json::value* v) {
    if (!v || !v->is_string()) return std::nullopt;
    if (v->get_string() == "white") return White;
    if (v->get_string() == "black") return Black;
    return std::nullopt;
}

// {"colour":"white","id":"b"} or {"colour":"black","id":null} (a pawn).
std::optional<CsPiece> piece_of(const json::value* v) {
    if (!v || !v->is_object()) return std::nullopt;
    const auto& o = v->get_object();
    auto colour = colour_named(find(o, "colour"));
    const json::value* id = find(o, "id");
    if (!colour || !id) return std::nullopt;
    if (id->is_null()) return CsPiece::pawn(*colour);
    if (!id->is_string() || id->get_string().size() != 1) return std::nullopt;
    int slot = id->get_string()[0] - 'a';
    if (slot < 0 || slot > 7) return std::nullopt;
    return CsPiece::back_rank(*colour, slot);
}

std::optional<BattleWinner> winner_named(const json::value* v) {
    if (!v || !v->is_string()) return std::nullopt;
    if (v->get_string() == "attacker") return BattleWinner::Attacker;
    if (v->get_string() == "defender") return BattleWinner::Defender;
    if (v->get_string() == "tie") return BattleWinner::Tie;
    return std::nullopt;
}

}  // namespace

ViewBelief belief_from_view(const json::object& view) {
    ViewBelief out;
    auto me = colour_named(find(view, "myColour"));
    const json::value* values = find(view, "myValues");
    if (!me || !values || !values->is_object()) return out;  // a spectator, or before set-up
    std::array<Value, 8> own{};
    for (int s = 0; s < 8; ++s) {
        const json::value* v = find(values->get_object(), std::string(1, char('a' + s)).c_str());
        auto parsed = v && v->is_string() ? Value::parse(std::string_view(v->get_string()))
                                          : std::nullopt;
        if (!parsed) {
            out.error = "view: myValues is incomplete";
            return out;
        }
        own[s] = *parsed;
    }
    try {
        out.belief.emplace(*me, own);
    } catch (const std::invalid_argument& e) {
        out.error = e.what();
        return out;
    }
    // When the match is over the view still shows its last round; that round's last battle
    // ended it only if a Chief or Spy fell (not after a resignation or a timeout).
    const json::value* phase = find(view, "phase");
    bool over = false;
    if (phase && phase->is_string() && phase->get_string() == "over")
        if (const json::value* rounds = find(view, "rounds");
            rounds && rounds->is_array() && !rounds->get_array().empty() &&
            rounds->get_array().back().is_object())
            if (const json::value* reason = find(rounds->get_array().back().get_object(), "reason");
                reason && reason->is_string())
                over = reason->get_string() == "chief-captured" ||
                       reason->get_string() == "spy-captured";
    std::map<std::int64_t, const json::object*> battleAt;
    const json::value* battles = find(view, "battles");
    if (battles && battles->is_array())
        for (const auto& b : battles->get_array())
            if (b.is_object())
                if (const json::value* ply = find(b.get_object(), "ply"); ply && ply->is_number())
                    battleAt[ply->to_number<std::int64_t>()] = &b.get_object();
    const json::value* moves = find(view, "moves");
    if (!moves || !moves->is_array()) return out;
    const auto& list = moves->get_array();
    std::int64_t lastBattle = battleAt.empty() ? 0 : battleAt.rbegin()->first;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_string()) continue;
        std::string_view text = list[i].get_string();
        std::int64_t ply = std::int64_t(i) + 1;
        Color mover = ply % 2 ? White : Black;
        bool survived = true;
        if (auto it = battleAt.find(ply); it != battleAt.end()) {
            const json::object& b = *it->second;
            auto attacker = piece_of(find(b, "attacker"));
            auto defender = piece_of(find(b, "defender"));
            auto winner = winner_named(find(b, "winner"));
            const json::value* bonus = find(b, "bonus");
            if (!attacker || !defender || !winner || !bonus || !bonus->is_object()) {
                out.error = "view: a battle report is malformed";
                return out;
            }
            const json::value* ab = find(bonus->get_object(), "attacker");
            const json::value* db = find(bonus->get_object(), "defender");
            if (!ab || !db || !ab->is_number() || !db->is_number()) {
                out.error = "view: a battle's bonuses are malformed";
                return out;
            }
            if (text.find('+') != std::string_view::npos)
                if (auto why = out.belief->observe_gambit(*attacker)) {
                    out.error = *why;
                    return out;
                }
            BattleSeen seen{*attacker, *defender, ab->to_number<int>(), db->to_number<int>(),
                            *winner, over && ply == lastBattle && ply == std::int64_t(list.size())};
            if (auto why = out.belief->observe_battle(seen)) {
                out.error = *why;
                return out;
            }
            survived = *winner == BattleWinner::Attacker;
        }
        // A promotion names the returning piece after the destination: e7e8gn.
        if (text.find('+') == std::string_view::npos && text.size() > 4 && survived &&
            !out.belief->round_over()) {
            std::string_view suffix = text.substr(4);
            for (int s = 0; s < 8; ++s)
                if (suffix == SlotSuffix[s])
                    if (auto why = out.belief->observe_promotion(CsPiece::back_rank(mover, s))) {
                        out.error = *why;
                        return out;
                    }
        }
    }
    return out;
}

}  // namespace arbiter::belief
