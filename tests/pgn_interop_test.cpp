// Our PGN must import elsewhere: random games exported by Arbiter are read back by
// pgn-extract (Debian package, an independent PGN implementation) and converted to UCI
// moves, which must be exactly the moves we played.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include <gtest/gtest.h>

#include "test_support.h"
#include "variants/chess/outcome.h"
#include "variants/chess/pgn_chess.h"
#include "variants/chess/uci.h"

using namespace arbiter;

namespace {

const char* PgnExtract = "/usr/games/pgn-extract";

std::string run(const std::string& cmd) {
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    pclose(p);
    return out;
}

}  // namespace

TEST(PgnInterop, PgnExtractReadsOurGamesMoveForMove) {
    ASSERT_EQ(std::ifstream(PgnExtract).good(), true) << "pgn-extract missing: run make deps";
    std::mt19937_64 rng(7);
    std::string file = ::testing::TempDir() + "arbiter-interop-" + std::to_string(getpid()) + ".pgn";
    std::ofstream out(file);
    std::vector<std::string> expected;
    const char* starts[] = {StandardChessRules::StartFen,
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"};
    const int games = test::sanitized() ? 10 : 60;
    for (int g = 0; g < games; ++g) {
        auto start = Position::from_fen(starts[g % 4]);
        Position pos = start;
        std::vector<Move> moves;
        std::string uci;
        for (int ply = 0; ply < 120; ++ply) {
            auto legal = legal_moves(pos);
            if (legal.empty()) break;
            Move m = legal[int(rng() % std::uint64_t(legal.size()))];
            uci += (uci.empty() ? "" : " ") + to_uci(pos, m);
            moves.push_back(m);
            pos.do_move(m);
        }
        expected.push_back(uci);
        std::string result = "*";
        if (auto o = automatic_outcome(pos))
            result = !o->winner ? "1/2-1/2" : *o->winner == White ? "1-0" : "0-1";
        out << export_pgn(start, moves, {{"Event", "interop " + std::to_string(g)}}, result) << "\n";
    }
    out.close();
    // -Wuci: moves in UCI notation; -s: silent; games come out in input order.
    std::string converted = run(std::string(PgnExtract) + " -s -Wuci " + file + " 2>/dev/null");
    std::remove(file.c_str());
    std::istringstream lines(converted);
    std::string line, movetext;
    std::vector<std::string> got;
    while (std::getline(lines, line)) {
        if (line.rfind("[", 0) == 0) continue;
        if (line.empty()) {
            if (!movetext.empty()) got.push_back(movetext), movetext.clear();
            continue;
        }
        movetext += (movetext.empty() ? "" : " ") + line;
    }
    if (!movetext.empty()) got.push_back(movetext);
    ASSERT_EQ(got.size(), expected.size()) << converted.substr(0, 2000);
    for (std::size_t i = 0; i < got.size(); ++i) {
        std::string g = got[i];
        for (const char* r : {" *", " 1-0", " 0-1", " 1/2-1/2"})
            if (g.size() >= std::strlen(r) && g.substr(g.size() - std::strlen(r)) == r)
                g.resize(g.size() - std::strlen(r));
        if (g == "*" || g == "1-0" || g == "0-1" || g == "1/2-1/2") g.clear();
        for (char& c : g) c = char(std::tolower(static_cast<unsigned char>(c)));  // e7e8Q
        EXPECT_EQ(g, expected[i]) << "game " << i;
    }
}
