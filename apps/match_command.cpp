// `arbiter match`: a match between two UCI engines under our rules (engine/match.h).
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "apps/commands.h"
#include "engine/match.h"

namespace arbiter::apps {

namespace {

std::vector<std::pair<std::string, std::string>> parse_options(
    const std::vector<std::string>& items, const char* flag) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& item : items) {
        auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError(fmt::format("match: {} '{}': expected NAME=VALUE", flag, item));
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    return out;
}

}  // namespace

void add_match_command(CLI::App& app, Registry& registry) {
    struct Args {
        engine::MatchOptions options;
        std::string tc = "10+0.1";
        std::string openings;
        std::string sprt, sprtPairs;
        int bookPlies = 0;
        int bookSize = 1000;
        std::uint64_t bookSeed = 1;
        std::vector<std::string> options1, options2;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "match", "Play a match between two UCI engines with our rules as arbiter");
    cmd->add_option("--engine1", args->options.engine1.command, "Command line of engine 1")
        ->required();
    cmd->add_option("--engine2", args->options.engine2.command, "Command line of engine 2")
        ->required();
    cmd->add_option("--name1", args->options.engine1.name,
                    "Name of engine 1 (default: its id name)");
    cmd->add_option("--name2", args->options.engine2.name,
                    "Name of engine 2 (default: its id name)");
    cmd->add_option("--option1", args->options1, "UCI option NAME=VALUE for engine 1 (repeatable)");
    cmd->add_option("--option2", args->options2, "UCI option NAME=VALUE for engine 2 (repeatable)");
    cmd->add_option("--games", args->options.games, "Number of games (colours alternate)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--tc", args->tc, "Time control: seconds+increment, e.g. 10+0.1");
    cmd->add_option("--openings", args->openings,
                    "File of openings, one a line: UCI moves, or a FEN [moves ...]");
    cmd->add_option("--concurrency", args->options.concurrency, "Games played at once")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--timemargin", args->options.timeMarginMs,
                    "Milliseconds an engine may overrun its clock before it forfeits")
        ->check(CLI::Range(0, 60000));
    cmd->add_option("--pgn", args->options.pgnPath, "Write the games to this PGN file");
    cmd->add_option("--nodes", args->options.nodesPerMove,
                    "Search about this many nodes a move (go nodes, varied by up to 25 %) instead "
                    "of spending the clock, which then only limits a hung engine")
        ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 40));
    cmd->add_option("--sprt", args->sprt,
                    "Stop when an SPRT decides: elo0,elo1[,alpha,beta] (logistic Elo; "
                    "alpha = beta = 0.05); --games is then the most to play");
    cmd->add_option("--sprt-pairs", args->sprtPairs,
                    "Resume the SPRT from an earlier run's pairs n0,n1,n2,n3,n4 (its \"Pairs\" "
                    "line); play other openings (--book-seed) so none counts twice")
        ->needs("--sprt");
    cmd->add_option("--book-plies", args->bookPlies,
                    "Instead of an openings file: random balanced openings of this many plies")
        ->check(CLI::Range(1, 40));
    cmd->add_option("--book-size", args->bookSize, "How many random openings (default 1000)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--book-seed", args->bookSeed, "Seed of the random openings (default 1)");
    cmd->callback([&registry, args] {
        registry.action = [args] {
            try {
                args->options.tc = engine::parse_time_control(args->tc);
                args->options.engine1.options = parse_options(args->options1, "--option1");
                args->options.engine2.options = parse_options(args->options2, "--option2");
                if (!args->sprt.empty()) args->options.sprt = engine::parse_sprt(args->sprt);
                if (!args->sprtPairs.empty()) {
                    args->options.sprtEarlierPairs = engine::parse_pentanomial(args->sprtPairs);
                    // Refuses earlier pairs that already decide the test.
                    const engine::SprtTest resumed(*args->options.sprt,
                                                   args->options.sprtEarlierPairs);
                }
                if (args->bookPlies > 0 && !args->openings.empty())
                    throw UsageError("match: --book-plies and --openings exclude each other");
                if (args->bookPlies > 0)
                    args->options.openings =
                        engine::random_openings(args->bookSize, args->bookPlies, args->bookSeed);
                if (!args->openings.empty()) {
                    std::ifstream in(args->openings);
                    if (!in)
                        throw UsageError(
                            fmt::format("match: cannot open openings file '{}'", args->openings));
                    args->options.openings = engine::read_openings(in);
                }
            } catch (const std::invalid_argument& e) {
                throw UsageError(fmt::format("match: {}", e.what()));
            }
            engine::run_match(args->options, std::cout);
            return 0;
        };
    });
}

}  // namespace arbiter::apps
