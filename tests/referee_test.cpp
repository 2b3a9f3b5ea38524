#include <gtest/gtest.h>

#include "referee/commitment.h"
#include "referee/game.h"

using namespace arbiter;
using namespace arbiter::referee;

namespace {
json::object move(const char* uci) { return {{"type", "move"}, {"move", uci}}; }
}  // namespace

TEST(Commitment, Sha256OfKnownText) {
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_TRUE(verify_commitment(sha256_hex("x|y"), "x|y"));
    EXPECT_FALSE(verify_commitment(sha256_hex("x|y"), "x|z"));
}

TEST(Commitment, SaltIs64LowercaseHexDigits) {
    SecureRandom random;
    std::string salt = new_salt(random);
    ASSERT_EQ(salt.size(), 64u);
    for (char c : salt) EXPECT_TRUE((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    EXPECT_NE(salt, new_salt(random));
}

TEST(RandomTape, ReplayReproducesDraws) {
    SeededRandom seeded(42);
    RecordingRandom recording(seeded);
    std::uint32_t a = recording.uniform(1000), b = recording.uniform(7);
    ReplayRandom replay(recording.tape());
    EXPECT_EQ(replay.uniform(1000), a);
    EXPECT_EQ(replay.uniform(7), b);
    EXPECT_THROW(replay.uniform(7), std::runtime_error);
}

// Every game reads a move's text strictly: a trailing NUL, white space or other control
// character is refused, not trimmed, and the reason carries no raw control byte.
TEST(Referee, MoveTextWithATrailingNulOrControlCharacterIsRejectedByEveryGame) {
    for (const char* variant : {"chess", "chiefspy", "minesweeper"}) {
        for (std::string_view text : {std::string_view("e2e4\0", 5), std::string_view("e2e4\t"),
                                      std::string_view("e2e4 "), std::string_view("e2e4\n"),
                                      std::string_view("e2e4\r\n"), std::string_view("e2e4\x7f")}) {
            SeededRandom random(3);
            auto game = create_game(variant, {}, random);
            if (std::string_view(variant) == "chiefspy") {
                for (Seat s : {Seat::White, Seat::Black})
                    ASSERT_TRUE(
                        game->act(s, {{"type", "set-values"}, {"random", true}}, 0).accepted);
            }
            const std::size_t events = game->events().size();
            auto r = game->act(Seat::White, {{"type", "move"}, {"move", json::string(text)}}, 0);
            EXPECT_FALSE(r.accepted) << variant << " " << json::serialize(json::string(text));
            for (char c : r.error)
                EXPECT_TRUE(c >= 0x20 && c < 0x7f)
                    << variant << ": raw byte " << int(static_cast<unsigned char>(c)) << " in "
                    << json::serialize(json::string(r.error));
            EXPECT_EQ(game->events().size(), events) << variant;
            EXPECT_TRUE(game->act(Seat::White, {{"type", "move"}, {"move", "e2e4"}}, 0).accepted)
                << variant;
        }
    }
}

TEST(ChessReferee, FoolsMateEndsTheGame) {
    SeededRandom random(1);
    auto game = create_game("chess", {}, random);
    std::int64_t t = 0;
    for (const char* m : {"f2f3", "e7e5", "g2g4"})
        ASSERT_TRUE(game->act(game->seat_to_move() == Seat::White ? Seat::White : Seat::Black,
                              move(m), t += 1000)
                        .accepted);
    EXPECT_TRUE(game->act(Seat::Black, move("d8h4"), t).accepted);
    EXPECT_TRUE(game->finished());
    EXPECT_EQ(game->result().score, "0-1");
    EXPECT_EQ(game->result().reason, "checkmate");
    EXPECT_FALSE(game->act(Seat::White, move("e2e4"), t).accepted);
}

TEST(ChessReferee, RejectsOutOfTurnSpectatorAndIllegalMoves) {
    SeededRandom random(1);
    auto game = create_game("chess", {}, random);
    EXPECT_EQ(game->act(Seat::Black, move("e7e5"), 0).error, "it is not your turn");
    EXPECT_EQ(game->act(Seat::Spectator, move("e2e4"), 0).error, "spectators cannot act");
    EXPECT_FALSE(game->act(Seat::White, move("e2e5"), 0).accepted);
    EXPECT_FALSE(game->act(Seat::White, {{"type", "fly"}}, 0).accepted);
    EXPECT_FALSE(game->act(Seat::White, {{"kind", "move"}}, 0).accepted);
    EXPECT_TRUE(game->events().empty());
}

TEST(ChessReferee, DrawOfferThenAcceptance) {
    SeededRandom random(1);
    auto game = create_game("chess", {}, random);
    ASSERT_TRUE(game->act(Seat::White, {{"type", "draw-offer"}}, 0).accepted);
    EXPECT_FALSE(game->act(Seat::White, {{"type", "draw-accept"}}, 0).accepted);
    ASSERT_TRUE(game->act(Seat::Black, {{"type", "draw-accept"}}, 0).accepted);
    EXPECT_EQ(game->result().score, "1/2-1/2");
    EXPECT_EQ(game->result().reason, "agreement");
}

TEST(ChessReferee, FlagFallLosesButNotAgainstABareKing) {
    GameOptions opts;
    opts.clock = TimeControl{60, 0};
    SeededRandom random(1);
    auto game = create_game("chess", opts, random);
    ASSERT_TRUE(game->act(Seat::White, move("e2e4"), 0).accepted);
    ASSERT_TRUE(game->act(Seat::Black, move("e7e5"), 1000).accepted);
    // White's clock runs from here; 61 s later the flag has fallen.
    EXPECT_TRUE(game->check_time(62'000));
    EXPECT_EQ(game->result().score, "0-1");
    EXPECT_EQ(game->result().reason, "timeout");

    GameOptions bare = opts;
    bare.variant["fen"] = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    auto game2 = create_game("chess", bare, random);
    ASSERT_TRUE(game2->act(Seat::White, move("e2e3"), 0).accepted);
    ASSERT_TRUE(game2->act(Seat::Black, move("e8d8"), 0).accepted);
    ASSERT_TRUE(game2->act(Seat::White, move("e3e4"), 0).accepted);
    EXPECT_TRUE(game2->check_time(120'000));  // Black flags; White has a pawn and can mate
    EXPECT_EQ(game2->result().score, "1-0");

    auto game3 = create_game("chess", bare, random);
    ASSERT_TRUE(game3->act(Seat::White, move("e2e3"), 0).accepted);
    ASSERT_TRUE(game3->act(Seat::Black, move("e8d8"), 0).accepted);
    EXPECT_TRUE(game3->check_time(120'000));  // White flags; Black has only its king
    EXPECT_EQ(game3->result().score, "1/2-1/2");
}

// Found by fuzz/json_action_fuzz.cpp: a chess "fen" option that is not a position escaped
// create_game as a NotationError; bad options are a std::invalid_argument, as for the others.
TEST(ChessReferee, BadFenOptionIsAnInvalidArgument) {
    for (const char* fen : {"8/8/8/8/8/8/8/8 w - - 0 1", "not a fen"}) {
        GameOptions opts;
        opts.variant["fen"] = fen;
        SeededRandom random(1);
        try {
            create_game("chess", opts, random);
            ADD_FAILURE() << fen;
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()).rfind("option fen: FEN", 0), 0u) << e.what();
        }
    }
}

// PGN's Termination tag takes the standard's own values; the reason in words goes beside it.
TEST(ChessReferee, RecordUsesStandardTerminationAndTimeControl) {
    GameOptions opts;
    opts.clock = TimeControl{300, 2};
    SeededRandom random(1);
    auto game = create_game("chess", opts, random);
    RecordHeaders h;
    h.date = "2026.12.01";
    h.white = "Anonymous";
    h.black = "Arbiter level 3";
    game->set_record_headers(h);
    std::string open = game->record();
    EXPECT_NE(open.find("[Termination \"unterminated\"]"), std::string::npos) << open;
    EXPECT_NE(open.find("[TimeControl \"300+2\"]"), std::string::npos) << open;
    EXPECT_NE(open.find("[Date \"2026.12.01\"]"), std::string::npos) << open;
    EXPECT_NE(open.find("[Black \"Arbiter level 3\"]"), std::string::npos) << open;
    ASSERT_TRUE(game->act(Seat::White, {{"type", "move"}, {"move", "e2e4"}}, 0).accepted);
    ASSERT_TRUE(game->act(Seat::Black, {{"type", "move"}, {"move", "e7e5"}}, 1000).accepted);
    EXPECT_TRUE(game->check_time(1000 + 301'000));  // White's flag
    std::string over = game->record();
    EXPECT_NE(over.find("[Termination \"time forfeit\"]"), std::string::npos) << over;
    EXPECT_NE(over.find("[TerminationReason \"timeout\"]"), std::string::npos) << over;
    auto resigned = create_game("chess", GameOptions{}, random);
    ASSERT_TRUE(resigned->act(Seat::White, {{"type", "resign"}}, 0).accepted);
    EXPECT_NE(resigned->record().find("[Termination \"normal\"]"), std::string::npos);
    auto aborted = create_game("chess", GameOptions{}, random);
    ASSERT_TRUE(aborted->act(Seat::White, {{"type", "abort"}}, 0).accepted);
    EXPECT_NE(aborted->record().find("[Termination \"abandoned\"]"), std::string::npos);
}
