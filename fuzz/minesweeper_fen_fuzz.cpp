// Fuzzes the Minesweeper Chess extended FEN reader, MinesweeperPosition::from_fen
// (variants/minesweeper/fen.cpp): the 8x10 FEN plus zone:, counter: and layout:.
// Invariants: bad text is rejected with NotationError only; fen() and full_fen() read back to
// themselves; the public FEN has the same legal moves as the full state (legality never depends
// on a hidden mine); with the layout known, every legal move leaves a state whose FENs read back,
// and undo_move restores the full FEN and the key.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/notation_error.h"
#include "fuzz/fuzz_check.h"
#include "variants/minesweeper/movegen.h"
#include "variants/minesweeper/position.h"

using namespace arbiter;
using namespace arbiter::minesweeper;

namespace {

bool same_moves(const MoveList<>& a, const MoveList<>& b) {
    if (a.size() != b.size()) return false;
    for (Move m : a)
        if (!b.contains(m)) return false;
    return true;
}

// The state's FENs read back to themselves, and its public FEN allows the same moves.
void check_round_trip(const MinesweeperPosition& pos) {
    const std::string fen = pos.fen();
    MinesweeperPosition pub = MinesweeperPosition::from_fen(fen);
    FUZZ_CHECK(pub.fen() == fen);
    FUZZ_CHECK(same_moves(legal_moves(pub), legal_moves(pos)));
    if (pos.layout_known()) {
        const std::string full = pos.full_fen();
        MinesweeperPosition again = MinesweeperPosition::from_fen(full);
        FUZZ_CHECK(again.full_fen() == full);
        FUZZ_CHECK(again.key() == pos.key());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 1024) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    MinesweeperPosition pos;
    try {
        pos = MinesweeperPosition::from_fen(text);
    } catch (const NotationError&) {
        return 0;
    }
    check_round_trip(pos);
    if (!pos.layout_known()) return 0;  // a public state cannot play while mines are hidden

    const std::string full = pos.full_fen();
    const Key key = pos.key();
    for (Move m : legal_moves(pos)) {
        FUZZ_CHECK(pos.is_legal(m));
        MoveEffects e = pos.do_move(m);
        FUZZ_CHECK(e.kingExposed == pos.king_exposed());
        FUZZ_CHECK(pos.counter() >= 0 && pos.hidden_mines() >= 0);
        // A move that exposed its own king ends the game; its FEN is no playable position.
        if (!pos.king_exposed()) check_round_trip(pos);
        pos.undo_move(m);
        FUZZ_CHECK(pos.full_fen() == full);
        FUZZ_CHECK(pos.key() == key);
    }
    return 0;
}
