// Chief & Spy under the referee: set-up, audiences, commitments, scoring across rounds,
// colours alternating, draws, resignation, timeouts and views.
#include <gtest/gtest.h>

#include <cstdlib>

#include "referee/chiefspy_game.h"
#include "referee/commitment.h"
#include "referee/game.h"

using namespace arbiter;
using namespace arbiter::referee;

namespace {

json::object values(const char* text) {
    json::object v;
    const char* p = text;
    for (char file = 'a'; file <= 'h'; ++file) {
        v[std::string(1, file)] = std::string(1, *p);
        p += 2;
    }
    return {{"type", "set-values"}, {"values", v}};
}
json::object move(const char* m) { return {{"type", "move"}, {"move", m}}; }

struct Match {
    SeededRandom random{7};
    std::unique_ptr<Game> game;
    explicit Match(GameOptions options = {}) : game(create_game("chiefspy", options, random)) {}
    void setup(const char* whiteSeat, const char* blackSeat) {
        ASSERT_TRUE(game->act(Seat::White, values(whiteSeat), 0).accepted);
        ASSERT_TRUE(game->act(Seat::Black, values(blackSeat), 0).accepted);
    }
    void play(std::initializer_list<const char*> moves, std::int64_t t = 0) {
        for (const char* m : moves) {
            auto seat = game->seat_to_move();
            ASSERT_TRUE(seat) << m;
            auto r = game->act(*seat, move(m), t);
            ASSERT_TRUE(r.accepted) << m << ": " << r.error;
        }
    }
    const json::object* last(const char* type) const {
        const auto& ev = game->events();
        for (auto it = ev.rbegin(); it != ev.rend(); ++it)
            if (it->body.at("type").as_string() == type) return &it->body;
        return nullptr;
    }
};

// Spy bishop f1 attacks e8 through b5 after 1. e4 d5 (white to play the gambit).
const char* SpyOnF = "2,3,4,5,C,S,6,7";
const char* ChiefOnE = "2,3,4,S,C,5,6,7";

}  // namespace

TEST(ChiefSpyReferee, SetUpIsSecretAndSimultaneous) {
    Match m;
    EXPECT_FALSE(m.game->seat_to_move());
    EXPECT_EQ(m.game->act(Seat::White, move("e2e4"), 0).error,
              "the round has not started: both players must set their values");
    ASSERT_TRUE(m.game->act(Seat::Black, values(ChiefOnE), 0).accepted);
    // Black's confirmation goes to Black alone; everyone hears only that Black is ready.
    auto forWhite = m.game->events_for(Seat::White);
    for (const Event* e : forWhite) EXPECT_NE(e->body.at("type").as_string(), "values-set");
    const Event& confirm = m.game->events()[1];
    EXPECT_EQ(confirm.audience, Audience::Black);
    EXPECT_EQ(confirm.body.at("values").at("e").as_string(), "C");
    EXPECT_EQ(json::serialize(m.game->events()[2].body),
              R"({"type":"ready","round":1,"seat":"black"})");
    EXPECT_FALSE(m.game->act(Seat::Black, values(SpyOnF), 0).accepted);  // already set
    ASSERT_TRUE(m.game->act(Seat::White, {{"type", "set-values"}, {"random", true}}, 0).accepted);
    EXPECT_EQ(m.game->seat_to_move(), Seat::White);
    EXPECT_NE(m.last("round-start"), nullptr);
}

TEST(ChiefSpyReferee, SetValuesRejectsBadAssignments) {
    Match m;
    auto dup = values("2,3,4,5,C,S,6,6");
    EXPECT_EQ(m.game->act(Seat::White, dup, 0).error,
              "set-values: use each of 2, 3, 4, 5, 6, 7, C and S exactly once");
    json::object missing = values(SpyOnF);
    missing["values"].as_object().erase("h");
    EXPECT_EQ(m.game->act(Seat::White, missing, 0).error,
              "set-values: no value for the piece starting on file h");
    auto one = values("1,3,4,5,C,S,6,7");
    EXPECT_EQ(m.game->act(Seat::White, one, 0).error,
              "set-values: the value for file a must be 2-7, C or S (C and S in capitals)");
    EXPECT_FALSE(m.game->act(Seat::White, {{"type", "set-values"}}, 0).accepted);
}

// docs/rules.md#fair-play-in-chief--spy spells the eight values 2-7, C and S (docs/chiefspy.md
// adds JSON integers 2-7); nothing else is read as one, and the reason names the file, never
// the value given.
TEST(ChiefSpyReferee, SetValuesAcceptsOnlyTheDocumentedSpelling) {
    const std::string nul("C\0", 2);
    for (const std::string& bad :
         {std::string("c"), std::string("chief"), std::string("Chief"), std::string("C "),
          std::string(" C"), std::string("\tC"), nul, std::string("")}) {
        Match m;
        json::object action = values(ChiefOnE);  // the Chief is on file e
        action["values"].as_object()["e"] = bad;
        auto r = m.game->act(Seat::White, action, 0);
        EXPECT_FALSE(r.accepted) << bad;
        EXPECT_EQ(r.error,
                  "set-values: the value for file e must be 2-7, C or S (C and S in capitals)")
            << bad;
    }
    for (const char* bad : {"s", "spy", "Spy"}) {
        Match m;
        json::object action = values(ChiefOnE);  // the Spy is on file d
        action["values"].as_object()["d"] = bad;
        EXPECT_EQ(m.game->act(Seat::White, action, 0).error,
                  "set-values: the value for file d must be 2-7, C or S (C and S in capitals)")
            << bad;
    }
    Match m;
    json::object numbers = values(ChiefOnE);
    numbers["values"].as_object()["a"] = 2;  // a JSON integer, as documented
    EXPECT_TRUE(m.game->act(Seat::White, numbers, 0).accepted);
    EXPECT_EQ(m.game->events()[1].body.at("values").at("a").as_string(), "2");
}

// A field of the wrong JSON type is refused with a reason that names the field.
TEST(ChiefSpyReferee, ActionFieldsOfTheWrongJsonTypeAreRejected) {
    Match m;
    auto act = [&](json::object action) { return m.game->act(Seat::White, action, 0).error; };
    const std::string needValues =
        "set-values needs \"values\": {\"a\": \"5\", ..., \"h\": \"S\"} or \"random\": true";
    EXPECT_EQ(act({{"type", "set-values"}, {"values", "x"}}), needValues);
    EXPECT_EQ(act({{"type", "set-values"}, {"values", json::array{"2", "3"}}}), needValues);
    EXPECT_EQ(act({{"type", "set-values"}, {"values", nullptr}}), needValues);
    EXPECT_EQ(act({{"type", "set-values"}, {"random", "yes"}}),
              "set-values: \"random\" must be true or false");
    EXPECT_EQ(act({{"type", "set-values"}, {"random", 1}}),
              "set-values: \"random\" must be true or false");
    json::object both = values(ChiefOnE);
    both["random"] = true;
    EXPECT_EQ(act(both), "set-values: give either \"values\" or \"random\": true, not both");
    json::object randomIsText = values(ChiefOnE);
    randomIsText["random"] = "no";
    EXPECT_EQ(act(randomIsText), "set-values: \"random\" must be true or false");
    for (json::value v : {json::value(true), json::value(5.0), json::value(nullptr),
                          json::value(json::object{}), json::value(json::array{"C"})}) {
        json::object wrong = values(ChiefOnE);
        wrong["values"].as_object()["e"] = v;
        EXPECT_EQ(act(wrong),
                  "set-values: the value for file e must be 2-7, C or S (C and S in capitals)")
            << json::serialize(v);
    }
    EXPECT_TRUE(m.game->events().size() == 1u);  // the set-up announcement only
    json::object randomFalse = values(ChiefOnE);
    randomFalse["random"] = false;
    EXPECT_TRUE(m.game->act(Seat::White, randomFalse, 0).accepted);
    ASSERT_TRUE(m.game->act(Seat::Black, values(SpyOnF), 0).accepted);
    const std::string needMove = "a move action needs a \"move\" string such as \"e2e4\"";
    for (json::value v : {json::value(5), json::value(nullptr), json::value(true),
                          json::value(json::array{"e2e4"}), json::value(json::object{})})
        EXPECT_EQ(act({{"type", "move"}, {"move", v}}), needMove) << json::serialize(v);
    EXPECT_EQ(act({{"type", "move"}}), needMove);
    EXPECT_EQ(act({{"type", 5}}), "the action has no \"type\" string");
}

TEST(ChiefSpyReferee, CommitmentPublishedAtRoundStartOpensAtRoundEnd) {
    Match m;
    m.setup(SpyOnF, ChiefOnE);
    const json::object* start = m.last("round-start");
    ASSERT_NE(start, nullptr);
    std::string commitWhite(start->at("commitments").at("white").as_string());
    m.play({"e2e4", "d7d5", "f1b5+b5e8"});
    const json::object* end = m.last("round-end");
    ASSERT_NE(end, nullptr);
    const auto& reveal = end->at("reveal").at("white").as_object();
    EXPECT_EQ(reveal.at("text").as_string(), SpyOnF);
    std::string preimage = "chiefspy-v1|white|" + std::string(SpyOnF) + "|" +
                           std::string(reveal.at("salt").as_string());
    EXPECT_EQ(reveal.at("salt").as_string().size(), 64u);
    EXPECT_EQ(sha256_hex(preimage), commitWhite);
    EXPECT_EQ(reveal.at("commitment").as_string(), commitWhite);
}

TEST(ChiefSpyReferee, ChiefCaptureScoresTwoAndEndsTheMatch) {
    Match m;
    m.setup(SpyOnF, ChiefOnE);
    m.play({"e2e4", "d7d5", "f1b5+b5e8"});
    const json::object* mv = m.last("move");
    EXPECT_EQ(mv->at("battle").at("winner").as_string(), "attacker");
    EXPECT_TRUE(mv->at("gambit").as_bool());
    EXPECT_EQ(m.last("round-end")->at("reason").as_string(), "chief-captured");
    EXPECT_TRUE(m.game->finished());
    EXPECT_EQ(m.game->result().score, "1-0");
    EXPECT_EQ(m.game->result().reason, "chief-captured");
}

TEST(ChiefSpyReferee, TwoSpyCapturesWinWithColoursAlternating) {
    Match m;
    // Round 1: seat white (White) takes Black's Spy king with its bishop: 1 point.
    m.setup("2,3,4,5,C,6,S,7", "2,3,4,C,S,5,6,7");
    m.play({"e2e4", "d7d5", "f1b5", "a7a6", "b5e8"});
    const json::object* end1 = m.last("round-end");
    ASSERT_NE(end1, nullptr);
    EXPECT_EQ(end1->at("reason").as_string(), "spy-captured");
    EXPECT_EQ(json::serialize(end1->at("score")), R"({"white":1,"black":0})");
    EXPECT_FALSE(m.game->finished());
    // Round 2: the colours swap; seat black now plays White and moves first.
    const json::object* setup = m.last("setup");
    EXPECT_EQ(setup->at("round").as_int64(), 2);
    EXPECT_EQ(json::serialize(setup->at("colourOf")), R"({"white":"black","black":"white"})");
    EXPECT_FALSE(m.game->act(Seat::White, move("e2e4"), 0).accepted);
    m.setup("2,3,4,5,C,6,S,7", "2,3,4,C,S,5,6,7");  // seat black (White) has the Spy king
    EXPECT_EQ(m.game->seat_to_move(), Seat::Black);
    m.play({"d2d4", "e7e6", "a2a3", "f8b4", "h2h3", "b4e1"});
    EXPECT_EQ(m.last("round-end")->at("reason").as_string(), "spy-captured");
    EXPECT_TRUE(m.game->finished());
    EXPECT_EQ(m.game->result().score, "1-0");  // seat white: 2 points
    auto view = m.game->view(Seat::Spectator, 0);
    EXPECT_EQ(json::serialize(view.at("score")), R"({"white":2,"black":0})");
}

TEST(ChiefSpyReferee, BothChiefsFallingDrawsTheMatchAtTwoAll) {
    Match m;
    m.setup("2,3,4,C,S,5,6,7", "2,3,4,C,S,5,6,7");
    // The Chief queens meet on h4 with +1 v +1 (the g5 pawn supports the defender).
    m.play({"e2e4", "e7e5", "d1h5", "d8h4", "a2a3", "g7g5", "h5h4"});
    const json::object* mv = m.last("move");
    EXPECT_EQ(mv->at("battle").at("winner").as_string(), "tie");
    EXPECT_TRUE(m.game->finished());
    EXPECT_EQ(m.game->result().score, "1/2-1/2");
}

TEST(ChiefSpyReferee, ResignationCountsAsLosingTheChief) {
    Match m;
    m.setup(SpyOnF, ChiefOnE);
    m.play({"e2e4"});
    ASSERT_TRUE(m.game->act(Seat::White, {{"type", "resign"}}, 0).accepted);  // on Black's turn
    EXPECT_EQ(m.last("round-end")->at("reason").as_string(), "resignation");
    EXPECT_EQ(m.game->result().score, "0-1");
    EXPECT_EQ(m.game->result().reason, "resignation");
    EXPECT_TRUE(m.last("round-end")->at("reveal").is_object());
}

TEST(ChiefSpyReferee, TimeoutCountsAsLosingTheChief) {
    GameOptions o;
    o.clock = TimeControl{60, 0};
    Match m(o);
    m.setup(SpyOnF, ChiefOnE);
    m.play({"e2e4", "d7d5"}, 1000);
    EXPECT_TRUE(m.game->check_time(100'000));
    EXPECT_EQ(m.last("round-end")->at("reason").as_string(), "timeout");
    EXPECT_EQ(m.game->result().score, "0-1");
}

TEST(ChiefSpyReferee, DrawByAgreementDrawsTheRoundOnly) {
    Match m;
    m.setup(SpyOnF, ChiefOnE);
    EXPECT_TRUE(m.game->act(Seat::White, {{"type", "draw-offer"}}, 0).accepted);
    EXPECT_TRUE(m.game->act(Seat::Black, {{"type", "draw-accept"}}, 0).accepted);
    EXPECT_EQ(m.last("round-end")->at("reason").as_string(), "agreement");
    EXPECT_FALSE(m.game->finished());
    EXPECT_EQ(m.last("setup")->at("round").as_int64(), 2);
    // No draw offers during the set-up.
    EXPECT_FALSE(m.game->act(Seat::White, {{"type", "draw-offer"}}, 0).accepted);
    // An offer standing when its round ends lapses with it (seat black is White now).
    m.setup("2,3,4,C,S,5,6,7", "2,3,4,5,C,6,S,7");
    m.play({"e2e4", "d7d5", "f1b5", "a7a6"});
    EXPECT_TRUE(m.game->act(Seat::Black, {{"type", "draw-offer"}}, 0).accepted);
    m.play({"b5e8"});  // takes the Spy: 1 point, the match goes on
    EXPECT_EQ(m.last("round-end")->at("round").as_int64(), 2);
    m.setup(SpyOnF, ChiefOnE);
    EXPECT_FALSE(m.game->act(Seat::White, {{"type", "draw-accept"}}, 0).accepted);
    EXPECT_TRUE(m.game->view(Seat::White, 0).at("drawOffer").is_null());
}

TEST(ChiefSpyReferee, ThreeDrawnRoundsDrawTheMatch) {
    Match m;
    for (int round = 0; round < 3; ++round) {
        m.setup(SpyOnF, ChiefOnE);
        ASSERT_TRUE(m.game->act(Seat::White, {{"type", "draw-offer"}}, 0).accepted);
        ASSERT_TRUE(m.game->act(Seat::Black, {{"type", "draw-accept"}}, 0).accepted);
    }
    EXPECT_TRUE(m.game->finished());
    EXPECT_EQ(m.game->result().score, "1/2-1/2");
    EXPECT_EQ(m.game->result().reason, "three-rounds");
}

TEST(ChiefSpyReferee, RejectsGambitByANonSpyWithoutNamingTheSpy) {
    Match m;
    m.setup(SpyOnF, ChiefOnE);
    m.play({"e2e4", "d7d5"});
    auto r = m.game->act(Seat::White, move("b1c3+c3d5"), 0);
    EXPECT_EQ(r.error, "illegal move 'b1c3+c3d5': only your Spy can make a Spy gambit");
    EXPECT_EQ(m.game->act(Seat::White, move("e4e5x"), 0).error,
              "move 'e4e5x': unknown promotion suffix 'x' (use q, k, r, n, b, gr, gn or gb)");
    EXPECT_EQ(m.game->act(Seat::White, move("zz"), 0).error,
              "move 'zz': expected two squares such as e2e4");
    EXPECT_EQ(m.game->act(Seat::Black, move("e7e5"), 0).error, "it is not your turn");
}

TEST(ChiefSpyReferee, PlayerViewShowsOwnInitialValuesOnlyAndMarksWinners) {
    Match m;
    m.setup("7,3,4,5,C,S,6,2", ChiefOnE);
    // 1. Nc3 d5 2. Nxd5: the great knight (3) wins 3+1 v 1+1 and may have lost value.
    m.play({"b1c3", "d7d5", "c3d5"});
    auto white = m.game->view(Seat::White, 0);
    auto black = m.game->view(Seat::Black, 0);
    auto spectator = m.game->view(Seat::Spectator, 0);
    EXPECT_EQ(white.at("myValues").at("a").as_string(), "7");
    EXPECT_TRUE(spectator.at("myValues").is_null());
    for (const auto& p : black.at("pieces").as_array()) {
        const auto& o = p.as_object();
        if (o.at("colour").as_string() == "white") {
            EXPECT_FALSE(o.contains("initial"));
        }
        if (o.at("colour").as_string() == "black" && o.at("id") == json::value("d")) {
            EXPECT_EQ(o.at("initial").as_string(), "S");
        }
    }
    for (const auto& p : white.at("pieces").as_array()) {
        const auto& o = p.as_object();
        if (o.at("id") == json::value("b") && o.at("colour").as_string() == "white") {
            EXPECT_EQ(o.at("square").as_string(), "d5");
            EXPECT_EQ(o.at("initial").as_string(), "3");  // the initial value, never the current
            EXPECT_TRUE(o.at("changed").as_bool());
        }
    }
    ASSERT_EQ(white.at("battles").as_array().size(), 1u);
    EXPECT_EQ(
        json::serialize(white.at("battles").at(0)),
        R"({"attacker":{"colour":"white","type":"knight","id":"b","square":"c3"},)"
        R"("defender":{"colour":"black","type":"pawn","id":null,"square":"d5"},)"
        R"("contested":"d5","bonus":{"attacker":1,"defender":1},"winner":"attacker","ply":3})");
    EXPECT_TRUE(white.at("legalMoves").as_array().empty());
    EXPECT_FALSE(black.at("legalMoves").as_array().empty());
    EXPECT_EQ(json::serialize(white.at("reserves").at("black")), R"({"pieces":[],"pawns":1})");
}

TEST(ChiefSpyReferee, LegalActionsDuringSetUpAndPlay) {
    Match m;
    auto a = m.game->legal_actions(Seat::White);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(json::serialize(a[0]), R"({"type":"set-values","random":true})");
    m.setup(SpyOnF, ChiefOnE);
    EXPECT_EQ(m.game->legal_actions(Seat::White).size(), 20u);
    EXPECT_TRUE(m.game->legal_actions(Seat::Black).empty());
}

TEST(ChiefSpyReferee, RecordVerifiesAndATamperedRecordFails) {
    Match m;
    m.setup(SpyOnF, ChiefOnE);
    m.play({"e2e4", "d7d5", "f1b5+b5e8"});
    std::string rec = m.game->record();
    auto v = verify_chiefspy_record(rec);
    EXPECT_TRUE(v.ok) << rec;
    // Claim other values for White: the commitment no longer opens.
    std::string forged = rec;
    auto pos = forged.find("[WhiteValues \"2,3,4,5,C,S,6,7\"]");
    ASSERT_NE(pos, std::string::npos);
    forged.replace(pos, 31, "[WhiteValues \"3,2,4,5,C,S,6,7\"]");
    EXPECT_FALSE(verify_chiefspy_record(forged).ok);
    // Claim another battle outcome: the replay disagrees.
    std::string lied = rec;
    pos = lied.find("winner attacker");
    ASSERT_NE(pos, std::string::npos);
    lied.replace(pos, 15, "winner defender");
    EXPECT_FALSE(verify_chiefspy_record(lied).ok);
}

TEST(ChiefSpyReferee, BoardFromAViewGivesTheSeatsLegalMoves) {
    int games = std::getenv("ARBITER_SANITIZED") ? 5 : 20;
    for (int seed = 1; seed <= games; ++seed) {
        SeededRandom random(seed), rng(seed * 13);
        auto game = create_game("chiefspy", {}, random);
        for (int guard = 0; !game->finished() && guard < 400; ++guard) {
            if (!game->seat_to_move()) {
                for (Seat s : {Seat::White, Seat::Black})
                    ASSERT_TRUE(
                        game->act(s, {{"type", "set-values"}, {"random", true}}, 0).accepted);
                continue;
            }
            Seat mover = *game->seat_to_move();
            json::object view = game->view(mover, 0);
            chiefspy::Board board = chiefspy_board_from_view(view);
            ASSERT_EQ(board.fen(), view.at("fen").as_string());
            chiefspy::Slot spy = chiefspy::NoSlot;
            for (const auto& [file, value] : view.at("myValues").as_object())
                if (value.as_string() == "S") spy = file[0] - 'a';
            json::array moves;
            for (const auto& m : board.legal_moves(spy))
                moves.push_back(json::value(board.move_text(m)));
            ASSERT_EQ(json::serialize(moves), json::serialize(view.at("legalMoves")));
            auto actions = game->legal_actions(mover);
            ASSERT_TRUE(
                game->act(mover, actions[rng.uniform(std::uint32_t(actions.size()))], 0).accepted);
        }
    }
}
