// The attack tables against a square-by-square walk, on both boards: every square, the
// empty board, full boards and random blockers (sparse and dense).
#include <gtest/gtest.h>

#include <random>

#include "core/attacks.h"

using namespace arbiter;

namespace {

template <typename G>
typename G::Bitboard walk(Square s, const int (&dirs)[4][2], typename G::Bitboard occupied) {
    typename G::Bitboard seen = 0;
    for (const auto& d : dirs) {
        for (int f = G::file_of(s) + d[0], r = G::rank_of(s) + d[1]; G::on_board(f, r);
             f += d[0], r += d[1]) {
            seen |= square_bb<G>(G::square(f, r));
            if (occupied & square_bb<G>(G::square(f, r))) break;
        }
    }
    return seen;
}

constexpr int Straight[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int Diagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <typename G>
typename G::Bitboard random_blockers(std::mt19937_64& gen, int density) {
    typename G::Bitboard b = 0;
    for (Square s = 0; s < G::Squares; ++s)
        if (int(gen() % 100) < density) b |= square_bb<G>(s);
    return b;
}

template <typename G>
void expect_sliders_match_the_walk() {
    using BB = typename G::Bitboard;
    std::mt19937_64 gen(2026);
    for (Square s = 0; s < G::Squares; ++s) {
        std::vector<BB> boards = {BB(0), ~BB(0)};
        for (int density : {5, 20, 50, 80})
            for (int i = 0; i < 40; ++i) boards.push_back(random_blockers<G>(gen, density));
        for (BB occupied : boards) {
            ASSERT_TRUE(rook_attacks<G>(s, occupied) == walk<G>(s, Straight, occupied))
                << "rook on " << G::square_name(s);
            ASSERT_TRUE(bishop_attacks<G>(s, occupied) == walk<G>(s, Diagonal, occupied))
                << "bishop on " << G::square_name(s);
        }
    }
}

}  // namespace

TEST(Attacks, SlidersOnTheChessBoardMatchASquareBySquareWalk) {
    expect_sliders_match_the_walk<Geometry8x8>();
}

TEST(Attacks, SlidersOnTheMinesweeperBoardMatchASquareBySquareWalk) {
    expect_sliders_match_the_walk<Geometry8x10>();
}

TEST(Attacks, BetweenHoldsTheSquaresStrictlyBetweenPlusTheSecond) {
    using G = Geometry8x10;
    const Square a1 = G::square(0, 0), a10 = G::square(0, 9), h8 = G::square(7, 7);
    const Square b2 = G::square(1, 1), c3 = G::square(2, 2), b3 = G::square(1, 2);
    EXPECT_TRUE(between_bb<G>(a1, c3) == (square_bb<G>(b2) | square_bb<G>(c3)));
    EXPECT_TRUE(between_bb<G>(a1, b3) == square_bb<G>(b3));  // not aligned: the second only
    EXPECT_EQ(popcount(between_bb<G>(a1, a10)), 9);
    EXPECT_EQ(popcount(line_bb<G>(a1, h8)), 8);
    EXPECT_TRUE(aligned<G>(a1, b2, h8));
    EXPECT_FALSE(aligned<G>(a1, b3, h8));
}
