// The HTTP API on a real server: games created, joined, played to the end, listed, exported.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

struct LocalGame {
    std::string id, white, black;
};

LocalGame create_local(std::uint16_t port, const std::string& extra = "") {
    auto r = http(port, "POST", "/api/games",
                  R"({"variant":"chess","opponent":"local","color":"white")" + extra + "}");
    EXPECT_EQ(r.status, 201) << r.body;
    auto o = r.json().as_object();
    return {std::string(o.at("id").as_string()),
            std::string(o.at("tokens").at("white").as_string()),
            std::string(o.at("tokens").at("black").as_string())};
}

HttpResult move(std::uint16_t port, const LocalGame& g, const std::string& token,
                const std::string& uci) {
    return http(port, "POST", "/api/games/" + g.id + "/actions",
                R"({"type":"move","move":")" + uci + R"("})", token);
}

}  // namespace

TEST(ServerHttp, HealthAnswersOk) {
    TestServer s;
    auto r = http(s.port(), "GET", "/api/health");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body, R"({"status":"ok"})");
    EXPECT_EQ(r.contentType, "application/json");
}

TEST(ServerHttp, FoolsMatePlayedToTheEndThroughHttp) {
    TestServer s;
    LocalGame g = create_local(s.port());
    const char* moves[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
    for (int i = 0; i < 4; ++i) {
        auto r = move(s.port(), g, i % 2 ? g.black : g.white, moves[i]);
        ASSERT_EQ(r.status, 200) << r.body;
        auto events = r.json().at("events").as_array();
        ASSERT_FALSE(events.empty());
        EXPECT_EQ(events[0].at("type"), "move");
        EXPECT_EQ(events[0].at("uci"), moves[i]);
        EXPECT_TRUE(events[0].as_object().contains("san"));
    }
    auto view = http(s.port(), "GET", "/api/games/" + g.id, "", g.white).json().as_object();
    EXPECT_EQ(view.at("status"), "finished");
    EXPECT_EQ(view.at("seat"), "white");
    EXPECT_EQ(view.at("view").at("result").at("score"), "0-1");
    EXPECT_EQ(view.at("view").at("result").at("reason"), "checkmate");
    // The move list in SAN, for the client's move list.
    EXPECT_EQ(json::serialize(view.at("view").at("san")), R"(["f3","e5","g4","Qh4#"])");
    auto spectator = http(s.port(), "GET", "/api/games/" + g.id).json().as_object();
    EXPECT_EQ(spectator.at("seat"), "spectator");

    auto exported = http(s.port(), "GET", "/api/games/" + g.id + "/export");
    EXPECT_EQ(exported.status, 200);
    EXPECT_NE(exported.body.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos) << exported.body;
    // Standard PGN headers: the Seven Tag Roster filled in, TimeControl, Termination's own values.
    EXPECT_NE(exported.body.find("[Termination \"normal\"]"), std::string::npos) << exported.body;
    EXPECT_NE(exported.body.find("[TerminationReason \"checkmate\"]"), std::string::npos);
    EXPECT_EQ(exported.body.find("????"), std::string::npos) << exported.body;
    EXPECT_NE(exported.body.find("[White \"Anonymous\"]"), std::string::npos);
    EXPECT_NE(exported.body.find("[TimeControl \"-\"]"), std::string::npos);
    EXPECT_NE(exported.body.find("[Round \"-\"]"), std::string::npos);

    auto late = move(s.port(), g, g.white, "e2e4");
    EXPECT_EQ(late.status, 409);
    EXPECT_EQ(late.json().at("code"), "game-over");
}

TEST(ServerHttp, InviteJoinsTheSecondPlayerOnce) {
    TestServer s;
    auto created = http(s.port(), "POST", "/api/games",
                        R"({"variant":"chess","opponent":"human","color":"black","clock":null})");
    ASSERT_EQ(created.status, 201);
    auto c = created.json().as_object();
    std::string id(c.at("id").as_string()), creator(c.at("token").as_string());
    std::string invite(c.at("invite").as_string());
    EXPECT_EQ(c.at("seat"), "black");
    EXPECT_EQ(c.at("status"), "open");

    // Before the join nobody can move.
    auto early =
        http(s.port(), "POST", "/api/games/" + id + "/actions", R"({"type":"resign"})", creator);
    EXPECT_EQ(early.status, 409);
    EXPECT_EQ(early.json().at("code"), "not-started");

    // The joiner is told the colour they will play.
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id).json().at("freeSeat"), "white");
    // An invite-only game is not listed for strangers to join.
    auto open = http(s.port(), "GET", "/api/games?status=open").json();
    EXPECT_EQ(open.at("games").as_array().size(), 0u);

    auto bad = http(s.port(), "POST", "/api/games/" + id + "/join", R"({"invite":"0000"})");
    EXPECT_EQ(bad.status, 403);
    EXPECT_EQ(bad.json().at("code"), "bad-invite");

    auto joined =
        http(s.port(), "POST", "/api/games/" + id + "/join", R"({"invite":")" + invite + "\"}");
    ASSERT_EQ(joined.status, 200) << joined.body;
    EXPECT_EQ(joined.json().at("seat"), "white");
    std::string white(joined.json().at("token").as_string());

    auto again =
        http(s.port(), "POST", "/api/games/" + id + "/join", R"({"invite":")" + invite + "\"}");
    EXPECT_EQ(again.status, 409);

    EXPECT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                   R"({"type":"move","move":"e2e4"})", white)
                  .status,
              200);
    // A friends' game made by invite is not listed for strangers to watch either.
    EXPECT_EQ(
        http(s.port(), "GET", "/api/games?status=active").json().at("games").as_array().size(), 0u);
    EXPECT_EQ(http(s.port(), "GET", "/api/games?status=open").json().at("games").as_array().size(),
              0u);
    // A spectator who has the link may still watch it.
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id).status, 200);
}

TEST(ServerHttp, EventStreamDeliversEveryEventAndEndsWithTheGame) {
    TestServer s;
    LocalGame g = create_local(s.port());
    const char* moves[] = {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"};
    for (int i = 0; i < 7; ++i)
        ASSERT_EQ(move(s.port(), g, i % 2 ? g.black : g.white, moves[i]).status, 200);
    auto lines = read_event_stream(s.port(), "/api/games/" + g.id + "/events?since=0", g.white);
    ASSERT_EQ(lines.size(), 8u);  // seven moves and the result
    EXPECT_EQ(json::parse(lines.back()).at("type"), "result");
    for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(json::parse(lines[i]).at("seq"), i);
    auto tail = read_event_stream(s.port(), "/api/games/" + g.id + "/events?since=6", std::nullopt);
    EXPECT_EQ(tail.size(), 2u);
}

TEST(ServerHttp, EventStreamPushesMovesAsTheyHappen) {
    TestServer s;
    LocalGame g = create_local(s.port());
    std::vector<std::string> lines;
    std::thread reader(
        [&] { lines = read_event_stream(s.port(), "/api/games/" + g.id + "/events", g.black); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_EQ(move(s.port(), g, g.white, "e2e4").status, 200);
    ASSERT_EQ(
        http(s.port(), "POST", "/api/games/" + g.id + "/actions", R"({"type":"resign"})", g.black)
            .status,
        200);
    reader.join();
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(json::parse(lines[0]).at("uci"), "e2e4");
    EXPECT_EQ(json::parse(lines[1]).at("reason"), "resignation");
}

TEST(ServerHttp, ComputerLevelZeroAnswersEveryMove) {
    TestServer s;
    auto c = http(s.port(), "POST", "/api/games",
                  R"({"variant":"chess","opponent":"computer","level":0,"color":"black"})");
    ASSERT_EQ(c.status, 201) << c.body;
    std::string id(c.json().at("id").as_string()), token(c.json().at("token").as_string());
    // The computer is White and moves first, off the event loop.
    std::vector<std::string> lines;
    for (int tries = 0; tries < 200; ++tries) {
        auto v = http(s.port(), "GET", "/api/games/" + id, "", token).json();
        if (v.at("view").at("moves").as_array().size() == 1) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    auto v = http(s.port(), "GET", "/api/games/" + id, "", token).json();
    ASSERT_EQ(v.at("view").at("moves").as_array().size(), 1u);
    std::string reply(v.at("view").at("legalMoves").as_array()[0].as_string());
    ASSERT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                   R"({"type":"move","move":")" + reply + "\"}", token)
                  .status,
              200);
    for (int tries = 0; tries < 200; ++tries) {
        if (http(s.port(), "GET", "/api/games/" + id, "", token)
                .json()
                .at("view")
                .at("moves")
                .as_array()
                .size() == 3)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id, "", token)
                  .json()
                  .at("view")
                  .at("moves")
                  .as_array()
                  .size(),
              3u);
}

TEST(ServerHttp, ComputerAtAHigherLevelFindsTheMate) {
    TestServer s;
    // Black to move would be mated by Ra8; the computer (White, level 5) must find it.
    auto c = http(s.port(), "POST", "/api/games",
                  R"({"variant":"chess","opponent":"computer","level":5,"color":"black",)"
                  R"("options":{"fen":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"}})");
    ASSERT_EQ(c.status, 201) << c.body;
    std::string id(c.json().at("id").as_string()), token(c.json().at("token").as_string());
    json::value v;
    for (int tries = 0; tries < 500; ++tries) {
        v = http(s.port(), "GET", "/api/games/" + id, "", token).json();
        if (v.at("view").at("status") == "finished") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(v.at("view").at("moves").as_array().at(0), "a1a8");
    EXPECT_EQ(v.at("view").at("result").at("reason"), "checkmate");
}

TEST(ServerHttp, FlagFallsByTimerOnTheServer) {
    TestServer s;
    LocalGame g = create_local(s.port(), R"(,"clock":{"initial":1,"increment":0})");
    ASSERT_EQ(move(s.port(), g, g.white, "e2e4").status, 200);
    ASSERT_EQ(move(s.port(), g, g.black, "e7e5").status, 200);
    // White's clock now runs with one second; nobody moves.
    auto lines = read_event_stream(s.port(), "/api/games/" + g.id + "/events", g.white,
                                   std::chrono::seconds(4));
    auto last = json::parse(lines.back());
    EXPECT_EQ(last.at("type"), "result");
    EXPECT_EQ(last.at("reason"), "timeout");
    EXPECT_EQ(last.at("score"), "0-1");
}

TEST(ServerHttp, RematchSwapsColours) {
    TestServer s;
    LocalGame g = create_local(s.port());
    ASSERT_EQ(
        http(s.port(), "POST", "/api/games/" + g.id + "/actions", R"({"type":"resign"})", g.white)
            .status,
        200);
    auto r = http(s.port(), "POST", "/api/games/" + g.id + "/rematch", "", g.white);
    ASSERT_EQ(r.status, 201) << r.body;
    auto o = r.json().as_object();
    EXPECT_EQ(o.at("seat"), "black");
    std::string id(o.at("id").as_string());
    std::string newWhite(o.at("tokens").at("white").as_string());
    EXPECT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                   R"({"type":"move","move":"e2e4"})", newWhite)
                  .status,
              200);
    EXPECT_EQ(
        std::string(http(s.port(), "GET", "/api/games/" + g.id).json().at("rematch").as_string()),
        id);
    EXPECT_EQ(http(s.port(), "POST", "/api/games/" + g.id + "/rematch", "", g.black).status, 409);
}

TEST(ServerHttp, FinishedGamesSurviveAGracefulRestart) {
    TestServer s;
    LocalGame g = create_local(s.port());
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"})
        ASSERT_EQ(move(s.port(), g, m[1] == '2' ? g.white : g.black, m).status, 200);
    LocalGame running = create_local(s.port());
    ASSERT_EQ(move(s.port(), running, running.white, "d2d4").status, 200);
    s.restart();
    auto v = http(s.port(), "GET", "/api/games/" + g.id, "", g.black).json();
    EXPECT_EQ(v.at("view").at("result").at("reason"), "checkmate");
    EXPECT_EQ(
        http(s.port(), "GET", "/api/games?status=finished").json().at("games").as_array().size(),
        1u);
    EXPECT_EQ(move(s.port(), running, running.black, "d7d5").status, 200);
}

TEST(ServerHttp, DrawOfferAndAcceptanceAndAbortGoThroughTheReferee) {
    TestServer s;
    LocalGame g = create_local(s.port());
    std::string target = "/api/games/" + g.id + "/actions";
    ASSERT_EQ(move(s.port(), g, g.white, "e2e4").status, 200);
    auto offer = http(s.port(), "POST", target, R"({"type":"draw-offer"})", g.white);
    ASSERT_EQ(offer.status, 200);
    EXPECT_EQ(offer.json().at("events").as_array()[0].at("type"), "draw-offered");
    auto accept = http(s.port(), "POST", target, R"({"type":"draw-accept"})", g.black);
    ASSERT_EQ(accept.status, 200);
    EXPECT_EQ(
        http(s.port(), "GET", "/api/games/" + g.id).json().at("view").at("result").at("reason"),
        "agreement");

    LocalGame h = create_local(s.port());
    auto abort =
        http(s.port(), "POST", "/api/games/" + h.id + "/actions", R"({"type":"abort"})", h.black);
    ASSERT_EQ(abort.status, 200);
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + h.id).json().at("status"), "aborted");
    EXPECT_EQ(
        http(s.port(), "GET", "/api/games?status=aborted").json().at("games").as_array().size(),
        1u);
}
