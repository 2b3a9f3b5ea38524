// POST/GET /api/games/{id}/analysis on a real server: refused during play and for the other
// variants, the results of a known game, the per-address and server-wide limits, the cache.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

struct Game {
    std::string id, white, black;
};

Game create_local(std::uint16_t port, const std::string& variant = "chess") {
    auto r = http(port, "POST", "/api/games",
                  R"({"variant":")" + variant + R"(","opponent":"local","color":"white"})");
    EXPECT_EQ(r.status, 201) << r.body;
    auto o = r.json().as_object();
    return {std::string(o.at("id").as_string()),
            std::string(o.at("tokens").at("white").as_string()),
            std::string(o.at("tokens").at("black").as_string())};
}

void play(std::uint16_t port, const Game& g, const std::vector<std::string>& moves) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
        auto r = http(port, "POST", "/api/games/" + g.id + "/actions",
                      R"({"type":"move","move":")" + moves[i] + R"("})", i % 2 ? g.black : g.white);
        ASSERT_EQ(r.status, 200) << r.body;
    }
}

Game fools_mate(std::uint16_t port) {
    Game g = create_local(port);
    play(port, g, {"f2f3", "e7e5", "g2g4", "d8h4"});
    return g;
}

std::string path(const Game& g) { return "/api/games/" + g.id + "/analysis"; }

// Polls the analysis until it is done (the state, not a fixed time); 60 s at most.
HttpResult wait_done(std::uint16_t port, const Game& g) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (true) {
        auto r = http(port, "GET", path(g));
        if (r.status != 202 || std::chrono::steady_clock::now() > deadline) return r;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

std::string code(const HttpResult& r) {
    auto v = r.json();
    return v.is_object() && v.as_object().contains("code") ? std::string(v.at("code").as_string())
                                                           : "";
}

void small_budget(server::ServerConfig& c) { c.analysis.nodes = 20'000; }

}  // namespace

TEST(ServerAnalysis, RefusedWhileTheGameIsPlayed) {
    TestServer s(small_budget);
    Game g = create_local(s.port());
    play(s.port(), g, {"e2e4"});
    auto r = http(s.port(), "POST", path(g));
    EXPECT_EQ(r.status, 409) << r.body;
    EXPECT_EQ(code(r), "not-finished");
    EXPECT_EQ(code(http(s.port(), "GET", path(g))), "not-finished");
    // Even the players themselves get nothing during the game.
    EXPECT_EQ(http(s.port(), "POST", path(g), "", g.white).status, 409);
}

TEST(ServerAnalysis, RefusedForTheOtherVariantsAndUnknownGames) {
    TestServer s(small_budget);
    for (std::string variant : {"chiefspy", "minesweeper"}) {
        Game g = create_local(s.port(), variant);
        auto r = http(s.port(), "POST", path(g));
        EXPECT_EQ(r.status, 409) << variant << r.body;
        EXPECT_EQ(code(r), "not-chess") << variant;
    }
    auto missing = http(s.port(), "POST", "/api/games/0123456789abcdef/analysis");
    EXPECT_EQ(missing.status, 404);
    EXPECT_EQ(code(missing), "not-found");
    Game g = fools_mate(s.port());
    EXPECT_EQ(http(s.port(), "PUT", path(g)).status, 405);
    // A finished game not yet analysed: GET says so and does not start anything.
    auto none = http(s.port(), "GET", path(g));
    EXPECT_EQ(none.status, 200);
    EXPECT_EQ(none.body, R"({"status":"none"})");
    EXPECT_EQ(http(s.port(), "GET", path(g)).body, R"({"status":"none"})");
}

TEST(ServerAnalysis, FoolsMateAnalysedOnceAndServedFromTheCache) {
    TestServer s([](server::ServerConfig& c) {
        small_budget(c);
        c.analysis.perHour = 1;  // the second request of the same game is not a new one
        c.limits.limitLoopback = true;
    });
    Game g = fools_mate(s.port());
    auto started = http(s.port(), "POST", path(g));
    ASSERT_TRUE(started.status == 202 || started.status == 200) << started.body;
    auto done = wait_done(s.port(), g);
    ASSERT_EQ(done.status, 200) << done.body;
    EXPECT_EQ(done.contentType, "application/json");
    auto body = done.json().as_object();
    EXPECT_EQ(body.at("status"), "done");
    EXPECT_EQ(body.at("game").as_string(), g.id);
    auto& a = body.at("analysis").as_object();
    auto& moves = a.at("moves").as_array();
    auto& positions = a.at("positions").as_array();
    ASSERT_EQ(moves.size(), 4u);
    EXPECT_EQ(moves[2].at("mark"), "??");
    EXPECT_EQ(positions[3].at("eval").at("mate").to_number<int>(), -1);
    EXPECT_EQ(positions[3].at("best"), "Qh4#");
    EXPECT_EQ(a.at("nodesPerPosition").to_number<int>(), 20'000);

    // Asked again, by anyone: answered at once from the cache with the same text, and not
    // charged (the address may start one analysis an hour and has).
    auto again = http(s.port(), "POST", path(g));
    EXPECT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(again.body, done.body);
    EXPECT_EQ(http(s.port(), "GET", path(g)).body, done.body);
}

TEST(ServerAnalysis, PerAddressLimitAnswers429WithRetryAfter) {
    TestServer s([](server::ServerConfig& c) {
        small_budget(c);
        c.analysis.perHour = 1;
        c.limits.limitLoopback = true;
    });
    Game first = fools_mate(s.port());
    Game second = fools_mate(s.port());
    auto ok = http(s.port(), "POST", path(first));
    EXPECT_TRUE(ok.status == 202 || ok.status == 200) << ok.body;
    auto refused = http(s.port(), "POST", path(second));
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(code(refused), "too-many-analyses");
    std::string raw = raw_exchange(s.port(), "POST " + path(second) +
                                                 " HTTP/1.1\r\nHost: x\r\nContent-Length: "
                                                 "0\r\nConnection: close\r\n\r\n");
    auto at = raw.find("Retry-After: ");
    ASSERT_NE(at, std::string::npos) << raw;
    int seconds = std::stoi(raw.substr(at + 13));
    EXPECT_GT(seconds, 60);  // a token an hour: most of an hour away
    EXPECT_LE(seconds, 3600);
    EXPECT_EQ(wait_done(s.port(), first).status, 200);
}

TEST(ServerAnalysis, ServerWideLimitAnswers429WhileOneRuns) {
    // A budget no test waits for: the running analysis is cut short when the server stops.
    TestServer s([](server::ServerConfig& c) {
        c.analysis.nodes = 100'000'000;
        c.analysis.atOnce = 1;
    });
    Game first = fools_mate(s.port());
    Game second = fools_mate(s.port());
    EXPECT_EQ(http(s.port(), "POST", path(first)).status, 202);
    auto progress = http(s.port(), "GET", path(first));
    EXPECT_EQ(progress.status, 202);
    EXPECT_EQ(progress.json().at("status"), "running");
    EXPECT_EQ(progress.json().at("total").to_number<int>(), 5);
    auto busy = http(s.port(), "POST", path(second));
    EXPECT_EQ(busy.status, 429) << busy.body;
    EXPECT_EQ(code(busy), "analysis-busy");
    auto stopBegan = std::chrono::steady_clock::now();
    s.server().stop();
    EXPECT_LT(std::chrono::steady_clock::now() - stopBegan, std::chrono::seconds(5));
}

TEST(ServerAnalysis, ComputerSeatsKeepPlayingWhileAGameIsAnalysed) {
    TestServer s([](server::ServerConfig& c) { c.analysis.nodes = 100'000; });
    // 80 plies of an engine game: long enough that its analysis outlasts a computer's move.
    std::vector<std::string> moves;
    std::string text =
        "e2e4 d7d5 e4d5 g8f6 f1b5 c8d7 b5d7 d8d7 g1f3 d7d5 e1g1 d5h5 d2d4 b8c6 f3e5 h5d1 f1d1 "
        "e7e6 e5c6 b7c6 c2c4 a8b8 b1c3 f8e7 a1b1 e8d7 c1f4 e7b4 c3a4 h8d8 b2b3 d7c8 f4e5 c8b7 "
        "f2f3 a7a6 a4c5 b7b6 c5d3 b4c3 d3f4 c3b4 c4c5 b6b7 g2g3 d8d7 b1c1 f6e8 c1c4 b4a3 f4d3 "
        "f7f6 e5f4 b8d8 f4c1 a3c1 d3c1 e6e5 c1e2 g7g5 d1e1 d7d5 d4e5 d5e5 g1f2 d8d2 a2a4 e8g7 "
        "b3b4 h7h5 h2h4 e5e7 a4a5 d2b2 h4g5 f6g5 c4d4 g7f5 d4c4 h5h4";
    for (std::size_t at = 0; at < text.size(); at += 5) moves.push_back(text.substr(at, 4));
    Game g = create_local(s.port());
    play(s.port(), g, moves);
    ASSERT_EQ(
        http(s.port(), "POST", "/api/games/" + g.id + "/actions", R"({"type":"resign"})", g.white)
            .status,
        200);
    ASSERT_EQ(http(s.port(), "POST", path(g)).status, 202);

    auto created = http(s.port(), "POST", "/api/games",
                        R"({"variant":"chess","opponent":"computer","level":1,"color":"black"})");
    ASSERT_EQ(created.status, 201) << created.body;
    std::string id(created.json().at("id").as_string());
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (
        http(s.port(), "GET", "/api/games/" + id).json().at("view").at("moves").as_array().empty())
        ASSERT_LT(std::chrono::steady_clock::now(), deadline);
    // The computer has moved, between two positions of the analysis, which is still running.
    auto progress = http(s.port(), "GET", path(g));
    EXPECT_EQ(progress.status, 202) << progress.body;
    EXPECT_EQ(progress.json().at("total").to_number<int>(), 81);
    EXPECT_LT(progress.json().at("done").to_number<int>(), 81);
}  // the server stops: the search under way is cut short
