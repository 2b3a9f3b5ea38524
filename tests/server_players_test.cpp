// Players on a real server (docs/players.md): accounts, sessions and tokens, names on seats,
// rated games and their ratings, profiles, claims, and what an attacker cannot do.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "players/glicko2.h"
#include "players/pools.h"
#include "server/player_store.h"
#include "tests/postgres_test_db.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;
namespace ps = arbiter::server::player_store;

namespace {

json::object parse(const HttpResult& r) { return r.json().as_object(); }

Headers cookie(const std::string& c) { return {{"Cookie", c}}; }

HttpResult post(std::uint16_t port, const std::string& target, const json::object& body,
                const Headers& headers = {}) {
    return http_with(port, "POST", target, json::serialize(body), headers);
}

HttpResult get(std::uint16_t port, const std::string& target, const Headers& headers = {}) {
    return http_with(port, "GET", target, "", headers);
}

// A rated game between two accounts: {id, white's token, black's token}.
struct Game {
    std::string id, white, black;
};
Game rated_game(std::uint16_t port, const std::string& variant, const std::string& whiteCookie,
                const std::string& blackCookie, json::value clock = nullptr) {
    auto made = post(port, "/api/games",
                     {{"variant", variant}, {"rated", true}, {"color", "white"}, {"clock", clock}},
                     cookie(whiteCookie));
    EXPECT_EQ(made.status, 201) << made.body;
    auto g = parse(made);
    std::string id(g.at("id").as_string());
    auto joined =
        post(port, "/api/games/" + id + "/join", {{"invite", g.at("invite")}}, cookie(blackCookie));
    EXPECT_EQ(joined.status, 200) << joined.body;
    return {id, std::string(g.at("token").as_string()),
            std::string(parse(joined).at("token").as_string())};
}

int act(std::uint16_t port, const std::string& id, const std::string& token,
        const json::object& action) {
    return http(port, "POST", "/api/games/" + id + "/actions", json::serialize(action), token)
        .status;
}

// What Glicko-2 gives two new players after one game (white's score).
std::pair<long, long> expected_after_one_game(double whiteScore) {
    players::Glicko2 system(0.75);
    players::Rating fresh;
    players::GameScore w{fresh, whiteScore}, b{fresh, 1 - whiteScore};
    return {std::lround(system.update(fresh, std::span(&w, 1)).rating),
            std::lround(system.update(fresh, std::span(&b, 1)).rating)};
}

long rating_of(std::uint16_t port, const std::string& name, const std::string& pool) {
    auto p = parse(get(port, "/api/players/" + name));
    return p.at("ratings").as_object().at(pool).as_object().at("rating").to_number<long>();
}

}  // namespace

TEST(PlayersUnit, ScopesReadBackAsWrittenAndUnknownWordsGrantNothing) {
    EXPECT_EQ(ps::scope_words(ps::Play | ps::Read), "play read");
    EXPECT_EQ(ps::parse_scopes("read play"), unsigned(ps::Play | ps::Read));
    EXPECT_EQ(ps::parse_scopes("admin everything"), 0u);
    EXPECT_EQ(ps::parse_scopes(ps::scope_words(ps::AllScopes)), unsigned(ps::AllScopes));
}

TEST(PlayersUnit, ChessPoolsSplitByEstimatedDurationAsLichessDoes) {
    using players::rating_pool;
    EXPECT_EQ(rating_pool("chess", std::pair{60, 0}), "chess-bullet");
    EXPECT_EQ(rating_pool("chess", std::pair{120, 1}), "chess-bullet");  // 160 s
    EXPECT_EQ(rating_pool("chess", std::pair{180, 0}), "chess-blitz");
    EXPECT_EQ(rating_pool("chess", std::pair{180, 2}), "chess-blitz");  // 260 s
    EXPECT_EQ(rating_pool("chess", std::pair{300, 3}), "chess-blitz");  // 420 s
    EXPECT_EQ(rating_pool("chess", std::pair{600, 0}), "chess-rapid");
    EXPECT_EQ(rating_pool("chess", std::pair{900, 10}), "chess-rapid");  // 1300 s
    EXPECT_EQ(rating_pool("chess", std::pair{1800, 0}), "chess-classical");
    EXPECT_EQ(rating_pool("chess", std::nullopt), "chess-untimed");
    EXPECT_EQ(rating_pool("chiefspy", std::pair{60, 0}), "chiefspy");
    EXPECT_EQ(rating_pool("minesweeper", std::nullopt), "minesweeper");
}

TEST(PlayersAccounts, SignUpSetsAnHttpOnlySameSiteSessionCookieAndLogOutRevokesIt) {
    TestServer s;
    auto made =
        post(s.port(), "/api/account/signup", {{"name", "Alice"}, {"password", "a good one"}});
    ASSERT_EQ(made.status, 201) << made.body;
    std::string set = made.header("Set-Cookie");
    EXPECT_NE(set.find("HttpOnly"), std::string::npos);
    EXPECT_NE(set.find("SameSite=Lax"), std::string::npos);
    EXPECT_EQ(set.find("Secure"), std::string::npos);  // plain HTTP here
    std::string c = set.substr(0, set.find(';'));
    auto me = get(s.port(), "/api/account", cookie(c));
    ASSERT_EQ(me.status, 200);
    EXPECT_EQ(parse(me).at("name").as_string(), "Alice");
    EXPECT_EQ(post(s.port(), "/api/account/logout", {}, cookie(c)).status, 200);
    EXPECT_EQ(get(s.port(), "/api/account", cookie(c)).status, 401);
    // Names are one account whatever the case; the log-in works with any case.
    EXPECT_EQ(post(s.port(), "/api/account/signup", {{"name", "ALICE"}, {"password", "whatever1"}})
                  .status,
              409);
    auto in = post(s.port(), "/api/account/login", {{"name", "alice"}, {"password", "a good one"}});
    EXPECT_EQ(in.status, 200);
    EXPECT_EQ(parse(in).at("name").as_string(), "Alice");
}

TEST(PlayersAccounts, NamesAndPasswordsAreCheckedWithAClearMessage) {
    TestServer s;
    for (const char* bad : {"a", "-dash", "has space", "<script>", "anonymous", "ArbiterBot",
                            "abcdefghijklmnopqrstu"}) {
        auto r =
            post(s.port(), "/api/account/signup", {{"name", bad}, {"password", "long enough"}});
        EXPECT_EQ(r.status, 400) << bad;
        EXPECT_EQ(parse(r).at("code").as_string(), "bad-name") << bad;
    }
    auto r = post(s.port(), "/api/account/signup", {{"name", "carol"}, {"password", "short"}});
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(parse(r).at("code").as_string(), "bad-password");
    EXPECT_EQ(http(s.port(), "POST", "/api/account/signup", "{\"name\":\"x\"").status, 400);
    EXPECT_EQ(post(s.port(), "/api/account/signup", {{"name", "dave"}}).status, 400);
}

TEST(PlayersAccounts, AWrongNameAndAWrongPasswordGetTheSameAnswer) {
    TestServer s;
    sign_up(s.port(), "erin", "the right one");
    auto wrongPassword =
        post(s.port(), "/api/account/login", {{"name", "erin"}, {"password", "not the one"}});
    auto wrongName =
        post(s.port(), "/api/account/login", {{"name", "nobody"}, {"password", "not the one"}});
    EXPECT_EQ(wrongPassword.status, 401);
    EXPECT_EQ(wrongPassword.status, wrongName.status);
    EXPECT_EQ(wrongPassword.body, wrongName.body);
}

TEST(PlayersAccounts, LogInsAreLimitedPerAccountAndPerAddress) {
    TestServer s([](server::ServerConfig& c) { c.trustProxy = true; });
    sign_up(s.port(), "frank", "the right one");
    // One account from many addresses: the account's own limit stops the guessing.
    int refused = 0;
    for (int i = 0; i < 12; ++i) {
        auto r = post(s.port(), "/api/account/login",
                      {{"name", "frank"}, {"password", "guess " + std::to_string(i)}},
                      {{"X-Forwarded-For", "10.0.0." + std::to_string(i + 1)}});
        if (r.status == 429) {
            ++refused;
            EXPECT_FALSE(r.header("Retry-After").empty());
        } else
            EXPECT_EQ(r.status, 401);
    }
    EXPECT_EQ(refused, 2);  // a burst of 10, then one per 6 s
    // Even the right password waits now: a guesser cannot tell.
    EXPECT_EQ(
        post(s.port(), "/api/account/login", {{"name", "frank"}, {"password", "the right one"}},
             {{"X-Forwarded-For", "10.0.1.1"}})
            .status,
        429);
    // One address trying many accounts: the address's limit stops it.
    refused = 0;
    for (int i = 0; i < 12; ++i)
        refused += post(s.port(), "/api/account/login",
                        {{"name", "user" + std::to_string(i)}, {"password", "guess"}},
                        {{"X-Forwarded-For", "10.0.2.1"}})
                       .status == 429;
    EXPECT_EQ(refused, 2);
}

TEST(PlayersAccounts, ACrossSitePostDoesNothing) {
    TestServer s;
    std::string c = sign_up(s.port(), "grace");
    Headers evil = {{"Cookie", c}, {"Origin", "http://evil.example"}};
    auto r = post(s.port(), "/api/games", {{"variant", "chess"}, {"opponent", "computer"}}, evil);
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(parse(r).at("code").as_string(), "cross-origin");
    EXPECT_EQ(post(s.port(), "/api/account/logout", {}, evil).status, 403);
    EXPECT_EQ(get(s.port(), "/api/account", cookie(c)).status, 200);  // still logged in
    EXPECT_EQ(parse(get(s.port(), "/api/players/grace/games")).at("games").as_array().size(), 0u);
    // The same request from the server's own page goes through.
    Headers own = {{"Cookie", c}, {"Origin", "http://127.0.0.1"}};
    EXPECT_EQ(
        post(s.port(), "/api/games", {{"variant", "chess"}, {"opponent", "computer"}}, own).status,
        201);
}

TEST(PlayersAccounts, ApiTokensHaveScopesAndStopWorkingWhenRevoked) {
    TestServer s;
    std::string c = sign_up(s.port(), "heidi");
    auto made =
        post(s.port(), "/api/account/tokens", {{"label", "bot"}, {"scopes", {"play"}}}, cookie(c));
    ASSERT_EQ(made.status, 201) << made.body;
    std::string token(parse(made).at("token").as_string());
    std::string id(parse(made).at("id").as_string());
    EXPECT_TRUE(token.starts_with("arb_"));
    Headers bearer = {{"Authorization", "Bearer " + token}};
    // play: games are made in the account's name.
    auto g = post(s.port(), "/api/games", {{"variant", "chess"}, {"opponent", "computer"}}, bearer);
    ASSERT_EQ(g.status, 201);
    auto view = parse(get(s.port(), "/api/games/" + std::string(parse(g).at("id").as_string())));
    std::string seat(parse(g).at("seat").as_string());
    EXPECT_EQ(view.at("players").as_object().at(seat).as_object().at("name").as_string(), "heidi");
    // No read scope: the account's details stay closed; a token never makes tokens.
    EXPECT_EQ(get(s.port(), "/api/account", bearer).status, 403);
    EXPECT_EQ(post(s.port(), "/api/account/tokens", {{"label", "x"}, {"scopes", {"read"}}}, bearer)
                  .status,
              403);
    auto list = parse(get(s.port(), "/api/account/tokens", cookie(c)));
    ASSERT_EQ(list.at("tokens").as_array().size(), 1u);
    EXPECT_FALSE(list.at("tokens").as_array()[0].as_object().contains("token"));
    EXPECT_EQ(http_with(s.port(), "DELETE", "/api/account/tokens/" + id, "", cookie(c)).status,
              200);
    auto after =
        post(s.port(), "/api/games", {{"variant", "chess"}, {"opponent", "computer"}}, bearer);
    ASSERT_EQ(after.status, 201);  // anonymous now: the game has no name on it
    auto seatAfter = std::string(parse(after).at("seat").as_string());
    auto v2 = parse(get(s.port(), "/api/games/" + std::string(parse(after).at("id").as_string())));
    EXPECT_TRUE(v2.at("players").as_object().at(seatAfter).as_object().at("name").is_null());
    // A made-up token is nobody.
    EXPECT_EQ(get(s.port(), "/api/account",
                  {{"Authorization", "Bearer arb_0123456789abcdef0123456789abcdef"}})
                  .status,
              401);
}

TEST(PlayersAccounts, SignUpClaimsThisBrowsersGamesAndOnlyThose) {
    TestServer s;
    auto g = parse(post(s.port(), "/api/games", {{"variant", "chess"}, {"opponent", "computer"}}));
    auto other =
        parse(post(s.port(), "/api/games", {{"variant", "chess"}, {"opponent", "computer"}}));
    std::string id(g.at("id").as_string()), otherId(other.at("id").as_string());
    auto made = post(
        s.port(), "/api/account/signup",
        {{"name", "ivan"},
         {"password", "long enough"},
         {"claim", json::array{json::object{{"game", id}, {"token", g.at("token")}},
                               json::object{{"game", otherId},
                                            {"token", "0123456789abcdef0123456789abcdef"}},
                               json::object{{"game", "ffffffffffff"}, {"token", g.at("token")}}}}});
    ASSERT_EQ(made.status, 201) << made.body;
    auto claimed = parse(made).at("claimed").as_array();
    ASSERT_EQ(claimed.size(), 1u);
    EXPECT_EQ(claimed[0].as_string(), id);
    std::string seat(g.at("seat").as_string());
    auto view = parse(get(s.port(), "/api/games/" + id));
    EXPECT_EQ(view.at("players").as_object().at(seat).as_object().at("name").as_string(), "ivan");
    auto games = parse(get(s.port(), "/api/players/ivan/games")).at("games").as_array();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].as_object().at("id").as_string(), id);
}

TEST(PlayersAccounts, AnAccountActsAsItsSeatButNeverAsAnothersSeat) {
    TestServer s;
    std::string alice = sign_up(s.port(), "judy"), bob = sign_up(s.port(), "mallory");
    auto made =
        post(s.port(), "/api/games", {{"variant", "chess"}, {"color", "white"}}, cookie(alice));
    std::string id(parse(made).at("id").as_string());
    auto invite = parse(made).at("invite");
    std::string outsider = sign_up(s.port(), "trent");
    ASSERT_EQ(
        post(s.port(), "/api/games/" + id + "/join", {{"invite", invite}}, cookie(bob)).status,
        200);
    // Judy, from another browser (no seat token), is white.
    auto view = parse(get(s.port(), "/api/games/" + id, cookie(alice)));
    EXPECT_EQ(view.at("seat").as_string(), "white");
    EXPECT_EQ(post(s.port(), "/api/games/" + id + "/actions", {{"type", "move"}, {"move", "e2e4"}},
                   cookie(alice))
                  .status,
              200);
    // Another account is a spectator: it reads no seat's view and cannot act.
    EXPECT_EQ(parse(get(s.port(), "/api/games/" + id, cookie(outsider))).at("seat").as_string(),
              "spectator");
    EXPECT_EQ(post(s.port(), "/api/games/" + id + "/actions", {{"type", "move"}, {"move", "e7e5"}},
                   cookie(outsider))
                  .status,
              403);
    // A cookie that is not a session is nobody.
    EXPECT_EQ(parse(get(s.port(), "/api/games/" + id,
                        cookie("arbiter_session=0123456789abcdef0123456789abcdef")))
                  .at("seat")
                  .as_string(),
              "spectator");
}

TEST(PlayersAccounts, AWebSocketFromAnotherSiteIsNotLoggedIn) {
    TestServer s;
    std::string c = sign_up(s.port(), "oscar");
    auto made =
        post(s.port(), "/api/games",
             {{"variant", "chess"}, {"opponent", "computer"}, {"color", "white"}}, cookie(c));
    std::string id(parse(made).at("id").as_string());
    auto seat_of = [&](const Headers& h) {
        WsClient ws(s.port(), "/ws/games/" + id, h);
        ws.send(R"({"type":"hello","token":null,"since":0})");
        for (int i = 0; i < 20; ++i) {
            auto m = ws.receive_json();
            if (m.at("type") == "welcome") return std::string(m.at("seat").as_string());
        }
        return std::string("none");
    };
    EXPECT_EQ(seat_of({{"Cookie", c}, {"Origin", "http://127.0.0.1"}}), "white");
    EXPECT_EQ(seat_of({{"Cookie", c}, {"Origin", "http://evil.example"}}), "spectator");
}

TEST(PlayersAccounts, RatedGamesNeedAccountsOnBothSeatsAndPeopleOnBoth) {
    TestServer s;
    std::string a = sign_up(s.port(), "peggy"), b = sign_up(s.port(), "victor");
    EXPECT_EQ(post(s.port(), "/api/games", {{"variant", "chess"}, {"rated", true}}).status, 403);
    EXPECT_EQ(post(s.port(), "/api/games",
                   {{"variant", "chess"}, {"rated", true}, {"opponent", "computer"}}, cookie(a))
                  .status,
              400);
    auto made =
        parse(post(s.port(), "/api/games", {{"variant", "chess"}, {"rated", true}}, cookie(a)));
    std::string id(made.at("id").as_string());
    auto join = [&](const Headers& h) {
        return post(s.port(), "/api/games/" + id + "/join", {{"invite", made.at("invite")}}, h);
    };
    EXPECT_EQ(join({}).status, 403);
    EXPECT_EQ(join(cookie(a)).status, 409);  // one's own game
    EXPECT_EQ(join(cookie(b)).status, 200);
}

class PlayersRated : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        if (GetParam() == "postgresql") {
            db_ = fresh_postgres_db();
            if (db_.empty()) GTEST_SKIP() << "no test PostgreSQL: run through ctest";
        }
    }
    std::function<void(server::ServerConfig&)> tweak() {
        return [db = db_](server::ServerConfig& c) {
            if (!db.empty()) c.db = db;
        };
    }
    std::string db_;
};

INSTANTIATE_TEST_SUITE_P(Backends, PlayersRated, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

TEST_P(PlayersRated, ARatedChessGameChangesBothRatingsAsGlicko2SaysAndThePgnCarriesThem) {
    TestServer s(tweak());
    std::string a = sign_up(s.port(), "Walter"), b = sign_up(s.port(), "sybil");
    Game g = rated_game(s.port(), "chess", a, b, json::object{{"initial", 180}, {"increment", 2}});
    for (auto [token, move] :
         {std::pair{&g.white, "f2f3"}, {&g.black, "e7e5"}, {&g.white, "g2g4"}, {&g.black, "d8h4"}})
        ASSERT_EQ(act(s.port(), g.id, *token, {{"type", "move"}, {"move", move}}), 200);
    auto [white, black] = expected_after_one_game(0);
    EXPECT_EQ(rating_of(s.port(), "walter", "chess-blitz"), white);
    EXPECT_EQ(rating_of(s.port(), "sybil", "chess-blitz"), black);
    auto view = parse(get(s.port(), "/api/games/" + g.id));
    auto players = view.at("players").as_object();
    EXPECT_EQ(players.at("white").as_object().at("ratingDiff").to_number<long>(), white - 1500);
    EXPECT_EQ(players.at("black").as_object().at("ratingDiff").to_number<long>(), black - 1500);
    std::string pgn = get(s.port(), "/api/games/" + g.id + "/export").body;
    for (std::string tag :
         {"[White \"Walter\"]", "[Black \"sybil\"]", "[WhiteElo \"1500\"]", "[BlackElo \"1500\"]"})
        EXPECT_NE(pgn.find(tag), std::string::npos) << tag << "\n" << pgn;
    EXPECT_NE(pgn.find("[WhiteRatingDiff \"" + std::to_string(white - 1500) + "\"]"),
              std::string::npos)
        << pgn;
    EXPECT_NE(pgn.find("[BlackRatingDiff \"+" + std::to_string(black - 1500) + "\"]"),
              std::string::npos)
        << pgn;
    // The profile's export is the same record, rating changes filled in.
    auto exported = get(s.port(), "/api/players/sybil/export?variant=chess");
    EXPECT_EQ(exported.status, 200);
    EXPECT_NE(exported.body.find("[BlackRatingDiff \"+"), std::string::npos) << exported.body;
    EXPECT_NE(exported.body.find("1. f3 e5 2. g4 Qh4# 0-1"), std::string::npos);
    auto history = parse(get(s.port(), "/api/players/walter")).at("history").as_object();
    ASSERT_EQ(history.at("chess-blitz").as_array().size(), 1u);
    auto won = parse(get(s.port(), "/api/players/sybil/games?result=win")).at("games").as_array();
    ASSERT_EQ(won.size(), 1u);
    EXPECT_EQ(won[0].as_object().at("outcome").as_string(), "win");
    EXPECT_EQ(
        parse(get(s.port(), "/api/players/sybil/games?result=loss")).at("games").as_array().size(),
        0u);
}

TEST_P(PlayersRated, RatedVariantGamesCountInTheirOwnPools) {
    TestServer s(tweak());
    std::string a = sign_up(s.port(), "uma"), b = sign_up(s.port(), "zed");
    for (const char* variant : {"chiefspy", "minesweeper"}) {
        Game g = rated_game(s.port(), variant, a, b);
        ASSERT_EQ(act(s.port(), g.id, g.black, {{"type", "resign"}}), 200) << variant;
        auto [white, black] = expected_after_one_game(1);
        EXPECT_EQ(rating_of(s.port(), "uma", variant), white) << variant;
        EXPECT_EQ(rating_of(s.port(), "zed", variant), black) << variant;
        std::string record = get(s.port(), "/api/games/" + g.id + "/export").body;
        EXPECT_NE(record.find("uma"), std::string::npos) << record;
        EXPECT_NE(record.find("zed"), std::string::npos) << record;
        EXPECT_NE(record.find("RatingDiff"), std::string::npos) << record;
    }
}

TEST(PlayersAccounts, AProfileShowsPrivateGamesInProgressToTheAccountAlone) {
    TestServer s;
    std::string a = sign_up(s.port(), "rupert"), b = sign_up(s.port(), "nosy");
    auto made = post(s.port(), "/api/games", {{"variant", "chess"}}, cookie(a));
    ASSERT_EQ(made.status, 201);
    auto count = [&](const Headers& h) {
        return parse(get(s.port(), "/api/players/rupert/games", h)).at("games").as_array().size();
    };
    EXPECT_EQ(count(cookie(a)), 1u);
    EXPECT_EQ(count(cookie(b)), 0u);
    EXPECT_EQ(count({}), 0u);
    EXPECT_EQ(get(s.port(), "/api/players/nobody-here").status, 404);
    // Nothing in a profile list is a seat token or an invite.
    std::string list = get(s.port(), "/api/players/rupert/games", cookie(a)).body;
    EXPECT_EQ(list.find(std::string(parse(made).at("token").as_string())), std::string::npos);
    EXPECT_EQ(list.find(std::string(parse(made).at("invite").as_string())), std::string::npos);
}

TEST(PlayersAccounts, ClientPagesAreServedWithAContentSecurityPolicy) {
    std::string web = temp_dir();
    std::ofstream(web + "/index.html") << "<!doctype html><title>t</title>";
    TestServer s([web](server::ServerConfig& c) { c.web = web; });
    auto page = get(s.port(), "/");
    ASSERT_EQ(page.status, 200);
    std::string csp = page.header("Content-Security-Policy");
    EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
    EXPECT_EQ(csp.find("unsafe-eval"), std::string::npos);
    std::filesystem::remove_all(web);
}

namespace {

// POST /api/seeks held open until the server ends it: every NDJSON line it sent.
std::vector<json::object> seek(std::uint16_t port, const std::string& body,
                               const std::string& cookieValue) {
    std::string request =
        "POST /api/seeks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
        "application/json\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n" +
        (cookieValue.empty() ? "" : "Cookie: " + cookieValue + "\r\n") + "\r\n" + body;
    std::string answer = raw_exchange(port, request);
    std::vector<json::object> lines;
    for (std::size_t at = answer.find("{\""); at != std::string::npos;
         at = answer.find("{\"", at + 1)) {
        auto end = answer.find('\n', at);
        try {
            lines.push_back(json::parse(answer.substr(at, end - at)).as_object());
            at = end;
        } catch (const std::exception&) {
        }
    }
    return lines;
}

}  // namespace

TEST(PlayersPairing, TwoRatedSeeksOfOnePoolBecomeOneRatedGameWithBothNames) {
    TestServer s;
    std::string a = sign_up(s.port(), "kim"), b = sign_up(s.port(), "lee");
    std::string body = R"({"variant":"chess","clock":{"initial":300,"increment":3},"rated":true})";
    std::vector<json::object> first;
    std::thread waiting([&] { first = seek(s.port(), body, a); });
    // The first seek is in the pool before the second comes.
    for (int i = 0; i < 200; ++i) {
        auto pools = parse(get(s.port(), "/api/seeks")).at("pools").as_array();
        if (!pools.empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    auto second = seek(s.port(), body, b);
    waiting.join();
    ASSERT_EQ(first.size(), 2u);
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(first[0].at("type"), "seeking");
    EXPECT_EQ(first[0].at("pool"), "chess-blitz");
    EXPECT_EQ(first[1].at("type"), "paired");
    EXPECT_EQ(second[1].at("type"), "paired");
    EXPECT_EQ(first[1].at("game"), second[1].at("game"));
    EXPECT_NE(first[1].at("seat"), second[1].at("seat"));
    EXPECT_EQ(first[1].at("opponent").as_object().at("name"), "lee");
    EXPECT_EQ(second[1].at("opponent").as_object().at("name"), "kim");
    std::string id(first[1].at("game").as_string());
    auto view = parse(get(s.port(), "/api/games/" + id));
    EXPECT_TRUE(view.at("rated").as_bool());
    EXPECT_EQ(view.at("status"), "active");
    // Each token is its seat.
    auto mine = parse(http(s.port(), "GET", "/api/games/" + id, "",
                           std::string(first[1].at("token").as_string())));
    EXPECT_EQ(mine.at("seat"), first[1].at("seat"));
    EXPECT_EQ(parse(get(s.port(), "/api/seeks")).at("pools").as_array().size(), 0u);
}

TEST(PlayersPairing, ARatedSeekNeedsAnAccount) {
    TestServer s;
    auto r = post(s.port(), "/api/seeks", {{"variant", "chess"}, {"rated", true}});
    EXPECT_EQ(r.status, 403);
    EXPECT_EQ(parse(r).at("code"), "account-required");
}
