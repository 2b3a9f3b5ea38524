// Minesweeper FEN: round trips of plain, public and full states; every malformed field is
// rejected with a message naming it.
#include <gtest/gtest.h>

#include "core/notation_error.h"
#include "variants/minesweeper/notation.h"

using namespace arbiter;
using namespace arbiter::minesweeper;

namespace {

constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* AllFog = " zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~~";

Bitboard squares(std::initializer_list<const char*> names) {
    Bitboard b = 0;
    for (auto n : names) b |= bb(*G::parse_square(n));
    return b;
}

// The message of the NotationError the text raises ("" if it parses).
std::string error_of(const std::string& fen) {
    try {
        MinesweeperPosition::from_fen(fen);
    } catch (const NotationError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(MinesweeperFen, PlainFenMeansNoFogNoMines) {
    auto pos = MinesweeperPosition::from_fen(Start);
    EXPECT_EQ(pos.fen(), Start);
    EXPECT_EQ(pos.full_fen(), Start);
    EXPECT_EQ(pos.fog(), Bitboard(0));
    EXPECT_EQ(pos.counter(), 0);
    EXPECT_EQ(legal_moves(pos).size(), 20);  // no sapper actions
}

TEST(MinesweeperFen, StartStateRoundTrips) {
    auto pos = MinesweeperPosition::start(squares({"c5", "f5", "b6", "h7"}));
    EXPECT_EQ(pos.fen(), std::string(Start) + AllFog + " counter:4");
    EXPECT_EQ(pos.full_fen(), pos.fen() + " layout:c5,f5,b6,h7");
    auto back = MinesweeperPosition::from_fen(pos.full_fen());
    EXPECT_EQ(back.full_fen(), pos.full_fen());
    EXPECT_EQ(back.layout(), pos.layout());
    EXPECT_EQ(back.key(), pos.key());
}

TEST(MinesweeperFen, MidGameStateRoundTrips) {
    auto pos = MinesweeperPosition::start(squares({"c5", "d6", "e4", "h7"}));
    for (const char* m : {"d2d4", "e9e7", "d4d4", "d9d7", "c1f4"}) pos.do_move(parse_move(pos, m));
    auto full = MinesweeperPosition::from_fen(pos.full_fen());
    EXPECT_EQ(full.full_fen(), pos.full_fen());
    EXPECT_EQ(full.key(), pos.key());
    // The public FEN alone: same moves, same numbers, but no layout to play with.
    auto pub = MinesweeperPosition::from_fen(pos.fen());
    EXPECT_FALSE(pub.layout_known());
    EXPECT_EQ(pub.fen(), pos.fen());
    EXPECT_EQ(pub.key(), pos.key());
    auto a = legal_moves(pos), b = legal_moves(pub);
    ASSERT_EQ(a.size(), b.size());
    for (int i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]);
    for (Square s = 0; s < G::Squares; ++s)
        if (pos.revealed_zone() & bb(s)) {
            EXPECT_EQ(pub.number(s), pos.number(s));
        }
    EXPECT_THROW(pub.do_move(b[0]), std::logic_error);
}

TEST(MinesweeperFen, PublicFenWithoutHiddenMinesCanPlay) {
    // Every mine discovered (fog gone): the public FEN is the whole truth.
    auto pos = MinesweeperPosition::from_fen(
        "4k3/8/8/8/8/8/8/8/3PP3/4K3 w - - 0 1 zone:......../......../...111../...1*1.. counter:1");
    EXPECT_TRUE(pos.layout_known());
    EXPECT_EQ(pos.layout(), squares({"e4"}));
    EXPECT_NO_THROW(pos.do_move(parse_move(pos, "d2d3")));
}

TEST(MinesweeperFen, MalformedFieldsAreNamed) {
    const std::string s = Start;
    struct Case {
        std::string fen, mentions;
    };
    const Case cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"},
        {s + " counter:4", "zone"},
        {s + AllFog, "counter"},
        {s + " zone:~~~~~~~~/~~~~~~~~/~~~~~~~~ counter:4", "zone"},
        {s + " zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~~~~~ counter:4", "zone"},
        {s + " zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/~~~x~~~~ counter:4", "zone"},
        {s + AllFog + " counter:x", "counter"},
        {s + AllFog + " counter:33", "counter"},
        {s + AllFog + " counter:0", "zone"},  // fog with no hidden mine
        {s + AllFog + " counter:4 layout:c5,f5,b6", "layout"},
        {s + AllFog + " counter:4 layout:c5,f5,b6,h8", "layout"},
        {s + AllFog + " counter:4 layout:c5,f5,b6,b6", "layout"},
        {s + AllFog + " counter:4 layout:c5,f5,b6,z9", "layout"},
        {s + AllFog + AllFog + " counter:4", "twice"},
        {s + AllFog + " counter:4 w", "last"},
        // A piece on a fogged square, a mine under a piece.
        {"4k3/8/8/8/8/4P3/8/8/8/4K3 w - - 0 1" + std::string(AllFog) + " counter:1", "zone"},
        {"4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 zone:......../......../......../*....... counter:0",
         "counter"},
        // Numbers that contradict their neighbours or the layout.
        {"4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/3~~~~~ counter:1",
         "zone"},
        {"4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/.~~~~~~~ counter:1 "
         "layout:b5",
         "zone"},
        // The layout puts a mine where the zone shows none.
        {"4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 zone:~~~~~~~~/~~~~~~~~/~~~~~~~~/.~~~~~~~ counter:1 "
         "layout:a4",
         "layout"},
    };
    for (const auto& c : cases) {
        std::string error = error_of(c.fen);
        EXPECT_NE(error, "") << c.fen;
        EXPECT_NE(error.find(c.mentions), std::string::npos) << c.fen << " -> " << error;
    }
}
