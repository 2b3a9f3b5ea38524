// The WebSocket protocol: seats receive pushed events and act; authorization holds.
#include <gtest/gtest.h>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

struct LocalGame {
    std::string id, white, black;
};

LocalGame create_local(std::uint16_t port) {
    auto r = http(port, "POST", "/api/games",
                  R"({"variant":"chess","opponent":"local","color":"white"})");
    auto o = r.json().as_object();
    return {std::string(o.at("id").as_string()),
            std::string(o.at("tokens").at("white").as_string()),
            std::string(o.at("tokens").at("black").as_string())};
}

std::string action(int id, const std::string& body) {
    return R"({"type":"action","id":)" + std::to_string(id) + R"(,"action":)" + body + "}";
}

// Reads messages until one of the given type arrives; events seen on the way are kept.
json::object until(WsClient& ws, std::string_view type,
                   std::vector<json::object>* events = nullptr) {
    for (;;) {
        auto m = ws.receive_json();
        if (m.at("type").as_string() == type) return m;
        if (events && m.at("type") == "event") events->push_back(m.at("event").as_object());
    }
}

}  // namespace

TEST(ServerWebSocket, ScholarsMatePlayedOverWebSockets) {
    TestServer s;
    LocalGame g = create_local(s.port());
    WsClient white(s.port(), "/ws/games/" + g.id + "?token=" + g.white);
    WsClient black(s.port(), "/ws/games/" + g.id);
    black.send(R"({"type":"hello","token":")" + g.black + "\"}");
    WsClient spectator(s.port(), "/ws/games/" + g.id);
    spectator.send(R"({"type":"hello"})");
    EXPECT_EQ(white.receive_json().at("seat"), "white");
    EXPECT_EQ(black.receive_json().at("seat"), "black");
    auto welcome = spectator.receive_json();
    EXPECT_EQ(welcome.at("type"), "welcome");
    EXPECT_EQ(welcome.at("seat"), "spectator");
    EXPECT_EQ(welcome.at("view").at("toMove"), "white");

    const char* moves[] = {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"};
    std::vector<json::object> seen[3];
    for (int i = 0; i < 7; ++i) {
        WsClient& mover = i % 2 ? black : white;
        mover.send(action(i, R"({"type":"move","move":")" + std::string(moves[i]) + "\"}"));
        auto ack = until(mover, "ack", &seen[i % 2]);
        EXPECT_EQ(ack.at("id"), i);
    }
    // Every client receives all eight events (seven moves and the result), in order.
    WsClient* clients[] = {&white, &black, &spectator};
    for (int c = 0; c < 3; ++c) {
        while (seen[c].size() < 8) {
            auto m = clients[c]->receive_json();
            if (m.at("type") == "event") seen[c].push_back(m.at("event").as_object());
        }
        EXPECT_EQ(seen[c][6].at("uci"), "h5f7");
        EXPECT_EQ(seen[c][7].at("reason"), "checkmate");
        EXPECT_EQ(seen[c][7].at("winner"), "white");
    }
}

TEST(ServerWebSocket, SeatCannotActForTheOtherSpectatorCannotActMadeUpTokenRefused) {
    TestServer s;
    LocalGame g = create_local(s.port());
    WsClient black(s.port(), "/ws/games/" + g.id + "?token=" + g.black);
    black.receive_json();
    black.send(action(1, R"({"type":"move","move":"e2e4"})"));
    auto e = until(black, "error");
    EXPECT_EQ(e.at("code"), "rejected");
    EXPECT_EQ(e.at("error"), "it is not your turn");

    WsClient spectator(s.port(), "/ws/games/" + g.id);
    spectator.send(R"({"type":"hello"})");
    spectator.receive_json();
    spectator.send(action(2, R"({"type":"move","move":"e2e4"})"));
    EXPECT_EQ(until(spectator, "error").at("code"), "forbidden");

    WsClient intruder(s.port(), "/ws/games/" + g.id + "?token=0123456789abcdef0123456789abcdef");
    auto refused = intruder.receive_json();
    EXPECT_EQ(refused.at("type"), "error");
    EXPECT_EQ(refused.at("code"), "unauthorized");
    EXPECT_TRUE(intruder.closed_by_server());

    WsClient early(s.port(), "/ws/games/" + g.id);
    early.send(action(3, R"({"type":"move","move":"e2e4"})"));
    EXPECT_EQ(early.receive_json().at("code"), "not-subscribed");
}

TEST(ServerHttpAuth, SeatCannotActForTheOtherSpectatorCannotActMadeUpTokenRefused) {
    TestServer s;
    LocalGame g = create_local(s.port());
    std::string target = "/api/games/" + g.id + "/actions";
    auto out_of_turn = http(s.port(), "POST", target, R"({"type":"move","move":"e7e5"})", g.black);
    EXPECT_EQ(out_of_turn.status, 409);
    EXPECT_EQ(out_of_turn.json().at("code"), "rejected");
    auto spectator = http(s.port(), "POST", target, R"({"type":"move","move":"e2e4"})");
    EXPECT_EQ(spectator.status, 403);
    EXPECT_EQ(spectator.json().at("code"), "forbidden");
    auto madeUp =
        http(s.port(), "POST", target, R"({"type":"move","move":"e2e4"})", std::string(32, 'a'));
    EXPECT_EQ(madeUp.status, 401);
    EXPECT_EQ(madeUp.json().at("code"), "unauthorized");
    // Another game's token is a made-up token here.
    LocalGame other = create_local(s.port());
    EXPECT_EQ(
        http(s.port(), "POST", target, R"({"type":"move","move":"e2e4"})", other.white).status,
        401);
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + g.id, "", other.white).status, 401);
    // Nothing of the above changed the game.
    EXPECT_EQ(
        http(s.port(), "GET", "/api/games/" + g.id).json().at("view").at("moves").as_array().size(),
        0u);
}

TEST(ServerWebSocket, EchoEndpointEchoes) {
    TestServer s;
    WsClient echo(s.port(), "/ws/echo");
    echo.send("hello");
    EXPECT_EQ(echo.receive(), "hello");
}

TEST(ServerWebSocket, ViewAnswerEchoesTheRequestId) {
    TestServer s;
    LocalGame g = create_local(s.port());
    WsClient white(s.port(), "/ws/games/" + g.id + "?token=" + g.white);
    EXPECT_EQ(white.receive_json().at("type"), "welcome");
    white.send(R"({"type":"view","id":"v-1"})");
    auto view = until(white, "view");
    EXPECT_EQ(view.at("id"), "v-1");
    EXPECT_EQ(view.at("game").as_string(), g.id);
    EXPECT_EQ(view.at("seat"), "white");
    EXPECT_EQ(view.at("view").at("toMove"), "white");
}
