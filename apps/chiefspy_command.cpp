// `arbiter chiefspy battle`: the companion calculator for a physical board (the seed's app:
// select the two fighters and their support, the referee announces the winner).
// `arbiter chiefspy verify FILE`: checks a finished match record's commitments.
#include <fstream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "apps/commands.h"
#include "core/json.h"
#include "referee/chiefspy_game.h"
#include "variants/chiefspy/battle.h"

namespace arbiter::apps {
namespace {

using chiefspy::Value;

struct BattleOptions {
    std::string attacker, defender, attackerInitial, defenderInitial;
    int attackerSupport = 0, defenderSupport = 0;
    bool json = false;
};

Value parse_value(const std::string& option, const std::string& text) {
    auto v = Value::parse(text);
    if (!v || text.size() != 1)
        throw UsageError(
            fmt::format("chiefspy battle: {} '{}': expected 1-7, C or S", option, text));
    return *v;
}

Value parse_initial(const std::string& option, const std::string& text, Value current) {
    if (text.empty()) return current;
    Value v = parse_value(option, text);
    if (v.is_special() != current.is_special() || (v.is_special() && v != current))
        throw UsageError(fmt::format(
            "chiefspy battle: {} '{}': a Chief or Spy keeps its value, a number stays a number",
            option, text));
    if (v.is_number() && v.as_number() < current.as_number())
        throw UsageError(fmt::format(
            "chiefspy battle: {} '{}': a value never exceeds its initial value", option, text));
    return v;
}

int run_battle(const BattleOptions& o) {
    using namespace chiefspy;
    Value a = parse_value("--attacker", o.attacker), d = parse_value("--defender", o.defender);
    Fighter attacker{a, parse_initial("--attacker-initial", o.attackerInitial, a),
                     1 + o.attackerSupport};
    Fighter defender{d, parse_initial("--defender-initial", o.defenderInitial, d),
                     o.defenderSupport};
    BattleResult r = resolve_battle(attacker, defender);
    auto total = [](const Fighter& f) {
        auto t = total_of(f);
        return t ? json::value(*t) : json::value(nullptr);
    };
    auto after = [](const std::optional<Value>& v) {
        return v ? json::value(v->to_string()) : json::value(nullptr);
    };
    if (o.json) {
        json::object out{
            {"winner", winner_name(r.winner)},
            {"attacker", {{"total", total(attacker)}, {"value", after(r.attackerAfter)}}},
            {"defender", {{"total", total(defender)}, {"value", after(r.defenderAfter)}}}};
        fmt::print("{}\n", json::serialize(out));
        return 0;
    }
    auto totalText = [](const Fighter& f) {
        auto t = total_of(f);
        return t ? std::to_string(*t)
                 : f.current.to_string() + fmt::format(" (bonus +{})", f.bonus);
    };
    fmt::print("winner: {}\n", winner_name(r.winner));
    fmt::print("attacker: total {}, new value {}\n", totalText(attacker),
               r.attackerAfter ? r.attackerAfter->to_string() : "-");
    fmt::print("defender: total {}, new value {}\n", totalText(defender),
               r.defenderAfter ? r.defenderAfter->to_string() : "-");
    return 0;
}

int run_verify(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw UsageError(fmt::format("chiefspy verify: cannot open '{}'", path));
    std::stringstream text;
    text << in.rdbuf();
    auto v = referee::verify_chiefspy_record(text.str());
    for (const auto& line : v.lines) fmt::print("{}\n", line);
    fmt::print("{}\n", v.ok ? "verified" : "NOT verified");
    return v.ok ? 0 : 1;
}

}  // namespace

void add_chiefspy_command(CLI::App& app, Registry& registry) {
    auto* cs =
        app.add_subcommand("chiefspy", "Chief & Spy tools: battle calculator, record verifier");
    cs->require_subcommand(1);

    auto o = std::make_shared<BattleOptions>();
    auto* battle = cs->add_subcommand(
        "battle", "Decide a battle for a physical board (the attacker's +1 base is added here)");
    battle->add_option("--attacker", o->attacker, "Attacker's current value: 1-7, C or S")
        ->required();
    battle->add_option("--defender", o->defender, "Defender's current value: 1-7, C or S")
        ->required();
    battle
        ->add_option("--attacker-support", o->attackerSupport,
                     "Attacker's allies that could attack the square")
        ->check(CLI::Range(0, 63));
    battle
        ->add_option("--defender-support", o->defenderSupport,
                     "Defender's allies that could attack the square")
        ->check(CLI::Range(0, 63));
    battle->add_option("--attacker-initial", o->attackerInitial, "Attacker's initial value (cap)");
    battle->add_option("--defender-initial", o->defenderInitial, "Defender's initial value (cap)");
    battle->add_flag("--json", o->json, "One JSON object instead of text");
    battle->callback([o, &registry] { registry.action = [o] { return run_battle(*o); }; });

    auto path = std::make_shared<std::string>();
    auto* verify =
        cs->add_subcommand("verify", "Check a finished match record's commitments and battles");
    verify->add_option("FILE", *path, "The record (as written by the referee)")->required();
    verify->callback([path, &registry] { registry.action = [path] { return run_verify(*path); }; });
}

}  // namespace arbiter::apps
