// Public games anyone may join, and the consent rule for the deduction and mine-odds helpers
// (GET /api/games/{id}/assist), on a real server.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

json::object created(std::uint16_t port, const std::string& body) {
    auto r = http(port, "POST", "/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json().as_object();
}

std::string str(const json::value& v) { return std::string(v.as_string()); }

}  // namespace

TEST(ServerLobbyOptions, PublicGameIsListedAndJoinableWithoutInvite) {
    TestServer s;
    auto pub = created(s.port(), R"({"variant":"chess","public":true,"color":"white"})");
    created(s.port(), R"({"variant":"chess","color":"white"})");  // invite-only
    auto open = http(s.port(), "GET", "/api/games?status=open").json().at("games").as_array();
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].at("id"), pub.at("id"));
    EXPECT_EQ(open[0].at("public"), true);

    std::string id = str(pub.at("id"));
    auto joined = http(s.port(), "POST", "/api/games/" + id + "/join", "{}");
    ASSERT_EQ(joined.status, 200) << joined.body;
    EXPECT_EQ(joined.json().at("seat"), "black");
    auto again = http(s.port(), "POST", "/api/games/" + id + "/join", "{}");
    EXPECT_EQ(again.status, 409);
    EXPECT_EQ(again.json().at("code"), "already-joined");
}

TEST(ServerLobbyOptions, PrivateGameStillNeedsItsInvite) {
    TestServer s;
    auto g = created(s.port(), R"({"variant":"chess"})");
    auto r = http(s.port(), "POST", "/api/games/" + str(g.at("id")) + "/join", "{}");
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(r.json().at("code"), "bad-request");
    auto bad = http(s.port(), "POST", "/api/games", R"({"variant":"chess","public":"yes"})");
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(bad.body.find("public"), std::string::npos);
}

TEST(ServerLobbyOptions, AssistNeedsBothPlayersConsent) {
    TestServer s;
    for (bool joinerAgrees : {false, true}) {
        auto g = created(s.port(), R"({"variant":"minesweeper","assist":true,"color":"white"})");
        std::string id = str(g.at("id"));
        auto summary = http(s.port(), "GET", "/api/games/" + id).json().as_object();
        EXPECT_EQ(summary.at("assist").at("proposed"), true);
        EXPECT_EQ(summary.at("assist").at("enabled"), false);
        auto joined = http(s.port(), "POST", "/api/games/" + id + "/join",
                           R"({"invite":")" + str(g.at("invite")) + R"(","assist":)" +
                               (joinerAgrees ? "true" : "false") + "}");
        ASSERT_EQ(joined.status, 200) << joined.body;
        auto r = http(s.port(), "GET", "/api/games/" + id + "/assist", "", str(g.at("token")));
        if (!joinerAgrees) {
            EXPECT_EQ(r.status, 403);
            EXPECT_EQ(r.json().at("code"), "assist-off");
            continue;
        }
        ASSERT_EQ(r.status, 200) << r.body;
        auto o = r.json().as_object();
        EXPECT_EQ(o.at("variant"), "minesweeper");
        const auto& odds = o.at("odds").as_object();
        EXPECT_EQ(odds.size(), 32u);  // every square of the fog zone, at the start
        EXPECT_NEAR(odds.at("e5").to_number<double>(), 4.0 / 32, 1e-9);
    }
}

TEST(ServerLobbyOptions, AssistOffUnlessAgreedButOpenAfterTheGame) {
    TestServer s;
    auto g = created(s.port(), R"({"variant":"chiefspy","opponent":"local","color":"white"})");
    std::string id = str(g.at("id"));
    std::string white = str(g.at("tokens").at("white")), black = str(g.at("tokens").at("black"));
    auto off = http(s.port(), "GET", "/api/games/" + id + "/assist", "", white);
    EXPECT_EQ(off.status, 403);
    for (const auto& t : {white, black})
        ASSERT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"set-values","random":true})", t)
                      .status,
                  200);
    ASSERT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions", R"({"type":"resign"})", black)
                  .status,
              200);
    auto after = http(s.port(), "GET", "/api/games/" + id + "/assist", "", white);
    ASSERT_EQ(after.status, 200) << after.body;
    auto o = after.json().as_object();
    EXPECT_EQ(o.at("variant"), "chiefspy");
    EXPECT_TRUE(o.contains("belief"));
}

TEST(ServerLobbyOptions, ChiefSpyDeductionListsTheOpposingPieces) {
    TestServer s;
    auto g = created(s.port(),
                     R"({"variant":"chiefspy","opponent":"local","color":"white","assist":true})");
    std::string id = str(g.at("id"));
    std::string white = str(g.at("tokens").at("white")), black = str(g.at("tokens").at("black"));
    auto summary = http(s.port(), "GET", "/api/games/" + id).json().as_object();
    EXPECT_EQ(summary.at("assist").at("enabled"), true);
    for (const auto& t : {white, black})
        ASSERT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"set-values","random":true})", t)
                      .status,
                  200);
    auto r = http(s.port(), "GET", "/api/games/" + id + "/assist", "", white);
    ASSERT_EQ(r.status, 200) << r.body;
    auto o = r.json().as_object();
    EXPECT_EQ(o.at("assignments").to_number<std::uint64_t>(), 40320u);
    const auto& pieces = o.at("pieces").as_array();
    ASSERT_EQ(pieces.size(), 8u);
    for (const auto& p : pieces) {
        EXPECT_EQ(p.at("colour"), "black");
        EXPECT_NEAR(p.at("odds").at("C").to_number<double>(), 1.0 / 8, 1e-6);
    }
    // A spectator has no values to deduce from.
    auto spectator = http(s.port(), "GET", "/api/games/" + id + "/assist");
    EXPECT_EQ(spectator.status, 409);
}

TEST(ServerLobbyOptions, CreatorCallsOffAnOpenGame) {
    TestServer s;
    auto g = created(s.port(), R"({"variant":"chess","public":true,"color":"white"})");
    std::string id = str(g.at("id"));
    auto move = http(s.port(), "POST", "/api/games/" + id + "/actions",
                     R"({"type":"move","move":"e2e4"})", str(g.at("token")));
    EXPECT_EQ(move.json().at("code"), "not-started");
    auto abort = http(s.port(), "POST", "/api/games/" + id + "/actions", R"({"type":"abort"})",
                      str(g.at("token")));
    ASSERT_EQ(abort.status, 200) << abort.body;
    EXPECT_EQ(http(s.port(), "GET", "/api/games/" + id).json().at("status"), "aborted");
    EXPECT_EQ(http(s.port(), "GET", "/api/games?status=open").json().at("games").as_array().size(),
              0u);
    auto join = http(s.port(), "POST", "/api/games/" + id + "/join", "{}");
    EXPECT_EQ(join.json().at("code"), "already-joined");
}

TEST(ServerLobbyOptions, ComputerGamesShowTheirLevel) {
    TestServer s;
    auto g =
        created(s.port(), R"({"variant":"chess","opponent":"computer","level":3,"color":"white"})");
    auto summary = http(s.port(), "GET", "/api/games/" + str(g.at("id"))).json().as_object();
    EXPECT_EQ(summary.at("level"), 3);
}

// The computer answers a draw offer by its evaluation, out loud, instead of letting it lapse.
TEST(ServerComputer, AnswersADrawOfferByItsEvaluation) {
    TestServer s;
    struct Case {
        const char* fen;
        bool accepts;
    };
    // White (the person) to move and offering; the computer has Black.
    for (Case c : {Case{"4k3/8/8/8/8/8/QQQ5/4K3 w - - 0 1", true},
                   Case{"4K3/8/8/8/8/8/qqq5/4k3 w - - 0 1", false}}) {
        auto g = http(s.port(), "POST", "/api/games",
                      std::string(R"({"variant":"chess","opponent":"computer","level":2,)") +
                          R"("color":"white","options":{"fen":")" + c.fen + "\"}}");
        ASSERT_EQ(g.status, 201) << g.body;
        std::string id(g.json().at("id").as_string()), token(g.json().at("token").as_string());
        ASSERT_EQ(http(s.port(), "POST", "/api/games/" + id + "/actions",
                       R"({"type":"draw-offer"})", token)
                      .status,
                  200);
        json::value v;
        for (int i = 0; i < 1000; ++i) {
            v = http(s.port(), "GET", "/api/games/" + id, "", token).json();
            if (v.at("view").at("drawOffer").is_null()) break;  // answered
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        ASSERT_TRUE(v.at("view").at("drawOffer").is_null()) << c.fen << ": no answer";
        if (c.accepts) {
            EXPECT_EQ(v.at("status"), "finished") << c.fen;
            EXPECT_EQ(v.at("result").at("reason"), "agreement") << c.fen;
        } else {
            EXPECT_EQ(v.at("status"), "active") << c.fen;
            EXPECT_EQ(v.at("view").at("toMove"), "white") << c.fen;  // declined, not moved
        }
    }
}
