// Lenient input is refused: unknown fields, control characters in strings, tokens in the URL
// of a POST, and chosen secrets in games between two people.
#include <gtest/gtest.h>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

struct Game {
    std::string id, white, black;
};

Game chess_game(std::uint16_t port) {
    auto c = http(port, "POST", "/api/games",
                  R"({"variant":"chess","opponent":"local","color":"white"})")
                 .json();
    return {std::string(c.at("id").as_string()),
            std::string(c.at("tokens").at("white").as_string()),
            std::string(c.at("tokens").at("black").as_string())};
}

void expect_error(const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_EQ(std::string(r.json().at("code").as_string()), code) << r.body;
}

}  // namespace

TEST(ServerStrictInput, UnknownFieldsInActionsAreRefusedNotStored) {
    TestServer s;
    Game g = chess_game(s.port());
    std::string target = "/api/games/" + g.id + "/actions";
    expect_error(
        http(s.port(), "POST", target, R"({"type":"move","move":"e2e4","note":"x"})", g.white), 400,
        "unknown-field");
    expect_error(
        http(s.port(), "POST", target, R"({"type":"draw-offer","pad":"xxxxxxxx"})", g.white), 400,
        "unknown-field");
    expect_error(http(s.port(), "POST", target, R"({"type":"resign","by":"black"})", g.white), 400,
                 "unknown-field");
    // Nothing of the above was played or stored.
    auto view = http(s.port(), "GET", "/api/games/" + g.id, "", g.white).json();
    EXPECT_EQ(view.at("view").at("events"), 0);
    EXPECT_EQ(http(s.port(), "POST", target, R"({"type":"move","move":"e2e4"})", g.white).status,
              200);
}

TEST(ServerStrictInput, ControlCharactersInAMoveAreRefused) {
    TestServer s;
    Game g = chess_game(s.port());
    std::string target = "/api/games/" + g.id + "/actions";
    expect_error(http(s.port(), "POST", target, R"({"type":"move","move":"e2e4\u0000"})", g.white),
                 400, "bad-request");
    expect_error(http(s.port(), "POST", target, R"({"type":"move","move":"e2e4\t"})", g.white), 400,
                 "bad-request");
    expect_error(http(s.port(), "POST", target, R"({"type":"move","move":5})", g.white), 400,
                 "bad-request");
    expect_error(http(s.port(), "POST", target, R"({"type":"move"})", g.white), 400, "bad-request");
    EXPECT_EQ(http(s.port(), "POST", target, R"({"type":"move","move":"e2e4"})", g.white).status,
              200);
}

TEST(ServerStrictInput, TokenInTheUrlOfAPostIsRefused) {
    TestServer s;
    Game g = chess_game(s.port());
    expect_error(http(s.port(), "POST", "/api/games/" + g.id + "/actions?token=" + g.white,
                      R"({"type":"move","move":"e2e4"})"),
                 400, "token-in-url");
    // GET routes still take it (links, EventSource).
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + g.id + "?token=" + g.white).json().at("seat"),
              "white");
}

TEST(ServerStrictInput, WebSocketActionsAreCheckedTheSameWay) {
    TestServer s;
    Game g = chess_game(s.port());
    WsClient ws(s.port(), "/ws/games/" + g.id + "?token=" + g.white);
    EXPECT_EQ(ws.receive_json().at("type"), "welcome");
    ws.send(R"({"type":"action","id":1,"action":{"type":"move","move":"e2e4","x":1}})");
    auto e = ws.receive_json();
    EXPECT_EQ(e.at("type"), "error");
    EXPECT_EQ(e.at("code"), "unknown-field");
}

TEST(ServerFairness, AChosenMineLayoutIsForLocalAndComputerGamesOnly) {
    TestServer s;
    const std::string fen =
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 "
        "zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:a4,c5,f6,h7";
    auto human =
        http(s.port(), "POST", "/api/games",
             R"({"variant":"minesweeper","opponent":"human","options":{"fen":")" + fen + "\"}}");
    expect_error(human, 400, "chosen-secret");
    auto computer =
        http(s.port(), "POST", "/api/games",
             R"({"variant":"minesweeper","opponent":"computer","options":{"fen":")" + fen + "\"}}");
    ASSERT_EQ(computer.status, 201) << computer.body;
    std::string id(computer.json().at("id").as_string());
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id).json().at("chosenSecret"), true);
    EXPECT_NE(http(s.port(), "GET", "/api/games/" + id + "/export").body.find("chosen mine layout"),
              std::string::npos);
    // A random deal says so too.
    auto random =
        http(s.port(), "POST", "/api/games", R"({"variant":"minesweeper","opponent":"human"})");
    ASSERT_EQ(random.status, 201);
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + std::string(random.json().at("id").as_string()))
                  .json()
                  .at("chosenSecret"),
              false);
}

TEST(ServerFairness, ATestServerMayAllowAChosenLayoutAgainstAPersonStillMarked) {
    TestServer s([](server::ServerConfig& c) { c.limits.allowChosenSecrets = true; });
    const std::string fen =
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 "
        "zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:a4,c5,f6,h7";
    auto human =
        http(s.port(), "POST", "/api/games",
             R"({"variant":"minesweeper","opponent":"human","public":true,"options":{"fen":")" +
                 fen + "\"}}");
    ASSERT_EQ(human.status, 201) << human.body;
    auto list = http(s.port(), "GET", "/api/games?status=open").json().at("games").as_array();
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].at("chosenSecret"), true);
}
