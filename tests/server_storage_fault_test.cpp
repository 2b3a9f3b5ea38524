// A full or read-only disk (through a fault-injecting SQLite VFS, tests/faulty_vfs.h): no seat
// sees, and no later action builds on, anything that is not durable; the game answers 503
// until writes work again, then goes on; a restart loses nothing that was acknowledged.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/faulty_vfs.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

void on_faulty_disk(server::ServerConfig& c) {
    register_faulty_vfs();
    c.vfs = "faulty";
}

struct Game {
    std::string id, white, black;
};

Game local_chess(std::uint16_t port, const std::string& extra = "") {
    auto r = http(port, "POST", "/api/games",
                  R"({"variant":"chess","opponent":"local","color":"white")" + extra + "}");
    EXPECT_EQ(r.status, 201) << r.body;
    auto c = r.json();
    return {std::string(c.at("id").as_string()),
            std::string(c.at("tokens").at("white").as_string()),
            std::string(c.at("tokens").at("black").as_string())};
}

HttpResult move(std::uint16_t port, const Game& g, const std::string& token, const std::string& m) {
    return http(port, "POST", "/api/games/" + g.id + "/actions",
                R"({"type":"move","move":")" + m + "\"}", token);
}

std::vector<std::string> moves_of(std::uint16_t port, const Game& g) {
    auto v = http(port, "GET", "/api/games/" + g.id, "", g.white).json();
    std::vector<std::string> out;
    for (const auto& m : v.at("view").at("moves").as_array()) out.emplace_back(m.as_string());
    return out;
}

// Rewrites a stopped server's database as if the last move was `thoughtMs + downMs` ago and
// the server stopped `downMs` ago: the log's times move back, the alive mark too.
void pretend_stopped(const std::string& path, std::int64_t thoughtMs, std::int64_t downMs) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count();
    std::string sql = "UPDATE actions SET ts_ms = ts_ms - " + std::to_string(thoughtMs + downMs) +
                      "; UPDATE server_state SET value = " + std::to_string(now - downMs) +
                      " WHERE key = 'alive_ms';";
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

}  // namespace

TEST(ServerStorageFault, AFullDiskRefusesMovesAndTheGameStaysAtItsLog) {
    for (DiskFault fault : {DiskFault::Full, DiskFault::ReadOnly}) {
        TestServer s(on_faulty_disk);
        auto p = s.port();
        Game g = local_chess(p);
        ASSERT_EQ(move(p, g, g.white, "e2e4").status, 200);
        ASSERT_EQ(move(p, g, g.black, "e7e5").status, 200);
        WsClient watcher(p, "/ws/games/" + g.id);
        watcher.send(R"({"type":"hello"})");
        EXPECT_EQ(watcher.receive_json().at("type"), "welcome");
        {
            ScopedDiskFault disk(fault);
            // Six tries, as in the report: every one refused, none of them in the live game.
            for (int i = 0; i < 6; ++i) {
                auto r = move(p, g, g.white, i % 2 ? "d2d4" : "g1f3");
                EXPECT_EQ(r.status, 503) << r.body;
                EXPECT_EQ(r.json().at("code"), "storage-unavailable") << r.body;
            }
            EXPECT_EQ(moves_of(p, g), (std::vector<std::string>{"e2e4", "e7e5"}));
            // A new game is refused and never listed.
            auto c = http(p, "POST", "/api/games", R"({"variant":"chess","opponent":"local"})");
            EXPECT_EQ(c.status, 503) << c.body;
        }
        // Nothing of the refused moves reached the spectator.
        ASSERT_EQ(move(p, g, g.white, "g1f3").status, 200);
        std::vector<std::string> seen;
        while (seen.empty() || seen.back() != "Nf3") {
            auto e = watcher.receive_json();
            ASSERT_EQ(e.at("type"), "event") << json::serialize(e);
            if (e.at("event").at("type") == "move")
                seen.emplace_back(e.at("event").at("san").as_string());
        }
        EXPECT_EQ(seen, (std::vector<std::string>{"e4", "e5", "Nf3"}));
        ASSERT_EQ(move(p, g, g.black, "b8c6").status, 200);
        ASSERT_EQ(move(p, g, g.white, "f1b5").status, 200);
        auto list = http(p, "GET", "/api/games").json().at("games").as_array();
        EXPECT_EQ(list.size(), 1u);  // the refused creation is nowhere
        // After a restart every acknowledged move is there, and play goes on.
        s.restart();
        EXPECT_EQ(moves_of(s.port(), g),
                  (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}));
        EXPECT_EQ(move(s.port(), g, g.black, "a7a6").status, 200);
    }
}

TEST(ServerStorageFault, AFailedJoinLeavesTheSeatFreeAndTheInviteValid) {
    TestServer s(on_faulty_disk);
    auto p = s.port();
    auto c =
        http(p, "POST", "/api/games", R"({"variant":"chess","opponent":"human","public":true})")
            .json();
    std::string id(c.at("id").as_string()), invite(c.at("invite").as_string());
    {
        ScopedDiskFault disk(DiskFault::Full);
        auto j = http(p, "POST", "/api/games/" + id + "/join", R"({"invite":")" + invite + "\"}");
        EXPECT_EQ(j.status, 503) << j.body;
        EXPECT_EQ(http(p, "GET", "/api/games/" + id).json().at("status"), "open");
    }
    auto j = http(p, "POST", "/api/games/" + id + "/join", R"({"invite":")" + invite + "\"}");
    EXPECT_EQ(j.status, 200) << j.body;
}

TEST(ServerStorageFault, TheServerRefusesToStartOnADatabaseItCannotWrite) {
    std::string dir = temp_dir();
    register_faulty_vfs();
    {
        server::ServerConfig c;
        c.port = 0;
        c.db = dir + "/a.db";
        c.web = "";
        server::Server first(c);  // creates the database
        first.start();
    }
    ScopedDiskFault disk(DiskFault::ReadOnly);
    server::ServerConfig c;
    c.port = 0;
    c.db = dir + "/a.db";
    c.web = "";
    c.vfs = "faulty";
    server::Server s(c);
    try {
        s.start();
        ADD_FAILURE() << "started on a database it cannot write";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot be written"), std::string::npos) << e.what();
    }
    std::filesystem::remove_all(dir);
}

// docs/rules.md#clocks-in-all-three-games ("Downtime"): the time the server was down is charged
// to no one; the time before is the mover's.
TEST(ServerClock, ARestartChargesTheMoverUpToTheStopAndNotTheDowntime) {
    TestServer s;
    auto p = s.port();
    Game g = local_chess(p, R"(,"clock":{"initial":60,"increment":0})");
    ASSERT_EQ(move(p, g, g.white, "e2e4").status, 200);
    ASSERT_EQ(move(p, g, g.black, "e7e5").status, 200);  // White's clock runs from here
    s.server().stop();
    // White thought 8 s before the server stopped, and it stayed down 30 s.
    pretend_stopped(s.db(), 8000, 30000);
    s.restart();
    auto clock = http(s.port(), "GET", "/api/games/" + g.id).json().at("view").at("clock");
    auto white = clock.at("white").to_number<std::int64_t>();
    EXPECT_LT(white, 52500) << "the 8 s before the stop were given back";
    EXPECT_GT(white, 50000) << "the downtime was charged";
    EXPECT_EQ(clock.at("black").to_number<std::int64_t>(), 60000);
}

TEST(ServerClock, AFlagThatFellWhileTheServerWasDownFallsAtTheRestart) {
    TestServer s;
    auto p = s.port();
    Game g = local_chess(p, R"(,"clock":{"initial":60,"increment":0})");
    ASSERT_EQ(move(p, g, g.white, "e2e4").status, 200);
    ASSERT_EQ(move(p, g, g.black, "e7e5").status, 200);
    s.server().stop();
    pretend_stopped(s.db(), 70000, 10000);  // White's clock ran 70 s before the stop
    s.restart();
    json::value v;
    for (int i = 0; i < 500; ++i) {  // the flag timer fires right after the start
        v = http(s.port(), "GET", "/api/games/" + g.id).json();
        if (v.at("status") == "finished") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(v.at("status"), "finished");
    EXPECT_EQ(v.at("result").at("reason"), "timeout");
    EXPECT_EQ(v.at("result").at("winner"), "black");
}
