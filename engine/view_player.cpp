#include "engine/view_player.h"

#include "engine/chiefspy_baseline.h"
#include "engine/chiefspy_player.h"
#include "engine/minesweeper_baseline.h"
#include "engine/minesweeper_player.h"

namespace arbiter::engine {

std::unique_ptr<ViewPlayer> make_level_player(std::string_view variant, int level) {
    if (variant == "chiefspy") return make_chiefspy_player(level);
    if (variant == "minesweeper") return make_minesweeper_player(level);
    return std::make_unique<RandomViewPlayer>();
}

std::unique_ptr<ViewPlayer> make_view_player(std::string_view variant, std::string_view kind,
                                             std::string* why) {
    auto fail = [&](std::string reason) -> std::unique_ptr<ViewPlayer> {
        if (why) *why = std::move(reason);
        return nullptr;
    };
    if (variant != "chiefspy" && variant != "minesweeper")
        return fail("unknown variant '" + std::string(variant) +
                    "' (the computer players play chiefspy or minesweeper)");
    if (kind == "random") return std::make_unique<RandomViewPlayer>();
    if (kind == "greedy")
        return variant == "chiefspy" ? make_chiefspy_greedy() : make_minesweeper_greedy();
    if (variant == "minesweeper" && kind == "baseline8") return make_minesweeper_baseline8();
    if (kind.size() == 1 && kind[0] >= '0' && kind[0] <= '0' + MaxViewPlayerLevel)
        return make_level_player(variant, kind[0] - '0');
    // A Chief & Spy level without one part, to measure what that part is worth:
    // "8-nobluff", "8-nomodel" (the bare deduction), "8-noreads" (the opponent read as blind).
    if (variant == "chiefspy" && kind.size() > 2 && kind[1] == '-' && kind[0] >= '1' &&
        kind[0] <= '0' + MaxViewPlayerLevel) {
        ChiefSpyLevel level = chiefspy_level(kind[0] - '0');
        const std::string_view part = kind.substr(2);
        if (part == "nobluff")
            level.bluffs = false;
        else if (part == "nomodel")
            level.opponentModel = false;
        else if (part == "noreads")
            level.opponentReads = 0;
        else
            return fail("unknown part '" + std::string(part) +
                        "' (use nobluff, nomodel or noreads after the level)");
        return make_chiefspy_player(level);
    }
    // The Chief & Spy level player frozen before issue 15, to measure the current one against.
    if (variant == "chiefspy" && kind.size() == 9 && kind.substr(0, 8) == "baseline" &&
        kind[8] >= '1' && kind[8] <= '0' + MaxViewPlayerLevel)
        return make_chiefspy_baseline(kind[8] - '0');
    return fail("unknown player '" + std::string(kind) +
                "' (use a level 0-8, greedy, random, baseline8 or, for chiefspy, a level with "
                "-nobluff, -nomodel or -noreads)");
}

std::vector<std::string> legal_move_texts(const std::vector<json::object>& legal) {
    std::vector<std::string> out;
    for (const auto& a : legal)
        if (auto it = a.find("move"); it != a.end() && it->value().is_string())
            out.emplace_back(it->value().get_string());
    return out;
}

}  // namespace arbiter::engine
