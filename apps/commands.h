// Subcommand registration for the `arbiter` command.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

namespace arbiter::apps {

// Thrown by a subcommand for a bad argument value (exit 2, like CLI11's own errors).
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Holds the action of the subcommand the user chose; it runs after parsing.
struct Registry {
    std::function<int()> action;
    int run() const;
};

void add_perft_command(CLI::App& app, Registry& registry);
void add_play_command(CLI::App& app, Registry& registry);
void add_chiefspy_command(CLI::App& app, Registry& registry);
void add_uci_command(CLI::App& app, Registry& registry);
void add_match_command(CLI::App& app, Registry& registry);
void add_serve_command(CLI::App& app, Registry& registry);
void add_loadtest_command(CLI::App& app, Registry& registry);
void add_crowdtest_command(CLI::App& app, Registry& registry);
void add_selfplay_command(CLI::App& app, Registry& registry);
void add_tune_command(CLI::App& app, Registry& registry);
void add_datagen_command(CLI::App& app, Registry& registry);
void add_train_net_command(CLI::App& app, Registry& registry);

void register_all(CLI::App& app, Registry& registry);

// Writes the file aside and renames it into place, so a full disk or a crash never leaves it
// half written; std::runtime_error "<command>: cannot write/replace <path>" otherwise.
void replace_file(const std::string& path, const std::string& bytes, const std::string& command);

}  // namespace arbiter::apps
