// The games `arbiter perft` can count, by name. Each entry hides its position type.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::apps {

struct PerftVariant {
    std::string name;
    std::string startFen;
    // Node count per legal root move, in UCI notation, in generation order.
    std::function<std::vector<std::pair<std::string, std::uint64_t>>(std::string_view fen,
                                                                     int depth)>
        divide;
    std::function<std::uint64_t(std::string_view fen, int depth)> count;
};

const std::vector<PerftVariant>& perft_variants();

}  // namespace arbiter::apps
