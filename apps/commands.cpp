#include "apps/commands.h"

#include <cstdio>
#include <fstream>

#include <fmt/format.h>

#include "core/notation_error.h"

namespace arbiter::apps {

int Registry::run() const {
    if (!action) return 2;
    try {
        return action();
    } catch (const UsageError& e) {
        std::fprintf(stderr, "arbiter: %s\n", e.what());
        return 2;
    } catch (const NotationError& e) {
        std::fprintf(stderr, "arbiter: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "arbiter: error: %s\n", e.what());
        return 1;
    }
}

void register_all(CLI::App& app, Registry& registry) {
    add_perft_command(app, registry);
    add_play_command(app, registry);
    add_chiefspy_command(app, registry);
    add_uci_command(app, registry);
    add_match_command(app, registry);
    add_serve_command(app, registry);
    add_loadtest_command(app, registry);
    add_crowdtest_command(app, registry);
    add_selfplay_command(app, registry);
    add_tune_command(app, registry);
    add_datagen_command(app, registry);
    add_train_net_command(app, registry);
}

void replace_file(const std::string& path, const std::string& bytes, const std::string& command) {
    const std::string aside = path + ".tmp";
    {
        std::ofstream out(aside, std::ios::binary);
        out << bytes;
        out.close();
        if (!out) {
            std::remove(aside.c_str());
            throw std::runtime_error(fmt::format("{}: cannot write {}", command, aside));
        }
    }
    if (std::rename(aside.c_str(), path.c_str()) != 0) {
        std::remove(aside.c_str());
        throw std::runtime_error(fmt::format("{}: cannot replace {}", command, path));
    }
}

}  // namespace arbiter::apps
