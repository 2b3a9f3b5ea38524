// Fuzzes the PGN reader (core/pgn.h, PgnReader) and the chess record reader on top of it
// (variants/chess/pgn_chess.h, import_pgn_game).
// Invariants: bad text is rejected with NotationError only, and the streaming reader always
// makes progress past an error; a game that was read is written back by write_pgn into text
// that reads as one game and writes the same text again; a game that imports as chess exports
// as PGN that imports to the same moves and exports to the same text.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "core/notation_error.h"
#include "core/pgn.h"
#include "fuzz/fuzz_check.h"
#include "variants/chess/pgn_chess.h"

using namespace arbiter;

namespace {

void check_game(const PgnGame& game) {
    const std::string once = write_pgn(game);
    auto again = read_pgn(once);  // must not throw: what we write, we read
    FUZZ_CHECK(again.size() == 1);
    FUZZ_CHECK(write_pgn(again[0]) == once);

    ChessGameRecord record;
    try {
        record = import_pgn_game(game);
    } catch (const NotationError&) {
        return;  // not a legal chess game
    }
    const std::string exported = export_pgn(record);
    auto reread = read_pgn(exported);
    FUZZ_CHECK(reread.size() == 1);
    ChessGameRecord reimported = import_pgn_game(reread[0]);
    FUZZ_CHECK(reimported.move_list() == record.move_list());
    FUZZ_CHECK(reimported.start.fen() == record.start.fen());
    FUZZ_CHECK(export_pgn(reimported) == exported);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 16384) return 0;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    PgnReader reader(in);
    // Each call to next() reads at least one byte or ends the input, so this bounds the calls.
    for (std::size_t calls = 0;; ++calls) {
        FUZZ_CHECK(calls <= size + 1);
        std::optional<PgnGame> game;
        try {
            game = reader.next();
        } catch (const NotationError&) {
            continue;
        }
        if (!game) break;
        check_game(*game);  // outside the try: its own errors are findings
    }
    return 0;
}
