// Fuzzes the 8x8 chess FEN reader, Position::from_fen (variants/chess/fen_impl.h).
// Invariants: bad text is rejected with NotationError only; an accepted position writes a FEN
// that reads back to the same FEN and key; the incremental key equals compute_key(); every
// legal move is is_legal(), keeps the key exact, and undo_move restores FEN and key; random
// move patterns built from the input are legal only if move generation lists them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/notation_error.h"
#include "fuzz/fuzz_check.h"
#include "variants/chess/movegen.h"
#include "variants/chess/position.h"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 512) return 0;  // a FEN is short; longer inputs only slow the search down
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Position pos;
    try {
        pos = Position::from_fen(text);
    } catch (const NotationError&) {
        return 0;
    }
    const std::string fen = pos.fen();
    const Key key = pos.key();
    FUZZ_CHECK(key == pos.compute_key());
    Position again = Position::from_fen(fen);  // what we write, we read
    FUZZ_CHECK(again.fen() == fen);
    FUZZ_CHECK(again.key() == key);

    const MoveList<> legal = legal_moves(pos);
    for (Move m : legal) {
        FUZZ_CHECK(pos.is_legal(m));
        pos.do_move(m);
        FUZZ_CHECK(pos.key() == pos.compute_key());
        FUZZ_CHECK(pos.king_square(White) != NoSquare && pos.king_square(Black) != NoSquare);
        FUZZ_CHECK(!pos.attacked_by(pos.side_to_move(), pos.king_square(~pos.side_to_move())));
        (void)legal_moves(pos);
        pos.undo_move(m);
        FUZZ_CHECK(pos.fen() == fen);
        FUZZ_CHECK(pos.key() == key);
    }
    // Any 32-bit pattern is safe to ask about (position.h); use the input's bytes as patterns.
    for (std::size_t i = 0; i + 3 < size; i += 4) {
        Move m = Move::make(Square(data[i] & 0x7F), Square(data[i + 1] & 0x7F),
                            MoveKind(data[i + 2] % 5), PieceType(data[i + 3] % 7));
        FUZZ_CHECK(pos.is_legal(m) == legal.contains(m));
    }
    return 0;
}
