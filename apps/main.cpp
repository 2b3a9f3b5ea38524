// The one `arbiter` command; each subcommand lives in its own file.
#include <CLI/CLI.hpp>

#include "apps/commands.h"

int main(int argc, char** argv) {
    CLI::App app{"Arbiter: referee, server and engine for chess, Chief & Spy and Minesweeper Chess"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show help for every subcommand");
    arbiter::apps::Registry registry;
    arbiter::apps::register_all(app, registry);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Usage errors: one clear line on stderr, exit 2.
        std::fprintf(stderr, "arbiter: %s (try --help)\n", e.what());
        return 2;
    }
    return registry.run();
}
