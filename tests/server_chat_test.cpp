// Chat in a game (docs/players.md, "Chat") on a real server: who reads which room and when,
// who may write, the limits on a line and on a writer, a seat's mute, text that stays text, and
// lines that hold only what a person typed (in the hidden-information variants too) and
// survive a restart. Then the line model and the chat table on their own.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <set>
#include <thread>

#include "server/chat.h"
#include "tests/faulty_vfs.h"
#include "tests/postgres_test_db.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

// Who a request is: a seat token or a personal API token, or an account's session cookie
// (as sign_up() returns it).
Headers bearer(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }
Headers cookie(const std::string& session) { return {{"Cookie", session}}; }

// The error code of a refused request.
std::string code_of(const HttpResult& r) { return std::string(r.json().at("code").as_string()); }

// A personal API token of the account, with these scopes.
std::string api_token(std::uint16_t port, const std::string& session, json::array scopes) {
    auto r =
        http_with(port, "POST", "/api/account/tokens",
                  json::serialize(json::object{{"label", "bot"}, {"scopes", std::move(scopes)}}),
                  cookie(session));
    EXPECT_EQ(r.status, 201) << r.body;
    return std::string(r.json().at("token").as_string());
}

struct Game {
    std::string id, white, black;
};

Game local_game(std::uint16_t port, const std::string& variant = "chess") {
    auto r = http(port, "POST", "/api/games",
                  R"({"variant":")" + variant + R"(","opponent":"local","color":"white"})");
    EXPECT_EQ(r.status, 201) << r.body;
    auto c = r.json();
    return {std::string(c.at("id").as_string()),
            std::string(c.at("tokens").at("white").as_string()),
            std::string(c.at("tokens").at("black").as_string())};
}

std::string text_body(std::string_view text) {
    return json::serialize(json::object{{"text", text}});
}

HttpResult say(std::uint16_t port, const Game& g, std::string_view text, const Headers& who) {
    return http_with(port, "POST", "/api/games/" + g.id + "/chat", text_body(text), who);
}

json::object history(std::uint16_t port, const Game& g, const Headers& who = {}) {
    auto r = http_with(port, "GET", "/api/games/" + g.id + "/chat", "", who);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json().as_object();
}

std::vector<std::string> texts(const json::object& body, std::string_view room) {
    std::vector<std::string> out;
    if (auto lines = body.if_contains(room))
        for (const auto& l : lines->as_array()) out.emplace_back(l.at("text").as_string());
    return out;
}

// A WebSocket of the game, welcomed: a seat's (by token) or a spectator's.
std::unique_ptr<WsClient> socket_of(std::uint16_t port, const Game& g,
                                    const std::optional<std::string>& token) {
    auto ws = std::make_unique<WsClient>(
        port, "/ws/games/" + g.id + (token ? "?token=" + *token : std::string()));
    if (!token) ws->send(R"({"type":"hello"})");
    for (;;) {
        auto m = ws->receive_json();
        if (m.at("type") == "welcome") return ws;
        EXPECT_NE(m.at("type"), "error") << json::serialize(m);
        if (m.at("type") == "error") return ws;
    }
}

// The next chat line pushed to the socket (other messages skipped).
json::object next_line(WsClient& ws) {
    for (;;) {
        auto m = ws.receive_json();
        if (m.at("type") == "chat") return m.at("line").as_object();
    }
}

// The texts of the chat lines pushed to the socket until it answers a ping: whatever the
// server pushed before it handled the ping.
std::vector<std::string> pushed_lines(WsClient& ws) {
    static int pings = 0;
    int id = ++pings;
    ws.send(R"({"type":"ping","id":)" + std::to_string(id) + "}");
    std::vector<std::string> out;
    for (;;) {
        auto m = ws.receive_json();
        if (m.at("type") == "chat") out.emplace_back(m.at("line").at("text").as_string());
        if (m.at("type") == "pong" && m.at("id") == id) return out;
    }
}

// The next error message on the socket.
json::object next_error(WsClient& ws) {
    for (;;) {
        auto m = ws.receive_json();
        if (m.at("type") == "error") return m;
    }
}

std::set<std::string> keys(const json::object& o) {
    std::set<std::string> out;
    for (const auto& kv : o) out.emplace(kv.key());
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST(ChatRooms, SeatsReadEachOtherSpectatorsTheirOwnRoomAndThePlayersTheirsOnlyAfterTheGame) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    auto white = socket_of(p, g, g.white);
    auto black = socket_of(p, g, g.black);
    auto watcher = socket_of(p, g, std::nullopt);
    std::string alice = sign_up(p, "Alice");

    auto w = say(p, g, "good luck", bearer(g.white));
    ASSERT_EQ(w.status, 201) << w.body;
    auto line = w.json().at("line").as_object();
    EXPECT_EQ(line.at("room"), "players");
    EXPECT_EQ(line.at("n"), 1);
    EXPECT_EQ(line.at("from").at("seat"), "white");
    EXPECT_TRUE(line.at("from").at("name").is_null());  // an anonymous seat
    EXPECT_EQ(line.at("text"), "good luck");
    ASSERT_EQ(say(p, g, "you too", bearer(g.black)).status, 201);
    // Both seats get both lines pushed, in order; the spectator gets neither.
    for (auto* ws : {white.get(), black.get()}) {
        EXPECT_EQ(next_line(*ws).at("text"), "good luck");
        auto second = next_line(*ws);
        EXPECT_EQ(second.at("text"), "you too");
        EXPECT_EQ(second.at("n"), 2);
        EXPECT_EQ(second.at("from").at("seat"), "black");
    }
    EXPECT_EQ(pushed_lines(*watcher), Strings{});

    // A logged-in spectator writes to the spectators' room, under the account's name.
    auto a = say(p, g, "white is winning", cookie(alice));
    ASSERT_EQ(a.status, 201) << a.body;
    line = a.json().at("line").as_object();
    EXPECT_EQ(line.at("room"), "spectators");
    EXPECT_EQ(line.at("n"), 1);
    EXPECT_EQ(line.at("from").at("name"), "Alice");
    EXPECT_TRUE(line.at("from").at("seat").is_null());
    EXPECT_EQ(next_line(*watcher).at("text"), "white is winning");
    // No help from the audience: neither seat is pushed it, nor finds it in its history.
    EXPECT_EQ(pushed_lines(*white), Strings{});
    EXPECT_EQ(pushed_lines(*black), Strings{});
    for (const auto& token : {g.white, g.black}) {
        auto h = history(p, g, bearer(token));
        EXPECT_EQ(keys(h), std::set<std::string>{"players"});
        EXPECT_EQ(texts(h, "players"), (Strings{"good luck", "you too"}));
    }
    // Spectators never read the players' room (logged in or not).
    for (const auto& who : {Headers{}, cookie(alice)}) {
        auto h = history(p, g, who);
        EXPECT_EQ(keys(h), std::set<std::string>{"spectators"});
        EXPECT_EQ(texts(h, "spectators"), Strings{"white is winning"});
    }

    // Once the game is over the players read the spectators' room too.
    ASSERT_EQ(http_with(p, "POST", "/api/games/" + g.id + "/actions", R"({"type":"resign"})",
                        bearer(g.white))
                  .status,
              200);
    auto h = history(p, g, bearer(g.black));
    EXPECT_EQ(texts(h, "players"), (Strings{"good luck", "you too"}));
    EXPECT_EQ(texts(h, "spectators"), Strings{"white is winning"});
    // And a spectators' line written after the end reaches the seats' sockets.
    ASSERT_EQ(say(p, g, "well played", cookie(alice)).status, 201);
    EXPECT_EQ(next_line(*white).at("text"), "well played");
    EXPECT_EQ(next_line(*black).at("room"), "spectators");
    EXPECT_EQ(next_line(*watcher).at("text"), "well played");
    EXPECT_EQ(keys(history(p, g)), std::set<std::string>{"spectators"});
}

TEST(ChatRooms, ALineWrittenOnTheWebSocketIsAcknowledgedThenPushed) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    auto white = socket_of(p, g, g.white);
    auto black = socket_of(p, g, g.black);
    white->send(R"({"type":"chat","id":"c1","text":"  hello  "})");
    json::object ack;
    for (;;) {
        ack = white->receive_json();
        ASSERT_NE(ack.at("type"), "chat") << "pushed before it was acknowledged";
        if (ack.at("type") == "ack") break;
    }
    EXPECT_EQ(ack.at("id"), "c1");
    auto line = next_line(*white);
    EXPECT_EQ(line.at("text"), "hello");  // trimmed
    EXPECT_EQ(line.at("from").at("seat"), "white");
    EXPECT_EQ(json::serialize(next_line(*black)), json::serialize(line));

    white->send(R"({"type":"chat","id":2,"text":"a\u0007b"})");
    auto e = next_error(*white);
    EXPECT_EQ(e.at("id"), 2);
    EXPECT_EQ(e.at("code"), "bad-chat");
    white->send(R"({"type":"chat","id":3,"text":"hi","room":"spectators"})");
    EXPECT_EQ(next_error(*white).at("code"), "unknown-field");
    // An anonymous spectator's socket may not write either.
    auto watcher = socket_of(p, g, std::nullopt);
    watcher->send(R"({"type":"chat","id":4,"text":"hi"})");
    EXPECT_EQ(next_error(*watcher).at("code"), "account-required");
}

TEST(ChatWriters, AnAnonymousSpectatorCannotWriteAndATokenWithoutTheChatScopeCannotWriteAsIt) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    auto anonymous = say(p, g, "hello", {});
    EXPECT_EQ(anonymous.status, 403);
    EXPECT_EQ(code_of(anonymous), "account-required");

    std::string bob = sign_up(p, "Bob");
    std::string playOnly = api_token(p, bob, {"play"});
    std::string chatToken = api_token(p, bob, {"chat"});
    auto scoped = say(p, g, "hello", bearer(playOnly));
    EXPECT_EQ(scoped.status, 403);
    EXPECT_EQ(code_of(scoped), "missing-scope");
    auto fine = say(p, g, "hello", bearer(chatToken));
    ASSERT_EQ(fine.status, 201) << fine.body;
    EXPECT_EQ(fine.json().at("line").at("from").at("name"), "Bob");
    EXPECT_EQ(fine.json().at("line").at("room"), "spectators");

    // Bob holds a seat of a game he made: his cookie writes as that seat, under his name; a
    // token without the chat scope does not write as him (neither as the seat nor as a
    // spectator).
    auto made =
        http_with(p, "POST", "/api/games", R"({"variant":"chess","color":"white"})", cookie(bob));
    ASSERT_EQ(made.status, 201) << made.body;
    Game mine{std::string(made.json().at("id").as_string()), "", ""};
    auto asSeat = say(p, mine, "hi", cookie(bob));
    ASSERT_EQ(asSeat.status, 201) << asSeat.body;
    EXPECT_EQ(asSeat.json().at("line").at("room"), "players");
    EXPECT_EQ(asSeat.json().at("line").at("from").at("seat"), "white");
    EXPECT_EQ(asSeat.json().at("line").at("from").at("name"), "Bob");
    auto notAsBob = say(p, mine, "hi", bearer(playOnly));
    EXPECT_EQ(notAsBob.status, 403);
    EXPECT_EQ(code_of(notAsBob), "missing-scope");
    EXPECT_EQ(texts(history(p, mine, cookie(bob)), "players"), Strings{"hi"});
    EXPECT_EQ(texts(history(p, mine, cookie(bob)), "spectators"), Strings{});

    // A token that is no seat of the game is refused as it is elsewhere.
    EXPECT_EQ(say(p, g, "hello", bearer(std::string(32, 'a'))).status, 401);
    EXPECT_EQ(
        http_with(p, "POST", "/api/games/nosuchgame/chat", text_body("x"), bearer(g.white)).status,
        404);
}

TEST(ChatLimits, ALineIsTrimmedOneTo140CharactersValidUtf8AndHasNoControlCharacter) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    auto refused = [&](const std::string& body, std::string_view code) {
        auto r = http_with(p, "POST", "/api/games/" + g.id + "/chat", body, bearer(g.white));
        EXPECT_EQ(r.status, 400) << body;
        if (r.status == 400) {
            EXPECT_EQ(code_of(r), code) << body << " " << r.body;
        }
    };
    refused(text_body(""), "bad-chat");
    refused(text_body(" \t\n\u00a0 "), "bad-chat");  // nothing left once trimmed
    refused(text_body(std::string(141, 'x')), "bad-chat");
    refused(text_body("a\nb"), "bad-chat");
    refused(R"({"text":"a\u0000b"})", "bad-chat");
    refused(R"({"text":"bell\u0007"})", "bad-chat");
    refused(R"({"text":"next line\u0085here"})", "bad-chat");  // a C1 control
    refused(R"({"text":"x\u007f"})", "bad-chat");
    refused("{\"text\":\"\xff\xfe\"}", "bad-json");  // not UTF-8: not even JSON
    refused("{\"text\":\"\xc0\xaf\"}", "bad-json");  // an overlong form
    refused(R"({"text":"\ud800"})", "bad-json");     // a lone surrogate
    refused(R"({"text":42})", "bad-request");
    refused(R"({"message":"hi"})", "unknown-field");
    auto tooLong = http_with(p, "POST", "/api/games/" + g.id + "/chat",
                             text_body(std::string(141, 'x')), bearer(g.white));
    EXPECT_NE(tooLong.json().at("error").as_string().find("140"), std::string::npos);

    // 140 code points of two bytes each, and 140 with white space around: both fine.
    std::string accents;
    for (int i = 0; i < 140; ++i) accents += "\u00e9";
    auto r = say(p, g, accents, bearer(g.white));
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(r.json().at("line").at("text").as_string(), accents);
    r = say(p, g, "\u3000 " + std::string(140, 'y') + " \n", bearer(g.white));
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(r.json().at("line").at("text").as_string(), std::string(140, 'y'));
    // Four-byte characters count once each.
    r = say(p, g, "\u265b\U0001F4A3", bearer(g.white));
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(texts(history(p, g, bearer(g.white)), "players").size(), 3u);
}

TEST(ChatLimits, SixQuickLinesFromOneWriterTheSixthIsRateLimited) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    for (int i = 1; i <= 5; ++i)
        ASSERT_EQ(say(p, g, "line " + std::to_string(i), bearer(g.white)).status, 201);
    auto sixth = say(p, g, "line 6", bearer(g.white));
    EXPECT_EQ(sixth.status, 429);
    EXPECT_EQ(code_of(sixth), "rate-limited");
    EXPECT_EQ(sixth.header("Retry-After"), "1");
    // Per writer: the other seat writes all the same.
    EXPECT_EQ(say(p, g, "my turn", bearer(g.black)).status, 201);
    // One line a second after that.
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    EXPECT_EQ(say(p, g, "line 6", bearer(g.white)).status, 201);
    EXPECT_EQ(say(p, g, "line 7", bearer(g.white)).status, 429);
    EXPECT_EQ(texts(history(p, g, bearer(g.white)), "players").size(), 7u);
}

TEST(ChatMute, AfterWhiteMutesBlackBlacksLinesReachNeitherWhitesSocketNorItsHistory) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    auto white = socket_of(p, g, g.white);
    auto black = socket_of(p, g, g.black);
    ASSERT_EQ(say(p, g, "before", bearer(g.black)).status, 201);
    EXPECT_EQ(pushed_lines(*white), Strings{"before"});
    EXPECT_EQ(pushed_lines(*black), Strings{"before"});

    std::string mute = "/api/games/" + g.id + "/chat/mute";
    auto muted = http_with(p, "POST", mute, R"({"muted":true})", bearer(g.white));
    ASSERT_EQ(muted.status, 200) << muted.body;
    EXPECT_EQ(muted.json().at("muted"), true);
    ASSERT_EQ(say(p, g, "muted words", bearer(g.black)).status, 201);
    ASSERT_EQ(say(p, g, "my own", bearer(g.white)).status, 201);
    EXPECT_EQ(pushed_lines(*white), Strings{"my own"});
    EXPECT_EQ(pushed_lines(*black), (Strings{"muted words", "my own"}));
    EXPECT_EQ(texts(history(p, g, bearer(g.white)), "players"), Strings{"my own"});
    EXPECT_EQ(texts(history(p, g, bearer(g.black)), "players"),
              (Strings{"before", "muted words", "my own"}));

    // Only a seat mutes, with {"muted": bool}.
    auto spectator = http(p, "POST", mute, R"({"muted":true})");
    EXPECT_EQ(spectator.status, 403);
    EXPECT_EQ(http_with(p, "POST", mute, R"({"muted":"yes"})", bearer(g.white)).status, 400);
    EXPECT_EQ(http_with(p, "POST", mute, R"({})", bearer(g.white)).status, 400);

    // Unmuted, the opponent's lines come back, the ones written meanwhile too.
    ASSERT_EQ(http_with(p, "POST", mute, R"({"muted":false})", bearer(g.white)).status, 200);
    ASSERT_EQ(say(p, g, "after", bearer(g.black)).status, 201);
    EXPECT_EQ(pushed_lines(*white), Strings{"after"});
    EXPECT_EQ(texts(history(p, g, bearer(g.white)), "players"),
              (Strings{"before", "muted words", "my own", "after"}));
}

TEST(ChatText, AScriptTagComesBackByteIdenticalInsideTheJson) {
    TestServer s;
    auto p = s.port();
    Game g = local_game(p);
    auto black = socket_of(p, g, g.black);
    const std::string typed = "<script>alert(1)</script>";
    auto r = say(p, g, typed, bearer(g.white));
    ASSERT_EQ(r.status, 201);
    const std::string inJson = "\"text\":\"<script>alert(1)</script>\"";
    EXPECT_NE(r.body.find(inJson), std::string::npos) << r.body;
    EXPECT_EQ(r.json().at("line").at("text").as_string(), typed);
    auto h = http_with(p, "GET", "/api/games/" + g.id + "/chat", "", bearer(g.black));
    EXPECT_NE(h.body.find(inJson), std::string::npos) << h.body;
    for (;;) {
        std::string raw = black->receive();
        if (raw.find(R"("type":"chat")") == std::string::npos) continue;
        EXPECT_NE(raw.find(inJson), std::string::npos) << raw;
        break;
    }
}

TEST(ChatLeak, InHiddenInformationGamesALineHoldsOnlyTheTypedTextNameSeatRoomNumberAndTime) {
    TestServer s;
    std::string carol = sign_up(s.port(), "Carol");
    std::vector<std::pair<Game, std::vector<json::object>>> games;
    for (const char* variant : {"chiefspy", "minesweeper"}) {
        SCOPED_TRACE(variant);
        auto p = s.port();
        Game g = local_game(p, variant);
        auto white = socket_of(p, g, g.white);
        auto watcher = socket_of(p, g, std::nullopt);
        std::vector<json::object> written;
        for (auto [who, text] :
             {std::pair{bearer(g.white), "my spy is safe"}, std::pair{bearer(g.black), "is it?"},
              std::pair{cookie(carol), "who has the chief?"}}) {
            auto r = say(p, g, text, who);
            ASSERT_EQ(r.status, 201) << r.body;
            EXPECT_EQ(keys(r.json().as_object()), std::set<std::string>{"line"});
            written.push_back(r.json().at("line").as_object());
        }
        for (const auto& line : written) {
            EXPECT_EQ(keys(line), (std::set<std::string>{"room", "n", "from", "text", "at"}));
            EXPECT_EQ(keys(line.at("from").as_object()), (std::set<std::string>{"name", "seat"}));
            EXPECT_TRUE(line.at("at").is_int64());
            EXPECT_TRUE(line.at("n").is_int64());
        }
        EXPECT_EQ(written[0].at("text"), "my spy is safe");
        EXPECT_EQ(written[1].at("from").at("seat"), "black");
        EXPECT_EQ(written[2].at("from").at("name"), "Carol");
        // The pushed messages are {"type":"chat","line":…}, the line as answered.
        for (auto* ws : {white.get(), watcher.get()}) {
            for (;;) {
                auto m = ws->receive_json();
                if (m.at("type") != "chat") continue;
                EXPECT_EQ(keys(m), (std::set<std::string>{"type", "line"}));
                std::int64_t n = m.at("line").at("n").as_int64();
                int k = m.at("line").at("room") == "players" ? int(n) - 1 : 2;
                EXPECT_EQ(json::serialize(m.at("line")), json::serialize(written[k]));
                if (ws == watcher.get() || n == 2) break;
            }
        }
        games.emplace_back(g, std::move(written));
    }
    // The stored rows: the game, the room, n, the seat, the name, the text and the time.
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open_v2(s.db().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        sqlite3_stmt* st = nullptr;
        ASSERT_EQ(
            sqlite3_prepare_v2(db, "SELECT * FROM chat ORDER BY game, room, n", -1, &st, nullptr),
            SQLITE_OK);
        std::set<std::string> columns;
        for (int c = 0; c < sqlite3_column_count(st); ++c)
            columns.emplace(sqlite3_column_name(st, c));
        EXPECT_EQ(columns,
                  (std::set<std::string>{"game", "room", "n", "seat", "name", "text", "at_ms"}));
        int rows = 0;
        while (sqlite3_step(st) == SQLITE_ROW) ++rows;
        EXPECT_EQ(rows, 6);
        sqlite3_finalize(st);
        sqlite3_close(db);
    }

    // The lines survive a restart: read back from the store, the same to the byte.
    s.restart();
    for (const auto& [g, written] : games) {
        auto seat = history(s.port(), g, bearer(g.white));
        ASSERT_EQ(seat.at("players").as_array().size(), 2u);
        for (std::size_t i = 0; i < 2; ++i)
            EXPECT_EQ(json::serialize(seat.at("players").as_array()[i]),
                      json::serialize(written[i]));
        auto spectators = history(s.port(), g);
        ASSERT_EQ(spectators.at("spectators").as_array().size(), 1u);
        EXPECT_EQ(json::serialize(spectators.at("spectators").as_array()[0]),
                  json::serialize(written[2]));
        // Numbering goes on after the stored lines.
        auto next = say(s.port(), g, "back again", bearer(g.black));
        ASSERT_EQ(next.status, 201) << next.body;
        EXPECT_EQ(next.json().at("line").at("n"), 3);
    }
}

TEST(ChatStorage, ALineTheDiskRefusedIsAnsweredWith503AndPushedToNobody) {
    TestServer s([](server::ServerConfig& c) {
        register_faulty_vfs();
        c.vfs = "faulty";
    });
    auto p = s.port();
    Game g = local_game(p);
    auto black = socket_of(p, g, g.black);
    ASSERT_EQ(say(p, g, "one", bearer(g.white)).status, 201);
    EXPECT_EQ(pushed_lines(*black), Strings{"one"});
    {
        ScopedDiskFault disk(DiskFault::Full);
        auto r = say(p, g, "two", bearer(g.white));
        EXPECT_EQ(r.status, 503);
        EXPECT_EQ(code_of(r), "storage-unavailable");
        EXPECT_EQ(pushed_lines(*black), Strings{});
    }
    auto r = say(p, g, "three", bearer(g.white));
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(r.json().at("line").at("n"), 2);  // the refused line took no number
    EXPECT_EQ(pushed_lines(*black), Strings{"three"});
    EXPECT_EQ(texts(history(p, g, bearer(g.black)), "players"), (Strings{"one", "three"}));
}

// ---- the line model -----------------------------------------------------------------------

TEST(ChatModel, TextIsTrimmedCountedInCodePointsAndRefusedWhenNotUtf8OrHoldingAControl) {
    using server::chat::check_text;
    EXPECT_EQ(check_text("  hi \n").text, "hi");
    EXPECT_EQ(check_text("\xEF\xBB\xBFhi\xE2\x80\xA8").text, "hi");  // BOM and U+2028 trimmed
    EXPECT_FALSE(check_text("").ok());
    EXPECT_FALSE(check_text(" \t ").ok());
    EXPECT_TRUE(check_text(std::string(140, 'a')).ok());
    EXPECT_FALSE(check_text(std::string(141, 'a')).ok());
    std::string bombs;
    for (int i = 0; i < 140; ++i) bombs += "\U0001F4A3";
    EXPECT_TRUE(check_text(bombs).ok());
    EXPECT_FALSE(check_text(bombs + "!").ok());
    for (std::string bad : {"\xff", "a\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                            "\xe2\x82", "\x80", "ok\xf0\x9f\x92"}) {
        auto c = check_text(bad);
        EXPECT_FALSE(c.ok()) << bad;
        EXPECT_NE(c.problem.find("UTF-8"), std::string::npos);
    }
    for (const std::string& control :
         {std::string("a\0b", 3), std::string("a\tb"), std::string("a\x1b[31mb"),
          std::string("a\x7f"), std::string("a\xc2\x85z"), std::string("a\xc2\x9b")}) {
        auto c = check_text(control);
        EXPECT_FALSE(c.ok()) << control;
        EXPECT_NE(c.problem.find("control"), std::string::npos);
    }
    // Format characters and the like are text, not controls.
    EXPECT_TRUE(check_text("a\xe2\x80\x8b"
                           "b")
                    .ok());  // U+200B
}

TEST(ChatModel, AWriterHasFiveLinesAtOnceThenOneASecond) {
    server::chat::Bucket b;
    auto t = server::chat::Bucket::Clock::now();
    int wait = 0;
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(b.take(t, wait));
    EXPECT_FALSE(b.take(t, wait));
    EXPECT_EQ(wait, 1);
    EXPECT_FALSE(b.idle(t));
    EXPECT_FALSE(b.take(t + std::chrono::milliseconds(500), wait));
    EXPECT_TRUE(b.take(t + std::chrono::milliseconds(1000), wait));
    EXPECT_FALSE(b.take(t + std::chrono::milliseconds(1100), wait));
    EXPECT_TRUE(b.idle(t + std::chrono::seconds(10)));
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(b.take(t + std::chrono::seconds(10), wait));
}

TEST(ChatModel, ALineAsJsonIsItsRoomNumberWriterTextAndTimeOnly) {
    server::chat::Line spectator{
        server::chat::RoomKind::Spectators, 3, "Dora", std::nullopt, "hi", 1700000000000};
    EXPECT_EQ(json::serialize(server::chat::line_json(spectator)),
              R"({"room":"spectators","n":3,"from":{"name":"Dora","seat":null},"text":"hi",)"
              R"("at":1700000000000})");
    server::chat::Line seat{server::chat::RoomKind::Players, 1, std::nullopt, "black", "gg", 5};
    EXPECT_EQ(json::serialize(server::chat::line_json(seat)),
              R"({"room":"players","n":1,"from":{"name":null,"seat":"black"},"text":"gg","at":5})");
}

// A cluster: the game's owner serves its chat. A node that takes the game over reads its lines
// from the store and numbers on after them, however often the game moves; a node that only
// follows the game for an anonymous spectator reads the lines anew each time.
TEST(ChatCluster, ANodeThatTakesTheGameOverReadsItsLinesAndNumbersOnAfterThem) {
    std::string url = fresh_postgres_db();
    if (url.empty()) GTEST_SKIP() << "no test PostgreSQL: run through ctest, which starts one";
    auto node = [&url](const std::string& name) {
        return [url, name](server::ServerConfig& c) {
            c.db = url;
            c.node = name;
        };
    };
    TestServer a(node("a")), b(node("b"));
    Game g = local_game(a.port());
    auto n_of = [](const HttpResult& r) { return r.json().at("line").at("n").as_int64(); };
    auto one = say(a.port(), g, "one", bearer(g.white));
    ASSERT_EQ(one.status, 201) << one.body;
    EXPECT_EQ(n_of(one), 1);
    auto two = say(b.port(), g, "two", bearer(g.black));  // the game moves to b
    ASSERT_EQ(two.status, 201) << two.body;
    EXPECT_EQ(n_of(two), 2);
    EXPECT_EQ(texts(history(b.port(), g, bearer(g.white)), "players"), (Strings{"one", "two"}));
    auto three = say(a.port(), g, "three", bearer(g.white));  // and back to a
    ASSERT_EQ(three.status, 201) << three.body;
    EXPECT_EQ(n_of(three), 3);
    EXPECT_EQ(texts(history(a.port(), g, bearer(g.black)), "players"),
              (Strings{"one", "two", "three"}));

    std::string alice = sign_up(a.port(), "Alice");
    ASSERT_EQ(say(a.port(), g, "hi", cookie(alice)).status, 201);
    EXPECT_EQ(texts(history(b.port(), g), "spectators"), Strings{"hi"});
    ASSERT_EQ(say(a.port(), g, "again", cookie(alice)).status, 201);
    EXPECT_EQ(texts(history(b.port(), g), "spectators"), (Strings{"hi", "again"}));
}
