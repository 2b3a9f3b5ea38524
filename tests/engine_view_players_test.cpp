// The computer players of Chief & Spy and Minesweeper Chess (engine/view_player.h): they
// choose legal actions only, read nothing but the view, and beat the random player.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdio>
#include <set>
#include <sstream>

#include "belief/mine_view_json.h"
#include "engine/chiefspy_player.h"
#include "engine/minesweeper_player.h"
#include "engine/selfplay.h"
#include "referee/game.h"
#include "server/computer.h"
#include "test_paths.h"
#include "test_support.h"
#include "variants/minesweeper/notation.h"

using namespace arbiter;
using namespace arbiter::engine;
using referee::Seat;
using referee::SeededRandom;

namespace {

json::object move_action(const std::string& text) { return {{"type", "move"}, {"move", text}}; }

// Plays a referee-run game between two players; every action they choose must be accepted.
// Calls check(view, seat) before each move.
template <typename Check>
void play_game(const std::string& variant, ViewPlayer& white, ViewPlayer& black, std::uint64_t seed,
               int maxActions, Check check) {
    SeededRandom secrets(seed), rw(seed + 1), rb(seed + 2);
    auto game = referee::create_game(variant, {}, secrets);
    for (int n = 0; n < maxActions && !game->finished(); ++n) {
        for (Seat seat : {Seat::White, Seat::Black}) {
            auto legal = game->legal_actions(seat);
            if (legal.empty()) continue;
            json::object view = game->view(seat, n);
            check(view, seat);
            ViewPlayer& p = seat == Seat::White ? white : black;
            json::object action = p.choose(view, legal, seat == Seat::White ? rw : rb);
            auto r = game->act(seat, action, n + 1);
            ASSERT_TRUE(r.accepted) << json::serialize(action) << ": " << r.error;
            break;
        }
    }
}

int games(int normal, int sanitized) { return test::sanitized() ? sanitized : normal; }

}  // namespace

TEST(ViewPlayers, KindsAndErrors) {
    std::string why;
    for (const char* kind : {"random", "greedy", "0", "1", "8"}) {
        EXPECT_NE(make_view_player("chiefspy", kind), nullptr) << kind;
        EXPECT_NE(make_view_player("minesweeper", kind), nullptr) << kind;
    }
    EXPECT_EQ(make_view_player("chiefspy", "9", &why), nullptr);
    EXPECT_NE(why.find("'9'"), std::string::npos);
    EXPECT_EQ(make_view_player("chess", "1", &why), nullptr);
    EXPECT_NE(why.find("chess"), std::string::npos);
}

TEST(ChiefSpyPlayer, SetUpIsAlwaysAValidAssignment) {
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        std::mt19937_64 rng(seed);
        auto a = choose_chiefspy_setup(rng);
        ASSERT_TRUE(chiefspy::is_valid_assignment(a)) << chiefspy::assignment_text(a);
        seen.insert(chiefspy::assignment_text(a));
    }
    EXPECT_GT(seen.size(), 10u);  // not one fixed set-up
}

TEST(ChiefSpyPlayer, ChoosesOnlyLegalActionsAndReadsTheBoardFromTheView) {
    auto level = make_chiefspy_player(2);
    auto greedy = make_chiefspy_greedy();
    RandomViewPlayer random;
    int boards = 0;
    auto check = [&](const json::object& view, Seat) {
        if (view.at("phase").as_string() != "play") return;
        auto board = board_from_view(view);
        ASSERT_TRUE(board.has_value());
        EXPECT_EQ(board->fen(), std::string_view(view.at("fen").as_string()));
        ++boards;
    };
    for (int g = 0; g < games(4, 1); ++g) {
        play_game("chiefspy", *level, random, 100 + g, 400, check);
        play_game("chiefspy", random, *greedy, 200 + g, 400, check);
        play_game("chiefspy", *greedy, *level, 300 + g, 400, check);
    }
    EXPECT_GT(boards, 100);
}

TEST(ChiefSpyPlayer, TheOpponentsSecretValuesDoNotChangeTheChoice) {
    // Two matches that differ only in Black's secret values (so only in Black's commitment,
    // as far as White can see): White's player, given the same seed, chooses the same move.
    std::string chosen[2];
    const char* blackValues[2] = {"C,S,2,3,4,5,6,7", "7,6,5,4,3,2,S,C"};
    for (int i = 0; i < 2; ++i) {
        SeededRandom secrets(9);
        auto game = referee::create_game("chiefspy", {}, secrets);
        auto values = [](const char* text) {
            auto a = *chiefspy::parse_assignment(text);
            json::object v;
            for (int s = 0; s < 8; ++s) v[std::string(1, char('a' + s))] = a[s].to_string();
            return json::object{{"type", "set-values"}, {"values", v}};
        };
        ASSERT_TRUE(game->act(Seat::White, values("5,S,3,7,C,2,4,6"), 1).accepted);
        ASSERT_TRUE(game->act(Seat::Black, values(blackValues[i]), 2).accepted);
        for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6"})
            ASSERT_TRUE(game->act(*game->seat_to_move(), move_action(m), 3).accepted);
        auto player = make_chiefspy_player(3);
        SeededRandom seed(42);
        auto action =
            player->choose(game->view(Seat::White, 4), game->legal_actions(Seat::White), seed);
        chosen[i] = json::serialize(action);
    }
    EXPECT_EQ(chosen[0], chosen[1]);
}

TEST(ChiefSpyPlayer, BeatsTheRandomPlayer) {
    SelfplayOptions o;
    o.variant = "chiefspy";
    o.a = "1";
    o.b = "random";
    // The same 8 games under the sanitizers (a few seconds): 2 games at level 1, whose noise
    // is large, would test the seed's luck more than the player.
    o.games = 8;
    o.seed = 5;
    std::ostringstream out;
    auto r = run_selfplay(o, out);
    EXPECT_GE(r.score(), 0.75 * o.games) << out.str();
}

TEST(ChiefSpyGreedy, AttacksOnlyWithAHigherExpectedTotal) {
    // After 1. e4 d5 White's pawn (1, +1 base, no support) may attack d5 (a pawn, 1, with
    // the queen's support +1): 2 against 2, not higher, so the greedy player does not.
    SeededRandom secrets(3);
    auto game = referee::create_game("chiefspy", {}, secrets);
    ASSERT_TRUE(game->act(Seat::White, {{"type", "set-values"}, {"random", true}}, 1).accepted);
    ASSERT_TRUE(game->act(Seat::Black, {{"type", "set-values"}, {"random", true}}, 1).accepted);
    for (const char* m : {"e2e4", "d7d5"})
        ASSERT_TRUE(game->act(*game->seat_to_move(), move_action(m), 2).accepted);
    auto greedy = make_chiefspy_greedy();
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        SeededRandom r(seed);
        auto a = greedy->choose(game->view(Seat::White, 3), game->legal_actions(Seat::White), r);
        EXPECT_NE(a.at("move").as_string(), "e4d5");
    }
}

TEST(MinesweeperPlayer, ChoosesOnlyLegalActions) {
    auto level = make_minesweeper_player(1);
    auto greedy = make_minesweeper_greedy();
    RandomViewPlayer random;
    auto none = [](const json::object&, Seat) {};
    for (int g = 0; g < games(4, 1); ++g) {
        play_game("minesweeper", *level, random, 400 + g, 300, none);
        play_game("minesweeper", random, *greedy, 500 + g, 300, none);
        play_game("minesweeper", *greedy, *level, 600 + g, 300, none);
    }
}

TEST(MinesweeperGreedy, PicksAMoveAmongTheLeastLikelyMines) {
    auto greedy = make_minesweeper_greedy();
    RandomViewPlayer random;
    int checked = 0;
    auto check = [&](const json::object& view, Seat) {
        SeededRandom r(checked);
        std::vector<json::object> legal;
        for (const auto& m : view.at("legalMoves").as_array())
            legal.push_back(move_action(std::string(m.as_string())));
        auto pos = minesweeper::MinesweeperPosition::from_fen(
            std::string_view(view.at("fen").as_string()));
        auto odds = belief::compute_mine_odds(belief::mine_view_from_json(view));
        auto risk = [&](const std::string& text) {
            Move m = minesweeper::parse_move(pos, text);
            if (m.kind() == MoveKind::Sapper || m.kind() == MoveKind::Castling ||
                type_of(pos.board().moved_piece(m)) == King)
                return 0.0;
            if (pos.discovered_mines() & minesweeper::bb(m.to())) return 1.0;
            return odds.probability(m.to());
        };
        double least = 2;
        for (const auto& a : legal)
            least = std::min(least, risk(std::string(a.at("move").as_string())));
        auto a = greedy->choose(view, legal, r);
        EXPECT_LE(risk(std::string(a.at("move").as_string())), least + 1e-12);
        ++checked;
    };
    for (int g = 0; g < games(3, 1); ++g)
        play_game("minesweeper", random, random, 700 + g, 120, check);
    EXPECT_GT(checked, 50);
}

TEST(MinesweeperPlayer, TheLayoutDoesNotChangeTheChoice) {
    // Two games from the same pieces with different hidden layouts; moves that lift no fog
    // leave identical public views (commitments aside), so the choice is the same.
    const std::string pieces = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::string fog = " zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4 layout:";
    std::string chosen[2];
    const char* layouts[2] = {"a4,b5,c6,d7", "e4,f5,g6,h7"};
    for (int i = 0; i < 2; ++i) {
        SeededRandom secrets(1);
        referee::GameOptions options;
        options.variant["fen"] = pieces + fog + layouts[i];
        auto game = referee::create_game("minesweeper", options, secrets);
        for (const char* m : {"g1f3", "b10c8"})
            ASSERT_TRUE(game->act(*game->seat_to_move(), move_action(m), 1).accepted);
        auto player = make_minesweeper_player(2);
        SeededRandom seed(42);
        chosen[i] = json::serialize(
            player->choose(game->view(Seat::White, 2), game->legal_actions(Seat::White), seed));
    }
    EXPECT_EQ(chosen[0], chosen[1]);
}

TEST(MinesweeperPlayer, BeatsTheRandomPlayer) {
    SelfplayOptions o;
    o.variant = "minesweeper";
    o.a = "2";
    o.b = "random";
    o.games = games(6, 2);
    o.seed = 5;
    std::ostringstream out;
    auto r = run_selfplay(o, out);
    EXPECT_GE(r.score(), 0.8 * o.games) << out.str();
}

TEST(ComputerSeat, HiddenInformationLevelsUseTheEnginePlayers) {
    // In the set-up the level player names its values; the random player asks for random ones.
    SeededRandom secrets(1), r(2);
    auto game = referee::create_game("chiefspy", {}, secrets);
    auto legal = game->legal_actions(Seat::White);
    auto view = game->view(Seat::White, 0);
    auto chosen =
        server::make_computer_player("chiefspy", 4)->choose("chiefspy", view, legal, r, 0);
    EXPECT_TRUE(chosen.contains("values"));
    EXPECT_TRUE(game->act(Seat::White, chosen, 1).accepted);
    auto random =
        server::make_computer_player("chiefspy", 0)->choose("chiefspy", view, legal, r, 0);
    EXPECT_FALSE(random.contains("values"));
}

TEST(Selfplay, BadOptionsAreNamed) {
    std::ostringstream out;
    auto error = [&](SelfplayOptions o) {
        try {
            run_selfplay(o, out);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    SelfplayOptions o;
    o.variant = "chess";
    EXPECT_NE(error(o).find("--variant"), std::string::npos);
    o.variant = "chiefspy";
    o.a = "strong";
    EXPECT_NE(error(o).find("--a"), std::string::npos);
    o.a = "1";
    o.b = "11";
    EXPECT_NE(error(o).find("--b"), std::string::npos);
    o.b = "random";
    o.games = 0;
    EXPECT_NE(error(o).find("--games"), std::string::npos);
}

TEST(Selfplay, CommandLineErrorsExitTwoWithOneLine) {
    auto run = [](const std::string& args) {
        std::string cmd = std::string(ARBITER_BINARY) + " selfplay " + args + " 2>&1 </dev/null";
        FILE* p = popen(cmd.c_str(), "r");
        std::string out;
        char buf[4096];
        while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
        int status = pclose(p);
        return std::pair{WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
    };
    for (auto [args, word] : {std::pair{"--variant chess --a 1 --b random --games 2", "chess"},
                              std::pair{"--variant chiefspy --a 12 --b random --games 2", "'12'"},
                              std::pair{"--variant minesweeper --a 1 --b best --games 2", "'best'"},
                              std::pair{"--variant chiefspy --a 1 --b random --games 0", "--games"},
                              std::pair{"--variant chiefspy --a 1 --b random", "--games"},
                              std::pair{"--variant chiefspy --a 1 --b 1 --games x", "--games"}}) {
        auto [code, out] = run(args);
        EXPECT_EQ(code, 2) << args << "\n" << out;
        EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << args << "\n" << out;
        EXPECT_NE(out.find(word), std::string::npos) << args << "\n" << out;
    }
    auto [code, out] = run("--variant minesweeper --a 1 --b random --games 2 --seed 3");
    EXPECT_EQ(code, 0) << out;
    EXPECT_NE(out.find("Score of 1 vs random: "), std::string::npos) << out;
}
