#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/perft_suite.h"
#include "test_paths.h"
#include "test_support.h"
#include "variants/chess/san.h"

using namespace arbiter;

namespace {

using MinePosition = BasicPosition<MinesweeperBoardRules>;

template <typename R>
Move uci(const BasicPosition<R>& pos, std::string_view text) {
    return parse_uci(pos, text);
}

template <typename R>
std::string san_error(const BasicPosition<R>& pos, std::string_view text) {
    try {
        Move m = parse_san(pos, text);
        return "accepted as " + to_uci(pos, m);
    } catch (const NotationError& e) {
        return e.what();
    }
}

// Every legal move: SAN is unique in the position, reads back as the same move, carries
// the right suffix, and the tolerant spellings of it read back too.
template <typename R>
void check_every_move(const BasicPosition<R>& pos) {
    using G = typename R::Geometry;
    std::set<std::string> seen;
    for (Move m : legal_moves(pos)) {
        std::string san = to_san(pos, m);
        SCOPED_TRACE(pos.fen() + " " + san);
        EXPECT_TRUE(seen.insert(san).second) << "duplicate SAN";
        ASSERT_EQ(parse_san(pos, san), m);

        BasicPosition<R> after = pos;
        after.do_move(m);
        char suffix = san.back();
        bool mate = after.in_check() && legal_moves(after).empty();
        EXPECT_EQ(suffix == '#', mate);
        EXPECT_EQ(suffix == '+', after.in_check() && !mate);

        EXPECT_EQ(parse_san(pos, to_uci(pos, m)), m);
        std::string bare = san;
        while (bare.back() == '+' || bare.back() == '#') bare.pop_back();
        EXPECT_EQ(parse_san(pos, bare + "!?"), m);
        if (m.kind() == MoveKind::Castling) {
            std::string zeros = bare;
            for (char& c : zeros) c = c == 'O' ? '0' : c;
            EXPECT_EQ(parse_san(pos, zeros), m);
            continue;
        }
        std::string noCapture = bare;
        std::erase(noCapture, 'x');
        EXPECT_EQ(parse_san(pos, noCapture), m);
        // Over-disambiguated: piece letter (P for pawns) and the whole from-square.
        PieceType pt = type_of(pos.moved_piece(m));
        std::string full = std::string(1, "PNBRQK"[pt]) + G::square_name(m.from()) +
                           (pos.is_capture(m) ? "x" : "") + G::square_name(m.to());
        if (m.kind() == MoveKind::Promotion) {
            full += "=";
            full += "PNBRQK"[m.promotion()];
            std::string lowerPromotion = bare;
            lowerPromotion.erase(lowerPromotion.size() - 2, 1);  // "=Q" -> "Q"
            EXPECT_EQ(parse_san(pos, lowerPromotion), m);
            lowerPromotion.back() = char(lowerPromotion.back() - 'A' + 'a');
            EXPECT_EQ(parse_san(pos, lowerPromotion), m);
        }
        EXPECT_EQ(parse_san(pos, full), m);
    }
}

template <typename R>
void walk(BasicPosition<R>& pos, int depth) {
    check_every_move(pos);
    if (depth == 0 || ::testing::Test::HasFatalFailure()) return;
    for (Move m : legal_moves(pos)) {
        pos.do_move(m);
        walk(pos, depth - 1);
        pos.undo_move(m);
    }
}

}  // namespace

TEST(San, RoundTripsEveryMoveOfThePerftPositionsToDepthTwo) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/tests/data/perft-standard.epd");
    ASSERT_TRUE(in) << "perft-standard.epd missing";
    auto suite = read_perft_suite(in);
    ASSERT_GE(suite.size(), 5u);
    for (const auto& entry : suite) {
        Position pos = Position::from_fen(entry.fen);
        walk(pos, test::sanitized() ? 1 : 2);
    }
}

TEST(San, RoundTripsEveryMoveAlongRandomGames) {
    std::mt19937 rng(20240611);
    int promotions = 0, enPassants = 0;
    const int games = test::sanitized() ? 8 : 60;
    for (int game = 0; game < games; ++game) {
        Position pos;
        for (int ply = 0; ply < 160; ++ply) {
            check_every_move(pos);
            if (HasFatalFailure()) return;
            auto moves = legal_moves(pos);
            if (moves.empty()) break;
            // Prefer pawn moves now and then, so that games reach promotions.
            Move m = moves[int(rng() % moves.size())];
            for (int tries = 0; tries < 3 && type_of(pos.moved_piece(m)) != Pawn; ++tries)
                m = moves[int(rng() % moves.size())];
            promotions += m.kind() == MoveKind::Promotion;
            enPassants += m.kind() == MoveKind::EnPassant;
            pos.do_move(m);
        }
    }
    EXPECT_GT(promotions, games / 6);
    EXPECT_GE(enPassants, games / 20);
}

TEST(San, MinesweeperBoardRoundTripsToDepthTwoAndAlongRandomGames) {
    MinePosition start;
    walk(start, test::sanitized() ? 1 : 2);
    std::mt19937 rng(7);
    for (int game = 0; game < (test::sanitized() ? 2 : 10); ++game) {
        MinePosition pos;
        for (int ply = 0; ply < 200; ++ply) {
            check_every_move(pos);
            if (HasFatalFailure()) return;
            auto moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.do_move(moves[int(rng() % moves.size())]);
        }
    }
}

TEST(San, PieceMovesAndPawnMovesFromTheStart) {
    Position pos;
    EXPECT_EQ(to_san(pos, uci(pos, "e2e4")), "e4");
    EXPECT_EQ(to_san(pos, uci(pos, "g1f3")), "Nf3");
    EXPECT_EQ(to_san(pos, uci(pos, "b1c3")), "Nc3");
    EXPECT_EQ(parse_san(pos, "e4"), uci(pos, "e2e4"));
    EXPECT_EQ(parse_san(pos, "e3"), uci(pos, "e2e3"));
    EXPECT_EQ(parse_san(pos, "Nf3"), uci(pos, "g1f3"));
}

TEST(San, DisambiguatesByFileThenRankThenSquare) {
    // Knights on b1 and f1 both reach d2.
    auto files = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    EXPECT_EQ(to_san(files, uci(files, "b1d2")), "Nbd2");
    EXPECT_EQ(to_san(files, uci(files, "f1d2")), "Nfd2");
    EXPECT_EQ(to_san(files, uci(files, "b1c3")), "Nc3");
    EXPECT_EQ(parse_san(files, "Nfd2"), uci(files, "f1d2"));
    EXPECT_EQ(san_error(files, "N1d2"), "SAN 'N1d2': ambiguous (Nbd2, Nfd2)");

    // Rooks on a1 and a5 both reach a3: same file, so the rank.
    auto ranks = Position::from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(to_san(ranks, uci(ranks, "a1a3")), "R1a3");
    EXPECT_EQ(to_san(ranks, uci(ranks, "a5a3")), "R5a3");
    EXPECT_EQ(to_san(ranks, uci(ranks, "a1b1")), "Rb1");
    EXPECT_EQ(parse_san(ranks, "R5a3"), uci(ranks, "a5a3"));
    EXPECT_EQ(parse_san(ranks, "Ra5a3"), uci(ranks, "a5a3"));
    EXPECT_EQ(san_error(ranks, "Raa3"), "SAN 'Raa3': ambiguous (R1a3, R5a3)");

    // Queens on h4, e4 and h1 all reach e1: the one on h4 shares a file and a rank.
    auto both = Position::from_fen("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    EXPECT_EQ(to_san(both, uci(both, "h4e1")), "Qh4e1");
    EXPECT_EQ(to_san(both, uci(both, "e4e1")), "Qee1");
    EXPECT_EQ(to_san(both, uci(both, "h1e1")), "Q1e1");
    EXPECT_EQ(parse_san(both, "Qh4e1"), uci(both, "h4e1"));
    EXPECT_EQ(parse_san(both, "Qh4-e1"), uci(both, "h4e1"));
    EXPECT_EQ(san_error(both, "Qhe1"), "SAN 'Qhe1': ambiguous (Q1e1, Qh4e1)");

    // A pinned knight is no rival: Ng1-e2 needs no file.
    auto pinned = Position::from_fen("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    EXPECT_EQ(to_san(pinned, uci(pinned, "g1e2")), "Ne2");
    EXPECT_EQ(parse_san(pinned, "Ne2"), uci(pinned, "g1e2"));
    EXPECT_EQ(san_error(pinned, "Nce2"), "SAN 'Nce2': no knight on the c-file can move to e2");
}

TEST(San, CaptureCheckAndMateSuffixes) {
    Position pos;
    for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"})
        pos.do_move(parse_san(pos, san));
    EXPECT_EQ(to_san(pos, uci(pos, "h5f7")), "Qxf7#");
    EXPECT_EQ(to_san(pos, uci(pos, "h5e5")), "Qxe5+");
    EXPECT_EQ(to_san(pos, uci(pos, "c4f7")), "Bxf7+");
    EXPECT_EQ(parse_san(pos, "Qxf7#"), uci(pos, "h5f7"));
    EXPECT_EQ(parse_san(pos, "Qf7"), uci(pos, "h5f7"));    // missing 'x' and '#'
    EXPECT_EQ(parse_san(pos, "Qxf7+"), uci(pos, "h5f7"));  // wrong suffix: tolerated

    Position fool;
    for (const char* san : {"f3", "e5", "g4"}) fool.do_move(parse_san(fool, san));
    EXPECT_EQ(to_san(fool, uci(fool, "d8h4")), "Qh4#");
}

TEST(San, PromotionsIncludingUnderPromotionWithCapture) {
    auto pos = Position::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(to_san(pos, uci(pos, "a7a8q")), "a8=Q");
    EXPECT_EQ(to_san(pos, uci(pos, "a7b8q")), "axb8=Q+");
    EXPECT_EQ(to_san(pos, uci(pos, "a7b8r")), "axb8=R+");
    EXPECT_EQ(to_san(pos, uci(pos, "a7b8n")), "axb8=N");
    EXPECT_EQ(to_san(pos, uci(pos, "a7b8b")), "axb8=B");
    for (const char* text : {"axb8=N", "axb8N", "axb8n", "ab8=N", "ab8n", "a7b8n", "axb8(N)",
                             "axb8/N", "Pa7xb8=N", "axb8=n!"})
        EXPECT_EQ(parse_san(pos, text), uci(pos, "a7b8n")) << text;
    EXPECT_EQ(parse_san(pos, "a8q"), uci(pos, "a7a8q"));
    EXPECT_EQ(parse_san(pos, "a8=R"), uci(pos, "a7a8r"));
    EXPECT_EQ(san_error(pos, "axb8"), "SAN 'axb8': promotion piece missing");
    EXPECT_EQ(san_error(pos, "a8"), "SAN 'a8': promotion piece missing");

    // 'b' is a file first and a bishop only after the rank digit.
    auto b = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(parse_san(b, "b8q"), uci(b, "b7b8q"));
    EXPECT_EQ(parse_san(b, "b8b"), uci(b, "b7b8b"));
    EXPECT_EQ(parse_san(b, "b8=B"), uci(b, "b7b8b"));
    EXPECT_EQ(parse_san(b, "b8Q+"), uci(b, "b7b8q"));
    EXPECT_EQ(san_error(b, "Bb8"), "SAN 'Bb8': no bishop can move to b8");
    EXPECT_EQ(san_error(b, "b8=K"), "SAN 'b8=K': promotion to a king is not allowed");
    EXPECT_EQ(san_error(b, "b8=P"), "SAN 'b8=P': 'P' is not a promotion piece");
    EXPECT_EQ(san_error(b, "Kd2=Q"), "SAN 'Kd2=Q': only a pawn can promote");

    // Black promotes on the first rank.
    auto black = Position::from_fen("4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1");
    EXPECT_EQ(to_san(black, uci(black, "a2b1q")), "axb1=Q+");
    EXPECT_EQ(to_san(black, uci(black, "a2a1n")), "a1=N");
    EXPECT_EQ(parse_san(black, "axb1=Q+"), uci(black, "a2b1q"));
}

TEST(San, Castling) {
    auto pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move shortCastle = uci(pos, "e1g1"), longCastle = uci(pos, "e1c1");
    EXPECT_EQ(shortCastle.kind(), MoveKind::Castling);
    EXPECT_EQ(to_san(pos, shortCastle), "O-O");
    EXPECT_EQ(to_san(pos, longCastle), "O-O-O");
    for (const char* text : {"O-O", "0-0", "o-o", "O-O+", "O-O!", "e1g1", "e1h1", " O-O "})
        EXPECT_EQ(parse_san(pos, text), shortCastle) << text;
    for (const char* text : {"O-O-O", "0-0-0", "O-O-O#", "e1c1", "e1a1"})
        EXPECT_EQ(parse_san(pos, text), longCastle) << text;
    EXPECT_EQ(to_san(pos, uci(pos, "e1f1")), "Kf1");

    auto check = Position::from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(to_san(check, uci(check, "e1g1")), "O-O+");

    auto black = Position::from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    EXPECT_EQ(to_san(black, uci(black, "e8c8")), "O-O-O");
    EXPECT_EQ(parse_san(black, "0-0-0"), uci(black, "e8c8"));
    EXPECT_EQ(san_error(black, "O-O"), "SAN 'O-O': king-side castling is not legal here");

    Position start;
    EXPECT_EQ(san_error(start, "O-O-O"), "SAN 'O-O-O': queen-side castling is not legal here");
}

TEST(San, EnPassant) {
    auto pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    Move ep = uci(pos, "e5d6");
    ASSERT_EQ(ep.kind(), MoveKind::EnPassant);
    EXPECT_EQ(to_san(pos, ep), "exd6");
    for (const char* text : {"exd6", "exd6 e.p.", "exd6e.p.", "ed6", "e5d6", "exd6+", "Pexd6"})
        EXPECT_EQ(parse_san(pos, text), ep) << text;
    EXPECT_EQ(to_san(pos, uci(pos, "e5e6")), "e6");
}

TEST(San, TolerantSpellings) {
    Position pos;
    Move knight = uci(pos, "g1f3"), pawn = uci(pos, "e2e4");
    for (const char* text : {"Nf3", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!", "Nf3+",
                             "Ng1f3", "Ngf3", "N1f3", "Ng1-f3", "Nxf3", "nf3", "g1f3", "\tNf3 "})
        EXPECT_EQ(parse_san(pos, text), knight) << text;
    for (const char* text : {"e4", "Pe4", "pe4", "e2e4", "e2-e4", "Pe2e4", "ee4", "e4!"})
        EXPECT_EQ(parse_san(pos, text), pawn) << text;

    pos.do_move(pawn);
    pos.do_move(uci(pos, "d7d5"));
    Move capture = uci(pos, "e4d5");
    for (const char* text : {"exd5", "ed5", "e:d5", "xd5", "Pxd5", "e4xd5", "exd5!?"})
        EXPECT_EQ(parse_san(pos, text), capture) << text;
}

TEST(San, ErrorsNameTheTokenAndTheProblem) {
    Position pos;
    EXPECT_EQ(san_error(pos, "Nf5"), "SAN 'Nf5': no knight can move to f5");
    EXPECT_EQ(san_error(pos, "e5"), "SAN 'e5': no pawn can move to e5");
    EXPECT_EQ(san_error(pos, "Qxz9"), "SAN 'Qxz9': not a move");
    EXPECT_EQ(san_error(pos, "Ke9"), "SAN 'Ke9': not a move");
    EXPECT_EQ(san_error(pos, "hello"), "SAN 'hello': not a move");
    EXPECT_EQ(san_error(pos, "e4e4e4"), "SAN 'e4e4e4': not a move");
    EXPECT_EQ(san_error(pos, "Nf"), "SAN 'Nf': not a move");
    EXPECT_EQ(san_error(pos, "+"), "SAN '+': not a move");
    EXPECT_EQ(san_error(pos, ""), "SAN '': empty move");
    EXPECT_EQ(san_error(pos, "   "), "SAN '': empty move");
    EXPECT_EQ(san_error(pos, "e4=Q"), "SAN 'e4=Q': a pawn does not promote on e4");
    EXPECT_EQ(san_error(pos, "e4x"), "SAN 'e4x': 'x' is not a promotion piece");
    EXPECT_EQ(san_error(pos, "Ng3f3"), "SAN 'Ng3f3': no knight on g3 can move to f3");
    EXPECT_EQ(san_error(pos, "N2f3"), "SAN 'N2f3': no knight on rank 2 can move to f3");
    EXPECT_EQ(san_error(pos, "g1f5"), "SAN 'g1f5': no legal move from g1 to f5");
    EXPECT_EQ(san_error(pos, "e2e5"), "SAN 'e2e5': no pawn can move to e5");
    EXPECT_EQ(san_error(pos, std::string(40, 'N')),
              "SAN '" + std::string(40, 'N') + "': not a move");

    auto capture = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    EXPECT_EQ(san_error(capture, "d5"),
              "SAN 'd5': no pawn can move to d5 (a capture names the pawn's file, e.g. exd5)");

    auto twoKnights = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    EXPECT_EQ(san_error(twoKnights, "Nd2"), "SAN 'Nd2': ambiguous (Nbd2, Nfd2)");

    auto promotion = Position::from_fen("4k3/8/8/8/8/8/4p3/K7 b - - 0 1");
    EXPECT_EQ(san_error(promotion, "e1"), "SAN 'e1': promotion piece missing");

    try {
        (void)to_san(pos, uci(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "h1h8"));
        FAIL() << "to_san accepted an illegal move";
    } catch (const NotationError& e) {
        EXPECT_STREQ(e.what(), "SAN: h1h8 is not a legal move in this position");
    }
}

// SAN stays tolerant of white space around the move (a typed line), but a control character
// inside is no move, and the reason quotes the text escaped, never with the raw byte.
TEST(San, ErrorsQuoteControlCharactersEscaped) {
    Position pos;
    EXPECT_EQ(san_error(pos, std::string_view("e4\0", 3)), "SAN 'e4\\0': not a move");
    EXPECT_EQ(san_error(pos, "e4\x01"), "SAN 'e4\\x01': not a move");
    EXPECT_EQ(san_error(pos, "N\x1b[2Jf3"), "SAN 'N\\x1b[2Jf3': not a move");
    EXPECT_EQ(san_error(pos, " e4\t"), "accepted as e2e4");
}

TEST(San, MinesweeperBoardHasTenRanks) {
    MinePosition start;
    EXPECT_EQ(to_san(start, uci(start, "e2e4")), "e4");
    EXPECT_EQ(parse_san(start, "Nf3"), uci(start, "g1f3"));

    auto promote = MinePosition::from_fen("k7/4P3/8/8/8/8/8/8/8/4K3 w - - 0 1");
    Move queen = uci(promote, "e9e10q");
    EXPECT_EQ(to_san(promote, queen), "e10=Q+");
    for (const char* text : {"e10=Q", "e10Q", "e10q", "e10", "e9e10q", "e10=Q+", "Pe9e10=Q"})
        EXPECT_EQ(parse_san(promote, text), queen) << text;
    EXPECT_EQ(san_error(promote, "e10=N"), "SAN 'e10=N': promotion to a knight is not allowed");
    EXPECT_EQ(san_error(promote, "e11=Q"), "SAN 'e11=Q': not a move");

    auto knight = MinePosition::from_fen("k7/8/6N1/8/8/8/8/8/8/4K3 w - - 0 1");
    EXPECT_EQ(to_san(knight, uci(knight, "g8h10")), "Nh10");
    EXPECT_EQ(parse_san(knight, "Nh10"), uci(knight, "g8h10"));
    EXPECT_EQ(parse_san(knight, "Ng8h10"), uci(knight, "g8h10"));
    Position chess;
    EXPECT_EQ(san_error(chess, "Nh10"), "SAN 'Nh10': not a move");

    // Rooks on a10 and a1: rank disambiguation with two digits.
    auto rooks = MinePosition::from_fen("R7/7k/8/8/8/8/8/8/8/R3K3 w - - 0 1");
    EXPECT_EQ(to_san(rooks, uci(rooks, "a10a5")), "R10a5");
    EXPECT_EQ(to_san(rooks, uci(rooks, "a1a5")), "R1a5");
    EXPECT_EQ(parse_san(rooks, "R10a5"), uci(rooks, "a10a5"));
    EXPECT_EQ(parse_san(rooks, "Ra10a5"), uci(rooks, "a10a5"));
    EXPECT_EQ(to_san(rooks, uci(rooks, "a10h10")), "Rh10+");

    auto castle = MinePosition::from_fen("4k3/8/8/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    EXPECT_EQ(to_san(castle, uci(castle, "e1g1")), "O-O");
    EXPECT_EQ(parse_san(castle, "0-0-0"), uci(castle, "e1c1"));
}

// Random and mutated strings: every one is a legal move or a NotationError.
TEST(San, FuzzedTextIsAMoveOrANotationError) {
    std::mt19937 rng(12345);
    const std::string alphabet = "NBRQKPnbrqkpabcdefghxyz=+#!?0O-123456789 ()/:.e";
    std::vector<std::string> seeds;
    std::vector<Position> positions;
    positions.push_back(Position());
    positions.push_back(
        Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"));
    positions.push_back(Position::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    positions.push_back(Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"));
    for (const auto& pos : positions)
        for (Move m : legal_moves(pos)) seeds.push_back(to_san(pos, m));
    int accepted = 0, rejected = 0;
    MinePosition mine;
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        if (i % 2) {
            int length = int(rng() % 10);
            for (int j = 0; j < length; ++j) text += alphabet[rng() % alphabet.size()];
        } else {
            text = seeds[rng() % seeds.size()];
            int edits = 1 + int(rng() % 3);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                std::size_t at = rng() % text.size();
                switch (rng() % 4) {
                    case 0:
                        text.erase(at, 1);
                        break;
                    case 1:
                        text.insert(at, 1, alphabet[rng() % alphabet.size()]);
                        break;
                    case 2:
                        text[at] = alphabet[rng() % alphabet.size()];
                        break;
                    case 3:
                        text.resize(at);
                        break;
                }
            }
            if (rng() % 50 == 0) text += char(rng() % 256);
        }
        const Position& pos = positions[rng() % positions.size()];
        try {
            Move m = parse_san(pos, text);
            EXPECT_TRUE(pos.is_legal(m)) << text;
            ++accepted;
        } catch (const NotationError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("SAN '", 0), 0u) << e.what();
            ++rejected;
        }
        try {
            Move m = parse_san(mine, text);
            EXPECT_TRUE(mine.is_legal(m)) << text;
        } catch (const NotationError&) {
        }
    }
    EXPECT_GT(accepted, 50);
    EXPECT_GT(rejected, 5000);
}
