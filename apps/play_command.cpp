// `arbiter play`: a game at the terminal for two people at one keyboard.
#include <iostream>
#include <memory>
#include <unistd.h>

#include <fmt/format.h>

#include "apps/chess_play.h"
#include "apps/commands.h"
#include "apps/chiefspy_play.h"
#include "apps/minesweeper_play.h"

namespace arbiter::apps {

void add_play_command(CLI::App& app, Registry& registry) {
    struct Options {
        std::string variant = "chess";
        std::string fen;
        bool noColor = false;
    };
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("play", "Play at the terminal, two players at one keyboard");
    cmd->add_option("--variant", o->variant, "chess, chiefspy or minesweeper")->capture_default_str();
    cmd->add_option("--fen", o->fen, "Start from this position (chess)");
    cmd->add_flag("--no-color", o->noColor, "Plain board without ANSI colours");
    cmd->callback([o, &registry] {
        registry.action = [o] {
            bool colour = !o->noColor && isatty(STDOUT_FILENO);
            if (o->variant == "chess")
                return play_chess_terminal(std::cin, std::cout, {o->fen, colour});
            if (!o->fen.empty()) throw UsageError("play: --fen is for chess only");
            if (o->variant == "chiefspy") return play_chiefspy_terminal(std::cin, std::cout);
            if (o->variant == "minesweeper") return play_minesweeper_terminal(std::cin, std::cout);
            throw UsageError(fmt::format(
                "play: unknown variant '{}' (known: chess, chiefspy, minesweeper)", o->variant));
        };
    });
}

}  // namespace arbiter::apps
