// `arbiter selfplay`: referee-run games between the hidden-information players
// (engine/selfplay.h).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "apps/commands.h"
#include "engine/selfplay.h"

namespace arbiter::apps {

void add_selfplay_command(CLI::App& app, Registry& registry) {
    auto options = std::make_shared<engine::SelfplayOptions>();
    auto* cmd = app.add_subcommand(
        "selfplay", "Play Chief & Spy or Minesweeper Chess games between computer players");
    cmd->add_option("--variant", options->variant, "chiefspy or minesweeper")->required();
    cmd->add_option("--a", options->a,
                    "Player A: a level 0-8, greedy, random, baseline8, or a level with parts "
                    "joined by '-': chiefspy nobluff, nomodel, noreads, blindbluffs, noiseN, "
                    "exposureN (8-noreads); minesweeper nodesN, branchN, noiseN, randomN, "
                    "blunderN, topK, unbounded, fog (2-blunder30-top3)")
        ->required();
    cmd->add_option("--b", options->b, "Player B: as --a")->required();
    cmd->add_option("--uci", options->uciCommand,
                    "Command line of an outside UCI engine, for the players uci-depthN and "
                    "uci-nodesN (minesweeper; e.g. \"fairy-stockfish\" with --uci-option "
                    "VariantPath=bench/minesweeper.ini --uci-option UCI_Variant=minesweeper)");
    auto uciOptions = std::make_shared<std::vector<std::string>>();
    cmd->add_option("--uci-option", *uciOptions, "NAME=VALUE: a UCI option of --uci (repeatable)");
    cmd->add_option("--games", options->games, "Number of games (A's colour alternates)")
        ->required();
    cmd->add_option("--seed", options->seed, "Seed of the secrets and the players' randomness");
    cmd->add_option("--concurrency", options->concurrency, "Games played at once");
    cmd->add_option("--max-actions", options->maxPlies,
                    "A game still running after this many actions counts as a draw");
    cmd->callback([&registry, options, uciOptions] {
        registry.action = [options, uciOptions] {
            for (const auto& option : *uciOptions) {
                const auto eq = option.find('=');
                if (eq == std::string::npos || eq == 0)
                    throw UsageError(
                        fmt::format("selfplay: --uci-option '{}' is not NAME=VALUE", option));
                options->uciOptions.emplace_back(option.substr(0, eq), option.substr(eq + 1));
            }
            try {
                engine::run_selfplay(*options, std::cout);
            } catch (const std::invalid_argument& e) {
                throw UsageError(fmt::format("selfplay: {}", e.what()));
            }
            return 0;
        };
    });
}

}  // namespace arbiter::apps
