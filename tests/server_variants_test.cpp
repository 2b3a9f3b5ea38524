// Complete games of the hidden-information variants over the HTTP API, each seat acting
// only on what its own view offers, until the game ends by the rules; then the export
// carries the reveal.
#include <functional>
#include <random>

#include <gtest/gtest.h>

#include "postgres_test_db.h"
#include "server_client.h"

using namespace arbiter;
using arbiter::testing::http;
using arbiter::testing::sanitized;
using arbiter::testing::TestServer;

namespace {

struct Seats {
    std::string id;
    std::string token[2];
};

Seats create(std::uint16_t port, const std::string& variant) {
    auto r = http(port, "POST", "/api/games", R"({"variant":")" + variant + R"(","opponent":"local"})");
    EXPECT_EQ(r.status, 201) << r.body;
    auto o = r.json().as_object();
    return {std::string(o.at("id").as_string()),
            {std::string(o.at("tokens").at("white").as_string()),
             std::string(o.at("tokens").at("black").as_string())}};
}

// Plays random moves from each seat's own legal-move list until the game is over.
json::object play_to_the_end(std::uint16_t port, const Seats& g, std::uint64_t seed, int maxActions) {
    std::mt19937_64 rng(seed);
    json::object view;
    for (int n = 0; n < maxActions; ++n) {
        bool acted = false;
        for (int k = 0; k < 2 && !acted; ++k) {
            view = http(port, "GET", "/api/games/" + g.id, "", g.token[k]).json().at("view").as_object();
            if (view.at("status") != "active") return view;
            std::string body;
            if (view.contains("phase") && view.at("phase") == "setup" &&
                !view.at("ready").at(k == 0 ? "white" : "black").as_bool())
                body = R"({"type":"set-values","random":true})";
            else if (view.at("toMove") == (k == 0 ? "white" : "black") &&
                     !view.at("legalMoves").as_array().empty()) {
                const auto& legal = view.at("legalMoves").as_array();
                body = R"({"type":"move","move":)" + json::serialize(legal[rng() % legal.size()]) + "}";
            }
            if (body.empty()) continue;
            auto r = http(port, "POST", "/api/games/" + g.id + "/actions", body, g.token[k]);
            EXPECT_EQ(r.status, 200) << body << " -> " << r.body;
            acted = true;
        }
        if (!acted) break;
    }
    return http(port, "GET", "/api/games/" + g.id, "", g.token[0]).json().at("view").as_object();
}

// The same games on each store backend.
class ServerVariants : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        if (GetParam() == "postgresql") {
            url_ = arbiter::testing::fresh_postgres_db();
            if (url_.empty()) GTEST_SKIP() << "no test PostgreSQL: run through ctest, which starts one";
        }
    }
    std::function<void(arbiter::server::ServerConfig&)> backend() {
        if (url_.empty()) return {};
        return [url = url_](arbiter::server::ServerConfig& c) { c.db = url; };
    }
    std::string url_;
};

}  // namespace

INSTANTIATE_TEST_SUITE_P(Backends, ServerVariants, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

TEST_P(ServerVariants, ChiefSpyMatchesPlayedToTheEndOverHttp) {
    TestServer s(backend());
    const int matches = sanitized() ? 1 : 3;
    for (int m = 0; m < matches; ++m) {
        Seats g = create(s.port(), "chiefspy");
        auto view = play_to_the_end(s.port(), g, 11 + m, 6000);
        ASSERT_EQ(view.at("status"), "finished") << json::serialize(view).substr(0, 500);
        EXPECT_FALSE(view.at("rounds").as_array().empty());
        auto exported = http(s.port(), "GET", "/api/games/" + g.id + "/export");
        EXPECT_EQ(exported.status, 200);
        EXPECT_NE(exported.body.find("[Variant \"Chief & Spy\"]"), std::string::npos);
        EXPECT_NE(exported.body.find("WhiteSalt"), std::string::npos) << "the reveal comes with the end";
    }
}

TEST_P(ServerVariants, MinesweeperGamesPlayedToTheEndOverHttp) {
    TestServer s(backend());
    const int games = sanitized() ? 1 : 3;
    for (int n = 0; n < games; ++n) {
        Seats g = create(s.port(), "minesweeper");
        auto view = play_to_the_end(s.port(), g, 31 + n, 3000);
        if (view.at("status") == "active") {  // a long random game: end it by resignation
            ASSERT_EQ(http(s.port(), "POST", "/api/games/" + g.id + "/actions",
                           R"({"type":"resign"})", g.token[0]).status, 200);
            view = http(s.port(), "GET", "/api/games/" + g.id, "", g.token[0]).json().at("view").as_object();
        }
        ASSERT_EQ(view.at("status"), "finished");
        EXPECT_FALSE(view.at("reveal").is_null());
        auto exported = http(s.port(), "GET", "/api/games/" + g.id + "/export");
        EXPECT_NE(exported.body.find("[Variant \"Minesweeper Chess\"]"), std::string::npos);
        EXPECT_NE(exported.body.find("[Salt "), std::string::npos);
    }
}

// The hidden layout and the salts are drawn from the game's random tape: a restart replays
// the same tape, so a commitment a player was shown never changes.
TEST_P(ServerVariants, TheSecretsCommitmentIsTheSameAfterARestart) {
    TestServer s(backend());
    Seats mines = create(s.port(), "minesweeper");
    Seats spies = create(s.port(), "chiefspy");
    for (int k = 0; k < 2; ++k)
        ASSERT_EQ(http(s.port(), "POST", "/api/games/" + spies.id + "/actions",
                       R"({"type":"set-values","random":true})", spies.token[k]).status, 200);
    auto commitments = [&] {
        auto m = http(s.port(), "GET", "/api/games/" + mines.id, "", mines.token[0]).json();
        auto c = http(s.port(), "GET", "/api/games/" + spies.id, "", spies.token[0]).json();
        return json::serialize(m.at("view").at("commitment")) + " " +
               json::serialize(c.at("view").at("commitments"));
    };
    std::string before = commitments();
    s.restart();
    EXPECT_EQ(commitments(), before);
}
