// kill -9 under load: every acknowledged action survives and play continues.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "referee/random.h"
#include "test_paths.h"
#include "tests/postgres_test_db.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

// `arbiter serve` as a child process on a free port; the port is read from its log.
class ChildServer {
public:
    explicit ChildServer(const std::string& db) {
        int fds[2];
        if (pipe(fds) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(fds[1], 2);
            close(fds[0]);
            close(fds[1]);
            execl(ARBITER_BINARY, ARBITER_BINARY, "serve", "--port", "0", "--db", db.c_str(),
                  "--web", "", static_cast<char*>(nullptr));
            _exit(127);
        }
        close(fds[1]);
        log_ = fdopen(fds[0], "r");
        char line[4096];
        while (std::fgets(line, sizeof line, log_)) {
            std::string text(line);
            if (text.find("\"listening\"") == std::string::npos) continue;
            port_ = std::uint16_t(json::parse(text).at("port").to_number<int>());
            break;
        }
        if (!port_) throw std::runtime_error("the server did not start");
        drain_ = std::thread([this] {
            char buf[4096];
            while (std::fgets(buf, sizeof buf, log_)) {
            }
        });
    }
    ~ChildServer() {
        kill_hard();
        drain_.join();
        std::fclose(log_);
    }
    void kill_hard() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    void terminate() {
        ::kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        exitCode_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::uint16_t port() const { return port_; }
    int exit_code() const { return exitCode_; }

private:
    pid_t pid_ = -1;
    FILE* log_ = nullptr;
    std::uint16_t port_ = 0;
    std::thread drain_;
    int exitCode_ = -1;
};

struct Played {
    std::string id, white, black;
    std::vector<std::string> acked;
};

// Plays four games at once on db, kills the server with -9, and checks every acknowledged
// move is there after a start on the same database, and play goes on.
void kill_nine_loses_no_acknowledged_action(const std::string& db) {
    const int games = 4;
    std::vector<Played> played(games);
    {
        ChildServer child(db);
        for (auto& g : played) {
            auto c = http(child.port(), "POST", "/api/games",
                          R"({"variant":"chess","opponent":"local","clock":{"initial":600,"increment":5}})").json();
            g.id = std::string(c.at("id").as_string());
            g.white = std::string(c.at("tokens").at("white").as_string());
            g.black = std::string(c.at("tokens").at("black").as_string());
        }
        std::atomic<bool> stop{false};
        std::vector<std::thread> players;
        for (int i = 0; i < games; ++i)
            players.emplace_back([&, i] {
                Played& g = played[std::size_t(i)];
                referee::SeededRandom random(std::uint64_t(i) + 1);
                try {
                    while (!stop) {
                        auto v = http(child.port(), "GET", "/api/games/" + g.id).json();
                        const auto& legal = v.at("view").at("legalMoves").as_array();
                        if (legal.empty()) return;
                        std::string token = v.at("view").at("toMove") == "white" ? g.white : g.black;
                        std::string m(legal[random.uniform(std::uint32_t(legal.size()))].as_string());
                        auto r = http(child.port(), "POST", "/api/games/" + g.id + "/actions",
                                      R"({"type":"move","move":")" + m + "\"}", token);
                        if (r.status == 200) g.acked.push_back(m);
                    }
                } catch (const std::exception&) {
                    // the server died under us: expected
                }
            });
        std::this_thread::sleep_for(std::chrono::milliseconds(sanitized() ? 1500 : 600));
        child.kill_hard();
        stop = true;
        for (auto& t : players) t.join();
    }
    std::size_t total = 0;
    for (auto& g : played) total += g.acked.size();
    ASSERT_GT(total, 0u) << "no action was acknowledged before the kill";

    ChildServer again(db);
    for (auto& g : played) {
        auto v = http(again.port(), "GET", "/api/games/" + g.id, "", g.white).json();
        const auto& moves = v.at("view").at("moves").as_array();
        ASSERT_GE(moves.size(), g.acked.size());
        for (std::size_t i = 0; i < g.acked.size(); ++i) EXPECT_EQ(moves[i].as_string(), g.acked[i]) << "game " << g.id;
        if (v.at("view").at("status") != "active") continue;
        // Play continues from exactly where the log ends.
        std::string token = v.at("view").at("toMove") == "white" ? g.white : g.black;
        std::string m(v.at("view").at("legalMoves").as_array()[0].as_string());
        EXPECT_EQ(http(again.port(), "POST", "/api/games/" + g.id + "/actions",
                       R"({"type":"move","move":")" + m + "\"}", token).status, 200);
    }
    again.terminate();
    EXPECT_EQ(again.exit_code(), 0);
}

}  // namespace

TEST(ServerCrash, KillNineLosesNoAcknowledgedAction) {
    std::string dir = temp_dir();
    kill_nine_loses_no_acknowledged_action(dir + "/crash.db");
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
}

TEST(ServerCrash, KillNineLosesNoAcknowledgedActionOnPostgres) {
    std::string url = fresh_postgres_db();
    if (url.empty()) GTEST_SKIP() << "no test PostgreSQL: run through ctest, which starts one";
    kill_nine_loses_no_acknowledged_action(url);
}
