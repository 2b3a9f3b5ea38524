// Crowds and floods: per-address creation limits, open-game caps, expiry of unattended games,
// paginated lists, spectator and connection caps, and the open-file limit.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "test_paths.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

json::value wait_for_status(std::uint16_t port, const std::string& id, const std::string& status) {
    json::value v;
    for (int i = 0; i < 1000; ++i) {
        v = http(port, "GET", "/api/games/" + id).json();
        if (v.at("status") == status.c_str()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return v;
}

}  // namespace

TEST(ServerLimits, GameCreationIsLimitedPerAddress) {
    TestServer s([](server::ServerConfig& c) {
        c.limits.createsPerMinute = 1;
        c.limits.createBurst = 5;
        c.limits.limitLoopback = true;
    });
    int created = 0, refused = 0;
    for (int i = 0; i < 8; ++i) {
        auto r = http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})");
        if (r.status == 201) ++created;
        if (r.status == 429) {
            ++refused;
            EXPECT_EQ(r.json().at("code"), "rate-limited");
        }
    }
    EXPECT_EQ(created, 5);
    EXPECT_EQ(refused, 3);
    // The refusal says when to come back (one game a minute: within 60 s).
    std::string body = R"({"variant":"chess","opponent":"local"})";
    std::string raw = raw_exchange(s.port(),
                                   "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                   "Content-Length: " +
                                       std::to_string(body.size()) + "\r\n\r\n" + body);
    EXPECT_NE(raw.find("429"), std::string::npos) << raw;
    auto at = raw.find("Retry-After: ");
    ASSERT_NE(at, std::string::npos) << raw;
    int seconds = std::stoi(raw.substr(at + 13));
    EXPECT_GE(seconds, 1);
    EXPECT_LE(seconds, 60);
}

// Behind HAProxy every peer is the proxy: with --trust-proxy the limit is per forwarded
// client, and a client cannot dodge it by writing its own X-Forwarded-For first.
TEST(ServerLimits, BehindATrustedProxyTheLimitIsPerForwardedClient) {
    TestServer s([](server::ServerConfig& c) {
        c.trustProxy = true;
        c.limits.createsPerMinute = 1;
        c.limits.createBurst = 2;
    });
    auto create = [&](const std::string& forwarded) {
        std::string body = R"({"variant":"chess","opponent":"local"})";
        std::string raw =
            raw_exchange(s.port(),
                         "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                         "X-Forwarded-For: " +
                             forwarded + "\r\nContent-Length: " + std::to_string(body.size()) +
                             "\r\n\r\n" + body);
        return std::stoi(raw.substr(9, 3));
    };
    EXPECT_EQ(create("203.0.113.5"), 201);
    EXPECT_EQ(create("10.9.9.9, 203.0.113.5"), 201);
    EXPECT_EQ(create("198.51.100.1, 203.0.113.5"), 429) << "the proxy's own entry counts";
    EXPECT_EQ(create("203.0.113.6"), 201) << "another client has its own bucket";
    // HAProxy adds its own header line after the client's: the last line is the proxy's.
    EXPECT_EQ(create("127.0.0.1\r\nX-Forwarded-For: 203.0.113.5"), 429)
        << "a client's own header line must not lift its limit";
    EXPECT_EQ(create("127.0.0.1"), 201) << "a client on this host is not limited";
}

TEST(ServerLimits, OpenGamesAreCappedPerAddress) {
    TestServer s([](server::ServerConfig& c) {
        c.limits.openPerAddress = 3;
        c.limits.limitLoopback = true;
    });
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(http(s.port(), "POST", "/api/games", R"({"variant":"chess"})").status, 201);
    auto r = http(s.port(), "POST", "/api/games", R"({"variant":"chess"})");
    EXPECT_EQ(r.status, 429);
    EXPECT_EQ(r.json().at("code"), "too-many-open-games");
    // Games against the computer are not waiting for anyone.
    EXPECT_EQ(http(s.port(), "POST", "/api/games",
                   R"({"variant":"chess","opponent":"computer","level":0})")
                  .status,
              201);
}

TEST(ServerLimits, AnOpenGameNobodyJoinsExpires) {
    TestServer s([](server::ServerConfig& c) { c.limits.openExpiry = std::chrono::seconds(1); });
    auto c = http(s.port(), "POST", "/api/games", R"({"variant":"chess","public":true})").json();
    std::string id(c.at("id").as_string());
    auto v = wait_for_status(s.port(), id, "aborted");
    EXPECT_EQ(v.at("status"), "aborted");
    EXPECT_EQ(v.at("result").at("reason"), "abandoned");
    EXPECT_EQ(http(s.port(), "GET", "/api/games?status=open").json().at("games").as_array().size(),
              0u);
    // It stays ended after a restart (the log says so).
    s.restart();
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id).json().at("status"), "aborted");
}

TEST(ServerLimits, AGameNobodyActsInIsAbandoned) {
    TestServer s([](server::ServerConfig& c) { c.limits.idleExpiry = std::chrono::seconds(1); });
    auto c =
        http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})").json();
    std::string id(c.at("id").as_string());
    auto v = wait_for_status(s.port(), id, "aborted");
    EXPECT_EQ(v.at("result").at("reason"), "abandoned");
}

TEST(ServerLimits, ListsArePaginatedNewestFirst) {
    TestServer s;
    std::set<std::string> ids;
    for (int i = 0; i < 7; ++i)
        ids.emplace(
            http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})")
                .json()
                .at("id")
                .as_string());
    std::vector<std::string> seen;
    std::string target = "/api/games?status=active&limit=3";
    for (int page = 0; page < 5; ++page) {
        auto r = http(s.port(), "GET", target).json();
        for (const auto& g : r.at("games").as_array()) seen.emplace_back(g.at("id").as_string());
        if (r.at("next").is_null()) break;
        EXPECT_EQ(r.at("games").as_array().size(), 3u);
        target = "/api/games?status=active&limit=3&before=" + std::string(r.at("next").as_string());
    }
    EXPECT_EQ(seen.size(), 7u);
    EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()), ids);
    EXPECT_EQ(http(s.port(), "GET", "/api/games?limit=0").status, 400);
    EXPECT_EQ(http(s.port(), "GET", "/api/games?limit=201").status, 400);
    EXPECT_EQ(http(s.port(), "GET", "/api/games?before=x").status, 400);
}

TEST(ServerLimits, SpectatorsPerGameAreCapped) {
    TestServer s([](server::ServerConfig& c) { c.limits.spectatorsPerGame = 2; });
    auto c =
        http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})").json();
    std::string id(c.at("id").as_string());
    WsClient a(s.port(), "/ws/games/" + id), b(s.port(), "/ws/games/" + id),
        third(s.port(), "/ws/games/" + id);
    for (WsClient* w : {&a, &b}) {
        w->send(R"({"type":"hello"})");
        EXPECT_EQ(w->receive_json().at("type"), "welcome");
    }
    third.send(R"({"type":"hello"})");
    auto e = third.receive_json();
    EXPECT_EQ(e.at("type"), "error");
    EXPECT_EQ(e.at("code"), "too-many-spectators");
    // The players themselves are never turned away.
    WsClient white(s.port(), "/ws/games/" + id +
                                 "?token=" + std::string(c.at("tokens").at("white").as_string()));
    EXPECT_EQ(white.receive_json().at("type"), "welcome");
}

TEST(ServerLimits, ConnectionsPastTheCapGetA503) {
    TestServer s([](server::ServerConfig& c) { c.maxConnections = 4; });
    boost::asio::io_context ioc;
    std::vector<boost::asio::ip::tcp::socket> held;
    for (int i = 0; i < 4; ++i) {
        held.emplace_back(ioc);
        held.back().connect({boost::asio::ip::make_address("127.0.0.1"), s.port()});
    }
    // Wait until the server has taken all four in.
    std::string r;
    for (int i = 0; i < 200 && r.find("503") == std::string::npos; ++i) {
        r = raw_exchange(s.port(), "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
        if (r.find("503") == std::string::npos)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_NE(r.find("503 Service Unavailable"), std::string::npos) << r;
    EXPECT_NE(r.find("too-busy"), std::string::npos) << r;
    held.clear();
    for (int i = 0; i < 200 && r.find("200 OK") == std::string::npos; ++i) {
        r = raw_exchange(s.port(),
                         "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        if (r.find("200 OK") == std::string::npos)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_NE(r.find("200 OK"), std::string::npos) << r;
}

// Debian's default soft limit of 1,024 open files: the server raises it to the hard limit.
// With a hard limit of 128, idle connections are shed so that a new client still gets in, and
// the condition is logged once instead of the accept loop spinning.
TEST(ServerLimits, AtTheOpenFileLimitIdleConnectionsAreShed) {
    std::string dir = temp_dir();
    std::string logPath = dir + "/log";
    pid_t pid = fork();
    if (pid == 0) {
        rlimit lim{128, 128};
        setrlimit(RLIMIT_NOFILE, &lim);
        FILE* f = std::freopen(logPath.c_str(), "w", stderr);
        (void)f;
        std::string db = dir + "/a.db";
        execl(ARBITER_BINARY, ARBITER_BINARY, "serve", "--port", "0", "--db", db.c_str(), "--web",
              "", static_cast<char*>(nullptr));
        _exit(127);
    }
    std::uint16_t port = 0;
    for (int i = 0; i < 500 && !port; ++i) {
        std::ifstream in(logPath);
        for (std::string line; std::getline(in, line);)
            if (line.find("\"listening\"") != std::string::npos)
                port = std::uint16_t(json::parse(line).at("port").to_number<int>());
        if (!port) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_NE(port, 0);
    boost::asio::io_context ioc;
    std::vector<boost::asio::ip::tcp::socket> idle;
    for (int i = 0; i < 200; ++i) {
        idle.emplace_back(ioc);
        boost::system::error_code ec;
        idle.back().connect({boost::asio::ip::make_address("127.0.0.1"), port}, ec);
    }
    std::string r;
    for (int i = 0; i < 300 && r.find("200 OK") == std::string::npos; ++i) {
        try {
            r = raw_exchange(port,
                             "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        } catch (const std::exception&) {
            r.clear();  // the backlog is full for a moment: try again
        }
        if (r.find("200 OK") == std::string::npos)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), 0) << "the server died at the open-file limit";
    EXPECT_NE(r.find("200 OK"), std::string::npos) << "a new client could not get in";
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
    std::ifstream in(logPath);
    std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t warnings = 0;
    for (std::size_t at = 0; (at = log.find("out of file descriptors", at)) != std::string::npos;
         ++at)
        ++warnings;
    EXPECT_GE(warnings, 1u) << log;
    EXPECT_LE(warnings, 3u) << "logged per attempt instead of per incident";
    std::filesystem::remove_all(dir);
}
