// `arbiter serve`: the referee server (docs/api.md).
#include "apps/commands.h"

#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "server/log.h"
#include "server/server.h"

namespace arbiter::apps {

void add_serve_command(CLI::App& app, Registry& registry) {
    auto* cmd =
        app.add_subcommand("serve", "Run the referee server: HTTP + WebSocket API, SQLite storage");
    auto config = std::make_shared<server::ServerConfig>();
    auto level = std::make_shared<std::string>("info");
    auto relaxed = std::make_shared<bool>(false);
    cmd->add_option("--host", config->host, "Address to listen on")->capture_default_str();
    cmd->add_option("--port", config->port, "Port (0: any free port, printed in the log)")
        ->capture_default_str();
    cmd->add_option("--db", config->db,
                    "SQLite database file (created if missing), or a PostgreSQL URL "
                    "(postgresql://user@host:port/dbname)")
        ->capture_default_str();
    cmd->add_option("--node", config->node,
                    "This node's name in a cluster on one PostgreSQL database (default: the host "
                    "name); a node started again under its name takes its games back at once");
    cmd->add_option("--loops", config->loops,
                    "Event loops, each serving its share of the games and connections (0: one "
                    "per core)")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t(0), std::size_t(256)));
    cmd->add_flag("--trust-proxy", config->trustProxy,
                  "Behind a proxy on this host (HAProxy): limit per the client address in the "
                  "last X-Forwarded-For, not per the proxy's address");
    cmd->add_option("--web", config->web, "Folder of the web client, served at / when present")
        ->capture_default_str();
    cmd->add_option("--rate", config->rate, "Requests/messages per second allowed per connection")
        ->capture_default_str();
    cmd->add_option("--burst", config->burst, "Burst allowed above --rate")->capture_default_str();
    auto openMinutes = std::make_shared<long>(config->limits.openExpiry.count() / 60);
    auto idleHours = std::make_shared<long>(config->limits.idleExpiry.count() / 3600);
    cmd->add_option("--creates-per-minute", config->limits.createsPerMinute,
                    "New games per minute per client address (burst --create-burst)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--create-burst", config->limits.createBurst, "Burst of new games per address")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--open-per-address", config->limits.openPerAddress,
                    "Games one address may have waiting for an opponent")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--limit-loopback", config->limits.limitLoopback,
                  "Apply the per-address limits to 127.0.0.1 and ::1 too");
    cmd->add_flag("--allow-chosen-secrets", config->limits.allowChosenSecrets,
                  "Tests and demos only: let a creator choose the mines in a game against a "
                  "person (the game is marked as such)");
    cmd->add_option("--open-expiry-minutes", *openMinutes,
                    "An open game nobody joins is aborted after this long")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--idle-expiry-hours", *idleHours,
                    "A game nobody acts in is ended as abandoned after this long")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    auto leftSeconds = std::make_shared<double>(config->limits.leftClaimDelay.count() / 1000.0);
    auto firstMoveSeconds =
        std::make_shared<double>(config->limits.firstMoveLimit.count() / 1000.0);
    cmd->add_option("--left-claim-seconds", *leftSeconds,
                    "A player whose connections have all been gone this long may be claimed "
                    "against (win or draw) by their opponent")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--first-move-seconds", *firstMoveSeconds,
                    "A timed game is aborted when the side to make its first move has not "
                    "made it within this long")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--max-spectators", config->limits.spectatorsPerGame,
                    "Spectators' event streams per game")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--max-connections", config->maxConnections,
                    "Open connections at once; more are answered 503")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--analyses-per-hour", config->analysis.perHour,
                    "Computer analyses of finished games one client address may start per hour")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--analyses-at-once", config->analysis.atOnce,
                    "Computer analyses being computed at once, server-wide")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--analysis-nodes", config->analysis.nodes,
                    "Engine nodes searched per position of a computer analysis")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t(1000), std::uint64_t(10'000'000)));
    cmd->add_option("--log-level", *level, "debug, info, warn or error")->capture_default_str();
    cmd->add_flag("--no-fsync-on-power-loss", *relaxed,
                  "SQLite synchronous=NORMAL: commits survive a crashed process, not a power cut");
    cmd->callback([&registry, config, level, relaxed, openMinutes, idleHours, leftSeconds,
                   firstMoveSeconds] {
        registry.action = [config, level, relaxed, openMinutes, idleHours, leftSeconds,
                           firstMoveSeconds] {
            config->limits.openExpiry = std::chrono::minutes(*openMinutes);
            config->limits.idleExpiry = std::chrono::hours(*idleHours);
            config->limits.leftClaimDelay =
                std::chrono::milliseconds(std::int64_t(*leftSeconds * 1000));
            config->limits.firstMoveLimit =
                std::chrono::milliseconds(std::int64_t(*firstMoveSeconds * 1000));
            auto l = server::parse_log_level(*level);
            if (!l) throw UsageError("--log-level must be debug, info, warn or error");
            server::set_log_level(*l);
            config->fullSync = !*relaxed;
            server::Server s(*config);
            try {
                s.start();
            } catch (const std::exception& e) {
                fmt::print(stderr, "arbiter serve: {}\n", e.what());
                return 1;
            }
            // The one line a newcomer needs: where to point the browser.
            std::string host =
                config->host == "0.0.0.0" || config->host == "::" ? "127.0.0.1" : config->host;
            if (host.find(':') != std::string::npos) host = "[" + host + "]";
            std::string url = "http://" + host + ":" + std::to_string(s.port()) + "/";
            if (std::filesystem::is_directory(config->web))
                fmt::print("Arbiter is running: open {} in a browser to play (Ctrl+C stops it).\n",
                           url);
            else
                fmt::print("Arbiter API on {} (no web client in '{}': run `make build`).\n", url,
                           config->web);
            std::fflush(stdout);
            s.run_until_signal();
            return 0;
        };
    });
}

}  // namespace arbiter::apps
