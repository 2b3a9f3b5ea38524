// `arbiter perft`: count the leaves of the legal move tree, for one position or a suite.
#include <chrono>
#include <fstream>
#include <memory>

#include <fmt/format.h>

#include "apps/commands.h"
#include "apps/perft_variants.h"
#include "core/notation_error.h"
#include "core/perft_suite.h"

namespace arbiter::apps {
namespace {

struct PerftOptions {
    std::string variant = "chess";
    std::string fen;
    std::string epd;
    bool divide = false;
    int depth = -1;
    std::uint64_t maxNodes = 0;
};

const PerftVariant& find_variant(const std::string& name) {
    for (const auto& v : perft_variants())
        if (v.name == name) return v;
    std::string known;
    for (const auto& v : perft_variants()) known += (known.empty() ? "" : ", ") + v.name;
    throw UsageError(fmt::format("perft: unknown variant '{}' (known: {})", name, known));
}

double millis_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

void print_totals(std::uint64_t nodes, double ms) {
    fmt::print("nodes {} time_ms {} nps {}\n", nodes, std::uint64_t(ms),
               std::uint64_t(ms > 0 ? double(nodes) * 1000.0 / ms : 0));
}

int run_single(const PerftVariant& v, const PerftOptions& o) {
    std::string fen = o.fen.empty() ? v.startFen : o.fen;
    auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (o.divide && o.depth >= 1) {
        for (const auto& [move, count] : v.divide(fen, o.depth)) {
            fmt::print("{}: {}\n", move, count);
            nodes += count;
        }
        fmt::print("\n");
    } else {
        nodes = v.count(fen, o.depth);
    }
    print_totals(nodes, millis_since(start));
    return 0;
}

int run_suite(const PerftVariant& v, const PerftOptions& o) {
    std::ifstream in(o.epd);
    if (!in) throw UsageError(fmt::format("perft: cannot open EPD file '{}'", o.epd));
    auto suite = read_perft_suite(in);  // throws NotationError with the line number
    int passed = 0, failed = 0, index = 0;
    std::uint64_t totalNodes = 0;
    auto start = std::chrono::steady_clock::now();
    for (const auto& entry : suite) {
        ++index;
        for (const auto& [depth, expected] : entry.counts) {
            if (o.maxNodes && expected > o.maxNodes) continue;
            if (o.depth >= 0 && depth > o.depth) continue;
            std::uint64_t got = 0;
            std::string error;
            try {
                got = v.count(entry.fen, depth);
            } catch (const NotationError& e) {
                error = e.what();
            }
            totalNodes += got;
            bool ok = error.empty() && got == expected;
            ok ? ++passed : ++failed;
            if (!error.empty())
                fmt::print("FAIL #{} D{} {}: {}\n", index, depth, entry.fen, error);
            else
                fmt::print("{} #{} D{} {} expected {} got {}\n", ok ? "ok  " : "FAIL", index,
                           depth, entry.fen, expected, got);
        }
    }
    print_totals(totalNodes, millis_since(start));
    fmt::print("{} passed, {} failed\n", passed, failed);
    return failed ? 1 : 0;
}

}  // namespace

void add_perft_command(CLI::App& app, Registry& registry) {
    auto o = std::make_shared<PerftOptions>();
    auto* cmd = app.add_subcommand("perft", "Count legal move paths to a depth (move generator test)");
    cmd->add_option("--variant", o->variant, "Game: chess, minesweeper")
        ->capture_default_str();
    cmd->add_option("--fen", o->fen, "Start from this FEN instead of the initial position");
    cmd->add_flag("--divide", o->divide, "One line per root move: 'e2e4: 134053'");
    cmd->add_option("--epd", o->epd, "Run a suite: lines 'FEN ;D1 n ;D2 n ...'");
    cmd->add_option("--max-nodes", o->maxNodes, "With --epd: skip depths expecting more nodes");
    cmd->add_option("depth", o->depth, "Depth in plies (with --epd: the deepest to run)")
        ->check(CLI::Range(0, 20));
    cmd->callback([o, &registry] {
        registry.action = [o] {
            const PerftVariant& v = find_variant(o->variant);
            if (!o->epd.empty()) {
                if (!o->fen.empty() || o->divide)
                    throw UsageError("perft: --epd cannot be combined with --fen or --divide");
                return run_suite(v, *o);
            }
            if (o->depth < 0) throw UsageError("perft: give a DEPTH, or --epd FILE");
            return run_single(v, *o);
        };
    });
}

}  // namespace arbiter::apps
