// Several nodes on one PostgreSQL database (lobby_cluster.cpp): one owner per game, enforced
// by the database; adoption on request and when an owner is gone; lists from the database.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/store.h"
#include "tests/postgres_test_db.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::server;
using namespace arbiter::testing;

namespace {

#define NEED_POSTGRES(url)                 \
    std::string url = fresh_postgres_db(); \
    if (url.empty()) GTEST_SKIP() << "no test PostgreSQL: run through ctest, which starts one"

StoredGame chess_row(const std::string& id) {
    StoredGame g;
    g.id = id;
    g.variant = "chess";
    g.options = "{}";
    g.opponent = "local";
    g.status = "active";
    g.createdMs = 1;
    return g;
}

std::function<void(ServerConfig&)> node(const std::string& url, const std::string& name) {
    return [url, name](ServerConfig& c) {
        c.db = url;
        c.node = name;
    };
}

std::string owner_of(const std::string& url, const std::string& id) {
    return postgres_value(url, "SELECT owner FROM games WHERE id='" + id + "'");
}

// A chess game between two local seats, made on the node at `port`.
struct LocalGame {
    std::string id, white, black;
};
LocalGame local_chess_game(unsigned short port) {
    auto c = http(port, "POST", "/api/games", R"({"variant":"chess","opponent":"local"})");
    EXPECT_EQ(c.status, 201) << c.body;
    if (c.status != 201) return {};
    return {std::string(c.json().at("id").as_string()),
            std::string(c.json().at("tokens").at("white").as_string()),
            std::string(c.json().at("tokens").at("black").as_string())};
}

template <typename Pred>
bool eventually(Pred pred, std::chrono::milliseconds limit = std::chrono::seconds(20)) {
    auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (pred()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return pred();
}

}  // namespace

// The fencing check: once another node has taken the game, nothing of the old owner's goes
// into the log or the row, even in a transaction it had already begun.
TEST(Cluster, ANodeThatLostAGameCanAppendNothingToIt) {
    NEED_POSTGRES(url);
    auto a = open_db(url, false, "", "a");
    auto b = open_db(url, false, "", "b");
    a->begin();
    a->insert_game(chess_row("g"));
    a->append_action("g", {0, "white", "{}", 1});
    a->commit();

    a->begin();  // a's transaction is open when b takes over
    b->begin();
    auto t = b->acquire("g");
    b->commit();
    EXPECT_TRUE(t.exists);
    EXPECT_TRUE(t.fromAnother);
    EXPECT_FALSE(t.ownerDownSinceMs.has_value()) << "a is alive: nothing to charge to no one";
    EXPECT_THROW(a->append_action("g", {1, "black", "{}", 2}), std::runtime_error);
    a->rollback();
    a->begin();
    EXPECT_THROW(a->update_status("g", "finished", "{}"), std::runtime_error);
    a->rollback();

    b->begin();
    b->append_action("g", {1, "black", "{}", 2});
    b->commit();
    EXPECT_EQ(b->load_actions("g").size(), 2u);
    EXPECT_EQ(owner_of(url, "g"), b->instance());
}

TEST(Cluster, AGameOfANodeThatStoppedIsAnOrphanAndCarriesItsLastSignOfLife) {
    NEED_POSTGRES(url);
    auto b = open_db(url, false, "", "b");
    {
        Store a(open_db(url, false, "", "a"));
        a.submit([](Db& db) { db.insert_game(chess_row("g")); }, {});
        a.start([](std::function<void()> fn) { fn(); });
        a.stop();  // a clean stop: the node leaves
    }
    b->begin();
    auto orphans = b->orphans(10);
    ASSERT_EQ(orphans, std::vector<std::string>{"g"});
    auto t = b->acquire("g");
    b->commit();
    EXPECT_TRUE(t.fromAnother);
    ASSERT_TRUE(t.ownerDownSinceMs.has_value());
    EXPECT_GT(*t.ownerDownSinceMs, 1'700'000'000'000);
    b->begin();
    EXPECT_TRUE(b->orphans(10).empty()) << "adopted games are no orphans";
    b->commit();
}

// Two nodes behind no balancer: a request reaching the other node adopts the game there; the
// first node's WebSocket is told and closed (its client reconnects), and the first node's
// stale copy can no longer write.
TEST(Cluster, ARequestOnAnotherNodeMovesTheGameThereAndClosesTheOldReceivers) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a")), b(node(url, "b"));
    LocalGame g = local_chess_game(a.port());
    const std::string &id = g.id, &white = g.white, &black = g.black;
    ASSERT_FALSE(id.empty());
    ASSERT_EQ(http(a.port(), "POST", "/api/games/" + id + "/actions",
                   R"({"type":"move","move":"e2e4"})", white)
                  .status,
              200);
    WsClient watcher(a.port(), "/ws/games/" + id);
    watcher.send(R"({"type":"hello"})");
    watcher.receive_json();  // welcome

    auto onB = http(b.port(), "POST", "/api/games/" + id + "/actions",
                    R"({"type":"move","move":"e7e5"})", black);
    EXPECT_EQ(onB.status, 200) << onB.body;
    EXPECT_TRUE(owner_of(url, id).starts_with("b/"));
    bool told = false;
    for (int i = 0; i < 20 && !told; ++i) {
        try {
            told = watcher.receive_json(std::chrono::seconds(5)).at("type") == "moved";
        } catch (const std::exception&) {
            break;
        }
    }
    EXPECT_TRUE(told) << "the old owner's receivers are told the game moved";
    // Both moves are in the game wherever it is read.
    auto view = http(b.port(), "GET", "/api/games/" + id).json().at("view");
    EXPECT_EQ(view.at("moves").as_array().size(), 2u);
    // Lists come from the database: the game made on a is listed by b.
    auto list = http(b.port(), "GET", "/api/games?status=active").json();
    bool listed = false;
    for (const auto& g : list.at("games").as_array()) listed |= g.at("id").as_string() == id;
    EXPECT_TRUE(listed);
}

// A node that stops: another adopts its running games by itself (no request needed), and the
// time without an owner is charged to no one.
TEST(Cluster, AnotherNodeAdoptsTheGamesOfANodeThatIsGone) {
    NEED_POSTGRES(url);
    auto b = std::make_unique<TestServer>(node(url, "b"));
    std::string id;
    {
        TestServer a(node(url, "a"));
        auto c =
            http(a.port(), "POST", "/api/games",
                 R"({"variant":"chess","opponent":"local","clock":{"initial":300,"increment":0}})");
        ASSERT_EQ(c.status, 201) << c.body;
        id = std::string(c.json().at("id").as_string());
        std::string white(c.json().at("tokens").at("white").as_string());
        std::string black(c.json().at("tokens").at("black").as_string());
        for (auto [move, token] : {std::pair{"e2e4", white}, std::pair{"e7e5", black}})
            ASSERT_EQ(http(a.port(), "POST", "/api/games/" + id + "/actions",
                           std::string(R"({"type":"move","move":")") + move + "\"}", token)
                          .status,
                      200);
    }  // a stops
    ASSERT_TRUE(eventually([&] { return owner_of(url, id).starts_with("b/"); }))
        << "b adopts the game of a node that left";
    std::string resumes = postgres_value(
        url, "SELECT count(*) FROM actions WHERE game_id='" + id + "' AND seat='clock'");
    EXPECT_EQ(resumes, "1") << "the takeover is a resume point in the log";
}

// A spectator connected to another node than the game's owner (not through the balancer) is
// served there from the log: it receives every event live, and the game does not move.
TEST(Cluster, ASpectatorOnAnotherNodeFollowsTheGameWithoutMovingIt) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a")), b(node(url, "b"));
    for (const std::string variant : {"chess", "minesweeper", "chiefspy"}) {
        auto c = http(a.port(), "POST", "/api/games",
                      R"({"variant":")" + variant + R"(","opponent":"local"})");
        ASSERT_EQ(c.status, 201) << c.body;
        std::string id(c.json().at("id").as_string());
        std::string token[2] = {std::string(c.json().at("tokens").at("white").as_string()),
                                std::string(c.json().at("tokens").at("black").as_string())};
        std::string owner = owner_of(url, id);
        WsClient spectator(b.port(), "/ws/games/" + id);
        spectator.send(R"({"type":"hello"})");
        ASSERT_EQ(spectator.receive_json().at("type"), "welcome") << variant;
        // The seats play on a (where the balancer would send them), a few actions each.
        int actions = 0;
        for (int n = 0; n < 12; ++n) {
            bool acted = false;
            for (int k = 0; k < 2 && !acted; ++k) {
                auto view = http(a.port(), "GET", "/api/games/" + id, "", token[k])
                                .json()
                                .at("view")
                                .as_object();
                std::string me = k == 0 ? "white" : "black";
                std::string body;
                if (view.contains("phase") && view.at("phase") == "setup" &&
                    !view.at("ready").at(me).as_bool())
                    body = R"({"type":"set-values","random":true})";
                else if (view.at("toMove") == me.c_str() &&
                         !view.at("legalMoves").as_array().empty())
                    body = R"({"type":"move","move":)" +
                           json::serialize(view.at("legalMoves").as_array()[0]) + "}";
                if (body.empty()) continue;
                ASSERT_EQ(
                    http(a.port(), "POST", "/api/games/" + id + "/actions", body, token[k]).status,
                    200)
                    << variant << " " << body;
                acted = true;
                ++actions;
            }
        }
        ASSERT_GT(actions, 4);
        // b catches up with the log, and its spectator got every event a spectator may see.
        EXPECT_TRUE(eventually([&] {
            return http(b.port(), "GET", "/api/games/" + id).json().at("view") ==
                   http(a.port(), "GET", "/api/games/" + id).json().at("view");
        })) << variant;
        WsClient late(a.port(), "/ws/games/" + id);
        late.send(R"({"type":"hello","since":0})");
        ASSERT_EQ(late.receive_json().at("type"), "welcome");
        std::size_t live = drain_events(spectator);
        EXPECT_GT(live, 0u) << variant;
        EXPECT_EQ(live, drain_events(late)) << variant;
        EXPECT_EQ(owner_of(url, id), owner) << variant << ": a spectator must not move the game";
    }
}

// A takeover the old owner never heard of (its listener was reconnecting) is noticed when the
// listener is back: the node asks the database what is still its own and drops the rest.
TEST(Cluster, AMissedTakeoverIsNoticedWhenTheListenerReconnects) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a"));
    auto c = http(a.port(), "POST", "/api/games", R"({"variant":"chess","opponent":"local"})");
    ASSERT_EQ(c.status, 201) << c.body;
    std::string id(c.json().at("id").as_string());
    WsClient watcher(a.port(), "/ws/games/" + id);
    watcher.send(R"({"type":"hello","token":")" +
                 std::string(c.json().at("tokens").at("white").as_string()) + "\"}");
    ASSERT_EQ(watcher.receive_json().at("type"), "welcome");
    // Another owner, written behind the node's back (no notification), then the node's
    // listener connection is cut.
    postgres_exec(url, "UPDATE games SET owner = 'elsewhere/1' WHERE id = '" + id + "'");
    std::string name = url.substr(url.rfind('/') + 1);
    postgres_exec(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname='" +
                           name + "' AND application_name='arbiter-listener'");
    bool told = false;
    for (int i = 0; i < 20 && !told; ++i) {
        try {
            told = watcher.receive_json(std::chrono::seconds(5)).at("type") == "moved";
        } catch (const std::exception&) {
            break;
        }
    }
    EXPECT_TRUE(told) << "the node kept a game the database says is another's";
}

// A takeover this node has not heard of yet (the test plays the other node, writing to the
// database behind its back, so no notification comes) decides the next move: a refusal and a
// write the database fences off are both checked against the database, and the move is judged
// on the game as the database holds it, not on this node's stale copy.
TEST(Cluster, AMoveAfterATakeoverNotYetHeardOfIsJudgedOnTheStoredGame) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a"));
    LocalGame g = local_chess_game(a.port());
    const std::string &id = g.id, &white = g.white, &black = g.black;
    ASSERT_FALSE(id.empty());
    auto move = [&](const std::string& m, const std::string& token) {
        return http(a.port(), "POST", "/api/games/" + id + "/actions",
                    R"({"type":"move","move":")" + m + R"("})", token);
    };
    auto elsewhere_plays_black = [&](const std::string& m) {
        postgres_exec(url, "UPDATE games SET owner = 'elsewhere/1' WHERE id = '" + id + "'");
        postgres_exec(
            url, "INSERT INTO actions(game_id,seq,seat,action,ts_ms) SELECT '" + id +
                     "', COALESCE(MAX(seq) + 1, 0), 'black', '{\"type\":\"move\",\"move\":\"" + m +
                     "\"}', (extract(epoch FROM now()) * 1000)::bigint FROM actions "
                     "WHERE game_id = '" +
                     id + "'");
    };
    ASSERT_EQ(move("f2f3", white).status, 200);
    elsewhere_plays_black("e7e5");
    // Node a still thinks Black is to move: without the check it refused White's move.
    auto g4 = move("g2g4", white);
    EXPECT_EQ(g4.status, 200) << g4.body;
    EXPECT_TRUE(owner_of(url, id).starts_with("a/")) << owner_of(url, id);
    elsewhere_plays_black("b8c6");
    // Node a thinks Black is to move and takes Black's move; the database refuses the write
    // (another owner), and on the stored game it is White's turn.
    auto stale = move("g8f6", black);
    EXPECT_EQ(stale.status, 409) << stale.body;
    EXPECT_NE(stale.body.find("not your turn"), std::string::npos) << stale.body;
    ASSERT_EQ(move("d2d4", white).status, 200);
    auto view = http(a.port(), "GET", "/api/games/" + id).json().at("view");
    EXPECT_EQ(view.at("moves").as_array().size(), 5u) << "f3 e5 g4 Nc6 d4";
    EXPECT_EQ(postgres_value(url, "SELECT COUNT(*) FROM actions WHERE game_id = '" + id + "'"),
              "5");
}

// A game that changes hands again at every adoption (a trigger here gives it back to another
// owner behind the node's back) cannot keep a request looping: after three rounds of checks
// and re-adoptions the refusal is the answer, and the game plays on once the database lets go.
TEST(Cluster, AGameThatKeepsChangingHandsEndsARequestInItsRefusal) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a"));
    LocalGame g = local_chess_game(a.port());
    const std::string &id = g.id, &white = g.white;
    ASSERT_FALSE(id.empty());
    postgres_exec(url,
                  "CREATE FUNCTION give_away() RETURNS trigger LANGUAGE plpgsql AS "
                  "$$ BEGIN NEW.owner := 'elsewhere/1'; RETURN NEW; END $$");
    postgres_exec(
        url, "CREATE TRIGGER give_away BEFORE UPDATE ON games FOR EACH ROW WHEN (NEW.id = '" + id +
                 "') EXECUTE FUNCTION give_away()");
    postgres_exec(url, "UPDATE games SET owner = 'elsewhere/1' WHERE id = '" + id + "'");
    auto move = [&](const std::string& m, const std::string& token) {
        return http(a.port(), "POST", "/api/games/" + id + "/actions",
                    R"({"type":"move","move":")" + m + R"("})", token);
    };
    auto refused = move("e2e4", white);
    EXPECT_GE(refused.status, 500) << refused.body;
    EXPECT_EQ(postgres_value(url, "SELECT COUNT(*) FROM actions WHERE game_id = '" + id + "'"),
              "0");
    postgres_exec(url, "DROP TRIGGER give_away ON games");
    auto played = move("e2e4", white);
    EXPECT_EQ(played.status, 200) << played.body;
    EXPECT_TRUE(owner_of(url, id).starts_with("a/")) << owner_of(url, id);
    EXPECT_EQ(postgres_value(url, "SELECT COUNT(*) FROM actions WHERE game_id = '" + id + "'"),
              "1");
}

// A join and a rematch go through the same bounded re-check as a move: on a game that changes
// hands at every adoption each ends in its refusal and writes nothing, and each works once the
// database lets go. A chat line is not part of the game's state: its write is not fenced by
// the owner (two writers of one number are told apart by chat::insert_line), so it is stored,
// once, even then.
TEST(Cluster, AJoinAndARematchOnAGameThatKeepsChangingHandsEndInTheirRefusal) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a"));
    auto made = http(a.port(), "POST", "/api/games", R"({"variant":"chess","color":"white"})");
    ASSERT_EQ(made.status, 201) << made.body;
    const std::string open(made.json().at("id").as_string());
    const std::string joinBody =
        json::serialize(json::object{{"invite", made.json().at("invite")}});
    LocalGame over = local_chess_game(a.port());
    ASSERT_FALSE(over.id.empty());
    ASSERT_EQ(http(a.port(), "POST", "/api/games/" + over.id + "/actions", R"({"type":"resign"})",
                   over.white)
                  .status,
              200);
    postgres_exec(url,
                  "CREATE FUNCTION give_away() RETURNS trigger LANGUAGE plpgsql AS "
                  "$$ BEGIN NEW.owner := 'elsewhere/1'; RETURN NEW; END $$");
    postgres_exec(url,
                  "CREATE TRIGGER give_away BEFORE UPDATE ON games FOR EACH ROW WHEN "
                  "(NEW.id IN ('" +
                      open + "', '" + over.id + "')) EXECUTE FUNCTION give_away()");
    postgres_exec(url, "UPDATE games SET owner = 'elsewhere/1' WHERE id IN ('" + open + "', '" +
                           over.id + "')");
    auto join = [&] { return http(a.port(), "POST", "/api/games/" + open + "/join", joinBody); };
    auto rematch = [&] {
        return http(a.port(), "POST", "/api/games/" + over.id + "/rematch", "", over.white);
    };
    auto chat = [&] {
        return http(a.port(), "POST", "/api/games/" + over.id + "/chat", R"({"text":"good game"})",
                    over.black);
    };
    auto games = [&] { return postgres_value(url, "SELECT COUNT(*) FROM games"); };

    auto refusedJoin = join();
    EXPECT_GE(refusedJoin.status, 500) << refusedJoin.body;
    EXPECT_EQ(postgres_value(url, "SELECT status FROM games WHERE id = '" + open + "'"), "open");
    auto refusedRematch = rematch();
    EXPECT_GE(refusedRematch.status, 500) << refusedRematch.body;
    EXPECT_EQ(games(), "2") << "no rematch game was stored";
    auto line = chat();
    EXPECT_EQ(line.status, 201) << line.body;
    EXPECT_EQ(postgres_value(url, "SELECT COUNT(*) FROM chat WHERE game = '" + over.id + "'"), "1");

    postgres_exec(url, "DROP TRIGGER give_away ON games");
    auto joined = join();
    EXPECT_EQ(joined.status, 200) << joined.body;
    EXPECT_EQ(postgres_value(url, "SELECT status FROM games WHERE id = '" + open + "'"), "active");
    auto rematched = rematch();
    EXPECT_EQ(rematched.status, 201) << rematched.body;
    EXPECT_EQ(games(), "3");
    EXPECT_TRUE(owner_of(url, over.id).starts_with("a/")) << owner_of(url, over.id);
}

// Accounts live in the database: an account made on one node logs in on another, and a rated
// game that moved between nodes mid-game is rated once, by the node that saw its end.
TEST(Cluster, ARatedGameThatChangesNodesIsRatedOnceAndTheAccountsWorkOnEveryNode) {
    NEED_POSTGRES(url);
    TestServer a(node(url, "a")), b(node(url, "b"));
    std::string alice = sign_up(a.port(), "anna"), bob = sign_up(b.port(), "boris");
    auto login = http(b.port(), "POST", "/api/account/login",
                      R"({"name":"anna","password":"a long password"})");
    EXPECT_EQ(login.status, 200) << login.body;
    auto made =
        http_with(a.port(), "POST", "/api/games",
                  R"({"variant":"chess","rated":true,"color":"white"})", {{"Cookie", alice}});
    ASSERT_EQ(made.status, 201) << made.body;
    std::string id(made.json().at("id").as_string());
    auto joined = http_with(b.port(), "POST", "/api/games/" + id + "/join",
                            json::serialize(json::object{{"invite", made.json().at("invite")}}),
                            {{"Cookie", bob}});
    ASSERT_EQ(joined.status, 200) << joined.body;
    // Moves alternate between the nodes: the game changes owner at every one. The accounts
    // act as their seats (no seat tokens) wherever they are.
    const char* moves[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
    for (int i = 0; i < 4; ++i) {
        auto port = i % 2 ? b.port() : a.port();
        auto r = http_with(port, "POST", "/api/games/" + id + "/actions",
                           json::serialize(json::object{{"type", "move"}, {"move", moves[i]}}),
                           {{"Cookie", i % 2 ? bob : alice}});
        ASSERT_EQ(r.status, 200) << moves[i] << " " << r.body;
    }
    auto profile = http(a.port(), "GET", "/api/players/boris").json();
    auto rating = profile.at("ratings").at("chess-untimed");
    EXPECT_EQ(rating.at("games").to_number<int>(), 1);
    EXPECT_GT(rating.at("rating").to_number<int>(), 1500);
    EXPECT_EQ(profile.at("history").at("chess-untimed").as_array().size(), 1u);
    auto view = http(a.port(), "GET", "/api/games/" + id).json();
    EXPECT_EQ(view.at("players").at("black").at("name").as_string(), "boris");
}
