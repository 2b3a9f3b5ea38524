// Perft suites in the classic EPD form: "FEN ;D1 20 ;D2 400 ...", one position a line.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <utility>
#include <vector>

namespace arbiter {

struct PerftSuiteEntry {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, expected nodes)
};

// Skips blank lines and '#' comments; throws NotationError naming the line and token.
std::vector<PerftSuiteEntry> read_perft_suite(std::istream& in);

}  // namespace arbiter
