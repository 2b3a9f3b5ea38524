#include "apps/terminal_board.h"

#include <fmt/format.h>

namespace arbiter::apps {

const char* unicode_piece(Piece p) {
    static const char* white[] = {"♙", "♘", "♗", "♖", "♕", "♔"};
    static const char* black[] = {"♟", "♞", "♝", "♜", "♛", "♚"};
    if (p == NoPiece) return " ";
    return color_of(p) == White ? white[type_of(p)] : black[type_of(p)];
}

std::string render_board(int files, int ranks, bool flipped,
                         const std::function<std::string(int, int)>& cell) {
    std::string out;
    auto fileLine = [&] {
        std::string s = "    ";
        for (int i = 0; i < files; ++i) {
            int f = flipped ? files - 1 - i : i;
            s += fmt::format("{} ", char('a' + f));
        }
        return s + "\n";
    };
    out += fileLine();
    for (int i = 0; i < ranks; ++i) {
        int r = flipped ? i : ranks - 1 - i;
        out += fmt::format("{:>3} ", r + 1);
        for (int j = 0; j < files; ++j) {
            int f = flipped ? files - 1 - j : j;
            out += cell(f, r);
        }
        out += fmt::format(" {}\n", r + 1);
    }
    out += fileLine();
    return out;
}

}  // namespace arbiter::apps
