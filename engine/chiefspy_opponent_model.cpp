#include "engine/chiefspy_opponent_model.h"

#include <algorithm>
#include <string>
#include <vector>

namespace arbiter::engine::cs_model {
namespace {

using chiefspy::Slot;
using chiefspy::SlotCount;

// The seat ("white"/"black") of the opponent of the player of colour `me` this round.
std::string opponent_seat(const json::object& view, Color me) {
    const json::value* colourOf = view.if_contains("colourOf");
    if (!colourOf || !colourOf->is_object()) return {};
    const char* mine = me == White ? "white" : "black";
    for (const char* seat : {"white", "black"}) {
        const json::value* c = colourOf->get_object().if_contains(seat);
        if (c && c->is_string() && c->get_string() != mine) return seat;
    }
    return {};
}

// The slots of the Chief and the Spy that `seat` revealed at the end of a round, if it did.
std::vector<Slot> revealed_specials(const json::value& round, const std::string& seat) {
    std::vector<Slot> specials;
    if (!round.is_object()) return specials;
    const json::value* reveal = round.get_object().if_contains("reveal");
    if (!reveal || !reveal->is_object()) return specials;
    for (const auto& side : reveal->get_object()) {
        if (!side.value().is_object()) continue;
        const json::value* s = side.value().get_object().if_contains("seat");
        const json::value* values = side.value().get_object().if_contains("values");
        if (!s || !s->is_string() || s->get_string() != seat.c_str() || !values ||
            !values->is_object())
            continue;
        for (Slot v = 0; v < SlotCount; ++v) {
            const json::value* x = values->get_object().if_contains(std::string(1, char('a' + v)));
            if (x && x->is_string() && (x->get_string() == "C" || x->get_string() == "S"))
                specials.push_back(v);
        }
    }
    return specials;
}

}  // namespace

OpponentHabits opponent_habits(const json::object& view, Color me) {
    OpponentHabits h;
    const json::value* rounds = view.if_contains("rounds");
    const std::string theirs = opponent_seat(view, me);
    if (!rounds || !rounds->is_array() || theirs.empty()) return h;
    // Likelihood of the places seen, for a habitual player and for one who places uniformly.
    double habitual = 1, uniform = 1;
    for (const auto& r : rounds->get_array()) {
        const std::vector<Slot> specials = revealed_specials(r, theirs);
        if (specials.empty()) continue;  // a round with no reveal tells nothing
        const int used =
            int(std::count_if(h.count.begin(), h.count.end(), [](int c) { return c > 0; }));
        if (used > 0) {
            const double chance = double(used) / SlotCount;  // a uniform placer's repeat odds
            for (Slot v : specials) {
                const bool repeated = h.count[std::size_t(v)] > 0;
                habitual *= repeated ? RepeatRate + (1 - RepeatRate) * chance
                                     : (1 - RepeatRate) * (1 - chance);
                uniform *= repeated ? chance : 1 - chance;
            }
        }
        for (Slot v : specials) ++h.count[std::size_t(v)];
    }
    h.repeatProbability = habitual / (habitual + uniform);
    h.weight = HabitWeight * std::min(1.0, h.repeatProbability / 0.5);
    return h;
}

std::array<int, SlotCount> opponent_attacks(const json::object& view, Color me) {
    std::array<int, SlotCount> count{};
    const json::value* battles = view.if_contains("battles");
    if (!battles || !battles->is_array()) return count;
    const char* theirs = me == White ? "black" : "white";
    for (const auto& b : battles->get_array()) {
        if (!b.is_object()) continue;
        const json::value* a = b.get_object().if_contains("attacker");
        if (!a || !a->is_object()) continue;
        const json::value* colour = a->get_object().if_contains("colour");
        const json::value* id = a->get_object().if_contains("id");
        if (!colour || !colour->is_string() || colour->get_string() != theirs || !id ||
            !id->is_string() || id->get_string().size() != 1)
            continue;
        const int slot = id->get_string()[0] - 'a';
        if (slot >= 0 && slot < SlotCount) ++count[std::size_t(slot)];
    }
    return count;
}

}  // namespace arbiter::engine::cs_model
