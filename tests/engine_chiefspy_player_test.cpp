// The Chief & Spy level player (engine/chiefspy_player.h): a set-up a watcher cannot read,
// the same choice for the same seed, a wall-clock cap that still yields a legal move.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "engine/chiefspy_baseline.h"
#include "engine/chiefspy_player.h"
#include "engine/chiefspy_search.h"
#include "engine/view_player.h"
#include "referee/game.h"

using namespace arbiter;
using namespace arbiter::engine;
using referee::Seat;
using referee::SeededRandom;

namespace {

// How often an observer who knows the distribution, and sees nothing but the (always
// identical) starting board, names the piece holding `v`: its best guess is the piece that
// holds v most often, right at that piece's frequency.
struct GuessRate {
    double best = 0;       // frequency of the most common piece
    double chiSquare = 0;  // against the uniform 1/8, 7 degrees of freedom
};

template <typename Draw>
GuessRate observer_guess_rate(Draw draw, chiefspy::Value v, int n) {
    std::array<int, 8> count{};
    for (int i = 0; i < n; ++i) {
        chiefspy::Assignment a = draw();
        for (int s = 0; s < 8; ++s)
            if (a[s] == v) ++count[s];
    }
    GuessRate r;
    double expected = n / 8.0;
    for (int c : count) r.chiSquare += (c - expected) * (c - expected) / expected;
    r.best = double(*std::max_element(count.begin(), count.end())) / n;
    return r;
}

constexpr int Draws = 8000;
// With p = 1/8 and 8000 draws a piece's count has sd 29.6; the largest of eight rarely
// exceeds the mean by 2.5 sd (74). Chi-square, 7 dof: 24.3 is the 0.1 % point.
constexpr double GuessTolerance = 0.0125;
constexpr double ChiSquareLimit = 24.3;

json::object move_action(const std::string& text) { return {{"type", "move"}, {"move", text}}; }

json::object values_action(const char* text) {
    auto a = *chiefspy::parse_assignment(text);
    json::object v;
    for (int s = 0; s < 8; ++s) v[std::string(1, char('a' + s))] = a[s].to_string();
    return json::object{{"type", "set-values"}, {"values", v}};
}

// A middle-game position with battles behind it, White to move.
std::unique_ptr<referee::Game> position_after_battles() {
    SeededRandom secrets(11);
    auto game = referee::create_game("chiefspy", {}, secrets);
    EXPECT_TRUE(game->act(Seat::White, values_action("5,S,3,7,C,2,4,6"), 1).accepted);
    EXPECT_TRUE(game->act(Seat::Black, values_action("3,6,C,2,7,S,5,4"), 2).accepted);
    for (const char* m : {"e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "f6d5", "b1c3", "e7e5"}) {
        auto r = game->act(*game->seat_to_move(), move_action(m), 3);
        EXPECT_TRUE(r.accepted) << m << ": " << r.error;
        if (game->finished()) break;
    }
    return game;
}

// Round 2, the first move: round 1 ended when White's queen took Black's Spy (the queen), so
// the view holds both round-1 assignments, which the level player's opponent model reads.
std::unique_ptr<referee::Game> second_round() {
    SeededRandom secrets(12);
    auto game = referee::create_game("chiefspy", {}, secrets);
    EXPECT_TRUE(game->act(Seat::White, values_action("5,S,3,7,C,2,4,6"), 1).accepted);
    EXPECT_TRUE(game->act(Seat::Black, values_action("3,6,2,S,7,C,5,4"), 2).accepted);
    for (const char* m : {"e2e4", "e7e5", "d1h5", "d8h4", "h5h4"}) {
        auto r = game->act(*game->seat_to_move(), move_action(m), 3);
        EXPECT_TRUE(r.accepted) << m << ": " << r.error;
    }
    EXPECT_TRUE(game->act(Seat::White, values_action("C,2,3,4,5,6,7,S"), 4).accepted);
    EXPECT_TRUE(game->act(Seat::Black, values_action("2,3,S,4,5,C,6,7"), 5).accepted);
    return game;
}

}  // namespace

TEST(ChiefSpySetup, ObserverGuessesAtUniformRate) {
    std::mt19937_64 rng(2026);
    auto draw = [&] { return choose_chiefspy_setup(rng); };
    for (chiefspy::Value v : {chiefspy::Value::chief(), chiefspy::Value::spy()}) {
        GuessRate r = observer_guess_rate(draw, v, Draws);
        std::printf(
            "observer's guess rate for the %s: %.4f over %d set-ups (uniform 0.1250), "
            "chi-square %.1f (7 dof)\n",
            v.is_chief() ? "Chief" : "Spy", r.best, Draws, r.chiSquare);
        EXPECT_LE(r.best, 1.0 / 8 + GuessTolerance) << v.to_string();
        EXPECT_LT(r.chiSquare, ChiSquareLimit) << v.to_string();
    }
    // Every number too: no piece is a likelier 7 (a strong attacker) than another.
    for (int n = 2; n <= 7; ++n) {
        GuessRate r = observer_guess_rate(draw, chiefspy::Value::number(n), Draws);
        EXPECT_LT(r.chiSquare, ChiSquareLimit) << n;
    }
}

TEST(ChiefSpySetup, TheMeasureCatchesTheOldRookSetUp) {
    // The pre-issue-15 set-up (Chief and Spy on the two rooks) is read half the time.
    std::mt19937_64 rng(7);
    auto rooks = [&] {
        chiefspy::Assignment a = choose_chiefspy_setup(rng);
        bool chiefOnA = rng() % 2;
        auto chief = std::find(a.begin(), a.end(), chiefspy::Value::chief());
        auto spy = std::find(a.begin(), a.end(), chiefspy::Value::spy());
        std::iter_swap(chief, a.begin() + (chiefOnA ? 0 : 7));
        spy = std::find(a.begin(), a.end(), chiefspy::Value::spy());
        std::iter_swap(spy, a.begin() + (chiefOnA ? 7 : 0));
        return a;
    };
    GuessRate r = observer_guess_rate(rooks, chiefspy::Value::chief(), Draws);
    EXPECT_GT(r.best, 0.45);
    EXPECT_GT(r.chiSquare, ChiSquareLimit);
}

TEST(ChiefSpyPlayerDeterminism, SameViewLegalAndSeedGiveTheSameChoice) {
    auto game = position_after_battles();
    ASSERT_FALSE(game->finished());
    Seat seat = *game->seat_to_move();
    auto view = game->view(seat, 4);
    auto legal = game->legal_actions(seat);
    ASSERT_GT(legal.size(), 1u);
    for (int level : {3, 8}) {
        std::string first;
        for (int run = 0; run < 3; ++run) {
            auto player = make_chiefspy_player(level);
            SeededRandom seed(1234);
            std::string chosen = json::serialize(player->choose(view, legal, seed));
            if (run == 0)
                first = chosen;
            else
                EXPECT_EQ(chosen, first) << "level " << level;
        }
    }
}

TEST(ChiefSpyPlayerDeterminism, TheSecondRoundToo) {
    // From round 2 the opponent assignments are drawn with the opponent model's weights
    // (its round-1 Chief and Spy places): still one choice per seed, and a legal one.
    auto game = second_round();
    ASSERT_FALSE(game->finished());
    Seat seat = *game->seat_to_move();
    auto view = game->view(seat, 6);
    ASSERT_EQ(view.at("round").to_number<int>(), 2);
    auto legal = game->legal_actions(seat);
    ASSERT_GT(legal.size(), 1u);
    for (int level : {3, 8}) {
        std::string first;
        for (int run = 0; run < 3; ++run) {
            SeededRandom seed(99);
            json::object chosen = make_chiefspy_player(level)->choose(view, legal, seed);
            EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end());
            if (run == 0)
                first = json::serialize(chosen);
            else
                EXPECT_EQ(json::serialize(chosen), first) << "level " << level;
        }
    }
}

TEST(ChiefSpyPlayerDeterminism, SameSeedGivesTheSameSetUp) {
    SeededRandom secrets(5);
    auto game = referee::create_game("chiefspy", {}, secrets);
    auto view = game->view(Seat::White, 1);
    auto legal = game->legal_actions(Seat::White);
    for (int level : {3, 8}) {
        SeededRandom s1(77), s2(77);
        EXPECT_EQ(json::serialize(make_chiefspy_player(level)->choose(view, legal, s1)),
                  json::serialize(make_chiefspy_player(level)->choose(view, legal, s2)));
    }
}

TEST(ChiefSpyPlayerTimeCap, ATinyCapStillReturnsALegalActionQuickly) {
    auto game = position_after_battles();
    Seat seat = *game->seat_to_move();
    auto view = game->view(seat, 4);
    auto legal = game->legal_actions(seat);
    auto player = make_chiefspy_player(8);
    player->set_time_cap(1);
    SeededRandom seed(3);
    auto start = std::chrono::steady_clock::now();
    json::object action = player->choose(view, legal, seed);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end())
        << json::serialize(action);
    // One sample at most past the cap; uncapped, level 8 takes far longer. The bound is loose
    // so that a loaded machine or a sanitizer build cannot make it fail.
    EXPECT_LT(ms, std::getenv("ARBITER_SANITIZED") ? 20000 : 3000);
    // The accepted action is accepted by the referee.
    auto r = game->act(seat, action, 5);
    EXPECT_TRUE(r.accepted) << r.error;
}

TEST(ChiefSpyBaseline, PlaysLegalActionsAndKeepsTheOldSetUp) {
    SeededRandom secrets(5);
    auto game = referee::create_game("chiefspy", {}, secrets);
    auto player = make_view_player("chiefspy", "baseline8");
    ASSERT_NE(player, nullptr);
    SeededRandom seed(9);
    auto action =
        player->choose(game->view(Seat::White, 1), game->legal_actions(Seat::White), seed);
    auto values = action.at("values").as_object();
    auto special = [&](const char* k) {
        auto v = chiefspy::Value::parse(std::string_view(values.at(k).as_string()));
        return v && v->is_special();
    };
    EXPECT_TRUE(special("a") && special("h"));
}

// A bluff: our rook (a 3, worth 4 attacking) threatens their knight (a 5) while the opponent
// reads the rook as a 6. The bluff bonus counts, unless the level's bluffs are off.
TEST(ChiefSpyBluff, AThreatTheOpponentReadsAsRealEarnsTheBonusUnlessBluffsAreOff) {
    using chiefspy::Value;
    auto sq = [](const char* name) { return *chiefspy::G::parse_square(name); };
    chiefspy::Board b = chiefspy::Board::empty_board(White);
    b.place(White, Rook, 0, sq("a1"));
    b.place(White, King, 4, sq("g1"));  // the king strikes like a queen: not toward a5
    b.place(Black, Knight, 1, sq("a5"));
    b.place(Black, King, 4, sq("h7"));
    cs_detail::Context ctx;
    ctx.me = White;
    ctx.readValue.fill(4.5);
    ctx.readChief.fill(1.0 / 8);
    ctx.readValue[0] = 6;
    cs_detail::World w{b, {}, {}, {chiefspy::NoSlot, chiefspy::NoSlot}, {0, 0}, false, &ctx};
    for (int c = 0; c < 2; ++c)
        for (int s = 0; s < 8; ++s) w.initial[c][s] = w.current[c][s] = Value::number(2);
    w.initial[White][0] = w.current[White][0] = Value::number(3);
    w.initial[Black][1] = w.current[Black][1] = Value::number(5);
    const int withBluffs = cs_detail::evaluate_world(w);
    ctx.bluffs = false;
    const int without = cs_detail::evaluate_world(w);
    EXPECT_EQ(withBluffs - without, 40);
    // Read as what it is, the rook bluffs no one.
    ctx.bluffs = true;
    ctx.readValue[0] = 3;
    EXPECT_EQ(cs_detail::evaluate_world(w), without);
}

TEST(ChiefSpyParts, ALevelCanBePlayedWithOnePartOff) {
    std::string why;
    for (const char* kind : {"8-nobluff", "8-nomodel", "3-noreads", "8-blindbluffs"})
        EXPECT_NE(make_view_player("chiefspy", kind, &why), nullptr) << kind << ": " << why;
    EXPECT_EQ(make_view_player("chiefspy", "8-nothing", &why), nullptr);
    EXPECT_NE(why.find("'nothing'"), std::string::npos) << why;
    EXPECT_EQ(make_view_player("minesweeper", "8-nobluff", &why), nullptr);
    EXPECT_EQ(make_view_player("chiefspy", "0-nobluff", &why), nullptr);
}

// With every part on, the row is the level itself: the same choice for the same seed.
TEST(ChiefSpyParts, TheFullRowPlaysAsTheLevel) {
    auto game = second_round();
    ASSERT_FALSE(game->finished());
    Seat seat = *game->seat_to_move();
    auto view = game->view(seat, 6);
    auto legal = game->legal_actions(seat);
    for (int level : {3, 8}) {
        // A dial set to the level's own value changes nothing either.
        const std::string same = std::to_string(level) + "-exposure" +
                                 std::to_string(chiefspy_level(level).chiefExposure) + "-noise" +
                                 std::to_string(chiefspy_level(level).noise);
        for (std::uint64_t s = 0; s < 4; ++s) {
            SeededRandom r1(s), r2(s), r3(s);
            const std::string chosen =
                json::serialize(make_chiefspy_player(level)->choose(view, legal, r1));
            EXPECT_EQ(chosen,
                      json::serialize(
                          make_chiefspy_player(chiefspy_level(level))->choose(view, legal, r2)))
                << "level " << level << " seed " << s;
            EXPECT_EQ(chosen,
                      json::serialize(make_view_player("chiefspy", same)->choose(view, legal, r3)))
                << same << " seed " << s;
        }
    }
}

// Our Chief in reach of a possible Spy costs the level's exposure, in proportion to how sure
// the opponent is of our Chief; an exposure of 0 drops the term.
TEST(ChiefSpyParts, TheChiefExposureIsTheLevelsDial) {
    using chiefspy::Value;
    auto sq = [](const char* name) { return *chiefspy::G::parse_square(name); };
    chiefspy::Board b = chiefspy::Board::empty_board(White);
    b.place(White, Rook, 0, sq("a1"));
    b.place(White, King, 4, sq("h1"));
    b.place(Black, Knight, 1, sq("b3"));  // attacks a1
    b.place(Black, King, 4, sq("h8"));
    cs_detail::Context ctx;
    ctx.me = White;
    ctx.readValue.fill(4.5);
    ctx.readChief.fill(0);
    ctx.readChief[0] = 1;  // the opponent knows our rook is the Chief
    ctx.enemySpy[1] = 0.5;
    ctx.bluffs = false;
    cs_detail::World w{b, {}, {}, {chiefspy::NoSlot, chiefspy::NoSlot}, {0, 0}, false, &ctx};
    for (int c = 0; c < 2; ++c)
        for (int s = 0; s < 8; ++s) w.initial[c][s] = w.current[c][s] = Value::number(2);
    w.initial[White][0] = w.current[White][0] = Value::chief();
    ctx.chiefExposure = 0;
    const int unexposed = cs_detail::evaluate_world(w);
    ctx.chiefExposure = 3000;
    EXPECT_EQ(unexposed - cs_detail::evaluate_world(w), 1500);
    ctx.chiefExposure = 1000;
    EXPECT_EQ(unexposed - cs_detail::evaluate_world(w), 500);
    std::string why;
    EXPECT_EQ(make_view_player("chiefspy", "8-exposure", &why), nullptr);
    EXPECT_NE(why.find("exposureN"), std::string::npos) << why;
}
