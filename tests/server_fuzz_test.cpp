// Malformed and hostile input: every answer a clear JSON error, the server still healthy.
#include <gtest/gtest.h>

#include <boost/system/system_error.hpp>

#include "referee/random.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

void expect_error(const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.body;
    auto v = r.json();
    ASSERT_TRUE(v.is_object()) << r.body;
    EXPECT_EQ(std::string(v.at("code").as_string()), code) << r.body;
    EXPECT_TRUE(v.at("error").is_string());
}

}  // namespace

TEST(ServerFuzz, MalformedBodiesGetJsonErrors) {
    TestServer s;
    auto p = s.port();
    expect_error(http(p, "POST", "/api/games", "{"), 400, "bad-json");
    expect_error(http(p, "POST", "/api/games", "[1,2]"), 400, "bad-request");
    expect_error(http(p, "POST", "/api/games", R"({"variant":7})"), 400, "bad-request");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"go"})"), 400, "unknown-variant");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"chess","colour":"white"})"), 400, "unknown-field");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"chess","clock":{"initial":-5}})"), 400, "bad-clock");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"chess","clock":{"initial":60,"increment":1.5}})"), 400, "bad-clock");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"chess","clock":{"initial":60,"delay":1}})"), 400, "unknown-field");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"chess","level":"max"})"), 400, "bad-request");
    expect_error(http(p, "POST", "/api/games", R"({"variant":"chess","options":{"fen":"not a fen"}})"), 400, "bad-options");
    expect_error(http(p, "POST", "/api/games", std::string(40, '[') + std::string(40, ']')), 400, "bad-json");
    expect_error(http(p, "POST", "/api/games", std::string(100 * 1024, ' ')), 413, "too-large");
    expect_error(http(p, "GET", "/api/games?status=sleeping"), 400, "bad-request");
    expect_error(http(p, "GET", "/api/games/zzz"), 404, "not-found");
    expect_error(http(p, "GET", "/api/games/0123456789ab"), 404, "not-found");
    expect_error(http(p, "DELETE", "/api/games"), 405, "method-not-allowed");
    expect_error(http(p, "GET", "/api/nothing"), 404, "not-found");

    auto created = http(p, "POST", "/api/games", R"({"variant":"chess","opponent":"local"})").json();
    std::string id(created.at("id").as_string());
    std::string token(created.at("tokens").at("white").as_string());
    std::string target = "/api/games/" + id + "/actions";
    expect_error(http(p, "POST", target, "nonsense", token), 400, "bad-json");
    expect_error(http(p, "POST", target, R"({"move":"e2e4"})", token), 400, "bad-request");
    expect_error(http(p, "POST", target, R"({"type":42})", token), 400, "bad-request");
    expect_error(http(p, "POST", target, R"({"type":"teleport"})", token), 400, "unknown-action");
    expect_error(http(p, "POST", target, R"({"type":"move","move":"e2e9"})", token), 409, "rejected");
    expect_error(http(p, "POST", target, R"({"type":"move","move":{"from":"e2"}})", token), 400, "bad-request");
    expect_error(http(p, "POST", target, R"({"type":"move","move":"e2e4"})", "Bearer"), 401, "unauthorized");
    expect_error(http(p, "GET", "/api/games/" + id + "/events?since=-1"), 400, "bad-request");
    EXPECT_EQ(http(p, "GET", "/api/health").status, 200);
}

TEST(ServerFuzz, RandomBytesNeverCrashTheServer) {
    TestServer s;
    referee::SeededRandom random(7);
    int rounds = sanitized() ? 30 : 150;
    for (int i = 0; i < rounds; ++i) {
        std::string body = random.hex(random.uniform(64));
        std::string noise(random.uniform(200), '\0');
        for (auto& c : noise) c = char(random.uniform(256));
        auto r = http(s.port(), "POST", "/api/games", i % 2 ? body : noise);
        EXPECT_GE(r.status, 400);
        EXPECT_TRUE(r.json().is_object());
    }
    // Raw garbage instead of HTTP, and truncated requests.
    for (int i = 0; i < 20; ++i) {
        std::string noise(random.uniform(300) + 1, '\0');
        for (auto& c : noise) c = char(random.uniform(256));
        raw_exchange(s.port(), noise);
    }
    raw_exchange(s.port(), "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n{");
    auto bad = raw_exchange(s.port(), "BLAH\r\n\r\n");
    EXPECT_NE(bad.find("400"), std::string::npos);
    EXPECT_EQ(http(s.port(), "GET", "/api/health").status, 200);
}

TEST(ServerFuzz, HostileWebSocketMessagesGetErrors) {
    TestServer s;
    auto created = http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})").json();
    std::string id(created.at("id").as_string());
    std::string token(created.at("tokens").at("white").as_string());
    WsClient ws(s.port(), "/ws/games/" + id + "?token=" + token);
    EXPECT_EQ(ws.receive_json().at("type"), "welcome");
    struct Case {
        const char* message;
        const char* code;
    } cases[] = {
        {"{", "bad-json"},
        {"[]", "bad-request"},
        {R"({"type":"fly"})", "unknown-type"},
        {R"({"type":"ping","extra":1})", "unknown-field"},
        {R"({"type":"action","id":[1],"action":{}})", "bad-request"},
        {R"({"type":"action","id":1})", "bad-request"},
        {R"({"type":"action","id":1,"action":"e2e4"})", "bad-request"},
        {R"({"type":"action","id":1,"action":{"type":"move","move":"a1a8"}})", "rejected"},
        {R"({"type":"hello","token":"x"})", "already-subscribed"},
    };
    for (const auto& c : cases) {
        ws.send(c.message);
        auto m = ws.receive_json();
        EXPECT_EQ(m.at("type"), "error") << c.message;
        EXPECT_EQ(m.at("code"), c.code) << c.message;
    }
    ws.send(R"({"type":"ping","id":"p"})");
    EXPECT_EQ(ws.receive_json().at("type"), "pong");
    // An oversized message closes the connection; the server lives on.
    bool closed = false;
    try {
        ws.send(std::string(100 * 1024, 'x'));
        closed = ws.closed_by_server();
    } catch (const boost::system::system_error&) {
        closed = true;  // the server hung up while the frame was still being written
    }
    EXPECT_TRUE(closed);
    EXPECT_EQ(http(s.port(), "GET", "/api/health").status, 200);
}

TEST(ServerFuzz, RateLimitAnswersTooManyRequests) {
    TestServer s;
    auto created = http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})").json();
    WsClient ws(s.port(), "/ws/echo");  // echo has no limit: the limit is on game sockets
    std::string id(created.at("id").as_string());
    WsClient game(s.port(), "/ws/games/" + id);
    game.send(R"({"type":"hello"})");
    game.receive_json();
    int limited = 0;
    for (int i = 0; i < 1000; ++i) game.send(R"({"type":"ping"})");
    for (int i = 0; i < 1000; ++i)
        if (game.receive_json().at("type") == "error") ++limited;
    EXPECT_GT(limited, 0);
}
