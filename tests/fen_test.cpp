// FEN and EPD: exact round trips, a specific error for each kind of malformed input, and
// a fuzz-style sweep that must produce only NotationError or a position.
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "core/perft_suite.h"
#include "test_support.h"
#include "variants/chess/uci.h"

using namespace arbiter;

namespace {

std::string error_of(std::string_view fen) {
    try {
        Position::from_fen(fen);
    } catch (const NotationError& e) {
        return e.what();
    }
    return "(accepted)";
}

}  // namespace

TEST(Fen, RoundTripIsExact) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "8/8/8/8/8/8/8/k6K b - - 99 140",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // An en passant square no pawn can use is kept as written.
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
    };
    for (const char* fen : fens) EXPECT_EQ(Position::from_fen(fen).fen(), fen);
}

TEST(Fen, EpdFourFieldsGetDefaultClocks) {
    EXPECT_EQ(Position::from_fen("8/8/8/8/8/8/8/k6K w - -").fen(), "8/8/8/8/8/8/8/k6K w - - 0 1");
}

TEST(Fen, WrittenAfterMovesMatchesStockfishConvention) {
    // En passant is written only when a capture is possible, as Stockfish and lichess do.
    auto pos = Position();
    pos.do_move(parse_uci(pos, "e2e4"));
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    for (const char* m : {"a7a6", "e4e5", "d7d5"}) pos.do_move(parse_uci(pos, m));
    EXPECT_EQ(pos.fen(), "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
}

TEST(Fen, EachMalformedFieldIsNamed) {
    struct Case {
        const char* fen;
        const char* expected;
    };
    const Case cases[] = {
        {"", "expected 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "expected 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "expected 6 fields"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement: expected 8 ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks"},
        {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "more than 8 squares"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKXNR w KQkq - 0 1", "'X' is not a piece letter"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1", "white has 2 kings"},
        {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1", "pawn stands on the first or last"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move: 'x'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling: 'x'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "'K' appears twice"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no white rook on h1"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "white has 0 kings"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant: 'e9'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant: e3 is not"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock: '-1'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number: '0'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock: 'x'"},
        {"4k3/8/8/8/8/8/8/4K2R b - - 0 1", "(accepted)"},
        {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "side not to move (black) is in check"},
    };
    for (const auto& c : cases)
        EXPECT_NE(error_of(c.fen).find(c.expected), std::string::npos)
            << "FEN: " << c.fen << "\n got: " << error_of(c.fen);
}

TEST(Fen, FuzzedInputsNeverCrash) {
    std::mt19937_64 rng(20261129);
    const std::string seeds[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    };
    const std::string alphabet = "pnbrqkPNBRQK12345678910/ -wbKQkqa-h0x\t;";
    int accepted = 0, rejected = 0;
    const int rounds = test::sanitized() ? 3000 : 30000;
    for (int i = 0; i < rounds; ++i) {
        std::string s = seeds[rng() % 3];
        int edits = 1 + int(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            std::size_t at = s.empty() ? 0 : rng() % s.size();
            switch (rng() % 4) {
                case 0: if (!s.empty()) s.erase(at, 1); break;
                case 1: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                case 2: if (!s.empty()) s[at] = alphabet[rng() % alphabet.size()]; break;
                default: s = s.substr(0, at); break;
            }
        }
        try {
            auto pos = Position::from_fen(s);
            // Whatever is accepted must be a position the generator handles.
            (void)perft(pos, 2);
            EXPECT_EQ(Position::from_fen(pos.fen()).fen(), pos.fen());
            ++accepted;
        } catch (const NotationError&) {
            ++rejected;
        }
    }
    EXPECT_GT(accepted, 0);
    EXPECT_GT(rejected, 0);
}

TEST(Fen, MalformedEpdSuiteLinesAreNamed) {
    auto error = [](const char* text) {
        std::istringstream in(text);
        try {
            read_perft_suite(in);
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(error("8/8/8/8/8/8/8/k6K w - - ;D1 3\n;D1 4\n").find("line 2: no FEN"), std::string::npos);
    EXPECT_NE(error("x ;DX 3").find("'DX' is not a depth"), std::string::npos);
    EXPECT_NE(error("x ;D1 three").find("'three' after D1"), std::string::npos);
    EXPECT_EQ(error("# comment\n\nx ;D1 3 ;D2 9\n"), "(accepted)");
}

TEST(Uci, MalformedMovesAreNamed) {
    Position pos;
    auto error = [&](const char* text) {
        try {
            parse_uci(pos, text);
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(error("e2").find("expected squares"), std::string::npos);
    EXPECT_NE(error("e2e9").find("expected squares"), std::string::npos);
    EXPECT_NE(error("e2e4x").find("promotion piece 'x'"), std::string::npos);
    EXPECT_NE(error("e2e5").find("not legal"), std::string::npos);
    EXPECT_NE(error("").find("expected squares"), std::string::npos);
    EXPECT_EQ(error("e2e4"), "(accepted)");
    EXPECT_EQ(error("g1f3"), "(accepted)");
}

// A coordinate move is its squares and an optional promotion letter, nothing else: trailing
// white space, a NUL or another control character is refused, and the reason quotes the text
// with such characters escaped, never raw.
TEST(Uci, TrailingWhiteSpaceNulAndControlCharactersAreRejected) {
    Position pos;
    auto error = [&](std::string_view text) {
        try {
            parse_uci(pos, text);
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_EQ(error(std::string_view("e2e4\0", 5)),
              "UCI move 'e2e4\\0' is not a move in coordinate notation: a NUL byte after the "
              "squares (expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e4\t"),
              "UCI move 'e2e4\\t' is not a move in coordinate notation: a tab after the squares "
              "(expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e4 "),
              "UCI move 'e2e4 ' is not a move in coordinate notation: a space after the squares "
              "(expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e4\r\n"),
              "UCI move 'e2e4\\r\\n' is not a move in coordinate notation: a carriage return "
              "after the squares (expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e4\x01"),
              "UCI move 'e2e4\\x01' is not a move in coordinate notation: byte 0x01 after the "
              "squares (expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e4q\n"),
              "UCI move 'e2e4q\\n' is not a move in coordinate notation: a line feed after the "
              "promotion letter (expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error(" e2e4"),
              "UCI move ' e2e4' is not a move in coordinate notation: a space where the from "
              "square should be (expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e45"),
              "UCI move 'e2e45' is not a move in coordinate notation: e45 is not a square "
              "(expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2\xc3\xa9"),
              "UCI move 'e2\\xc3\\xa9' is not a move in coordinate notation: byte 0xC3 where the "
              "to square should be (expected squares like e2e4 or e7e8q)");
    EXPECT_EQ(error("e2e4#"),
              "UCI move 'e2e4#' is not a move in coordinate notation: '#' after the squares "
              "(expected squares like e2e4 or e7e8q)");
    // A letter is read as a promotion piece, as before.
    EXPECT_EQ(error("e2e4x"), "UCI move 'e2e4x': promotion piece 'x' is not one of n, b, r, q");
    EXPECT_EQ(error("e2e4"), "(accepted)");
}
