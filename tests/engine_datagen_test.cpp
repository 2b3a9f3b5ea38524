#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/datagen.h"
#include "engine/nnue_train.h"
#include "variants/chess/movegen.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {

datagen::Options small_options() {
    datagen::Options o;
    o.nodes = 300;
    o.games = 4;
    o.hashMb = 1;
    o.seed = 7;
    return o;
}

}  // namespace

TEST(Datagen, SameSeedAndIndexPlayTheSameGame) {
    const auto o = small_options();
    const auto a = datagen::play_game(o, 2);
    const auto b = datagen::play_game(o, 2);
    ASSERT_EQ(a.samples.size(), b.samples.size());
    for (std::size_t i = 0; i < a.samples.size(); ++i) {
        EXPECT_EQ(a.samples[i].fen, b.samples[i].fen);
        EXPECT_EQ(a.samples[i].score, b.samples[i].score);
    }
    EXPECT_EQ(a.result, b.result);
    const auto other = datagen::play_game(o, 3);
    ASSERT_FALSE(other.samples.empty());
    EXPECT_NE(a.samples.front().fen, other.samples.front().fen) << "each game its own opening";
}

TEST(Datagen, SamplesAreQuietPositionsAfterTheOpeningWithTheGameResult) {
    const auto o = small_options();
    const auto game = datagen::play_game(o, 0);
    ASSERT_FALSE(game.samples.empty());
    EXPECT_GT(game.plies, o.randomPlies);
    for (const auto& s : game.samples) {
        const Position pos = Position::from_fen(s.fen);
        EXPECT_FALSE(pos.in_check()) << s.fen;
        EXPECT_GE(pos.game_ply(), o.randomPlies) << s.fen;
        EXPECT_EQ(s.result, game.result);
        EXPECT_LT(std::abs(s.score), 30000) << "no mate scores";
    }
}

TEST(Datagen, TheFileDoesNotDependOnTheThreadCount) {
    auto o = small_options();
    std::ostringstream one, two, log;
    o.threads = 1;
    const auto s1 = datagen::generate(o, one, log);
    o.threads = 2;
    const auto s2 = datagen::generate(o, two, log);
    EXPECT_EQ(one.str(), two.str());
    EXPECT_EQ(s1.games, 4);
    EXPECT_EQ(s1.positions, s2.positions);
    EXPECT_EQ(s1.whiteWins + s1.draws + s1.blackWins, 4);
    std::istringstream lines(one.str());
    std::uint64_t count = 0;
    for (std::string line; std::getline(lines, line); ++count) {
        const auto s = datagen::parse_sample(line);
        EXPECT_EQ(datagen::format_sample(s), line);
    }
    EXPECT_EQ(count, s1.positions);
}

TEST(Datagen, MalformedLinesAreRejectedByName) {
    auto message = [](const std::string& line) {
        try {
            datagen::parse_sample(line);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    EXPECT_EQ(message(fen + " | 35 | 0.5"), "accepted");
    EXPECT_NE(message(fen + " 35 0.5").find("FEN | score | result"), std::string::npos);
    EXPECT_NE(message("rnbqkbnr/ppp/8 w - - 0 1 | 35 | 1").find("FEN"), std::string::npos);
    EXPECT_NE(message(fen + " | 3x5 | 1").find("score '3x5'"), std::string::npos);
    EXPECT_NE(message(fen + " | 999999 | 1").find("score"), std::string::npos);
    EXPECT_NE(message(fen + " | 35 | 2").find("result '2'"), std::string::npos);
    EXPECT_NE(message(fen + " | 35 | ").find("result"), std::string::npos);
}

TEST(Datagen, ScoredPgnGamesGiveTheirQuietScoredPositions) {
    std::istringstream pgn(R"([Event "test"]
[Site "here"]
[Date "2026.12.03"]
[Round "1"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 {+0.30/10} e5 {-0.20/10} 2. Nf3 {+0.35/9} Nc6 3. Bb5 {+M3/5} a6 4. Bxc6 {+1.00/4} 1-0

[Event "test"]
[Site "here"]
[Date "2026.12.03"]
[Round "2"]
[White "a"]
[Black "b"]
[Result "*"]

1. d4 {+0.10/3} *
)");
    std::ostringstream out;
    const auto stats = datagen::samples_from_pgn(pgn, 0, out, true);
    EXPECT_EQ(stats.games, 1);
    EXPECT_EQ(stats.skippedGames, 1) << "no result";
    EXPECT_EQ(stats.positions, 3u);
    EXPECT_EQ(out.str(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 30 | 1\n"
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 20 | 1\n"
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 35 | 1\n");
    std::istringstream again(pgn.str());
    std::ostringstream skipped;
    EXPECT_EQ(datagen::samples_from_pgn(again, 2, skipped, true).positions, 1u);
    // By default the scores are our search's, which reads 3/4 of the network's scale: the
    // file, which trains the next network, holds them at the network's own scale.
    std::istringstream searchScores(pgn.str());
    std::ostringstream raised;
    datagen::samples_from_pgn(searchScores, 0, raised);
    EXPECT_EQ(raised.str(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 40 | 1\n"
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 26 | 1\n"
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 46 | 1\n");
}

TEST(Datagen, ANetworkDrivesTheSearchesWhenGiven) {
    auto o = small_options();
    const auto byHand = datagen::play_game(o, 1);
    auto floatNet = nnue::initial_network(4);
    for (float& w : floatNet.inputWeights) w *= 6;
    const auto net = nnue::quantise(floatNet);
    o.network = net.get();
    const auto withNet = datagen::play_game(o, 1);
    ASSERT_FALSE(byHand.samples.empty());
    ASSERT_FALSE(withNet.samples.empty());
    // The searches score with the network: the game (its positions or their scores) is
    // another one from the same seed.
    auto line = [](const datagen::Game& g) {
        std::string all;
        for (const auto& sample : g.samples) all += datagen::format_sample(sample) + "\n";
        return all;
    };
    EXPECT_NE(line(byHand), line(withNet));
    EXPECT_EQ(line(withNet), line(datagen::play_game(o, 1))) << "and played again alike";
}
