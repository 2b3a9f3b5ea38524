#include "belief/mine_view_json.h"

#include <fmt/format.h>

#include "core/notation_error.h"

namespace arbiter::belief {
namespace {

const json::value& field(const json::object& view, const char* name) {
    auto it = view.find(name);
    if (it == view.end()) throw NotationError(fmt::format("mine view: no \"{}\" field", name));
    return it->value();
}

Square square_of(const json::value& v, const char* name) {
    if (!v.is_string()) throw NotationError(fmt::format("mine view: \"{}\" holds a non-string", name));
    auto s = MineBoard::parse_square(std::string_view(v.get_string()));
    if (!s)
        throw NotationError(fmt::format("mine view: \"{}\" holds '{}', not a square", name,
                                        std::string_view(v.get_string())));
    return *s;
}

MineBitboard squares_of(const json::object& view, const char* name) {
    const json::value& v = field(view, name);
    if (!v.is_array()) throw NotationError(fmt::format("mine view: \"{}\" is not an array", name));
    MineBitboard b = 0;
    for (const auto& e : v.get_array()) b |= MineBitboard(1) << square_of(e, name);
    return b;
}

// The squares holding pieces, from the placement field of the public FEN.
MineBitboard occupied_from_fen(std::string_view fen) {
    MineBitboard b = 0;
    int rank = MineBoard::Ranks - 1, file = 0;
    for (std::size_t i = 0; i < fen.size() && fen[i] != ' '; ++i) {
        char c = fen[i];
        if (c == '/') {
            --rank, file = 0;
        } else if (c >= '0' && c <= '9') {
            int run = c - '0';
            if (i + 1 < fen.size() && fen[i + 1] >= '0' && fen[i + 1] <= '9') run = run * 10 + (fen[++i] - '0');
            file += run;
        } else {
            if (rank < 0 || file >= MineBoard::Files)
                throw NotationError("mine view: \"fen\" placement does not fit 8x10");
            b |= MineBitboard(1) << MineBoard::square(file++, rank);
        }
    }
    return b;
}

}  // namespace

MineView mine_view_from_json(const json::object& view) {
    MineView v;
    const json::value& fen = field(view, "fen");
    if (!fen.is_string()) throw NotationError("mine view: \"fen\" is not a string");
    v.occupied = occupied_from_fen(std::string_view(fen.get_string()));
    v.fogged = squares_of(view, "fog");
    v.discovered = squares_of(view, "mines");
    v.revealed = fog_zone_bb() & ~v.fogged & ~v.discovered;
    const json::value& counter = field(view, "counter");
    if (!counter.is_int64()) throw NotationError("mine view: \"counter\" is not an integer");
    v.minesOnBoard = int(counter.get_int64());
    // Revealed squares show their number; the view lists only the non-zero ones.
    for (MineBitboard r = v.revealed; r; r &= r - 1) {
        Square s = 0;
        while (!((r >> s) & 1)) ++s;
        v.number[s] = 0;
    }
    const json::value& numbers = field(view, "numbers");
    if (!numbers.is_object()) throw NotationError("mine view: \"numbers\" is not an object");
    for (const auto& [name, n] : numbers.get_object()) {
        auto s = MineBoard::parse_square(std::string_view(name));
        if (!s || !((v.revealed >> *s) & 1))
            throw NotationError(fmt::format("mine view: number on '{}', not a revealed square",
                                            std::string_view(name)));
        if (!n.is_int64() || n.get_int64() < 0 || n.get_int64() > 8)
            throw NotationError(fmt::format("mine view: number on '{}' is not 0-8",
                                            std::string_view(name)));
        v.number[*s] = std::int8_t(n.get_int64());
    }
    return v;
}

}  // namespace arbiter::belief
