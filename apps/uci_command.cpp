// `arbiter uci`: the UCI chess engine on stdin/stdout. Extra arguments are run as
// commands first, then the program exits, e.g. `arbiter uci bench` or `arbiter uci bench 12`.
#include <iostream>
#include <string>
#include <vector>

#include "apps/commands.h"
#include "engine/uci_engine.h"

namespace arbiter::apps {

void add_uci_command(CLI::App& app, Registry& registry) {
    auto* cmd =
        app.add_subcommand("uci", "Run the chess engine over the UCI protocol (stdin/stdout)");
    auto words = std::make_shared<std::vector<std::string>>();
    cmd->add_option("command", *words, "A command to run instead of reading stdin (e.g. bench 10)");
    cmd->callback([&registry, words] {
        registry.action = [words] {
            std::ios::sync_with_stdio(false);
            engine::UciEngine uci(std::cout);
            if (!words->empty()) {
                std::string line;
                for (const auto& w : *words) line += (line.empty() ? "" : " ") + w;
                uci.handle(line);
                uci.wait();
                return 0;
            }
            uci.loop(std::cin);
            return 0;
        };
    });
}

}  // namespace arbiter::apps
