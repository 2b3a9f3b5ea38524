// An outside UCI engine in a Minesweeper Chess seat (engine/uci_view_player.h): it is given a
// plain 10-rank FEN, picks only moves the referee accepts, and is refused where it cannot play.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "engine/selfplay.h"
#include "engine/uci_view_player.h"
#include "referee/game.h"
#include "test_paths.h"
#include "variants/minesweeper/notation.h"
#include "variants/minesweeper/position.h"

using namespace arbiter;
using namespace arbiter::engine;
using referee::Seat;
using referee::SeededRandom;

namespace {

UciPlayerConfig our_engine(const std::string& limit) {
    return {std::string(ARBITER_BINARY) + " uci", {{"UCI_Variant", "minesweeper"}}, limit};
}

std::string run_command(const std::string& args, int* status) {
    std::string out;
    FILE* pipe =
        popen((std::string(ARBITER_BINARY) + " " + args + " 2>&1 </dev/null").c_str(), "r");
    char buf[512];
    while (pipe && fgets(buf, sizeof buf, pipe)) out += buf;
    *status = pipe ? pclose(pipe) : -1;
    return out;
}

}  // namespace

TEST(UciViewPlayer, TheOutsideEngineReadsThePublicBoardAsAPlainFen) {
    SeededRandom secrets(5);
    auto game = referee::create_game("minesweeper", {}, secrets);
    const std::string viewFen(game->view(Seat::White, 0).at("fen").as_string());
    ASSERT_NE(viewFen.find("zone:"), std::string::npos);
    EXPECT_EQ(plain_minesweeper_fen(viewFen),
              "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(plain_minesweeper_fen("8/8/8/8/8/8/8/8/4k3/4K3 b - e3 5 9 zone:~~~~~~~~/........"
                                    "/........./........ counter:4"),
              "8/8/8/8/8/8/8/8/4k3/4K3 b - - 5 9");
}

TEST(UciViewPlayer, KindsNameADepthOrANodeLimit) {
    EXPECT_EQ(uci_player_limit("uci-depth3"), "depth 3");
    EXPECT_EQ(uci_player_limit("uci-nodes5000"), "nodes 5000");
    std::string why;
    for (const char* bad : {"uci-depth0", "uci-depth", "uci-depth03", "uci-depth3x", "uci-time5",
                            "uci-nodes1234567890"}) {
        EXPECT_FALSE(uci_player_limit(bad, &why)) << bad;
        EXPECT_NE(why.find("uci-depthN"), std::string::npos) << why;
    }
}

TEST(UciViewPlayer, ItPlaysOnlyMovesTheRefereeAcceptsAndAvoidsShownMines) {
    auto player = make_uci_view_player(our_engine("depth 2"));
    SeededRandom secrets(11), random(12);
    auto game = referee::create_game("minesweeper", {}, secrets);
    int ours = 0;
    for (int n = 0; n < 160 && !game->finished(); ++n) {
        for (Seat seat : {Seat::White, Seat::Black}) {
            auto legal = game->legal_actions(seat);
            if (legal.empty()) continue;
            json::object action;
            if (seat == Seat::White) {
                const json::object view = game->view(seat, n);
                action = player->choose(view, legal, random);
                ++ours;
                const auto pos = minesweeper::MinesweeperPosition::from_fen(
                    std::string_view(view.at("fen").as_string()));
                const Move m =
                    minesweeper::parse_move(pos, std::string(action.at("move").as_string()));
                EXPECT_NE(m.kind(), MoveKind::Sapper);
                bool safeExists = false;
                for (const auto& a : legal) {
                    const Move other =
                        minesweeper::parse_move(pos, std::string(a.at("move").as_string()));
                    if (other.kind() != MoveKind::Sapper &&
                        !(pos.discovered_mines() & minesweeper::bb(other.to())))
                        safeExists = true;
                }
                if (safeExists) {
                    EXPECT_FALSE(pos.discovered_mines() & minesweeper::bb(m.to()));
                }
            } else {
                action = legal[random.uniform(std::uint32_t(legal.size()))];
            }
            const auto r = game->act(seat, action, n + 1);
            ASSERT_TRUE(r.accepted) << json::serialize(action) << ": " << r.error;
            break;
        }
    }
    EXPECT_GT(ours, 10);
}

TEST(UciViewPlayer, SelfplayRunsItAndRefusesItWhereItCannotPlay) {
    SelfplayOptions o;
    o.variant = "minesweeper";
    o.a = "uci-depth1";
    o.b = "random";
    o.games = 2;
    o.maxPlies = 120;
    std::ostringstream out;
    EXPECT_THROW(run_selfplay(o, out), std::invalid_argument);  // no --uci
    o.uciCommand = our_engine("").command;
    o.uciOptions = our_engine("").options;
    const auto result = run_selfplay(o, out);
    EXPECT_EQ(result.wins + result.draws + result.losses, 2);
    EXPECT_NE(out.str().find("Score of uci-depth1 vs random"), std::string::npos) << out.str();

    o.variant = "chiefspy";
    try {
        run_selfplay(o, out);
        ADD_FAILURE() << "chiefspy accepted an outside engine";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("minesweeper only"), std::string::npos) << e.what();
    }
}

TEST(UciViewPlayer, ACommandLineOptionThatIsNotNameValueIsAUsageError) {
    int status = 0;
    const std::string out = run_command(
        "selfplay --variant minesweeper --a uci-depth1 --b random --games 1 --uci true "
        "--uci-option Hash",
        &status);
    EXPECT_NE(status, 0);
    EXPECT_NE(out.find("--uci-option 'Hash' is not NAME=VALUE"), std::string::npos) << out;
}
