// The table of games the referee can create. One line per variant.
#include <stdexcept>

#include "referee/variants.h"

namespace arbiter::referee {
namespace {

struct VariantEntry {
    const char* name;
    std::unique_ptr<Game> (*make)(const GameOptions&, RandomSource&);
};

constexpr VariantEntry Variants[] = {
    {"chess", make_chess_game},
    {"chiefspy", make_chiefspy_game},
    {"minesweeper", make_minesweeper_game},
};

}  // namespace

std::unique_ptr<Game> create_game(std::string_view variant, const GameOptions& options,
                                  RandomSource& random) {
    for (const auto& v : Variants)
        if (variant == v.name) return v.make(options, random);
    throw std::invalid_argument("unknown variant '" + std::string(variant) +
                                "' (known: chess, chiefspy, minesweeper)");
}

std::vector<std::string> variant_names() {
    std::vector<std::string> names;
    for (const auto& v : Variants) names.emplace_back(v.name);
    return names;
}

}  // namespace arbiter::referee
