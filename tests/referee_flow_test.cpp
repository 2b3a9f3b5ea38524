// The referee's side of the game flow, with timestamps passed in: a takeback keeps the clocks
// as they are (lichess's choice), give-time, the claims when the opponent left, and the abort
// marked by the server's first-move timer.
#include <gtest/gtest.h>

#include "referee/game.h"

using namespace arbiter;
using namespace arbiter::referee;

namespace {

json::object move(const char* uci) { return {{"type", "move"}, {"move", uci}}; }
json::object type(const char* t) { return {{"type", t}}; }

std::unique_ptr<Game> timed_chess(RandomSource& random) {
    GameOptions o;
    o.clock = TimeControl{60, 0};
    return create_game("chess", o, random);
}

}  // namespace

TEST(RefereeFlow, ATakebackKeepsTheClocksAsTheyAre) {
    SecureRandom random;
    auto g = timed_chess(random);
    ASSERT_TRUE(g->act(Seat::White, move("e2e4"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::Black, move("e7e5"), 1000).accepted);  // White's clock starts
    ASSERT_TRUE(g->act(Seat::White, move("g1f3"), 4000).accepted);  // White used 3 s
    ASSERT_TRUE(g->act(Seat::White, type("takeback-offer"), 6000).accepted);
    ASSERT_TRUE(g->act(Seat::Black, type("takeback-accept"), 9000).accepted);  // Black used 5 s
    auto v = g->view(Seat::White, 10000);
    EXPECT_EQ(v.at("moves").as_array().size(), 2u);
    EXPECT_EQ(v.at("toMove"), "white");
    EXPECT_EQ(v.at("clock").at("white"), 56000);  // 57 s at the takeback, running since
    EXPECT_EQ(v.at("clock").at("black"), 55000);  // not given back
    EXPECT_EQ(v.at("clock").at("running"), "white");
    // The same move again, and the game goes on.
    EXPECT_TRUE(g->act(Seat::White, move("g1f3"), 11000).accepted);
    EXPECT_EQ(g->view(Seat::White, 11000).at("clock").at("white"), 55000);
}

TEST(RefereeFlow, TakebackOfTheLastFullMoveAndItsLimits) {
    SecureRandom random;
    auto g = create_game("chess", {}, random);
    EXPECT_FALSE(g->act(Seat::Black, type("takeback-offer"), 0).accepted);  // nothing to undo
    ASSERT_TRUE(g->act(Seat::White, move("e2e4"), 0).accepted);
    // Black has no move of its own yet.
    EXPECT_FALSE(g->act(Seat::Black, type("takeback-offer"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::Black, move("e7e5"), 0).accepted);
    // White to move: its takeback undoes Black's reply and its own move.
    ASSERT_TRUE(g->act(Seat::White, type("takeback-offer"), 0).accepted);
    EXPECT_FALSE(g->act(Seat::White, type("takeback-offer"), 0).accepted);  // asked already
    EXPECT_FALSE(g->act(Seat::White, type("takeback-decline"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::Black, type("takeback-offer"), 0).accepted);  // asking accepts
    auto v = g->view(Seat::White, 0);
    EXPECT_EQ(v.at("moves").as_array().size(), 0u);
    EXPECT_EQ(v.at("fen"), v.at("initialFen"));
    EXPECT_EQ(v.at("abortable"), true);
    EXPECT_NE(g->record().find("\n*"), std::string::npos);
}

TEST(RefereeFlow, GiveTimeAndTheClaims) {
    SecureRandom random;
    auto g = timed_chess(random);
    ASSERT_TRUE(g->act(Seat::Black, type("give-time"), 0).accepted);
    EXPECT_EQ(g->view(Seat::White, 0).at("clock").at("white"), 75000);
    // Not before both sides have moved.
    EXPECT_FALSE(g->act(Seat::White, type("claim-victory"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::White, move("e2e4"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::Black, move("e7e5"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::White, type("claim-victory"), 100).accepted);
    EXPECT_EQ(g->status(), Status::Finished);
    EXPECT_EQ(g->result().score, "1-0");
    EXPECT_EQ(g->result().reason, "opponent left");
    EXPECT_NE(g->record().find("[Termination \"abandoned\"]"), std::string::npos);

    auto d = timed_chess(random);
    ASSERT_TRUE(d->act(Seat::White, move("e2e4"), 0).accepted);
    ASSERT_TRUE(d->act(Seat::Black, move("e7e5"), 0).accepted);
    ASSERT_TRUE(d->act(Seat::Black, type("call-draw"), 0).accepted);
    EXPECT_EQ(d->result().score, "1/2-1/2");
}

TEST(RefereeFlow, TheServersAbortNamesTheIdleSeat) {
    SecureRandom random;
    auto g = timed_chess(random);
    ASSERT_TRUE(g->act(Seat::White, move("e2e4"), 0).accepted);
    ASSERT_TRUE(g->act(Seat::Black, {{"type", "abort"}, {"noFirstMove", true}}, 30000).accepted);
    EXPECT_EQ(g->status(), Status::Aborted);
    const auto& events = g->events();
    ASSERT_GE(events.size(), 2u);
    EXPECT_EQ(events[events.size() - 2].body.at("type"), "no-first-move");
    EXPECT_EQ(events[events.size() - 2].body.at("seat"), "black");
    EXPECT_EQ(events.back().body.at("reason"), "aborted");
}

TEST(RefereeFlow, NoTakebackInChiefSpyOrMinesweeper) {
    SecureRandom random;
    for (const char* variant : {"chiefspy", "minesweeper"}) {
        auto g = create_game(variant, {}, random);
        EXPECT_FALSE(g->supports_takeback());
        auto r = g->act(Seat::White, type("takeback-offer"), 0);
        EXPECT_FALSE(r.accepted);
        EXPECT_NE(r.error.find("chess only"), std::string::npos);
    }
}
