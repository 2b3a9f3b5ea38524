// Storage, tapes, tokens and logs: what the server keeps, and what it never writes anywhere.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "referee/random.h"
#include "server/log.h"
#include "server/store.h"
#include "server/tape_random.h"
#include "server/tokens.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::server;
using namespace arbiter::testing;

namespace {
std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

TEST(ServerTape, ReplaysRecordedBytesThenRecordsFreshOnes) {
    referee::SeededRandom seeded(5);
    TapeRandom first(seeded, {});
    std::uint32_t a = first.uniform(1000), b = first.uniform(1000);
    auto tape = first.tape();
    referee::SeededRandom other(99);
    TapeRandom replay(other, tape);
    EXPECT_EQ(replay.uniform(1000), a);
    EXPECT_EQ(replay.uniform(1000), b);
    EXPECT_EQ(replay.tape().size(), tape.size());
    replay.uniform(7);  // past the end: fresh bytes, appended
    EXPECT_GT(replay.tape().size(), tape.size());
}

TEST(ServerTokens, HashesMatchOnlyTheirTokenAndTokensAreRandomHex) {
    std::string t = new_token(), u = new_token();
    EXPECT_EQ(t.size(), 32u);
    EXPECT_NE(t, u);
    EXPECT_TRUE(token_matches(hash_token(t), hash_token(t)));
    EXPECT_FALSE(token_matches(hash_token(t), hash_token(u)));
    EXPECT_FALSE(token_matches(std::nullopt, hash_token(t)));
}

TEST(ServerSecrets, TokensInvitesAndPayloadsNeverReachTheDatabaseOrTheLog) {
    std::string logPath = temp_dir() + "/stderr.log";
    std::fflush(stderr);
    int saved = dup(2);
    FILE* logFile = std::fopen(logPath.c_str(), "w");
    dup2(fileno(logFile), 2);
    std::string db, tokens;
    {
        TestServer s;
        set_log_level(LogLevel::Debug);
        auto c = http(s.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"human","color":"white"})").json();
        std::string id(c.at("id").as_string()), white(c.at("token").as_string()), invite(c.at("invite").as_string());
        auto j = http(s.port(), "POST", "/api/games/" + id + "/join", R"({"invite":")" + invite + "\"}").json();
        std::string black(j.at("token").as_string());
        EXPECT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"move","move":"e2e4","note":"PAYLOAD-7f3a"})", white).status, 400);
        EXPECT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"move","move":"e2e4"})", white).status, 200);
        EXPECT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"PAYLOAD-in-type-7f3a"})", black).status, 400);
        EXPECT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"move","move":"PAYLOAD-in-move-7f3a"})", black).status, 409);
        EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id, "", black).status, 200);
        tokens = white + " " + black + " " + invite;
        db = s.db();
        s.server().stop();
        std::string bytes = slurp(db) + slurp(db + "-wal");
        for (const std::string& secret : {white, black, invite})
            EXPECT_EQ(bytes.find(secret), std::string::npos) << "a token is stored in clear";
        set_log_level(LogLevel::Warn);
    }
    std::fflush(stderr);
    dup2(saved, 2);
    close(saved);
    std::fclose(logFile);
    std::string log = slurp(logPath);
    EXPECT_NE(log.find("\"msg\":\"action\""), std::string::npos);  // debug lines were written
    EXPECT_EQ(log.find("PAYLOAD"), std::string::npos);
    std::istringstream words(tokens);
    for (std::string t; words >> t;) EXPECT_EQ(log.find(t), std::string::npos);
    std::filesystem::remove_all(std::filesystem::path(logPath).parent_path());
}
