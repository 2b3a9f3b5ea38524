#include <gtest/gtest.h>

#include "engine/move_history.h"

using namespace arbiter;
using namespace arbiter::engine;

namespace {
using History = MoveHistory<64>;
constexpr Square sq(char file, int rank) { return Square((rank - 1) * 8 + (file - 'a')); }
}  // namespace

// The continuation history reads the opponent's last move and our previous one: a move learnt
// after one of them scores after it alone.
TEST(EngineMoveHistory, AMoveLearntAfterOurPreviousMoveScoresAfterItAlone) {
    History h;
    const Piece knight = make_piece(White, Knight);
    const Move nf3 = Move::make(sq('g', 1), sq('f', 3));
    const History::Earlier ourBishopMove{make_piece(White, Bishop), sq('c', 4)};
    History::EarlierMoves learnt{};
    learnt[1] = ourBishopMove;
    h.reward(White, nf3, knight, learnt, 1000);

    History::EarlierMoves same{};
    same[1] = ourBishopMove;
    History::EarlierMoves other{};
    other[1] = {make_piece(White, Bishop), sq('b', 5)};
    // The butterfly entry is shared; the difference is the continuation entry.
    EXPECT_GT(h.score(White, nf3, knight, same), h.score(White, nf3, knight, other));
    EXPECT_EQ(h.score(White, nf3, knight, other),
              h.score(White, nf3, knight, History::EarlierMoves{}));
}

// A quiet move that keeps failing sinks below one that cut, and neither passes the table's
// bound however often it is rewarded.
TEST(EngineMoveHistory, RewardsMoveAScoreTowardsItsBoundWithoutPassingIt) {
    History h;
    const Piece rook = make_piece(Black, Rook);
    const Move good = Move::make(sq('a', 8), sq('d', 8));
    const Move bad = Move::make(sq('h', 8), sq('g', 8));
    const History::EarlierMoves none{};
    for (int i = 0; i < 200; ++i) {
        h.reward(Black, good, rook, none, 1500);
        h.reward(Black, bad, rook, none, -1500);
    }
    EXPECT_GT(h.score(Black, good, rook, none), 0);
    EXPECT_LT(h.score(Black, bad, rook, none), 0);
    EXPECT_LE(h.score(Black, good, rook, none), 16384);
    EXPECT_GE(h.score(Black, bad, rook, none), -16384);
}

// The counter move is the reply that last refuted an opponent's move (by its piece and
// destination); before the root, or after a null move, there is none.
TEST(EngineMoveHistory, TheCounterMoveIsTheLastReplyThatRefutedThatMove) {
    History h;
    const History::Earlier bishopToB5{make_piece(White, Bishop), sq('b', 5)};
    const Move a6 = Move::make(sq('a', 7), sq('a', 6));
    const Move c6 = Move::make(sq('c', 7), sq('c', 6));
    EXPECT_EQ(h.counter_move(bishopToB5), Move::none());
    h.set_counter_move(bishopToB5, a6);
    EXPECT_EQ(h.counter_move(bishopToB5), a6);
    h.set_counter_move(bishopToB5, c6);
    EXPECT_EQ(h.counter_move(bishopToB5), c6);
    EXPECT_EQ(h.counter_move({make_piece(White, Knight), sq('b', 5)}), Move::none());
    h.set_counter_move(History::Earlier{}, a6);
    EXPECT_EQ(h.counter_move(History::Earlier{}), Move::none());
    h.clear();
    EXPECT_EQ(h.counter_move(bishopToB5), Move::none());
}
