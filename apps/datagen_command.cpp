// `arbiter datagen`: training positions from self-play (engine/datagen.h).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "apps/commands.h"
#include "engine/datagen.h"
#include "engine/nnue.h"

namespace arbiter::apps {

namespace {

// A run stopped mid-write may leave half a line at the end of the file; appending after it
// would glue the next line onto it. Cut it off first, reading backwards from the end a block
// at a time (the file may hold millions of lines).
void drop_unfinished_line(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return;  // nothing there yet, or no file
    const auto size = std::streamoff(std::filesystem::file_size(path, ec));
    std::ifstream in(path, std::ios::binary);
    if (ec || size <= 0 || !in) return;
    std::streamoff keep = 0;  // where the last complete line ends
    std::string block;
    for (std::streamoff end = size; end > 0 && keep == 0;) {
        const std::streamoff begin = std::max<std::streamoff>(0, end - 4096);
        block.resize(std::size_t(end - begin));
        in.seekg(begin);
        if (!in.read(block.data(), std::streamsize(block.size())))
            throw UsageError(fmt::format("datagen: cannot read {}", path));
        if (end == size && block.back() == '\n') return;  // the last line is whole
        if (const auto nl = block.rfind('\n'); nl != std::string::npos)
            keep = begin + std::streamoff(nl) + 1;
        end = begin;
    }
    if (keep == size) return;
    std::filesystem::resize_file(path, std::uintmax_t(keep), ec);
    if (ec) throw UsageError(fmt::format("datagen: cannot trim {}: {}", path, ec.message()));
}

}  // namespace

void add_datagen_command(CLI::App& app, Registry& registry) {
    struct Args {
        std::string out;
        bool append = false;
        std::vector<std::string> fromPgn;
        int skipPlies = 8;
        bool networkScores = false;
        std::string evalFile{engine::nnue::BuiltIn};
        engine::datagen::Options options;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "datagen", "Self-play games at a fixed node budget; writes 'FEN | score | result' lines");
    cmd->add_option("--out", args->out, "The positions file")->required();
    cmd->add_flag("--append", args->append, "Add to the file instead of replacing it");
    cmd->add_option("--games", args->options.games, "Games to play")
        ->check(CLI::Range(1, 100000000));
    cmd->add_option("--nodes", args->options.nodes, "Search budget a move")
        ->check(CLI::Range(1, 100000000));
    cmd->add_option("--random-plies", args->options.randomPlies,
                    "Uniformly random moves that open each game")
        ->check(CLI::Range(0, 40));
    cmd->add_option("--max-opening-score", args->options.maxOpeningScore,
                    "Draw the opening again when the engine scores it beyond this (cp)")
        ->check(CLI::Range(0, 100000));
    cmd->add_option("--threads", args->options.threads, "Games played at once")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--from-pgn", args->fromPgn,
                    "Instead of playing: take the positions of these games (repeatable) that "
                    "carry search scores, as `arbiter match` writes them")
        ->check(CLI::ExistingFile);
    cmd->add_option("--skip-plies", args->skipPlies, "With --from-pgn: plies of each game not used")
        ->check(CLI::Range(0, 400));
    cmd->add_flag("--network-scores", args->networkScores,
                  "With --from-pgn: the scores are already at the network's scale (games of "
                  "engines from before the search read 3/4 of it); by default they are raised "
                  "to it");
    cmd->add_option("--eval-file", args->evalFile,
                    "Evaluate with this network: <built-in> (the default), <hand-written> or a "
                    ".nnue file")
        ->capture_default_str();
    cmd->add_option("--seed", args->options.seed, "Seeds the openings (same seed, same file)");
    cmd->add_option("--hash", args->options.hashMb, "Transposition table per thread (MB)")
        ->check(CLI::Range(1, 4096));
    cmd->callback([&registry, args] {
        registry.action = [args] {
            if (args->append) drop_unfinished_line(args->out);
            std::ofstream out(args->out, args->append ? std::ios::app : std::ios::trunc);
            if (!out) throw UsageError(fmt::format("datagen: cannot write {}", args->out));
            if (!args->fromPgn.empty()) {
                engine::datagen::PgnStats total;
                for (const std::string& file : args->fromPgn) {
                    std::ifstream in(file, std::ios::binary);
                    if (!in) throw UsageError(fmt::format("datagen: cannot read {}", file));
                    const auto s = engine::datagen::samples_from_pgn(in, args->skipPlies, out,
                                                                     args->networkScores);
                    total.games += s.games;
                    total.skippedGames += s.skippedGames;
                    total.positions += s.positions;
                }
                out.close();
                if (!out)
                    throw std::runtime_error(fmt::format("datagen: writing {} failed", args->out));
                std::cout << fmt::format("{} games ({} skipped), {} positions\n", total.games,
                                         total.skippedGames, total.positions);
                return 0;
            }
            std::shared_ptr<const engine::nnue::Network> network;
            try {
                network = engine::nnue::choose_network(args->evalFile);
            } catch (const std::invalid_argument& e) {
                throw UsageError(fmt::format("datagen: {}", e.what()));
            }
            args->options.network = network.get();
            const auto s = engine::datagen::generate(args->options, out, std::cerr);
            std::cout << fmt::format(
                "{} games, {} positions in {:.0f} s: +{} ={} -{} for White, {} adjudicated\n",
                s.games, s.positions, s.seconds, s.whiteWins, s.draws, s.blackWins, s.adjudicated);
            return 0;
        };
    });
}

}  // namespace arbiter::apps
