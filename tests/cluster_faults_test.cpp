// The cluster under faults (`make test-cluster`): each test starts a throwaway PostgreSQL,
// three `arbiter serve` nodes and HAProxy in front of them (deploy/cluster), plays through
// HAProxy, and breaks things: kill -9, SIGSTOP past the lease, a PostgreSQL restart.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "test_paths.h"
#include "tests/leak_audit.h"
#include "tests/postgres_test_db.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;
using Clock = std::chrono::steady_clock;

namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::string s;
    std::getline(in, s);
    return s;
}

// A blocking HTTP exchange that waits as long as it takes (a paused node answers late); the
// status, or 0 if the connection failed.
int slow_post(std::uint16_t port, const std::string& target, const std::string& body,
              const std::string& token, std::chrono::seconds patience) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    timeval tv{long(patience.count()), 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        close(fd);
        return 0;
    }
    std::string req = "POST " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" +
                      "Authorization: Bearer " + token +
                      "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    if (write(fd, req.data(), req.size()) != ssize_t(req.size())) {
        close(fd);
        return 0;
    }
    char buf[64] = {};
    ssize_t n = read(fd, buf, sizeof buf - 1);
    int err = errno;
    close(fd);
    if (n < 0) return -err;  // no answer in time (-EAGAIN) or a reset (-ECONNRESET)
    return n >= 12 ? std::atoi(buf + 9) : -1000 - int(n);  // closed without (a whole) answer
}

class ClusterFaults : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = temp_dir();
        front_ = std::uint16_t(20000 + (getpid() % 1000) * 8);
        ASSERT_EQ(cluster("start"), 0) << "the cluster did not start; see " << dir_;
        url_ = read_file(dir_ + "/db.url");
    }
    void TearDown() override {
        cluster("stop");
        std::filesystem::remove_all(dir_);
    }
    int cluster(const std::string& args) {
        std::string cmd = "CLUSTER_DIR=" + dir_ + " CLUSTER_PORT=" + std::to_string(front_) +
                          " ARBITER=" ARBITER_BINARY " CLUSTER_WEB=" + dir_ +
                          "/no-web ARBITER_LOG=warn " ARBITER_SOURCE_DIR "/deploy/cluster " + args +
                          " >>" + dir_ + "/cluster.log 2>&1";
        return std::system(cmd.c_str());
    }
    void signal_node(int n, const std::string& sig) {
        ASSERT_EQ(cluster("signal-node " + std::to_string(n) + " " + sig), 0);
    }
    void start_node(int n) { ASSERT_EQ(cluster("start-node " + std::to_string(n)), 0); }
    std::uint16_t node_port(int n) const { return std::uint16_t(front_ + n); }
    int owner_node(const std::string& game) {
        std::string owner = postgres_value(url_, "SELECT owner FROM games WHERE id='" + game + "'");
        return owner.starts_with("node-") ? owner[5] - '0' : 0;
    }

    std::string dir_, url_;
    std::uint16_t front_ = 0;
};

struct Game {
    std::string id, token[2];
};

Game create(std::uint16_t port, const std::string& variant, const std::string& extra = "") {
    auto r = http(port, "POST", "/api/games",
                  R"({"variant":")" + variant + R"(","opponent":"local")" + extra + "}");
    EXPECT_EQ(r.status, 201) << r.body;
    auto o = r.json().as_object();
    return {std::string(o.at("id").as_string()),
            {std::string(o.at("tokens").at("white").as_string()),
             std::string(o.at("tokens").at("black").as_string())}};
}

// One action from whichever seat can act: set-up values, else a random legal move. False when
// the game is over or nobody can act.
bool act_once(std::uint16_t port, const Game& g, std::mt19937_64& rng, json::object& view,
              int& status) {
    for (int k = 0; k < 2; ++k) {
        view =
            http(port, "GET", "/api/games/" + g.id, "", g.token[k]).json().at("view").as_object();
        if (view.at("status") != "active") return false;
        std::string body;
        std::string me = k == 0 ? "white" : "black";
        if (view.contains("phase") && view.at("phase") == "setup" &&
            !view.at("ready").at(me).as_bool())
            body = R"({"type":"set-values","random":true})";
        else if (view.at("toMove") == me.c_str() && !view.at("legalMoves").as_array().empty()) {
            const auto& legal = view.at("legalMoves").as_array();
            body = R"({"type":"move","move":)" + json::serialize(legal[rng() % legal.size()]) + "}";
        }
        if (body.empty()) continue;
        status = http(port, "POST", "/api/games/" + g.id + "/actions", body, g.token[k]).status;
        return true;
    }
    return false;
}

}  // namespace

TEST_F(ClusterFaults, GamesOfEveryVariantPlayToTheEndThroughTheBalancer) {
    std::mt19937_64 rng(7);
    for (const std::string variant : {"chess", "chiefspy", "minesweeper"}) {
        Game g = create(front_, variant);
        // The seats play through HAProxy (on the game's owner); one spectator watches
        // through HAProxy too, another on a node that does not own the game.
        ASSERT_EQ(http(front_, "GET", "/api/games/" + g.id, "", g.token[0]).status, 200);
        int owner = owner_node(g.id);
        ASSERT_GE(owner, 1);
        WsClient spectator(front_, "/ws/games/" + g.id);
        WsClient elsewhere(node_port(owner % 3 + 1), "/ws/games/" + g.id);
        for (WsClient* ws : {&spectator, &elsewhere}) {
            ws->send(R"({"type":"hello"})");
            ASSERT_EQ(ws->receive_json().at("type"), "welcome");
        }
        json::object view;
        int status = 0, actions = 0;
        while (actions < 4000 && act_once(front_, g, rng, view, status)) {
            ASSERT_EQ(status, 200) << variant;
            ++actions;
        }
        if (view.at("status") == "active") {  // a long random game: end it by resignation
            ASSERT_EQ(http(front_, "POST", "/api/games/" + g.id + "/actions",
                           R"({"type":"resign"})", g.token[0])
                          .status,
                      200);
        }
        auto end = http(front_, "GET", "/api/games/" + g.id).json();
        EXPECT_EQ(end.at("status"), "finished") << variant;
        // The spectator, connected through the balancer all game long, got every event a
        // spectator may see: as many as one who connects after the end is replayed.
        std::size_t live = drain_events(spectator, std::chrono::seconds(2)),
                    there = drain_events(elsewhere, std::chrono::seconds(2));
        WsClient late(front_, "/ws/games/" + g.id);
        late.send(R"({"type":"hello","since":0})");
        ASSERT_EQ(late.receive_json().at("type"), "welcome");
        std::size_t all = drain_events(late, std::chrono::seconds(2));
        EXPECT_EQ(live, all) << variant;
        EXPECT_EQ(there, all) << variant << ": the spectator on another node";
        EXPECT_GT(live, 0u) << variant;
        EXPECT_EQ(owner_node(g.id), owner) << variant << ": the spectator did not move the game";
        (void)end;
        EXPECT_EQ(http(front_, "GET", "/api/games/" + g.id + "/export").status, 200);
    }
}

TEST_F(ClusterFaults, KillNineTenTimesUnderLoadLosesNoAcknowledgedAction) {
    // Six players, each playing random chess games one after the other through HAProxy.
    struct Played {
        Game game;
        std::vector<std::string> acked;
        std::vector<Clock::time_point> accepts;
        bool over = false;
    };
    std::mutex mutex;
    std::deque<Played> played;  // a deque: references stay valid as games are added
    std::atomic<bool> stop = false;
    std::atomic<int> refused = 0, failed = 0;
    auto next_game = [&]() -> Played* {
        for (;;) {
            try {
                Game g = create(front_, "chess");
                std::lock_guard lock(mutex);
                played.push_back({g, {}, {}, false});
                return &played.back();
            } catch (const std::exception&) {
                if (stop) return nullptr;
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        }
    };
    std::vector<std::thread> players;
    for (int i = 0; i < 6; ++i)
        players.emplace_back([&, i] {
            std::mt19937_64 rng(std::uint64_t(i) + 1);
            Played* p = next_game();
            while (!stop && p) {
                const Game& g = p->game;
                try {
                    auto v = http(front_, "GET", "/api/games/" + g.id).json().at("view");
                    const auto& legal = v.at("legalMoves").as_array();
                    if (v.at("status") != "active" || legal.empty()) {
                        std::lock_guard lock(mutex);
                        p->over = true;
                        p = nullptr;
                    }
                    if (!p) {
                        p = next_game();
                        continue;
                    }
                    std::string m(legal[rng() % legal.size()].as_string());
                    int k = v.at("toMove") == "white" ? 0 : 1;
                    auto r = http(front_, "POST", "/api/games/" + g.id + "/actions",
                                  R"({"type":"move","move":")" + m + "\"}", g.token[k]);
                    if (r.status == 200) {
                        std::lock_guard lock(mutex);
                        p->acked.push_back(m);
                        p->accepts.push_back(Clock::now());
                    } else {
                        ++refused;
                    }
                } catch (const std::exception&) {
                    ++failed;  // the node died under the request: no answer, no promise
                    std::this_thread::sleep_for(std::chrono::milliseconds(20));
                }
            }
        });
    // And `arbiter loadtest` through HAProxy beside them: 100 more games over WebSockets.
    std::thread load([&] {
        std::system((ARBITER_BINARY " loadtest --url ws://127.0.0.1:" + std::to_string(front_) +
                     " --games 100 --seconds 4 >" + dir_ + "/loadtest.log 2>&1")
                        .c_str());
    });
    // Failover: from the kill to the first accepted move of a game the killed node owned.
    struct Kill {
        Clock::time_point at;
        std::vector<Played*> owned;
    };
    std::vector<Kill> kills;
    for (int k = 0; k < 10; ++k) {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        int n = k % 3 + 1;
        std::vector<Played*> live;
        {
            std::lock_guard lock(mutex);
            for (auto& p : played)
                if (!p.over) live.push_back(&p);
        }
        Kill kill;
        for (Played* p : live)
            if (owner_node(p->game.id) == n) kill.owned.push_back(p);
        kill.at = Clock::now();
        signal_node(n, "KILL");
        kills.push_back(kill);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        start_node(n);  // the same command line, as systemd would
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    stop = true;
    for (auto& t : players) t.join();
    load.join();
    {
        std::ifstream log(dir_ + "/loadtest.log");
        for (std::string line; std::getline(log, line);)
            if (line.starts_with("games:"))
                std::printf("loadtest beside the kills: %s\n", line.c_str());
    }
    std::vector<double> failover;
    for (const auto& kill : kills) {
        std::optional<Clock::time_point> first;
        for (Played* p : kill.owned)
            for (auto t : p->accepts)
                if (t > kill.at && (!first || t < *first)) first = t;
        if (first) failover.push_back(std::chrono::duration<double>(*first - kill.at).count());
    }
    std::size_t total = 0;
    for (auto& p : played) {
        const Game& g = p.game;
        auto v = http(front_, "GET", "/api/games/" + g.id).json().at("view");
        const auto& moves = v.at("moves").as_array();
        // Every acknowledged move is in the log, in order, each once (a move whose answer was
        // lost with its node may be there too, unacknowledged).
        std::size_t j = 0;
        for (const auto& m : moves)
            if (j < p.acked.size() && m.as_string() == p.acked[j]) ++j;
        EXPECT_EQ(j, p.acked.size()) << "game " << g.id;
        EXPECT_LE(p.acked.size(), moves.size());
        total += p.acked.size();
        // And every game can still finish.
        if (v.at("status") == "active") {
            EXPECT_EQ(http(front_, "POST", "/api/games/" + g.id + "/actions",
                           R"({"type":"resign"})", g.token[0])
                          .status,
                      200);
        }
    }
    EXPECT_GT(total, 50u);
    std::sort(failover.begin(), failover.end());
    std::printf(
        "kill -9 x10: %zu games, %zu moves acknowledged, %d refused, %d unanswered; "
        "failover (kill to the first accepted move of a game the node owned) p50 %.1f "
        "ms, max %.1f ms over %zu kills\n",
        played.size(), total, refused.load(), failed.load(),
        failover.empty() ? 0 : 1000 * failover[failover.size() / 2],
        failover.empty() ? 0 : 1000 * failover.back(), failover.size());
    EXPECT_GE(failover.size(), 5u) << "too few kills hit a node that owned a game in play";
}

TEST_F(ClusterFaults, APausedNodeAcknowledgesNothingForTheGamesItLost) {
    Game g = create(front_, "chess");
    ASSERT_EQ(http(front_, "POST", "/api/games/" + g.id + "/actions",
                   R"({"type":"move","move":"e2e4"})", g.token[0])
                  .status,
              200);
    int owner = owner_node(g.id);
    ASSERT_GE(owner, 1);
    signal_node(owner, "STOP");
    // Requests that reach the paused node directly wait in its socket queue.
    const int attempts = 4;
    std::vector<int> answers(attempts, -1);
    std::vector<std::thread> late;
    for (int i = 0; i < attempts; ++i)
        late.emplace_back([&, i] {
            answers[std::size_t(i)] =
                slow_post(node_port(owner), "/api/games/" + g.id + "/actions",
                          R"({"type":"move","move":"e7e5"})", g.token[1], std::chrono::seconds(60));
        });
    // Past the lease, another node takes the game over and accepts moves.
    int accepted = 0;
    auto until = Clock::now() + std::chrono::seconds(60);
    for (const char* move : {"e7e5", "g1f3"}) {
        int k = move[1] == '7' ? 1 : 0;
        while (Clock::now() < until) {
            int status = slow_post(front_, "/api/games/" + g.id + "/actions",
                                   std::string(R"({"type":"move","move":")") + move + "\"}",
                                   g.token[k], std::chrono::seconds(3));
            if (status == 200) {
                ++accepted;
                break;
            }
        }
    }
    ASSERT_EQ(accepted, 2) << "no other node took the game over";
    EXPECT_NE(owner_node(g.id), owner);
    signal_node(owner, "CONT");
    for (auto& t : late) t.join();
    int rejected = 0;
    for (int a : answers) rejected += a != 200;
    std::printf("paused node: %d late attempts, %d rejected (answers:", attempts, rejected);
    for (int a : answers) std::printf(" %d", a);
    std::printf(")\n");
    EXPECT_EQ(rejected, attempts) << "the paused node acknowledged a move of a game it lost";
    auto moves = http(front_, "GET", "/api/games/" + g.id).json().at("view").at("moves");
    EXPECT_EQ(json::serialize(moves), R"(["e2e4","e7e5","g1f3"])");
}

TEST_F(ClusterFaults, APostgresRestartUnderLoadLosesNothingAndServiceResumesByItself) {
    const int games = 4;
    std::vector<Game> played;
    for (int i = 0; i < games; ++i) played.push_back(create(front_, "chess"));
    std::vector<std::vector<std::string>> acked(games);
    std::atomic<bool> stop = false;
    std::atomic<int> unavailable = 0;
    std::vector<std::thread> players;
    for (int i = 0; i < games; ++i)
        players.emplace_back([&, i] {
            std::mt19937_64 rng(std::uint64_t(i) + 11);
            const Game& g = played[std::size_t(i)];
            while (!stop) {
                try {
                    auto r = http(front_, "GET", "/api/games/" + g.id);
                    if (r.status != 200) {
                        unavailable += r.status == 503;
                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                        continue;
                    }
                    auto v = r.json().at("view");
                    const auto& legal = v.at("legalMoves").as_array();
                    if (v.at("status") != "active" || legal.empty()) return;
                    std::string m(legal[rng() % legal.size()].as_string());
                    int k = v.at("toMove") == "white" ? 0 : 1;
                    auto a = http(front_, "POST", "/api/games/" + g.id + "/actions",
                                  R"({"type":"move","move":")" + m + "\"}", g.token[k]);
                    if (a.status == 200) acked[std::size_t(i)].push_back(m);
                    unavailable += a.status == 503;
                } catch (const std::exception&) {
                }
            }
        });
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    ASSERT_EQ(std::system(("sh -c '" ARBITER_SOURCE_DIR "/deploy/pg-throwaway restart " + dir_ +
                           " >/dev/null 2>&1'")
                              .c_str()),
              0);
    // Service resumes by itself: moves are accepted again after the restart.
    std::size_t before = 0;
    for (auto& a : acked) before += a.size();
    auto until = Clock::now() + std::chrono::seconds(30);
    std::size_t after = before;
    while (Clock::now() < until && after < before + 20) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        after = 0;
        for (auto& a : acked) after += a.size();
    }
    stop = true;
    for (auto& t : players) t.join();
    EXPECT_GE(after, before + 20) << "moves were not accepted again after the restart";
    for (int i = 0; i < games; ++i) {
        auto moves = http(front_, "GET", "/api/games/" + played[std::size_t(i)].id)
                         .json()
                         .at("view")
                         .at("moves");
        std::size_t j = 0;
        for (const auto& m : moves.as_array())
            if (j < acked[std::size_t(i)].size() && m.as_string() == acked[std::size_t(i)][j]) ++j;
        EXPECT_EQ(j, acked[std::size_t(i)].size());
    }
    std::printf("PostgreSQL restart: %d answers 503 while it was down\n", unavailable.load());
}

// Through HAProxy as on one node: a seat acts only for itself, a token opens only its own
// game, and nothing a seat or a spectator receives before the end holds the other side's
// secret (the Minesweeper salt and layout).
TEST_F(ClusterFaults, AuthorizationAndSecretsHoldThroughTheBalancer) {
    Game a = create(front_, "minesweeper"), b = create(front_, "minesweeper");
    auto act = [&](const Game& g, const std::string& token, const std::string& body) {
        return http(front_, "POST", "/api/games/" + g.id + "/actions", body, token).status;
    };
    EXPECT_EQ(act(b, a.token[0], R"({"type":"resign"})"), 401) << "a token of another game";
    EXPECT_EQ(act(a, a.token[1], R"({"type":"move","move":"e2e4"})"), 409) << "not black's turn";
    EXPECT_EQ(http(front_, "POST", "/api/games/" + a.id + "/actions?token=" + a.token[0],
                   R"({"type":"resign"})")
                  .status,
              400);
    EXPECT_EQ(act(a, "", R"({"type":"resign"})"), 403) << "a spectator cannot act";

    std::string seen;
    WsClient white(front_, "/ws/games/" + a.id), spectator(front_, "/ws/games/" + a.id);
    white.send(R"({"type":"hello","token":")" + a.token[0] + "\"}");
    spectator.send(R"({"type":"hello"})");
    seen += white.receive() + spectator.receive();
    std::mt19937_64 rng(3);
    json::object view;
    int status = 0;
    for (int i = 0; i < 30 && act_once(front_, a, rng, view, status); ++i) {
        seen += json::serialize(view);
        seen += http(front_, "GET", "/api/games/" + a.id).body;
    }
    for (;;) {
        try {
            seen += white.receive(std::chrono::milliseconds(300));
            seen += spectator.receive(std::chrono::milliseconds(300));
        } catch (const std::exception&) {
            break;
        }
    }
    ASSERT_EQ(act(a, a.token[0], R"({"type":"resign"})"), 200);
    std::string record = http(front_, "GET", "/api/games/" + a.id + "/export").body;
    auto salt = record.find("[Salt \"");
    ASSERT_NE(salt, std::string::npos);
    std::string secret = record.substr(salt + 7, 64);
    EXPECT_EQ(seen.find(secret), std::string::npos) << "the salt was sent before the end";
    EXPECT_EQ(seen.find("minesweeper-v1|"), std::string::npos);
}

// The leak audit of tests/server_leak_test.cpp, through HAProxy in front of three nodes on one
// PostgreSQL (the nodes in this process, so the audit can read each game where it lives).
TEST(ClusterFaultsLeakAudit, EachSeatReceivesExactlyItsEventsThroughTheBalancer) {
    std::string url = fresh_postgres_db();
    std::string dir = temp_dir();
    bool ownServer = url.empty();
    if (ownServer) {  // outside ctest: a throwaway server of our own
        ASSERT_EQ(
            std::system((ARBITER_SOURCE_DIR "/deploy/pg-throwaway start " + dir + "/pg >/dev/null")
                            .c_str()),
            0);
        url = read_file(dir + "/pg/url");
    }
    auto front = std::uint16_t(23000 + (getpid() % 1000) * 4);
    std::vector<std::unique_ptr<TestServer>> nodes;
    for (int n = 1; n <= 3; ++n)
        nodes.push_back(std::make_unique<TestServer>([&, n](server::ServerConfig& c) {
            c.db = url;
            c.node = "n" + std::to_string(n);
            c.port = std::uint16_t(front + n);
        }));
    std::string env = "CLUSTER_DIR=" + dir + " CLUSTER_PORT=" + std::to_string(front) + " ";
    ASSERT_EQ(std::system((env + ARBITER_SOURCE_DIR "/deploy/cluster balancer >/dev/null").c_str()),
              0);
    leak_audit(
        front,
        [&](const std::string& id, const std::function<void(const referee::Game*)>& fn) {
            // The owner's copy: the database says which node that is.
            std::string owner =
                postgres_value(url, "SELECT owner FROM games WHERE id='" + id + "'");
            std::size_t n = owner.size() > 1 ? std::size_t(owner[1] - '1') : 0;
            ASSERT_LT(n, nodes.size()) << owner;
            nodes[n]->server().inspect(id, fn);
        },
        1);
    std::system((env + ARBITER_SOURCE_DIR "/deploy/cluster stop >/dev/null 2>&1").c_str());
    nodes.clear();
    if (ownServer)
        std::system((ARBITER_SOURCE_DIR "/deploy/pg-throwaway stop " + dir + "/pg").c_str());
    std::filesystem::remove_all(dir);
}
