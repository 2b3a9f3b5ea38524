#include "core/perft_suite.h"

#include <charconv>

#include <fmt/format.h>

#include "core/notation_error.h"

namespace arbiter {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::vector<PerftSuiteEntry> read_perft_suite(std::istream& in) {
    std::vector<PerftSuiteEntry> suite;
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        std::string_view rest = trim(line);
        if (rest.empty() || rest.front() == '#') continue;
        auto semi = rest.find(';');
        PerftSuiteEntry entry;
        entry.fen = std::string(trim(rest.substr(0, semi)));
        if (entry.fen.empty()) throw NotationError(fmt::format("EPD line {}: no FEN", lineNo));
        while (semi != std::string_view::npos) {
            rest = rest.substr(semi + 1);
            semi = rest.find(';');
            std::string_view token = trim(rest.substr(0, semi));
            if (token.empty()) continue;
            auto space = token.find_first_of(" \t");
            std::string_view label = token.substr(0, space);
            std::string_view number =
                space == std::string_view::npos ? std::string_view() : trim(token.substr(space));
            int depth = 0;
            std::uint64_t nodes = 0;
            bool okLabel = label.size() >= 2 && label[0] == 'D';
            if (okLabel) {
                auto [p, ec] = std::from_chars(label.data() + 1, label.data() + label.size(), depth);
                okLabel = ec == std::errc() && p == label.data() + label.size() && depth >= 1 &&
                          depth <= 20;
            }
            if (!okLabel)
                throw NotationError(fmt::format(
                    "EPD line {}: '{}' is not a depth label like D1 .. D20", lineNo, label));
            auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), nodes);
            if (number.empty() || ec != std::errc() || p != number.data() + number.size())
                throw NotationError(fmt::format("EPD line {}: '{}' after {} is not a node count",
                                                lineNo, number, label));
            entry.counts.emplace_back(depth, nodes);
        }
        suite.push_back(std::move(entry));
    }
    return suite;
}

}  // namespace arbiter
