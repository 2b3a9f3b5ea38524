// Fuzzes the SAN reader, parse_san (variants/chess/san.h), against chess positions.
// Input: lines. If there is more than one, the first is a FEN to start from (the input is
// skipped when it is not valid), else the game starts from the standard position; every
// other line is a move in SAN (or UCI), played when it is accepted.
// Invariants: bad text is rejected with NotationError only; an accepted move is legal; its
// to_san() and to_uci() read back to the same move; at every position reached, each legal
// move's SAN reads back to that move.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation_error.h"
#include "fuzz/fuzz_check.h"
#include "variants/chess/movegen.h"
#include "variants/chess/position.h"
#include "variants/chess/san.h"
#include "variants/chess/uci.h"

using namespace arbiter;

namespace {

void check_every_san(const Position& pos) {
    for (Move m : legal_moves(pos)) {
        FUZZ_CHECK(parse_san(pos, to_san(pos, m)) == m);
        FUZZ_CHECK(parse_san(pos, to_uci(pos, m)) == m);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string_view> lines;
    for (std::size_t start = 0;;) {
        std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    Position pos;
    std::size_t first = 0;
    if (lines.size() > 1) {
        try {
            pos = Position::from_fen(lines[0]);
        } catch (const NotationError&) {
            return 0;
        }
        first = 1;
    }
    check_every_san(pos);
    for (std::size_t i = first; i < lines.size(); ++i) {
        Move m;
        try {
            m = parse_san(pos, lines[i]);
        } catch (const NotationError&) {
            continue;
        }
        FUZZ_CHECK(legal_moves(pos).contains(m));
        FUZZ_CHECK(parse_san(pos, to_san(pos, m)) == m);
        FUZZ_CHECK(parse_uci(pos, to_uci(pos, m)) == m);
        pos.do_move(m);
        check_every_san(pos);
    }
    return 0;
}
