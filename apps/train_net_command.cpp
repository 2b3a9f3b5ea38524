// `arbiter train-net`: trains the evaluation network on self-play positions (engine/nnue_train.h).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "apps/commands.h"
#include "engine/nnue_train.h"

namespace arbiter::apps {

void add_train_net_command(CLI::App& app, Registry& registry) {
    struct Args {
        std::vector<std::string> data, heldOut;
        std::string out;
        engine::nnue::TrainOptions options;
        bool noMirror = false;
        std::string start;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "train-net", "Train the evaluation network on 'FEN | score | result' positions (datagen)");
    cmd->add_option("--data", args->data, "Position files from `arbiter datagen` (repeatable)")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--held-out", args->heldOut,
                    "Positions only measured, never trained on (repeatable); with it, every "
                    "--data position is trained on instead of one block in 20 held out")
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", args->out, "Write the network here (the .nnue format)")->required();
    cmd->add_option("--epochs", args->options.epochs, "Passes over the training positions")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--batch", args->options.batchSize, "Positions a gradient step")
        ->check(CLI::Range(1, 10000000));
    cmd->add_option("--rate", args->options.learningRate, "Adam's first step size")
        ->check(CLI::Range(1e-7, 1.0));
    cmd->add_option("--lambda", args->options.lambda,
                    "Weight of the game's result in the target (the rest: the search score)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_flag("--no-mirror", args->noMirror,
                  "Do not also train on the file-mirrored copy of positions without castling");
    cmd->add_option("--threads", args->options.threads, "Threads")->check(CLI::Range(1, 256));
    cmd->add_option("--seed", args->options.seed, "Seeds the starting weights and the shuffle");
    cmd->add_option("--start", args->start,
                    "Start from this network instead of random weights (fine-tuning): "
                    "<built-in> or a .nnue file");
    cmd->callback([&registry, args] {
        registry.action = [args] {
            {  // an unwritable destination is found before the training, not after it
                const std::string probe = args->out + ".tmp";
                if (!std::ofstream(probe, std::ios::binary))
                    throw UsageError(fmt::format("train-net: cannot write {}", probe));
                std::remove(probe.c_str());
            }
            if (!args->start.empty()) {  // found before the positions are read, as --out
                std::shared_ptr<const engine::nnue::Network> from;
                try {
                    from = engine::nnue::choose_network(args->start);
                } catch (const std::invalid_argument& e) {
                    throw UsageError(fmt::format("train-net: --start: {}", e.what()));
                }
                if (!from)
                    throw UsageError(
                        "train-net: --start: the hand-written evaluation is not a network");
                args->options.start = std::make_shared<const engine::nnue::FloatNetwork>(
                    engine::nnue::dequantise(*from));
            }
            engine::nnue::TrainingSet set;
            set.mirrorFiles = !args->noMirror;
            using engine::nnue::PositionUse;
            auto add = [&set](const std::string& file, PositionUse use) {
                std::ifstream in(file, std::ios::binary);
                if (!in) throw UsageError(fmt::format("train-net: cannot read {}", file));
                engine::nnue::add_positions(in, file, set, use);
            };
            for (const std::string& file : args->data)
                add(file, args->heldOut.empty() ? PositionUse::Split : PositionUse::Train);
            for (const std::string& file : args->heldOut) add(file, PositionUse::HeldOut);
            std::cout << fmt::format(
                "{} positions: {} training ({} of them mirrored), {} held out{}\n", set.lines,
                set.train.size(), set.mirrored, set.validation.size(),
                set.droppedTruncatedLine ? " (a last line without its newline was dropped)" : "");
            const bool checked = !set.validation.empty();
            if (checked) {
                std::cout << fmt::format(
                    "the hand-written evaluation on the held-out positions: loss {:.6f}, against "
                    "results alone {:.6f}\n",
                    engine::nnue::hand_eval_loss(set.validation, args->options.lambda),
                    engine::nnue::hand_eval_loss(set.validation, 1.0));
            } else {
                std::cout << "the hand-written evaluation on the held-out positions: none to "
                             "measure on\n";
            }
            const auto result = engine::nnue::train(set, args->options, std::cout);
            const auto net = engine::nnue::quantise(result.network);
            if (checked) {
                std::cout << fmt::format(
                    "kept epoch {}: validation loss {:.6f} -> {:.6f}, against results alone "
                    "{:.6f} -> {:.6f}\n",
                    result.bestEpoch, result.validationBefore, result.validationAfter,
                    result.resultsBefore, result.resultsAfter);
            } else {
                std::cout << fmt::format("kept epoch {}, unchecked\n", result.bestEpoch);
            }
            replace_file(args->out, engine::nnue::serialize(*net), "train-net");
            std::cout << "wrote " << args->out << "\n";
            return 0;
        };
    });
}

}  // namespace arbiter::apps
