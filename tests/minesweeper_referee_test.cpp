// Minesweeper Chess under the referee: commitment and reveal
// (docs/rules.md#fair-play-in-minesweeper-chess), the events of the interaction table, the
// shared view, the record, and the leak test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <regex>

#include "referee/commitment.h"
#include "referee/game.h"
#include "variants/minesweeper/position.h"

using namespace arbiter;
using namespace arbiter::referee;
using arbiter::minesweeper::G;

namespace {

constexpr const char* AllFog = " zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~";
constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

bool sanitized() {
    const char* v = std::getenv("ARBITER_SANITIZED");
    return v && std::string(v) == "1";
}

json::object move(const std::string& uci) { return {{"type", "move"}, {"move", uci}}; }

std::unique_ptr<Game> game_from(const std::string& fen, std::uint64_t seed = 7) {
    SeededRandom random(seed);
    GameOptions options;
    options.variant["fen"] = fen;
    return create_game("minesweeper", options, random);
}

std::string fogged(const std::string& pieces, const std::string& layout, int mines) {
    return pieces + AllFog + " counter:" + std::to_string(mines) + " layout:" + layout;
}

Seat mover(const Game& g) { return *g.seat_to_move(); }

void play(Game& g, const std::string& uci) {
    auto r = g.act(mover(g), move(uci), 0);
    ASSERT_TRUE(r.accepted) << uci << ": " << r.error;
}

// The types of the events from seq `from` on.
std::vector<std::string> types_since(const Game& g, std::uint64_t from) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < g.events().size(); ++i)
        out.emplace_back(g.events()[i].body.at("type").as_string());
    return out;
}

const json::object& last_of(const Game& g, std::string_view type) {
    for (auto it = g.events().rbegin(); it != g.events().rend(); ++it)
        if (it->body.at("type").as_string() == type) return it->body;
    static const json::object none;
    ADD_FAILURE() << "no event " << type;
    return none;
}

std::string text(const json::object& o) { return json::serialize(o); }

}  // namespace

TEST(MinesweeperReferee, CommitsAtTheStartAndRevealsAtTheEnd) {
    SeededRandom random(99);
    auto game = create_game("minesweeper", {}, random);
    ASSERT_EQ(game->events().size(), 1u);
    const auto& first = game->events()[0];
    EXPECT_EQ(first.audience, Audience::Everyone);
    EXPECT_EQ(first.body.at("type").as_string(), "commitment");
    std::string commitment(first.body.at("commitment").as_string());
    EXPECT_EQ(commitment.size(), 64u);
    EXPECT_EQ(text(game->view(Seat::White, 0)).find("preimage"), std::string::npos);

    ASSERT_TRUE(game->act(Seat::White, {{"type", "resign"}}, 0).accepted);
    const auto& reveal = last_of(*game, "reveal");
    std::string preimage(reveal.at("preimage").as_string());
    EXPECT_TRUE(verify_commitment(commitment, preimage));
    EXPECT_TRUE(std::regex_match(
        preimage, std::regex(R"(minesweeper-v1\|[a-h]\d+(,[a-h]\d+){3}\|[0-9a-f]{64})")));
    // The four squares, in index order, on ranks 4-7, and the same as the "mines" list.
    std::string list;
    Square previous = -1;
    for (const auto& m : reveal.at("mines").as_array()) {
        auto s = *G::parse_square(std::string(m.as_string()));
        EXPECT_GT(s, previous);
        EXPECT_TRUE(minesweeper::FogZone & minesweeper::bb(s));
        previous = s;
        list += (list.empty() ? "" : ",") + std::string(m.as_string());
    }
    EXPECT_EQ(preimage,
              "minesweeper-v1|" + list + "|" + std::string(reveal.at("salt").as_string()));
    auto view = game->view(Seat::Spectator, 0);
    EXPECT_EQ(text(view.at("reveal").as_object()), text([&] {
                  json::object r = reveal;
                  r.erase("type");
                  return r;
              }()));
}

TEST(MinesweeperReferee, LayoutsAreUniformOverTheFogZone) {
    // Each of the 32 squares should hold a mine in about 4/32 of the games.
    std::array<int, G::Squares> hits{};
    const int games = sanitized() ? 400 : 4000;
    SeededRandom random(5);
    for (int i = 0; i < games; ++i) {
        auto game = create_game("minesweeper", {}, random);
        game->act(Seat::White, {{"type", "abort"}}, 0);
        for (const auto& m : last_of(*game, "reveal").at("mines").as_array())
            ++hits[*G::parse_square(std::string(m.as_string()))];
    }
    for (Square s = 0; s < G::Squares; ++s) {
        if (!(minesweeper::FogZone & minesweeper::bb(s))) {
            EXPECT_EQ(hits[s], 0);
            continue;
        }
        double expected = games * 4.0 / 32;
        EXPECT_NEAR(hits[s], expected, 5 * std::sqrt(expected)) << G::square_name(s);
    }
}

TEST(MinesweeperReferee, KnightExplosionEvents) {
    auto game = game_from(fogged("4k3/p7/8/8/8/8/8/6N1/P7/4K3 w - - 0 1", "f5,a7", 2));
    auto from = game->events().size();
    play(*game, "g3f5");
    EXPECT_EQ(types_since(*game, from),
              (std::vector<std::string>{"move", "explosion", "fog-lifted"}));
    const auto& e = last_of(*game, "explosion");
    EXPECT_EQ(e.at("square").as_string(), "f5");
    EXPECT_EQ(e.at("piece").as_string(), "knight");
    EXPECT_EQ(e.at("color").as_string(), "white");
    EXPECT_EQ(e.at("counter").as_int64(), 1);
    EXPECT_EQ(last_of(*game, "fog-lifted").at("squares").as_array().size(), 9u);
    EXPECT_FALSE(game->finished());
    EXPECT_EQ(
        std::string(game->view(Seat::White, 0).at("fen").as_string()),
        "4k3/p7/8/8/8/8/8/8/P7/4K3 b - - 1 1 zone:~~~~~~~~/~~~~...~/~~~~...~/~~~~...~ counter:1");
}

TEST(MinesweeperReferee, SapperAndRoyalSapperEvents) {
    auto game = game_from(fogged("4k3/8/8/8/8/8/8/3KP3/8/8 w - - 0 1", "e4,d4,a7", 3));
    auto from = game->events().size();
    play(*game, "e3e3");
    EXPECT_EQ(types_since(*game, from),
              (std::vector<std::string>{"move", "mine-cleared", "fog-lifted"}));
    EXPECT_EQ(last_of(*game, "mine-cleared").at("by").as_string(), "sapper");
    EXPECT_TRUE(last_of(*game, "move").at("sapper").as_bool());
    play(*game, "e10e9");
    from = game->events().size();
    play(*game, "d3d4");
    EXPECT_EQ(types_since(*game, from),
              (std::vector<std::string>{"move", "mine-cleared", "fog-lifted"}));
    EXPECT_EQ(last_of(*game, "mine-cleared").at("by").as_string(), "king");
    EXPECT_EQ(last_of(*game, "mine-cleared").at("counter").as_int64(), 1);
    auto view = game->view(Seat::Black, 0);
    EXPECT_EQ(view.at("counter").as_int64(), 1);
    EXPECT_EQ(view.at("mines").as_array().size(), 0u);
    EXPECT_FALSE(view.at("fogGone").as_bool());
}

TEST(MinesweeperReferee, FogGoneAndCheckEvents) {
    // d2d4 discovers the only mine (e4): the fog goes for good. Then a check.
    auto game = game_from(fogged("3k4/8/8/8/8/8/8/8/3PP3/4K2R w K - 0 1", "e4", 1));
    auto from = game->events().size();
    play(*game, "d2d4");
    EXPECT_EQ(types_since(*game, from),
              (std::vector<std::string>{"move", "fog-lifted", "fog-gone"}));
    auto view = game->view(Seat::White, 0);
    EXPECT_TRUE(view.at("fogGone").as_bool());
    EXPECT_EQ(view.at("mines").as_array().size(), 1u);
    EXPECT_EQ(view.at("numbers").as_object().at("d4").as_int64(), 1);
    play(*game, "d10c10");
    from = game->events().size();
    play(*game, "h1h10");
    EXPECT_EQ(types_since(*game, from), (std::vector<std::string>{"move", "check"}));
    EXPECT_EQ(last_of(*game, "check").at("side").as_string(), "black");
}

TEST(MinesweeperReferee, KingExposedLosesAtOnce) {
    auto game = game_from(fogged("k3r3/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1", "e5,a7", 2));
    auto from = game->events().size();
    play(*game, "e2e5");
    EXPECT_EQ(types_since(*game, from),
              (std::vector<std::string>{"move", "explosion", "fog-lifted", "result", "reveal"}));
    EXPECT_EQ(game->result().score, "0-1");
    EXPECT_EQ(game->result().reason, "king exposed");
    std::string record = game->record();
    EXPECT_NE(record.find("[Variant \"Minesweeper Chess\"]"), std::string::npos);
    EXPECT_NE(record.find("[Mines \"e5,a7\"]"), std::string::npos);
    EXPECT_NE(record.find("[Salt \""), std::string::npos);
    EXPECT_NE(record.find("1. e2e5 {white rook destroyed by a mine on e5} 0-1"), std::string::npos)
        << record;
}

TEST(MinesweeperReferee, RecordHasSapperMovesAndNoSecretsBeforeTheEnd) {
    SeededRandom random(3);
    auto game = create_game("minesweeper", {}, random);
    play(*game, "e2e3");
    play(*game, "d9d8");
    play(*game, "e3e3");
    std::string record = game->record();
    EXPECT_NE(record.find("[Variant \"Minesweeper Chess\"]"), std::string::npos);
    EXPECT_NE(record.find("1. e2e3 d9d8 2. e3e3"), std::string::npos) << record;
    EXPECT_EQ(record.find("[FEN"), std::string::npos);  // the standard start
    EXPECT_EQ(record.find("[Mines "), std::string::npos);
    EXPECT_EQ(record.find("[Salt "), std::string::npos);
    EXPECT_NE(record.find("[Commitment \""), std::string::npos);
    game->act(Seat::Black, {{"type", "resign"}}, 0);
    record = game->record();
    EXPECT_NE(record.find("[Mines \""), std::string::npos);
    EXPECT_NE(record.find("[CommitmentText \"minesweeper-v1|"), std::string::npos);
}

TEST(MinesweeperReferee, EveryoneGetsTheSameView) {
    SeededRandom random(11);
    auto game = create_game("minesweeper", {}, random);
    for (const char* m : {"e2e4", "d9d7", "e4e5", "d7d6"})
        if (!game->finished()) game->act(mover(*game), move(m), 0);
    auto strip = [](json::object v) {
        v.erase("seat");
        return text(v);
    };
    std::string w = strip(game->view(Seat::White, 0));
    EXPECT_EQ(w, strip(game->view(Seat::Black, 0)));
    EXPECT_EQ(w, strip(game->view(Seat::Spectator, 0)));
    auto view = game->view(Seat::Spectator, 0);
    for (const char* key :
         {"fen", "initialFen", "fog", "numbers", "mines", "counter", "minesAtStart", "fogGone",
          "moves", "legalMoves", "check", "commitment", "reveal"})
        EXPECT_TRUE(view.contains(key)) << key;
    for (const auto* e : game->events_for(Seat::Spectator))
        EXPECT_EQ(e->audience, Audience::Everyone);
}

TEST(MinesweeperReferee, LegalMovesIncludeSapperActions) {
    SeededRandom random(12);
    auto game = create_game("minesweeper", {}, random);
    play(*game, "e2e3");
    auto actions = game->legal_actions(Seat::Black);
    EXPECT_EQ(actions.size(), 20u + 8u);  // 20 chess moves and 8 sapper actions
    bool sapper = false;
    for (const auto& a : actions) sapper |= a.at("move").as_string() == "e9e9";
    EXPECT_TRUE(sapper);
    EXPECT_TRUE(game->legal_actions(Seat::White).empty());
}

TEST(MinesweeperReferee, BadInputIsRejectedClearly) {
    SeededRandom random(13);
    auto game = create_game("minesweeper", {}, random);
    EXPECT_EQ(game->act(Seat::Black, move("e9e8"), 0).error, "it is not your turn");
    EXPECT_NE(game->act(Seat::White, move("e2"), 0).error.find("expected squares"),
              std::string::npos);
    EXPECT_NE(game->act(Seat::White, move("e1e1"), 0).error.find("only a pawn"), std::string::npos);
    EXPECT_NE(game->act(Seat::White, move("e2e5"), 0).error.find("not legal"), std::string::npos);
    EXPECT_NE(game->act(Seat::White, {{"type", "move"}}, 0).error.find("needs a \"move\""),
              std::string::npos);
    EXPECT_NE(game->act(Seat::White, {{"type", "claim-draw"}}, 0).error.find("unknown action"),
              std::string::npos);
    EXPECT_EQ(game->events().size(), 1u);  // the commitment only
    GameOptions bad;
    bad.variant["fen"] = std::string(Start) + AllFog + " counter:4";  // no layout
    EXPECT_THROW(create_game("minesweeper", bad, random), std::invalid_argument);
    bad.variant["fen"] = "nonsense";
    EXPECT_THROW(create_game("minesweeper", bad, random), std::invalid_argument);
}

// A "move" of the wrong JSON type is refused with a reason naming the field (the server maps
// a rejection to HTTP 400); nothing is played.
TEST(MinesweeperReferee, MoveOfTheWrongJsonTypeIsRejected) {
    SeededRandom random(13);
    auto game = create_game("minesweeper", {}, random);
    for (json::value v : {json::value(5), json::value(nullptr), json::value(true),
                          json::value(json::array{"e2e4"}), json::value(json::object{})})
        EXPECT_EQ(game->act(Seat::White, {{"type", "move"}, {"move", v}}, 0).error,
                  "a move action needs a \"move\" string such as \"e2e4\" or \"e5e5\" (sapper)")
            << json::serialize(v);
    EXPECT_EQ(game->events().size(), 1u);  // the commitment only
}

TEST(MinesweeperReferee, ThreefoldRepetitionEndsTheGameAtOnce) {
    auto game = game_from(std::string(Start));  // plain: no fog, so the start itself repeats
    for (int n = 0; n < 2; ++n)
        for (const char* m : {"g1f3", "g10f8", "f3g1", "f8g10"}) play(*game, m);
    EXPECT_TRUE(game->finished());
    EXPECT_EQ(game->result().reason, "threefold repetition");
    EXPECT_EQ(game->result().score, "1/2-1/2");
}

TEST(MinesweeperReferee, DrawByAgreement) {
    SeededRandom random(14);
    auto game = create_game("minesweeper", {}, random);
    ASSERT_TRUE(game->act(Seat::White, {{"type", "draw-offer"}}, 0).accepted);
    ASSERT_TRUE(game->act(Seat::Black, {{"type", "draw-accept"}}, 0).accepted);
    EXPECT_EQ(game->result().reason, "agreement");
    EXPECT_EQ(types_since(*game, 0).back(), "reveal");
}

// The leak test. Two games start from layouts that differ in one mine and get the same
// moves. While everything public (the public FEN: pieces, fog, numbers, discovered mines,
// counter) is the same in both, every view and every event to every seat must be the same
// byte for byte, apart from the commitment hash. No text may contain the salt or the
// commitment's preimage before the end, and the reveal must open the commitment.
TEST(MinesweeperReferee, LeakTestRandomGames) {
    using namespace arbiter::minesweeper;
    const int games = sanitized() ? 25 : 200;
    const Seat seats[] = {Seat::White, Seat::Black, Seat::Spectator};
    int explosions = 0, diverged = 0, plies = 0;
    for (int g = 0; g < games; ++g) {
        SeededRandom dice(1000 + g);
        // Layout A: four random fog squares; B: A with one mine moved elsewhere.
        std::vector<Square> zone;
        for (Bitboard b = FogZone; b;) zone.push_back(pop_lsb(b));
        for (int i = 0; i < 5; ++i) std::swap(zone[i], zone[i + dice.uniform(32 - i)]);
        Bitboard a = bb(zone[0]) | bb(zone[1]) | bb(zone[2]) | bb(zone[3]);
        Bitboard b = (a & ~bb(zone[dice.uniform(4)])) | bb(zone[4]);
        auto gameA = game_from(MinesweeperPosition::start(a).full_fen(), 50 + g);
        auto gameB = game_from(MinesweeperPosition::start(b).full_fen(), 90000 + g);
        // With a set-up FEN the game's first draw is its salt: recompute it.
        SeededRandom saltSource(50 + g);
        const std::string salt = new_salt(saltSource);
        std::string commitment[2];
        for (int k = 0; k < 2; ++k)
            commitment[k] =
                std::string((k ? *gameB : *gameA).events()[0].body.at("commitment").as_string());
        bool same = true;
        std::uint64_t seen = 0;
        auto strip = [&](json::object o) {
            o.erase("commitment");
            return text(o);
        };
        auto check_no_secret = [&](const std::string& t, const Game& game) {
            if (game.finished()) return;
            EXPECT_EQ(t.find("minesweeper-v1|"), std::string::npos);
            EXPECT_EQ(t.find("layout:"), std::string::npos);
            EXPECT_EQ(t.find("preimage"), std::string::npos);
            EXPECT_EQ(t.find("salt"), std::string::npos);
            EXPECT_EQ(t.find(salt), std::string::npos);
        };
        for (int ply = 0; ply < 120 && !gameA->finished(); ++ply) {
            for (Seat s : seats) {
                // Once the twins have diverged, views are only searched for secrets now and then.
                if (same || ply % 8 == 0) {
                    std::string va = strip(gameA->view(s, 0));
                    check_no_secret(va, *gameA);
                    if (same) {
                        std::string vb = strip(gameB->view(s, 0));
                        check_no_secret(vb, *gameB);
                        ASSERT_EQ(va, vb) << "game " << g << " ply " << ply;
                    }
                }
                for (const auto* e : gameA->events_for(s, seen))
                    check_no_secret(text(e->body), *gameA);
                if (same) {
                    auto ea = gameA->events_for(s, seen), eb = gameB->events_for(s, seen);
                    ASSERT_EQ(ea.size(), eb.size());
                    for (std::size_t i = 0; i < ea.size(); ++i)
                        ASSERT_EQ(strip(ea[i]->body), strip(eb[i]->body)) << "game " << g;
                }
            }
            seen = gameA->events().size();
            auto actions = gameA->legal_actions(mover(*gameA));
            ASSERT_FALSE(actions.empty());
            const auto& action = actions[dice.uniform(std::uint32_t(actions.size()))];
            ASSERT_TRUE(gameA->act(mover(*gameA), action, 0).accepted);
            ++plies;
            if (same) {
                auto r = gameB->act(mover(*gameB), action, 0);
                ASSERT_TRUE(r.accepted) << r.error;  // legality depends on public facts only
                if (gameA->view(Seat::Spectator, 0).at("fen") !=
                    gameB->view(Seat::Spectator, 0).at("fen"))
                    same = false, ++diverged;
            }
        }
        for (const auto& e : gameA->events())
            explosions += e.body.at("type").as_string() == "explosion";
        if (!gameA->finished()) gameA->act(mover(*gameA), {{"type", "resign"}}, 0);
        const auto& reveal = last_of(*gameA, "reveal");
        EXPECT_EQ(reveal.at("salt").as_string(), salt);
        EXPECT_TRUE(
            verify_commitment(commitment[0], std::string(reveal.at("preimage").as_string())));
        std::string list;
        for (Bitboard m = a; m;) list += (list.empty() ? "" : ",") + G::square_name(pop_lsb(m));
        EXPECT_EQ(std::string(reveal.at("preimage").as_string()),
                  "minesweeper-v1|" + list + "|" + std::string(reveal.at("salt").as_string()));
    }
    // The test only means something if the games did meet mines and tell layouts apart.
    EXPECT_GT(explosions, 0);
    EXPECT_GT(diverged, games / 4);
    EXPECT_GT(plies, games * 20);
}
