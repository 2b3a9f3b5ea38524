// `arbiter tune`: Texel tuning of the evaluation's weights on PGN games (engine/texel.h).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "apps/commands.h"
#include "engine/texel.h"

namespace arbiter::apps {

void add_tune_command(CLI::App& app, Registry& registry) {
    struct Args {
        std::vector<std::string> pgn;
        std::string out;
        engine::texel::ExtractOptions extract;
        engine::texel::TuneOptions tune;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "tune", "Tune the evaluation's weights on the results of PGN games (Texel's method)");
    cmd->add_option("--pgn", args->pgn, "PGN files of games (repeatable)")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option(
        "--out", args->out,
        "Write the tuned weights here, as engine/eval_weights.h (default: only report)");
    cmd->add_option("--epochs", args->tune.epochs, "Gradient steps over the whole set")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--rate", args->tune.learningRate, "Adam's step, in centipawns")
        ->check(CLI::Range(0.001, 100.0));
    cmd->add_option("--report-every", args->tune.reportEvery,
                    "Print the errors every N epochs (the kept weights are the best of these)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_flag("--freeze-psq", args->tune.freezePieceSquares,
                  "Keep the piece-square tables (material included) as they are");
    cmd->add_flag("--freeze-mobility", args->tune.freezeMobility, "Keep the mobility tables");
    cmd->add_option("--regularization", args->tune.regularization,
                    "L2 pull toward the starting weights (error per centipawn squared)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--lambda", args->tune.lambda,
                    "Weight of the game result in the target where the PGN has the engine's "
                    "search scores (\"+0.35/9\" comments); 1 = results only")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--min-positions", args->tune.minPositions,
                    "Tune only terms present in at least this many training positions")
        ->check(CLI::Range(0, 100000000));
    cmd->add_option("--skip-plies", args->extract.skipPlies,
                    "Plies of each game not used (the book)")
        ->check(CLI::Range(0, 400));
    cmd->add_option("--every", args->extract.everyNth, "Keep one position in N")
        ->check(CLI::Range(1, 1000));
    cmd->callback([&registry, args] {
        registry.action = [args] {
            engine::texel::Dataset data;
            for (const std::string& file : args->pgn) {
                std::ifstream in(file, std::ios::binary);
                if (!in) throw UsageError(fmt::format("tune: cannot read {}", file));
                engine::texel::add_games(in, args->extract, data);
            }
            std::cout << fmt::format("{} games ({} skipped)\n", data.games, data.skippedGames);
            const auto start = engine::texel::current_weights();
            const auto result = engine::texel::tune(data, start, args->tune, std::cout);
            std::cout << fmt::format(
                "kept epoch {}: training error {:.6f} -> {:.6f}, validation {:.6f} -> {:.6f}, "
                "validation against results alone {:.6f} -> {:.6f}\n",
                result.bestEpoch, result.trainBefore, result.trainAfter, result.validationBefore,
                result.validationAfter, result.resultsBefore, result.resultsAfter);
            if (!args->out.empty()) {
                std::ostringstream header;
                engine::texel::write_weights_header(
                    header, result.weights,
                    fmt::format(
                        "Tuned on {} games ({} training positions, {} held out), K {:.3f}, "
                        "{} epochs at rate {}, lambda {}: validation error {:.6f} -> {:.6f}.",
                        data.games, data.train.size(), data.validation.size(), result.k,
                        result.bestEpoch, args->tune.learningRate, args->tune.lambda,
                        result.validationBefore, result.validationAfter));
                // Never the compiled-in weights half written.
                replace_file(args->out, header.str(), "tune");
                std::cout << "wrote " << args->out << "\n";
            }
            return 0;
        };
    });
}

}  // namespace arbiter::apps
