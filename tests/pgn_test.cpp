#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/perft_suite.h"
#include "core/pgn.h"
#include "test_paths.h"
#include "test_support.h"
#include "variants/chess/pgn_chess.h"
#include "variants/chess/san.h"

using namespace arbiter;

namespace {

// Invented games in the shape of a lichess export: clocks and evals in comments, NAGs,
// glyphs, nested variations, a game from a position.
const std::string LichessExport = R"([Event "Rated Blitz game"]
[Site "https://lichess.org/xK3mQ9pA"]
[Date "2024.03.05"]
[White "alpha_knight"]
[Black "beta_bishop"]
[Result "1-0"]
[UTCDate "2024.03.05"]
[UTCTime "18:22:11"]
[WhiteElo "1512"]
[BlackElo "1498"]
[WhiteRatingDiff "+6"]
[BlackRatingDiff "-6"]
[Variant "Standard"]
[TimeControl "180+2"]
[ECO "C57"]
[Opening "Italian Game: Two Knights Defense, Fried Liver Attack"]
[Termination "Normal"]
[Annotator "lichess.org"]

1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%eval 0.25] [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:59] } 2... Nc6 { [%clk 0:02:59] } 3. Bc4 { [%clk 0:02:57] } 3... Nf6 { [%clk 0:02:58] } 4. Ng5 { [%clk 0:02:55] } 4... d5 { [%clk 0:02:55] } 5. exd5 { [%clk 0:02:53] } 5... Nxd5?! { (0.10 → 1.50) Inaccuracy. Na5 was best. } { [%clk 0:02:50] } (5... Na5 6. Bb5+ c6 7. dxc6 bxc6) 6. Nxf7!? { [%clk 0:02:40] } (6. d4 exd4 (6... Bb4+ 7. c3) 7. O-O) 6... Kxf7 { [%clk 0:02:45] } 7. Qf3+ $1 { [%clk 0:02:38] } 7... Ke6 { [%clk 0:02:40] } 8. Nc3 { [%clk 0:02:35] } 8... Ncb4 { [%clk 0:02:20] } 9. a3 { [%clk 0:02:30] } 9... Nxc2+ { [%clk 0:02:10] } 10. Kd1 { [%clk 0:02:28] } 10... Nxa1 { [%clk 0:02:05] } 11. Nxd5 { [%clk 0:02:20] } 11... Kd6 { [%clk 0:01:58] } 12. d4 { [%clk 0:02:15] } { Black resigns. } 1-0

[Event "Casual Rapid game"]
[Site "https://lichess.org/Pq7ZzTr1"]
[Date "2024.03.06"]
[White "gamma"]
[Black "delta"]
[Result "0-1"]
[Variant "Standard"]
[TimeControl "600+0"]
[ECO "A02"]
[Termination "Normal"]

1. f4 { [%clk 0:10:00] } 1... e5 { [%clk 0:10:00] } 2. g4?? { [%clk 0:09:57] } 2... Qh4# { [%clk 0:09:55] } 0-1

[Event "Casual Correspondence game"]
[Site "https://lichess.org/Ab12Cd34"]
[Date "2024.03.07"]
[White "epsilon"]
[Black "zeta"]
[Result "1/2-1/2"]
[Variant "From Position"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]
[Termination "Normal"]

1. e4 Kd7 2. e5 Ke6 3. Kf2 Kxe5 $10 1/2-1/2

% a line for the archive software, ignored
[Event "Training"]
[Site "?"]
[Date "2024.03.08"]
[Round "-"]
[White "eta"]
[Black "theta"]
[Result "*"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

1... c5 ; the Sicilian
2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *
)";

// Invented games in the shape of chess.com exports: long tag sets, CurrentPosition,
// fractional clocks, daily games with [%timestamp].
const std::string ChessComExport = R"([Event "Live Chess"]
[Site "Chess.com"]
[Date "2024.01.15"]
[Round "-"]
[White "PlayerOne"]
[Black "PlayerTwo"]
[Result "0-1"]
[CurrentPosition "rn2k2r/ppp2ppp/4pn2/q4b2/1bBP4/2N2N2/PPPBQPPP/R3K2R b KQkq - 3 8"]
[Timezone "UTC"]
[ECO "B01"]
[ECOUrl "https://www.chess.com/openings/Scandinavian-Defense-Mieses-Kotrc-Main-Line"]
[UTCDate "2024.01.15"]
[UTCTime "10:00:00"]
[WhiteElo "1203"]
[BlackElo "1251"]
[TimeControl "600"]
[Termination "PlayerTwo won by resignation"]
[StartTime "10:00:00"]
[EndDate "2024.01.15"]
[EndTime "10:05:12"]
[Link "https://www.chess.com/game/live/100000000001"]

1. e4 {[%clk 0:09:58.1]} 1... d5 {[%clk 0:09:57.4]} 2. exd5 {[%clk 0:09:55.3]} 2... Qxd5 {[%clk 0:09:56.9]} 3. Nc3 {[%clk 0:09:50]} 3... Qa5 {[%clk 0:09:54]} 4. d4 {[%clk 0:09:41.2]} 4... Nf6 {[%clk 0:09:50.6]} 5. Nf3 {[%clk 0:09:35]} 5... Bf5 {[%clk 0:09:45.5]} 6. Bc4 {[%clk 0:09:20.8]} 6... e6 {[%clk 0:09:40]} 7. Bd2 {[%clk 0:09:02]} 7... Bb4 {[%clk 0:09:31.7]} 8. Qe2 {[%clk 0:08:40.2]} 0-1

[Event "Let's Play!"]
[Site "Chess.com"]
[Date "2024.02.01"]
[Round "-"]
[White "PlayerThree"]
[Black "PlayerOne"]
[Result "1-0"]
[CurrentPosition "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"]
[Timezone "UTC"]
[ECO "C20"]
[UTCDate "2024.02.01"]
[UTCTime "08:30:00"]
[WhiteElo "1300"]
[BlackElo "1210"]
[TimeControl "1/86400"]
[Termination "PlayerThree won by checkmate"]
[StartTime "08:30:00"]
[EndDate "2024.02.03"]
[EndTime "19:41:07"]
[Link "https://www.chess.com/game/daily/200000001"]

1. e4 {[%clk 23:59:58][%timestamp 19]} 1... e5 {[%clk 23:59:40][%timestamp 203]} 2. Qh5 {[%clk 23:59:51][%timestamp 71]} 2... Nc6 {[%clk 23:58:02][%timestamp 1168]} 3. Bc4 {[%clk 23:59:44][%timestamp 70]} 3... Nf6 {[%clk 23:57:12][%timestamp 500]} 4. Qxf7# {[%clk 23:59:39][%timestamp 50]} 1-0
)";

std::vector<std::string> sans(const PgnLine& line) {
    std::vector<std::string> out;
    for (const auto& move : line.moves) out.push_back(move.san);
    return out;
}

std::string pgn_error(std::string_view text) {
    try {
        auto games = read_pgn(text);
        for (std::size_t i = 0; i < games.size(); ++i) import_pgn_game(games[i], int(i) + 1);
        return "accepted";
    } catch (const NotationError& e) {
        return e.what();
    }
}

// The movetext of a written game: everything after the blank line that ends the tags.
std::string movetext_of(const std::string& pgn) { return pgn.substr(pgn.find("\n\n") + 2); }

}  // namespace

TEST(Pgn, ReadsALichessExport) {
    auto games = read_pgn(LichessExport);
    ASSERT_EQ(games.size(), 4u);

    const PgnGame& italian = games[0];
    EXPECT_EQ(italian.tags.size(), 18u);
    EXPECT_EQ(italian.tag("Variant"), "Standard");
    EXPECT_EQ(italian.tag("Opening"), "Italian Game: Two Knights Defense, Fried Liver Attack");
    EXPECT_EQ(italian.tag("Missing"), "");
    EXPECT_EQ(italian.find_tag("Missing"), nullptr);
    EXPECT_EQ(italian.result, "1-0");
    EXPECT_EQ(italian.line, 1);
    const auto& main = italian.moves.moves;
    ASSERT_EQ(main.size(), 23u);
    EXPECT_EQ(sans(italian.moves)[0], "e4");
    EXPECT_EQ(main[0].comments, std::vector<std::string>{"[%eval 0.2] [%clk 0:03:00]"});
    EXPECT_EQ(main[0].line, 20);
    const PgnMove& inaccuracy = main[9];
    EXPECT_EQ(inaccuracy.san, "Nxd5");
    EXPECT_EQ(inaccuracy.nags, std::vector<int>{6});
    ASSERT_EQ(inaccuracy.comments.size(), 2u);
    EXPECT_EQ(inaccuracy.comments[0], "(0.10 → 1.50) Inaccuracy. Na5 was best.");
    ASSERT_EQ(inaccuracy.variations.size(), 1u);
    EXPECT_EQ(sans(inaccuracy.variations[0]),
              (std::vector<std::string>{"Na5", "Bb5+", "c6", "dxc6", "bxc6"}));
    const PgnMove& sacrifice = main[10];
    EXPECT_EQ(sacrifice.san, "Nxf7");
    EXPECT_EQ(sacrifice.nags, std::vector<int>{5});
    ASSERT_EQ(sacrifice.variations.size(), 1u);
    const PgnLine& quiet = sacrifice.variations[0];
    EXPECT_EQ(sans(quiet), (std::vector<std::string>{"d4", "exd4", "O-O"}));
    ASSERT_EQ(quiet.moves[1].variations.size(), 1u);
    EXPECT_EQ(sans(quiet.moves[1].variations[0]), (std::vector<std::string>{"Bb4+", "c3"}));
    EXPECT_EQ(main[12].san, "Qf3+");
    EXPECT_EQ(main[12].nags, std::vector<int>{1});
    EXPECT_EQ(main.back().comments.back(), "Black resigns.");

    EXPECT_EQ(games[1].result, "0-1");
    EXPECT_EQ(games[1].moves.moves[2].nags, std::vector<int>{4});
    EXPECT_EQ(games[1].moves.moves[3].san, "Qh4#");
    EXPECT_EQ(games[2].result, "1/2-1/2");
    EXPECT_EQ(games[2].moves.moves.back().nags, std::vector<int>{10});
    EXPECT_EQ(games[3].result, "*");
    EXPECT_EQ(games[3].tag("Event"), "Training");
    EXPECT_EQ(games[3].moves.moves[0].comments, std::vector<std::string>{"the Sicilian"});
    EXPECT_EQ(games[3].moves.moves.size(), 9u);
}

TEST(Pgn, ImportsTheLichessGamesAsChess) {
    std::istringstream in(LichessExport);
    auto games = import_pgn(in);
    ASSERT_EQ(games.size(), 4u);

    const ChessGameRecord& italian = games[0];
    ASSERT_EQ(italian.moves.size(), 23u);
    EXPECT_EQ(italian.moves[9].san, "Nxd5");
    EXPECT_EQ(italian.moves[9].nags, std::vector<int>{6});
    EXPECT_EQ(italian.moves[17].san, "Nxc2+");
    EXPECT_EQ(italian.moves[19].san, "Nxa1");
    EXPECT_EQ(italian.start.fen(), Position().fen());
    Position end = italian.final_position();
    EXPECT_EQ(end.fen(), "r1bq1b1r/ppp3pp/3k4/3Np3/2BP4/P4Q2/1P3PPP/n1BK3R b - - 0 12")
        << end.fen();

    const ChessGameRecord& fool = games[1];
    Position mated = fool.final_position();
    EXPECT_TRUE(mated.in_check());
    EXPECT_TRUE(legal_moves(mated).empty());

    const ChessGameRecord& ending = games[2];
    EXPECT_EQ(ending.start.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_EQ(ending.final_position().count(White, Pawn), 0);

    const ChessGameRecord& sicilian = games[3];
    EXPECT_EQ(sicilian.start.side_to_move(), Black);
    EXPECT_EQ(sicilian.moves[0].san, "c5");
    EXPECT_EQ(sicilian.result, "*");
}

TEST(Pgn, ReadsAndImportsChessComExports) {
    auto games = read_pgn(ChessComExport);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].tags.size(), 21u);
    EXPECT_EQ(games[0].tag("ECOUrl"),
              "https://www.chess.com/openings/Scandinavian-Defense-Mieses-Kotrc-Main-Line");
    EXPECT_EQ(games[0].moves.moves[0].comments, std::vector<std::string>{"[%clk 0:09:58.1]"});
    EXPECT_EQ(games[1].moves.moves[1].comments,
              std::vector<std::string>{"[%clk 23:59:40][%timestamp 203]"});
    for (std::size_t i = 0; i < games.size(); ++i) {
        ChessGameRecord record = import_pgn_game(games[i], int(i) + 1);
        // chess.com states the final position; ours must agree.
        EXPECT_EQ(record.final_position().fen(), games[i].tag("CurrentPosition"));
        EXPECT_EQ(record.result, games[i].tag("Result"));
    }
}

TEST(Pgn, ToleratesByteOrderMarkAndCrLf) {
    std::string crlf = "\xEF\xBB\xBF";
    for (char c : LichessExport + "\n" + ChessComExport) {
        if (c == '\n') crlf += '\r';
        crlf += c;
    }
    auto plain = read_pgn(LichessExport + "\n" + ChessComExport);
    auto windows = read_pgn(crlf);
    ASSERT_EQ(plain.size(), 6u);
    ASSERT_EQ(windows.size(), plain.size());
    for (std::size_t i = 0; i < plain.size(); ++i) {
        EXPECT_EQ(write_pgn(windows[i]), write_pgn(plain[i]));
        EXPECT_EQ(windows[i].line, plain[i].line);
    }
    EXPECT_EQ(windows[0].tag("Event"), "Rated Blitz game");
}

TEST(Pgn, MoveNumbersInEveryCommonSpelling) {
    for (const char* text :
         {"1. e4 e5 2. Nf3 Nc6 *", "1.e4 e5 2.Nf3 Nc6 *", "1. e4 1... e5 2. Nf3 2... Nc6 *",
          "1 . e4 e5 2 . Nf3 Nc6 *", "1.e4 1...e5 2.Nf3 2...Nc6 *", "1. e4 ... e5 2. Nf3 ... Nc6 *",
          "e4 e5 Nf3 Nc6", "1. e4 e5\n2. Nf3\nNc6\n*"}) {
        auto games = read_pgn(text);
        ASSERT_EQ(games.size(), 1u) << text;
        EXPECT_EQ(sans(games[0].moves), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"}))
            << text;
        EXPECT_EQ(games[0].result, "*");
    }
    auto castles = read_pgn("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 O-O 1/2-1/2");
    EXPECT_EQ(sans(castles[0].moves).back(), "O-O");
    EXPECT_EQ(sans(castles[0].moves)[6], "0-0");
    EXPECT_EQ(castles[0].result, "1/2-1/2");
    // Without a termination marker the Result tag stands in.
    auto untermed = read_pgn("[Result \"0-1\"]\n\n1. e4 e5\n\n[Result \"1-0\"]\n\n1. d4");
    ASSERT_EQ(untermed.size(), 2u);
    EXPECT_EQ(untermed[0].result, "0-1");
    EXPECT_EQ(untermed[1].result, "1-0");
    EXPECT_TRUE(read_pgn("").empty());
    EXPECT_TRUE(read_pgn("\n  \n% only an escape line\n").empty());
}

TEST(Pgn, WritesTheSevenTagRosterFirstAndEscapes) {
    PgnGame game;
    game.tags = {{"WhiteElo", "1500"},
                 {"Black", "B \"the\" \\ one"},
                 {"Event", "E"},
                 {"Result", "1-0"},
                 {"ECO", "C20"}};
    game.result = "1-0";
    game.moves.moves.emplace_back().san = "e4";
    const std::string expected = R"([Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "B \"the\" \\ one"]
[Result "1-0"]
[WhiteElo "1500"]
[ECO "C20"]

1. e4 1-0
)";
    EXPECT_EQ(write_pgn(game), expected);
    auto back = read_pgn(expected);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].tag("Black"), "B \"the\" \\ one");
    EXPECT_EQ(write_pgn(back[0]), expected);

    PgnGame empty;
    EXPECT_EQ(movetext_of(write_pgn(empty)), "*\n");
    EXPECT_NE(write_pgn(empty).find("[Result \"*\"]"), std::string::npos);
}

TEST(Pgn, WritesCommentsNagsAndVariationsBack) {
    for (const char* movetext :
         {"1. e4 {Best by test} (1. d4 d5 {solid}) (1. c4) 1... e5 $1 2. Nf3 *",
          "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *",
          "{A game comment} 1. e4 ({Or} 1. d4) 1... e5 $2 $18 {two NAGs} 2. Nf3 1-0",
          "1. e4 (1. d4 ()) 1... e5 *"}) {
        auto games = read_pgn(movetext);
        ASSERT_EQ(games.size(), 1u) << movetext;
        EXPECT_EQ(movetext_of(write_pgn(games[0])), std::string(movetext) + "\n");
    }
    // Glyphs become NAGs; ';' comments become brace comments; white space collapses.
    auto games = read_pgn("1. e4!? e5?! ; rest of line\n2. Nf3 {  two\n  lines  } *");
    EXPECT_EQ(movetext_of(write_pgn(games[0])),
              "1. e4 $5 e5 $6 {rest of line} 2. Nf3 {two lines} *\n");
    // A '}' cannot be written inside a comment.
    games[0].moves.moves[0].comments = {"a } b"};
    EXPECT_EQ(movetext_of(write_pgn(games[0])).substr(0, 18), "1. e4 $5 {a ) b} 1");
}

TEST(Pgn, NumbersMovesFromTheFenTag) {
    auto pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 3 14");
    std::vector<Move> moves = {parse_san(pos, "Kd7")};
    pos.do_move(moves[0]);
    moves.push_back(parse_san(pos, "e4"));
    std::string pgn = export_pgn(Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 3 14"), moves,
                                 {{"White", "W"}}, "1/2-1/2");
    EXPECT_NE(pgn.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 14\"]\n"),
              std::string::npos)
        << pgn;
    EXPECT_EQ(movetext_of(pgn), "14... Kd7 15. e4 1/2-1/2\n");
    EXPECT_NE(pgn.find("[White \"W\"]"), std::string::npos);
    EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos);

    Position start;
    std::vector<Move> scholar;
    for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}) {
        scholar.push_back(parse_san(start, san));
        start.do_move(scholar.back());
    }
    EXPECT_EQ(export_pgn(Position(), scholar, {{"Event", "Club"}, {"White", "A"}}, "1-0"),
              R"([Event "Club"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
)");
    std::vector<Move> illegal = {scholar[0], scholar[0]};
    try {
        export_pgn(Position(), illegal);
        FAIL() << "exported an illegal move";
    } catch (const NotationError& e) {
        EXPECT_STREQ(e.what(), "PGN export: move 2 (e2e4) is not legal");
    }
}

TEST(Pgn, WrapsMovetextAtEightyColumns) {
    std::mt19937 rng(99);
    Position pos;
    std::vector<Move> moves;
    for (int ply = 0; ply < 200; ++ply) {
        auto legal = legal_moves(pos);
        if (legal.empty()) break;
        moves.push_back(legal[int(rng() % legal.size())]);
        pos.do_move(moves.back());
    }
    std::string pgn = export_pgn(Position(), moves);
    auto games = read_pgn(pgn);
    ASSERT_EQ(games.size(), 1u);
    std::string longWords;
    for (int i = 0; i < 60; ++i) longWords += "word" + std::to_string(i) + " ";
    longWords += std::string(100, 'z');  // one word longer than a line
    games[0].moves.moves[3].comments.push_back(longWords);
    games[0].moves.moves[4].variations.push_back(read_pgn("e4 e5 Nf3 Nc6 Bb5 a6")[0].moves);
    std::string written = write_pgn(games[0]);
    std::istringstream lines(movetext_of(written));
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ++count;
        if (line.find(std::string(100, 'z')) == std::string::npos) {
            EXPECT_LE(line.size(), 80u) << line;
        }
        EXPECT_TRUE(line.empty() || line.back() != ' ') << line;
    }
    EXPECT_GT(count, 10);
    auto back = read_pgn(written);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].moves.moves[3].comments.back(), longWords.substr(0, longWords.size()));
    EXPECT_EQ(write_pgn(back[0]), written);
}

TEST(Pgn, ExportImportRoundTripsRandomGames) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/tests/data/perft-standard.epd");
    std::vector<std::string> fens;
    for (const auto& entry : read_perft_suite(in)) fens.push_back(entry.fen);
    fens.push_back("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    fens.push_back("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 7 41");
    ASSERT_GE(fens.size(), 7u);
    std::mt19937 rng(4242);
    const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    std::string all;
    std::vector<std::vector<Move>> played;
    for (int game = 0; game < 60; ++game) {
        Position start = Position::from_fen(fens[game % fens.size()]);
        Position pos = start;
        std::vector<Move> moves;
        int length = int(rng() % 120);
        for (int ply = 0; ply < length; ++ply) {
            auto legal = legal_moves(pos);
            if (legal.empty()) break;
            moves.push_back(legal[int(rng() % legal.size())]);
            pos.do_move(moves.back());
        }
        std::vector<std::pair<std::string, std::string>> tags = {
            {"Event", "Round trip " + std::to_string(game)},
            {"White", "Quote \" and backslash \\"},
            {"Annotator", "arbiter"}};
        std::string pgn = export_pgn(start, moves, tags, results[game % 4]);
        all += pgn + "\n";
        played.push_back(moves);

        auto games = read_pgn(pgn);
        ASSERT_EQ(games.size(), 1u);
        ChessGameRecord record = import_pgn_game(games[0]);
        EXPECT_EQ(record.start.fen(), start.fen());
        EXPECT_EQ(record.move_list(), moves);
        EXPECT_EQ(record.result, results[game % 4]);
        EXPECT_EQ(*record.find_tag("White"), "Quote \" and backslash \\");
        EXPECT_EQ(record.final_position().fen(), pos.fen());
        EXPECT_EQ(export_pgn(record), pgn);
    }
    // The same games as one stream.
    std::istringstream stream(all);
    auto records = import_pgn(stream);
    ASSERT_EQ(records.size(), played.size());
    for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(records[i].move_list(), played[i]);
}

TEST(Pgn, RewritingIsStable) {
    for (const auto& text : {LichessExport, ChessComExport}) {
        auto games = read_pgn(text);
        for (const auto& game : games) {
            std::string once = write_pgn(game);
            auto again = read_pgn(once);
            ASSERT_EQ(again.size(), 1u);
            EXPECT_EQ(write_pgn(again[0]), once);
            // Import canonicalizes the variations and keeps everything else.
            ChessGameRecord record = import_pgn_game(game);
            std::string exported = export_pgn(record);
            ChessGameRecord reimported = import_pgn_game(read_pgn(exported)[0]);
            EXPECT_EQ(export_pgn(reimported), exported);
            EXPECT_EQ(reimported.move_list(), record.move_list());
        }
    }
}

TEST(Pgn, StreamingReaderReadsManyGamesAndRecoversFromErrors) {
    std::string text;
    for (int i = 0; i < 500; ++i)
        text += "[Event \"G" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 " +
                (i % 2 ? "1-0" : "0-1") + "\n\n";
    std::istringstream many(text);
    PgnReader reader(many);
    int count = 0;
    while (auto game = reader.next()) {
        EXPECT_EQ(game->tag("Event"), "G" + std::to_string(count));
        ++count;
    }
    EXPECT_EQ(count, 500);

    std::istringstream broken(
        "[Event \"good\"]\n\n1. e4 *\n\n[Event \"bad\"]\n\n1. e4 {never closed\n2. d4\n\n"
        "[Event \"bad too\"]\n\n1. e4 ) *\n\n[Event \"good again\"]\n\n1. d4 *\n");
    PgnReader recovering(broken);
    EXPECT_EQ(recovering.next()->tag("Event"), "good");
    EXPECT_THROW(recovering.next(), NotationError);
    // The unterminated comment swallowed the rest of the file; nothing is left.
    EXPECT_FALSE(recovering.next().has_value());

    std::istringstream broken2(
        "[Event \"good\"]\n\n1. e4 *\n\n[Event \"bad\"]\n\n1. e4 ) *\n\n"
        "[Event \"good again\"]\n\n1. d4 *\n");
    PgnReader recovering2(broken2);
    EXPECT_EQ(recovering2.next()->tag("Event"), "good");
    EXPECT_THROW(recovering2.next(), NotationError);
    auto after = recovering2.next();
    ASSERT_TRUE(after.has_value());
    EXPECT_EQ(after->tag("Event"), "good again");
    EXPECT_FALSE(recovering2.next().has_value());
    EXPECT_EQ(recovering2.games_started(), 3);
}

TEST(Pgn, VariationDepthIsLimited) {
    auto nested = [](int depth) {
        std::string text = "1. e4 ";
        for (int i = 0; i < depth; ++i) text += "(1. d4 ";
        text += std::string(depth, ')') + " *";
        return text;
    };
    auto games = read_pgn(nested(MaxPgnVariationDepth));
    ASSERT_EQ(games.size(), 1u);
    ChessGameRecord record = import_pgn_game(games[0]);
    EXPECT_EQ(record.moves.size(), 1u);
    std::string written = write_pgn(games[0]);
    EXPECT_EQ(read_pgn(written).size(), 1u);
    EXPECT_EQ(pgn_error(nested(MaxPgnVariationDepth + 1)),
              "PGN line 1: variations nested deeper than 100");
    EXPECT_EQ(pgn_error(nested(100000)), "PGN line 1: variations nested deeper than 100");
}

TEST(Pgn, MalformedInputsNameTheLineAndTheProblem) {
    const std::pair<std::string, std::string> cases[] = {
        {"1. e4 {unterminated", "PGN line 1: unterminated comment"},
        {"\n\n1. e4 {abc\n\nmore\n", "PGN line 3: unterminated comment"},
        {"[Event \"x]\n1. e4 *", "PGN line 1: tag value missing closing quote"},
        {"[Event \"a\"]\n[Site \"b\"]\n[Date \"c]\n",
         "PGN line 3: tag value missing closing quote"},
        {"[Event x]", "PGN line 1: tag 'Event' value must be a quoted string"},
        {"[Event \"x\"\n1. e4 *", "PGN line 1: tag 'Event' missing closing ']'"},
        {"[ \"x\"]", "PGN line 1: tag name missing after '['"},
        {"[Event \"x\"] junk", "PGN game 1, move 1. junk: not a move (line 1)"},
        {"1. e4 (1. d4 *", "PGN line 1: unterminated variation (opened on line 1)"},
        {"1. e4\n(1. d4\n", "PGN line 2: unterminated variation (opened on line 2)"},
        {"1. e4 (1. d4\n\n[Event \"next\"]\n",
         "PGN line 3: unterminated variation (opened on line 1)"},
        {"1. e4 ) *", "PGN line 1: ')' without a variation to close"},
        {"( 1. e4 ) *", "PGN line 1: variation before any move"},
        {"$5 1. e4 *", "PGN line 1: NAG '$5' before any move"},
        {"!? 1. e4 *", "PGN line 1: annotation '!?' before any move"},
        {"1. e4 $300 *", "PGN line 1: NAG '$300' is not $0 to $255"},
        {"1. e4 $ *", "PGN line 1: NAG '$' is not $0 to $255"},
        {"1. e4 $99999 *", "PGN line 1: NAG '$9999' is not $0 to $255"},
        {"1. e4 !!! *", "PGN line 1: unknown annotation glyph '!!!'"},
        {"1. e4?!? *", "PGN line 1: unknown annotation glyph '?!?'"},
        {"1. e4 & *", "PGN line 1: unexpected '&'"},
        {"1. e4 \x01 *", "PGN line 1: unexpected byte 0x01"},
        {"1. e4 1-2 *", "PGN line 1: '1-2' is not a move or a result"},
        {"1. e4 -x *", "PGN line 1: '-x' is not a move"},
        {"1. e4 " + std::string(300, 'a') + " *", "PGN line 1: token too long"},
        // Chess-level problems.
        {"1. e4 e5 2. Nf5 *", "PGN game 1, move 2. Nf5: no knight can move to f5 (line 1)"},
        {"1. e4 (1. Nf5) *",
         "PGN game 1, variation move 1. Nf5: no knight can move to f5 (line 1)"},
        {"1. e4 e5 (1... d5 2. exd5 (2. Nc3 Qxd2) Nf6) *",
         "PGN game 1, variation move 2... Qxd2: no queen can move to d2 (line 1)"},
        {"1. e4 e5 2. -- *", "PGN game 1, move 2. --: not a move (line 1)"},
        {"[SetUp \"1\"]\n\n1. e4 *", "PGN game 1: [SetUp \"1\"] without a FEN tag"},
        {"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
         "PGN game 1: FEN tag: FEN placement: white has 0 kings, needs exactly 1"},
        {"[Variant \"Crazyhouse\"]\n\n1. e4 *",
         "PGN game 1: variant 'Crazyhouse' is not standard chess"},
        {"[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n[SetUp \"1\"]\n"
         "[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 14\"]\n\n14... Nf6 *\n",
         "PGN game 2, move 14... Nf6: no knight can move to f6 (line 9)"},
        {"1. e4 e5 2. Ke3 *", "PGN game 1, move 2. Ke3: no king can move to e3 (line 1)"},
        {"1. e4 e5 2. e8 *", "PGN game 1, move 2. e8: no pawn can move to e8 (line 1)"},
    };
    for (const auto& [text, expected] : cases) EXPECT_EQ(pgn_error(text), expected) << text;
}

TEST(Pgn, AcceptsOddButValidInput) {
    for (const char* text : {
             "[Event \"x\"][Site \"y\"]\n\n1. e4 *",  // two tags on one line
             "[ Event   \"x\" ]\n1. e4 *",            // spaces inside the brackets
             "[Event \"\"]\n\n*",                     // empty value, no moves
             "1. e4 {} e5 {nested [%clk 0:01:00] \"quotes\"} *",
             "1. e4 e5 2. Nf3 $0 $255 *",
             "1. e4 e5 ; comment with { and } and (\n2. Nf3 *",
             "{Only a comment} *",
             "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O (4. d3) 4... Nxe4) 4. Ba4 *",
             "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 O-O 8. c3 d5 *",
             "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O 5. d3 d6 6. Nbd2 Nbd7 *",
             "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O dxc3 *",
             "1. d4 e5 2. dxe5 f6 3. exf6 Nc6 4. fxg7 Bd6 5. gxh8=N *",
             "1. d4 e5 2. dxe5 f6 3. exf6 Nc6 4. fxg7 Bd6 5. gxh8Q *",
             "1. e4 d5 2. e5 f5 3. exf6 e.p. *",
         }) {
        EXPECT_EQ(pgn_error(text), "accepted") << text;
    }
}

// Found by fuzz/pgn_fuzz.cpp: "e.p." with a glyph ("exf6 e.p.!") was read as a move named
// "e.p.", which write_pgn wrote as "e.p. $1" and the next read took for the remark again.
TEST(Pgn, EnPassantRemarkWithAGlyphAnnotatesTheMoveBefore) {
    auto games = read_pgn("1. e4 d5 2. e5 f5 3. exf6 e.p.! Nxf6?e.p.?? *");
    ASSERT_EQ(games.size(), 1u);
    const auto& moves = games[0].moves.moves;
    ASSERT_EQ(moves.size(), 6u);
    EXPECT_EQ(moves[4].san, "exf6");
    EXPECT_EQ(moves[4].nags, std::vector<int>{1});
    EXPECT_EQ(moves[5].san, "Nxf6");
    EXPECT_EQ(moves[5].nags, (std::vector<int>{2, 4}));
    std::string once = write_pgn(games[0]);
    EXPECT_EQ(write_pgn(read_pgn(once).at(0)), once);
    EXPECT_EQ(pgn_error("e.p.! *"), "PGN line 1: annotation '!' before any move");
    // ...also after a move number, where it was read as a move named "e.p." as well.
    games = read_pgn("1. e4 d5 2. e5 f5 3. exf6 3.e.p.? *");
    ASSERT_EQ(games.size(), 1u);
    ASSERT_EQ(games[0].moves.moves.size(), 5u);
    EXPECT_EQ(games[0].moves.moves[4].nags, std::vector<int>{2});
}

// Found by fuzz/pgn_fuzz.cpp: wrapping at 80 columns could start a line with a comment's word
// "%..." (a reader skips the line as an escape line) or one starting with a UTF-8 byte order
// mark (which a reader drops at a line's start), so reading back lost part of the comment.
TEST(Pgn, WrappingNeverStartsALineWithPercentOrAByteOrderMark) {
    for (std::string word : {"%100", "\xEF\xBB\xBFsure"}) {
        const std::string comment = std::string(70, 'x') + " " + word + " sure";
        auto games = read_pgn("1. e4 {" + comment + "} e5 *");
        ASSERT_EQ(games.size(), 1u);
        std::string written = write_pgn(games[0]);
        EXPECT_EQ(written.find("\n" + word), std::string::npos) << written;
        auto again = read_pgn(written);
        ASSERT_EQ(again.size(), 1u);
        ASSERT_EQ(again[0].moves.moves.size(), 2u);
        EXPECT_EQ(again[0].moves.moves[0].comments, std::vector<std::string>{comment});
        EXPECT_EQ(write_pgn(again[0]), written);
    }
}

// Random damage to real-looking PGN: every outcome is games or a NotationError.
TEST(Pgn, FuzzedTextIsReadOrRejectedCleanly) {
    std::mt19937 rng(31337);
    const std::string corpus = LichessExport + "\n" + ChessComExport;
    const std::vector<std::string> tokens = {"(",
                                             ")",
                                             "{",
                                             "}",
                                             "[",
                                             "]",
                                             "\"",
                                             "\\",
                                             "1.",
                                             "12...",
                                             "e4",
                                             "Nf3",
                                             "O-O",
                                             "0-0-0",
                                             "exd5",
                                             "e8=Q",
                                             "$1",
                                             "$256",
                                             "!?",
                                             "!!!",
                                             "*",
                                             "1-0",
                                             "0-1",
                                             "1/2-1/2",
                                             ";",
                                             "\n",
                                             "\r\n",
                                             "%",
                                             " ",
                                             "[Event \"",
                                             "\xEF\xBB\xBF",
                                             "--",
                                             "Qh4#",
                                             "[%clk 0:01:00]",
                                             "..."};
    int read = 0, rejected = 0, imported = 0;
    const int rounds = test::sanitized() ? 300 : 3000;
    for (int i = 0; i < rounds; ++i) {
        std::string text;
        if (i % 3 == 2) {
            int count = int(rng() % 40);
            for (int j = 0; j < count; ++j) text += tokens[rng() % tokens.size()] + " ";
        } else {
            text = corpus;
            int edits = 1 + int(rng() % 6);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                std::size_t at = rng() % text.size();
                switch (rng() % 6) {
                    case 0:
                        text.erase(at, 1 + rng() % 20);
                        break;
                    case 1:
                        text.insert(at, tokens[rng() % tokens.size()]);
                        break;
                    case 2:
                        text[at] = char(rng() % 128);
                        break;
                    case 3:
                        text.resize(at);
                        break;
                    case 4:
                        text.insert(at, text.substr(rng() % text.size(), rng() % 200));
                        break;
                    case 5:
                        text[at] = "(){}[]\"$!?;%\n"[rng() % 13];
                        break;
                }
            }
        }
        try {
            std::istringstream in(text);
            PgnReader reader(in);
            int games = 0;
            // After an error the reader resumes; it must still reach the end.
            for (int attempt = 0; attempt < 1000; ++attempt) {
                try {
                    auto game = reader.next();
                    if (!game) break;
                    ++games;
                    try {
                        ChessGameRecord record = import_pgn_game(*game, games);
                        (void)export_pgn(record);
                        ++imported;
                    } catch (const NotationError&) {
                        ++rejected;
                    }
                } catch (const NotationError& e) {
                    EXPECT_EQ(std::string(e.what()).rfind("PGN line ", 0), 0u) << e.what();
                    ++rejected;
                }
                ASSERT_LT(attempt, 999) << "reader made no progress";
            }
            read += games;
            auto all = read_pgn(text);  // the all-or-nothing reader too
            for (const auto& game : all) (void)write_pgn(game);
        } catch (const NotationError&) {
            ++rejected;
        }
    }
    EXPECT_GT(read, rounds / 3);
    EXPECT_GT(imported, rounds / 6);
    EXPECT_GT(rejected, rounds / 6);
}
