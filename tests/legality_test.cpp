// is_legal decides one move without generating them all (the search asks it of every hash
// move): it must agree with the generator on every move pattern, in positions full of
// pins, checks, promotions, en passant and castling, on both boards.
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "variants/chess/movegen.h"

using namespace arbiter;

namespace {

// Every encoding a move from one of the side to move's pieces could have: all kinds, all
// promotion pieces, every destination; plus a few patterns no generator makes.
template <typename R>
void expect_is_legal_agrees(const BasicPosition<R>& pos) {
    using G = typename R::Geometry;
    const MoveList<> legal = legal_moves(pos);
    int agreed = 0;
    for (Square from = 0; from < G::Squares; ++from) {
        if (pos.empty(from) || color_of(pos.piece_on(from)) != pos.side_to_move()) {
            const Move stray = Move::make(from, (from + 1) % G::Squares);
            ASSERT_FALSE(pos.is_legal(stray)) << pos.fen() << " " << stray.raw();
            continue;
        }
        for (Square to = 0; to < G::Squares; ++to) {
            for (MoveKind kind : {MoveKind::Normal, MoveKind::Promotion, MoveKind::EnPassant,
                                  MoveKind::Castling, MoveKind::Sapper})
                for (PieceType promo : {Knight, Bishop, Rook, Queen, Pawn, King}) {
                    const Move m = Move::make(from, to, kind, promo);
                    ASSERT_EQ(pos.is_legal(m), legal.contains(m))
                        << pos.fen() << " from " << from << " to " << to << " kind " << int(kind)
                        << " piece " << int(promo);
                    ++agreed;
                }
        }
    }
    ASSERT_GT(agreed, 0);
    for (Move m : legal) ASSERT_TRUE(pos.is_legal(m)) << pos.fen();
}

template <typename R>
void walk_random_games(const std::string& fen, int games, int plies, std::uint64_t seed) {
    auto next = [&seed] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; };
    for (int game = 0; game < games; ++game) {
        auto pos = BasicPosition<R>::from_fen(fen);
        for (int ply = 0; ply < plies; ++ply) {
            expect_is_legal_agrees(pos);
            if (::testing::Test::HasFatalFailure()) return;
            const MoveList<> moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.do_move(moves[int((next() >> 33) % std::uint64_t(moves.size()))]);
        }
    }
}

}  // namespace

TEST(Legality, IsLegalAgreesWithTheGeneratorAlongRandomGames) {
    walk_random_games<StandardChessRules>(StandardChessRules::StartFen, 6, 80, 1);
    // Pins, en passant and castling through attacked squares.
    walk_random_games<StandardChessRules>(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 40, 2);
    // Checks with en passant as the only answer, pins along the rank of both pawns.
    walk_random_games<StandardChessRules>("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 40, 3);
    // Promotions, under-promotions and captures onto the last rank.
    walk_random_games<StandardChessRules>("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, 30, 4);
    walk_random_games<StandardChessRules>(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 40, 5);
}

TEST(Legality, IsLegalAgreesWithTheGeneratorOnTheTallBoard) {
    walk_random_games<MinesweeperBoardRules>(MinesweeperBoardRules::StartFen, 4, 80, 6);
    // A bishop pinned on the king's file, castling on both wings, rooks checking on files.
    walk_random_games<MinesweeperBoardRules>("r3k2r/8/8/4r3/8/8/8/4B3/3PPP2/R3K2R w KQkq - 0 1", 4,
                                             40, 7);
}
