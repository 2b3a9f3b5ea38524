#include "engine/view_player.h"

#include <optional>
#include <utility>

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

namespace {

// "name1234" -> ("name", 1234); a part without digits has no number.
std::pair<std::string_view, std::optional<int>> split_part(std::string_view part) {
    std::size_t digits = part.size();
    while (digits > 0 && part[digits - 1] >= '0' && part[digits - 1] <= '9') --digits;
    if (digits == part.size() || part.size() - digits > 7) return {part, std::nullopt};
    int number = 0;
    for (char c : part.substr(digits)) number = number * 10 + (c - '0');
    return {part.substr(0, digits), number};
}

std::unique_ptr<ViewPlayer> make_tuned_player(std::string_view variant, int levelNumber,
                                              std::string_view parts, std::string* why) {
    auto fail = [&](std::string_view part) -> std::unique_ptr<ViewPlayer> {
        if (why)
            *why = "unknown part '" + std::string(part) +
                   (variant == "chiefspy"
                        ? "' (chiefspy: nobluff, nomodel, noreads, blindbluffs, noiseN, exposureN)"
                        : "' (minesweeper: nodesN, branchN, noiseN, randomN, blunderN, topK, "
                          "unbounded, fog)");
        return nullptr;
    };
    ChiefSpyLevel cs = chiefspy_level(levelNumber);
    MinesweeperLevel ms = minesweeper_level(levelNumber);
    while (!parts.empty()) {
        const std::size_t cut = parts.find('-');
        const std::string_view part = parts.substr(0, cut);
        parts = cut == std::string_view::npos ? std::string_view() : parts.substr(cut + 1);
        const auto [name, number] = split_part(part);
        if (variant == "chiefspy") {
            if (part == "nobluff")
                cs.bluffs = false;
            else if (part == "nomodel")
                cs.opponentModel = false;
            else if (part == "noreads")
                cs.opponentReads = 0;
            else if (part == "blindbluffs")
                cs.bluffOnReads = false;
            else if (name == "noise" && number)
                cs.noise = *number;
            else if (name == "exposure" && number)
                cs.chiefExposure = *number;
            else
                return fail(part);
        } else if (name == "nodes" && number && *number > 0) {
            ms.nodes = std::uint64_t(*number);
        } else if (name == "branch" && number && *number > 0) {
            ms.branch = std::uint64_t(*number);
        } else if (name == "noise" && number) {
            ms.noise = *number;
        } else if (name == "random" && number && *number <= 100) {
            ms.randomPercent = *number;
        } else if (name == "blunder" && number && *number <= 100) {
            ms.blunderPercent = *number;
            if (ms.blunderMoves == 0) ms.blunderMoves = 3;
        } else if (name == "top" && number && *number > 0) {
            ms.blunderMoves = *number;
        } else if (part == "unbounded") {
            ms.rootBounds = false;
        } else if (part == "fog") {
            ms.fogInTree = true;
        } else {
            return fail(part);
        }
    }
    if (variant == "chiefspy") return make_chiefspy_player(cs);
    return make_minesweeper_player(ms);
}

}  // namespace

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
    // A level with one part off or one dial changed, to measure what it is worth:
    // "8-nobluff", "8-nomodel" (the bare deduction), "8-noreads" (the opponent read as blind),
    // "6-noise1700", "8-exposure1500" for chiefspy; "2-blunder30-top3", "2-nodes800",
    // "2-noise200", "1-random70", "2-unbounded", "8-fog" (landings on the fog priced inside the
    // tree) for minesweeper. Parts join with '-'.
    if (kind.size() > 2 && kind[1] == '-' && kind[0] >= '1' && kind[0] <= '0' + MaxViewPlayerLevel)
        return make_tuned_player(variant, kind[0] - '0', kind.substr(2), why);
    // The Chief & Spy level player frozen before issue 15, to measure the current one against.
    if (variant == "chiefspy" && kind.size() == 9 && kind.substr(0, 8) == "baseline" &&
        kind[8] >= '1' && kind[8] <= '0' + MaxViewPlayerLevel)
        return make_chiefspy_baseline(kind[8] - '0');
    return fail("unknown player '" + std::string(kind) +
                "' (use a level 0-8, greedy, random, baseline8, baseline1-8 for chiefspy, or "
                "a level with parts such as 8-nobluff or 2-blunder30-top3)");
}

std::vector<std::string> legal_move_texts(const std::vector<json::object>& legal) {
    std::vector<std::string> out;
    for (const auto& a : legal)
        if (auto it = a.find("move"); it != a.end() && it->value().is_string())
            out.emplace_back(it->value().get_string());
    return out;
}

}  // namespace arbiter::engine
