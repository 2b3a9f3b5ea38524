// The Chief & Spy game record (docs/chiefspy.md): written by the referee, read back,
// replayed through a new referee with every event reproduced, and verified.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/notation_error.h"
#include "referee/chiefspy_game.h"
#include "referee/game.h"

using namespace arbiter;
using namespace arbiter::referee;

namespace {

bool sanitized() { return std::getenv("ARBITER_SANITIZED") != nullptr; }

// A random match with random set-ups, occasional draw offers, declines and a resignation.
std::unique_ptr<Game> random_match(int seed, SeededRandom& gameRandom) {
    SeededRandom rng(seed * 101);
    auto game = create_game("chiefspy", {}, gameRandom);
    for (int guard = 0; !game->finished() && guard < 2000; ++guard) {
        if (!game->seat_to_move()) {
            Seat first = rng.uniform(2) ? Seat::White : Seat::Black;
            for (Seat s : {first, opponent(first)})
                EXPECT_TRUE(game->act(s, {{"type", "set-values"}, {"random", true}}, 0).accepted);
            continue;
        }
        Seat mover = *game->seat_to_move();
        switch (rng.uniform(60)) {
            case 0:
                game->act(mover, {{"type", "draw-offer"}}, 0);
                break;
            case 1:
                game->act(opponent(mover), {{"type", "draw-offer"}}, 0);
                break;
            case 2:
                game->act(mover, {{"type", "draw-decline"}}, 0);
                break;
            case 3:
                if (rng.uniform(5) == 0) game->act(opponent(mover), {{"type", "resign"}}, 0);
                break;
            default:
                break;
        }
        if (game->finished() || !game->seat_to_move()) continue;
        mover = *game->seat_to_move();
        auto actions = game->legal_actions(mover);
        EXPECT_TRUE(
            game->act(mover, actions[rng.uniform(std::uint32_t(actions.size()))], 0).accepted);
    }
    return game;
}

}  // namespace

TEST(ChiefSpyRecord, ReplayReproducesEveryEvent) {
    int matches = sanitized() ? 10 : 60;
    for (int seed = 1; seed <= matches; ++seed) {
        SeededRandom gameRandom(seed);
        auto game = random_match(seed, gameRandom);
        ASSERT_TRUE(game->finished());
        std::string text = game->record();
        ChiefSpyRecord record = read_chiefspy_record(text);
        auto replay = replay_chiefspy_record(record);
        ASSERT_EQ(replay->events().size(), game->events().size()) << text;
        for (std::size_t i = 0; i < game->events().size(); ++i) {
            const Event& a = game->events()[i];
            const Event& b = replay->events()[i];
            ASSERT_EQ(a.audience, b.audience) << "event " << i;
            ASSERT_EQ(json::serialize(a.body), json::serialize(b.body)) << "event " << i;
        }
        EXPECT_EQ(replay->record(), text);
        auto v = verify_chiefspy_record(text);
        EXPECT_TRUE(v.ok) << text;
    }
}

TEST(ChiefSpyRecord, FormatHasPgnTagsCommentsAndReveal) {
    SeededRandom random(3);
    auto game = create_game("chiefspy", {}, random);
    auto values = [](const char* text) {
        json::object v;
        for (int i = 0; i < 8; ++i) v[std::string(1, char('a' + i))] = std::string(1, text[2 * i]);
        return json::object{{"type", "set-values"}, {"values", v}};
    };
    ASSERT_TRUE(game->act(Seat::White, values("2,3,4,5,C,S,6,7"), 0).accepted);
    ASSERT_TRUE(game->act(Seat::Black, values("2,3,4,S,C,5,6,7"), 0).accepted);
    for (const char* m : {"e2e4", "d7d5", "f1b5+b5e8"})
        ASSERT_TRUE(game->act(*game->seat_to_move(), {{"type", "move"}, {"move", m}}, 0).accepted);
    std::string text = game->record();
    for (const char* expected :
         {"[Variant \"Chief & Spy\"]", "[Round \"1\"]", "[White \"white\"]", "[Result \"1-0\"]",
          "[Termination \"normal\"]", "[TerminationReason \"chief-captured\"]",
          "[WhiteValues \"2,3,4,5,C,S,6,7\"]",
          "[BlackValues \"2,3,4,S,C,5,6,7\"]", "[MatchResult \"1-0\"]",
          "{ready white} {ready black} 1. e2e4 d7d5 2. f1b5+b5e8 "
          "{battle white:f:b5 black:e:e8 bonus 1-1 winner attacker} 1-0"})
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
}

TEST(ChiefSpyRecord, ALiveRecordHasCommitmentsButNoValues) {
    SeededRandom random(3);
    auto game = create_game("chiefspy", {}, random);
    for (Seat s : {Seat::White, Seat::Black})
        ASSERT_TRUE(game->act(s, {{"type", "set-values"}, {"random", true}}, 0).accepted);
    std::string text = game->record();
    EXPECT_NE(text.find("[WhiteCommitment \""), std::string::npos);
    EXPECT_EQ(text.find("Values"), std::string::npos);
    EXPECT_EQ(text.find("Salt"), std::string::npos);
    EXPECT_FALSE(verify_chiefspy_record(text).ok);
}

TEST(ChiefSpyRecord, MalformedRecordsNameTheProblem) {
    auto error = [](const char* text) {
        try {
            read_chiefspy_record(text);
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error(""), "record: no round in it");
    EXPECT_EQ(error("[Variant \"chess\"]\n*"),
              "record line 2: not a Chief & Spy record (tag Variant must be \"Chief & Spy\")");
    EXPECT_EQ(error("[Variant \"Chief & Spy\"] [White \"white\"] [Black \"black\"] 1. e2e4"),
              "record line 1: round  has no result token");
    EXPECT_EQ(error("[Variant \"Chief & Spy\"] [White \"white\"] [Black \"black\"] {fly white} *"),
              "record line 1: unknown comment {fly white}");
    EXPECT_EQ(error("[Variant \"Chief & Spy\"] [White \"x\"] [Black \"black\"] *"),
              "record line 1: tags White and Black must name the seats \"white\" and \"black\"");
    EXPECT_EQ(error("[Variant \"Chief & Spy\" *"), "record line 1: tag Variant: missing ']'");
}
