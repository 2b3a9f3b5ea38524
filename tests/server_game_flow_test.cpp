// What lichess players expect around the moves, on a real server: aborting before the first
// moves (and the server's first-move limit), "+15 s" for the opponent, takebacks in chess, and
// claiming the game once the opponent has left. Each replays the same after a restart.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;
using namespace std::chrono_literals;

namespace {

struct Game {
    std::string id, white, black;
};

std::string str(const json::value& v) { return std::string(v.as_string()); }

// A game between two people (create as white, join as black).
Game human_game(std::uint16_t port, const std::string& variant = "chess",
                const std::string& clock = R"({"initial":300,"increment":0})") {
    auto c = http(port, "POST", "/api/games",
                  R"({"variant":")" + variant + R"(","color":"white","clock":)" + clock + "}");
    EXPECT_EQ(c.status, 201) << c.body;
    auto o = c.json().as_object();
    Game g{str(o.at("id")), str(o.at("token")), ""};
    auto j = http(port, "POST", "/api/games/" + g.id + "/join",
                  R"({"invite":")" + str(o.at("invite")) + "\"}");
    EXPECT_EQ(j.status, 200) << j.body;
    g.black = str(j.json().at("token"));
    return g;
}

HttpResult act(std::uint16_t port, const Game& g, const std::string& token,
               const std::string& action) {
    return http(port, "POST", "/api/games/" + g.id + "/actions", action, token);
}

std::string move(const std::string& uci) { return R"({"type":"move","move":")" + uci + "\"}"; }

json::object view(std::uint16_t port, const Game& g, const std::string& token = "") {
    auto r = http(port, "GET", "/api/games/" + g.id, "",
                  token.empty() ? std::optional<std::string>() : token);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json().as_object();
}

std::string code(const HttpResult& r) {
    auto j = r.json();
    return j.is_object() && j.as_object().contains("code") ? str(j.at("code")) : r.body;
}

std::vector<std::string> moves_of(const json::object& v) {
    std::vector<std::string> out;
    const json::value& list = v.at("view").at("moves");
    for (const auto& m : list.as_array()) out.push_back(str(m));
    return out;
}

// Polls until pred holds (a state the server reaches by itself); fails after 10 s.
template <class F>
bool eventually(F pred) {
    for (int i = 0; i < 1000; ++i) {
        if (pred()) return true;
        std::this_thread::sleep_for(10ms);
    }
    return false;
}

json::object until(WsClient& ws, std::string_view type) {
    for (;;) {
        auto m = ws.receive_json();
        if (m.at("type").as_string() == type) return m;
    }
}

// The next presence message saying the opponent is gone (or, gone false, is here).
json::object presence(WsClient& ws, bool gone) {
    for (;;) {
        auto m = until(ws, "presence");
        if (m.at("opponentGone").is_object() == gone) return m;
    }
}

// The events an action's HTTP answer carries (the caller's events of that action).
std::vector<json::object> events_of(const HttpResult& r) {
    std::vector<json::object> out;
    EXPECT_EQ(r.status, 200) << r.body;
    if (r.status != 200) return out;
    json::value body = r.json();
    for (const auto& e : body.at("events").as_array()) out.push_back(e.as_object());
    return out;
}

}  // namespace

// ---- abort -----------------------------------------------------------------------------

TEST(ServerGameFlow, EitherSideAbortsUntilBothHaveMoved) {
    TestServer s;
    Game g = human_game(s.port());
    ASSERT_EQ(view(s.port(), g, g.white).at("view").at("abortable"), true);
    ASSERT_EQ(act(s.port(), g, g.white, move("e2e4")).status, 200);
    // Black has not moved yet: still abortable, by Black.
    EXPECT_EQ(view(s.port(), g).at("view").at("abortable"), true);
    auto abort = act(s.port(), g, g.black, R"({"type":"abort"})");
    ASSERT_EQ(abort.status, 200) << abort.body;
    auto v = view(s.port(), g);
    EXPECT_EQ(v.at("status"), "aborted");
    EXPECT_EQ(v.at("result").at("winner"), nullptr);
    EXPECT_EQ(v.at("result").at("reason"), "aborted");

    Game h = human_game(s.port());
    ASSERT_EQ(act(s.port(), h, h.white, move("e2e4")).status, 200);
    ASSERT_EQ(act(s.port(), h, h.black, move("e7e5")).status, 200);
    EXPECT_EQ(view(s.port(), h).at("view").at("abortable"), false);
    auto late = act(s.port(), h, h.white, R"({"type":"abort"})");
    EXPECT_EQ(late.status, 409);
    EXPECT_EQ(view(s.port(), h).at("status"), "active");
}

TEST(ServerGameFlow, NoFirstMoveAbortsATimedGameAndReplays) {
    TestServer s([](server::ServerConfig& c) { c.limits.firstMoveLimit = 300ms; });
    // White never moves.
    Game g = human_game(s.port());
    ASSERT_TRUE(eventually([&] { return view(s.port(), g).at("status") == "aborted"; }));
    // Black never answers White's first move.
    Game h = human_game(s.port());
    ASSERT_EQ(act(s.port(), h, h.white, move("e2e4")).status, 200);
    ASSERT_TRUE(eventually([&] { return view(s.port(), h).at("status") == "aborted"; }));
    // An untimed game waits (the idle expiry ends it much later).
    Game u = human_game(s.port(), "chess", "null");
    // Both moved in time: the limit is over.
    Game m = human_game(s.port());
    ASSERT_EQ(act(s.port(), m, m.white, move("e2e4")).status, 200);
    ASSERT_EQ(act(s.port(), m, m.black, move("e7e5")).status, 200);

    auto check = [&] {
        auto gv = view(s.port(), g);
        EXPECT_EQ(gv.at("status"), "aborted");
        EXPECT_EQ(gv.at("result").at("reason"), "aborted");
        auto hv = view(s.port(), h);
        EXPECT_EQ(hv.at("status"), "aborted");
        EXPECT_EQ(moves_of(hv), std::vector<std::string>{"e2e4"});
    };
    check();
    std::this_thread::sleep_for(900ms);  // three times the limit: nothing happens to these
    EXPECT_EQ(view(s.port(), u).at("status"), "active");
    EXPECT_EQ(view(s.port(), m).at("status"), "active");
    s.restart();
    check();
    EXPECT_EQ(view(s.port(), m).at("status"), "active");
}

TEST(ServerGameFlow, TheFirstMoveAbortNamesTheSeatThatDidNotMove) {
    TestServer s([](server::ServerConfig& c) { c.limits.firstMoveLimit = 300ms; });
    Game h = human_game(s.port());
    ASSERT_EQ(act(s.port(), h, h.white, move("e2e4")).status, 200);
    auto lines =
        read_event_stream(s.port(), "/api/games/" + h.id + "/events?since=0", h.white, 10s);
    bool named = false, ended = false;
    for (const auto& l : lines) {
        auto e = json::parse(l).as_object();
        if (e.at("type") == "no-first-move") named = e.at("seat") == "black";
        if (e.at("type") == "result") ended = e.at("reason") == "aborted";
    }
    EXPECT_TRUE(named);
    EXPECT_TRUE(ended);
}

// ---- +15 s -------------------------------------------------------------------------------

TEST(ServerGameFlow, GiveTimeAddsFifteenSecondsToTheOpponentInEveryGame) {
    TestServer s;
    for (std::string variant : {"chess", "chiefspy", "minesweeper"}) {
        Game g = human_game(s.port(), variant);
        auto before =
            view(s.port(), g).at("view").at("clock").at("black").to_number<std::int64_t>();
        auto r = act(s.port(), g, g.white, R"({"type":"give-time"})");
        ASSERT_EQ(r.status, 200) << variant << r.body;
        auto after = view(s.port(), g).at("view").at("clock");
        EXPECT_EQ(after.at("black").to_number<std::int64_t>(), before + 15000) << variant;
        EXPECT_EQ(after.at("white").to_number<std::int64_t>(), 300000) << variant;
        // Announced, with the new clocks.
        bool announced = false, clocked = false;
        for (const auto& e : events_of(r)) {
            if (e.at("type") == "time-given")
                announced = e.at("by") == "white" && e.at("to") == "black" && e.at("seconds") == 15;
            if (e.at("type") == "clock") clocked = e.at("black") == before + 15000;
        }
        EXPECT_TRUE(announced) << variant;
        EXPECT_TRUE(clocked) << variant;
        s.restart();
        EXPECT_EQ(view(s.port(), g).at("view").at("clock").at("black").to_number<std::int64_t>(),
                  before + 15000)
            << variant << ": replayed";
    }
}

TEST(ServerGameFlow, GiveTimeIsRefusedWithoutAClockOrASeatOrAfterTheEnd) {
    TestServer s;
    Game u = human_game(s.port(), "chess", "null");
    auto untimed = act(s.port(), u, u.white, R"({"type":"give-time"})");
    EXPECT_EQ(untimed.status, 409);
    EXPECT_NE(untimed.body.find("no clock"), std::string::npos);
    Game g = human_game(s.port());
    EXPECT_EQ(
        http(s.port(), "POST", "/api/games/" + g.id + "/actions", R"({"type":"give-time"})").status,
        403);
    EXPECT_EQ(act(s.port(), g, g.white, R"({"type":"give-time","seconds":60})").status, 400);
    ASSERT_EQ(act(s.port(), g, g.black, R"({"type":"resign"})").status, 200);
    EXPECT_EQ(act(s.port(), g, g.white, R"({"type":"give-time"})").status, 409);
}

// ---- takebacks ---------------------------------------------------------------------------

TEST(ServerGameFlow, TakebackOfOwnMoveOrOfTheLastFullMove) {
    TestServer s;
    Game g = human_game(s.port());
    // Nothing to take back yet.
    EXPECT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 409);
    for (auto [token, m] : {std::pair{g.white, "e2e4"}, {g.black, "e7e5"}, {g.white, "g1f3"}})
        ASSERT_EQ(act(s.port(), g, token, move(m)).status, 200);
    // White takes back its own move, not answered yet: one ply.
    ASSERT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 200);
    EXPECT_EQ(view(s.port(), g).at("view").at("takebackOffer"), "white");
    EXPECT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-accept"})").status, 409);
    auto first = events_of(act(s.port(), g, g.black, R"({"type":"takeback-accept"})"));
    ASSERT_FALSE(first.empty());
    EXPECT_EQ(first[0].at("type"), "takeback");
    EXPECT_EQ(first[0].at("plies"), 1);
    EXPECT_EQ(first[0].at("ply"), 2);
    EXPECT_EQ(first[0].at("by"), "white");
    auto v = view(s.port(), g);
    EXPECT_EQ(moves_of(v), (std::vector<std::string>{"e2e4", "e7e5"}));
    EXPECT_EQ(v.at("view").at("toMove"), "white");
    EXPECT_EQ(v.at("view").at("takebackOffer"), nullptr);
    EXPECT_EQ(v.at("view").at("clock").at("running"), "white");

    // Declined: nothing changes.
    ASSERT_EQ(act(s.port(), g, g.white, move("d2d4")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 200);
    ASSERT_EQ(act(s.port(), g, g.black, R"({"type":"takeback-decline"})").status, 200);
    EXPECT_EQ(moves_of(view(s.port(), g)).size(), 3u);
    EXPECT_EQ(act(s.port(), g, g.black, R"({"type":"takeback-decline"})").status, 409);

    // Black replied: White's takeback undoes the whole move (Black's reply and its own).
    ASSERT_EQ(act(s.port(), g, g.black, move("d7d5")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 200);
    // A move makes the request moot.
    ASSERT_EQ(act(s.port(), g, g.white, move("c2c4")).status, 200);
    EXPECT_EQ(view(s.port(), g).at("view").at("takebackOffer"), nullptr);
    ASSERT_EQ(act(s.port(), g, g.black, move("e5d4")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 200);
    auto second = events_of(act(s.port(), g, g.black, R"({"type":"takeback-accept"})"));
    ASSERT_FALSE(second.empty());
    EXPECT_EQ(second[0].at("type"), "takeback");
    EXPECT_EQ(second[0].at("plies"), 2);
    v = view(s.port(), g);
    EXPECT_EQ(moves_of(v), (std::vector<std::string>{"e2e4", "e7e5", "d2d4", "d7d5"}));
    EXPECT_EQ(v.at("view").at("toMove"), "white");
    std::string fen = str(v.at("view").at("fen"));
    auto clock = v.at("view").at("clock");

    // The PGN has the shortened game.
    auto pgn = http(s.port(), "GET", "/api/games/" + g.id + "/export").body;
    EXPECT_NE(pgn.find("1. e4 e5 2. d4 d5 *"), std::string::npos) << pgn;

    s.restart();
    v = view(s.port(), g);
    EXPECT_EQ(str(v.at("view").at("fen")), fen);
    EXPECT_EQ(moves_of(v), (std::vector<std::string>{"e2e4", "e7e5", "d2d4", "d7d5"}));
    // The clocks are kept as they were, not put back (and not charged for the downtime).
    EXPECT_EQ(v.at("view").at("clock").at("black"), clock.at("black"));
    ASSERT_EQ(act(s.port(), g, g.white, move("c2c4")).status, 200);
}

TEST(ServerGameFlow, TakebackBackToTheStartStopsTheClock) {
    TestServer s;
    Game g = human_game(s.port());
    ASSERT_EQ(act(s.port(), g, g.white, move("e2e4")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.black, move("e7e5")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.black, R"({"type":"takeback-offer"})").status, 200);
    ASSERT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 200);  // accepts
    auto v = view(s.port(), g).at("view");
    EXPECT_EQ(v.at("moves").as_array().size(), 1u);
    EXPECT_EQ(v.at("toMove"), "black");
    EXPECT_EQ(v.at("clock").at("running"), nullptr);  // Black's first move is to come again
    EXPECT_EQ(v.at("abortable"), true);
}

TEST(ServerGameFlow, TakebacksAreRefusedWhereWhatWasShownCannotBeUnshown) {
    TestServer s;
    for (std::string variant : {"chiefspy", "minesweeper"}) {
        Game g = human_game(s.port(), variant);
        for (std::string type : {"takeback-offer", "takeback-accept", "takeback-decline"}) {
            auto r = act(s.port(), g, g.white, R"({"type":")" + type + "\"}");
            EXPECT_EQ(r.status, 409) << variant << " " << type;
            EXPECT_EQ(code(r), "no-takeback") << variant;
            EXPECT_NE(r.body.find("chess only"), std::string::npos);
        }
        EXPECT_FALSE(view(s.port(), g).at("view").as_object().contains("takebackOffer"));
    }
}

TEST(ServerGameFlow, TheComputerAcceptsATakeback) {
    TestServer s;
    auto c = http(s.port(), "POST", "/api/games",
                  R"({"variant":"chess","opponent":"computer","level":1,"color":"white"})");
    ASSERT_EQ(c.status, 201);
    Game g{str(c.json().at("id")), str(c.json().at("token")), ""};
    ASSERT_EQ(act(s.port(), g, g.white, move("e2e4")).status, 200);
    ASSERT_TRUE(eventually([&] { return moves_of(view(s.port(), g)).size() == 2; }));
    ASSERT_EQ(act(s.port(), g, g.white, R"({"type":"takeback-offer"})").status, 200);
    ASSERT_TRUE(eventually([&] { return moves_of(view(s.port(), g)).empty(); }));
    auto v = view(s.port(), g).at("view");
    EXPECT_EQ(v.at("toMove"), "white");
    EXPECT_EQ(v.at("takebackOffer"), nullptr);
}

// ---- the opponent left -------------------------------------------------------------------

TEST(ServerGameFlow, ClaimVictoryOnceTheOpponentHasBeenGoneLongEnough) {
    TestServer s([](server::ServerConfig& c) { c.limits.leftClaimDelay = 1500ms; });
    Game g = human_game(s.port());
    auto white = std::make_unique<WsClient>(s.port(), "/ws/games/" + g.id + "?token=" + g.white);
    auto black = std::make_unique<WsClient>(s.port(), "/ws/games/" + g.id + "?token=" + g.black);
    until(*white, "welcome");
    until(*black, "welcome");
    presence(*white, false);  // Black is here
    // Not before the game has started: that is an abort.
    auto early = act(s.port(), g, g.white, R"({"type":"claim-victory"})");
    EXPECT_EQ(early.status, 409);
    EXPECT_EQ(code(early), "no-claim");
    ASSERT_EQ(act(s.port(), g, g.white, move("e2e4")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.black, move("e7e5")).status, 200);
    auto here = act(s.port(), g, g.white, R"({"type":"claim-victory"})");
    EXPECT_EQ(code(here), "opponent-here");

    black.reset();  // Black closes the page
    auto left = presence(*white, true);
    ASSERT_TRUE(left.at("opponentGone").is_object());
    auto since = left.at("opponentGone").at("since").to_number<std::int64_t>();
    EXPECT_EQ(left.at("opponentGone").at("claimableAt").to_number<std::int64_t>(), since + 1500);
    auto tooEarly = act(s.port(), g, g.white, R"({"type":"claim-victory"})");
    EXPECT_EQ(tooEarly.status, 409);
    EXPECT_EQ(code(tooEarly), "too-early");
    // White's view says when the claim opens; a spectator's says nothing of it.
    EXPECT_TRUE(view(s.port(), g, g.white).at("view").at("opponentGone").is_object());
    EXPECT_FALSE(view(s.port(), g).at("view").as_object().contains("opponentGone"));

    // Black comes back, then leaves again.
    black = std::make_unique<WsClient>(s.port(), "/ws/games/" + g.id + "?token=" + g.black);
    until(*black, "welcome");
    presence(*white, false);
    black.reset();
    presence(*white, true);
    HttpResult claim;
    ASSERT_TRUE(eventually([&] {
        claim = act(s.port(), g, g.white, R"({"type":"claim-victory"})");
        return claim.status == 200;
    })) << claim.body;
    auto v = view(s.port(), g);
    EXPECT_EQ(v.at("status"), "finished");
    EXPECT_EQ(v.at("result").at("winner"), "white");
    EXPECT_EQ(v.at("result").at("reason"), "opponent left");
    auto pgn = http(s.port(), "GET", "/api/games/" + g.id + "/export").body;
    EXPECT_NE(pgn.find("[Termination \"abandoned\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("1-0"), std::string::npos);
    white.reset();
    s.restart();
    v = view(s.port(), g);
    EXPECT_EQ(v.at("status"), "finished");
    EXPECT_EQ(v.at("result").at("reason"), "opponent left");
}

TEST(ServerGameFlow, CallItADrawWhenTheOpponentLeft) {
    TestServer s([](server::ServerConfig& c) { c.limits.leftClaimDelay = 200ms; });
    Game g = human_game(s.port());
    WsClient black(s.port(), "/ws/games/" + g.id + "?token=" + g.black);
    until(black, "welcome");
    // White plays its move over HTTP and never connects: it is gone from the start.
    ASSERT_EQ(act(s.port(), g, g.white, move("e2e4")).status, 200);
    ASSERT_EQ(act(s.port(), g, g.black, move("e7e5")).status, 200);
    HttpResult claim;
    ASSERT_TRUE(eventually([&] {
        claim = act(s.port(), g, g.black, R"({"type":"call-draw"})");
        return claim.status == 200;
    })) << claim.body;
    auto v = view(s.port(), g);
    EXPECT_EQ(v.at("result").at("score"), "1/2-1/2");
    EXPECT_EQ(v.at("result").at("reason"), "opponent left");
}

TEST(ServerGameFlow, NoClaimAgainstTheComputerOrOnOneDevice) {
    TestServer s([](server::ServerConfig& c) { c.limits.leftClaimDelay = 0ms; });
    for (std::string opponent : {"computer", "local"}) {
        auto c = http(s.port(), "POST", "/api/games",
                      R"({"variant":"chess","color":"white","opponent":")" + opponent + "\"}");
        Game g{str(c.json().at("id")), str(c.json().at("token")), ""};
        auto r = act(s.port(), g, g.white, R"({"type":"claim-victory"})");
        EXPECT_EQ(r.status, 409) << opponent;
        EXPECT_EQ(code(r), "no-claim") << opponent;
    }
}
