// Minesweeper FEN (docs/minesweeper.md): the 10-rank FEN of the pieces, then
//   zone:RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR  ranks 7, 6, 5, 4; per square '~' fogged,
//                                             '*' discovered mine, '.' or '1'-'8' revealed
//   counter:N                                 mines still on the board
//   layout:SQ,SQ,... or layout:-              every mine on the board (referee only)
#include <charconv>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "variants/minesweeper/position.h"

namespace arbiter::minesweeper {
namespace {

constexpr int FirstZoneRank = 3, LastZoneRank = 6;

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (;;) {
        std::size_t at = text.find(sep, start);
        parts.push_back(text.substr(start, at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

std::string square_list(Bitboard squares) {
    std::string out;
    while (squares) {
        if (!out.empty()) out += ',';
        out += G::square_name(pop_lsb(squares));
    }
    return out.empty() ? "-" : out;
}

}  // namespace

MinesweeperPosition MinesweeperPosition::from_fen(std::string_view text) {
    // Separate the extension fields from the chess ones.
    std::string chess;
    std::string_view zone, counter, layout;
    bool hasZone = false, hasCounter = false, hasLayout = false;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
        std::string_view field = text.substr(i, j - i);
        i = j;
        if (field.empty()) continue;
        auto take = [&](std::string_view prefix, std::string_view& into, bool& seen) {
            if (field.substr(0, prefix.size()) != prefix) return false;
            if (seen) throw NotationError(fmt::format("FEN {} appears twice", prefix));
            seen = true;
            into = field.substr(prefix.size());
            return true;
        };
        if (take("zone:", zone, hasZone) || take("counter:", counter, hasCounter) ||
            take("layout:", layout, hasLayout))
            continue;
        if (hasZone || hasCounter || hasLayout)
            throw NotationError(fmt::format(
                "FEN: '{}' after the zone:/counter:/layout: fields (they come last)", field));
        if (!chess.empty()) chess += ' ';
        chess += field;
    }

    MinesweeperPosition pos;
    pos.board_ = Board::from_fen(chess);
    if (!hasZone && !hasCounter && !hasLayout) return pos;  // plain FEN: no fog, no mines
    if (!hasZone) throw NotationError("FEN zone: missing (counter: and layout: need zone:)");
    if (!hasCounter) throw NotationError("FEN counter: missing (zone: needs counter:N)");

    // zone: fog, discovered mines and numbers of ranks 7 down to 4.
    auto ranks = split(zone, '/');
    if (ranks.size() != 4)
        throw NotationError(
            fmt::format("FEN zone: '{}' needs 4 ranks (7, 6, 5, 4) separated by '/', found {}",
                        zone, ranks.size()));
    Bitboard fog = 0, discovered = 0;
    std::array<std::uint8_t, G::Squares> numbers{};
    for (int r = 0; r < 4; ++r) {
        int rank = LastZoneRank - r;
        if (ranks[r].size() != std::size_t(G::Files))
            throw NotationError(fmt::format("FEN zone: rank {} '{}' needs {} squares", rank + 1,
                                            ranks[r], G::Files));
        for (int file = 0; file < G::Files; ++file) {
            char c = ranks[r][file];
            Square s = G::square(file, rank);
            if (c == '~')
                fog |= bb(s);
            else if (c == '*')
                discovered |= bb(s);
            else if (c >= '1' && c <= '8')
                numbers[s] = std::uint8_t(c - '0');
            else if (c != '.')
                throw NotationError(
                    fmt::format("FEN zone: '{}' on {} is not one of ~ (fog) * (mine) . 1-8", c,
                                G::square_name(s)));
            if (c == '~' || c == '*') {
                if (!pos.board_.empty(s))
                    throw NotationError(fmt::format("FEN zone: {} is {} but a piece stands on it",
                                                    G::square_name(s),
                                                    c == '~' ? "fogged" : "a mine"));
            }
        }
    }

    int count = 0;
    {
        auto [end, ec] = std::from_chars(counter.data(), counter.data() + counter.size(), count);
        if (ec != std::errc() || end != counter.data() + counter.size() || count < 0 ||
            count > FogZoneSquares)
            throw NotationError(
                fmt::format("FEN counter: '{}' is not a number from 0 to 32", counter));
    }
    int hidden = count - popcount(discovered);
    if (hidden < 0)
        throw NotationError(fmt::format("FEN counter: {} but the zone shows {} discovered mines",
                                        count, popcount(discovered)));
    if (hidden > popcount(fog))
        throw NotationError(
            fmt::format("FEN counter: {} mines but only {} discovered and {} fogged squares", count,
                        popcount(discovered), popcount(fog)));
    if (hidden == 0 && fog)
        throw NotationError(
            "FEN zone: fogged squares although every mine is discovered (the fog lifts for good)");
    // A revealed number counts the mines around it: at least the discovered ones, at most
    // those plus the fogged squares.
    for (Bitboard b = FogZone & ~fog & ~discovered; b;) {
        Square s = pop_lsb(b);
        Bitboard around = king_attacks<G>(s);
        if (numbers[s] < popcount(around & discovered) ||
            numbers[s] > popcount(around & (discovered | fog)))
            throw NotationError(fmt::format("FEN zone: {} shows {}, impossible with its neighbours",
                                            G::square_name(s), numbers[s]));
    }
    pos.fog_ = fog;
    pos.counter_ = count;

    if (!hasLayout) {
        pos.layoutKnown_ = hidden == 0;
        pos.mines_ = discovered;
        pos.givenNumbers_ = numbers;
        return pos;
    }
    Bitboard mines = 0;
    if (layout != "-") {
        for (std::string_view name : split(layout, ',')) {
            auto s = G::parse_square(name);
            if (!s) throw NotationError(fmt::format("FEN layout: '{}' is not a square", name));
            if (!(FogZone & bb(*s)))
                throw NotationError(
                    fmt::format("FEN layout: {} is outside the fog zone (ranks 4-7)", name));
            if (mines & bb(*s))
                throw NotationError(fmt::format("FEN layout: {} appears twice", name));
            mines |= bb(*s);
        }
    }
    if ((mines & discovered) != discovered)
        throw NotationError("FEN layout: does not list every discovered mine of the zone");
    if (mines & ~(discovered | fog))
        throw NotationError("FEN layout: a mine lies on a revealed square that shows no mine");
    if (popcount(mines) != count)
        throw NotationError(
            fmt::format("FEN layout: {} mines but the counter says {}", popcount(mines), count));
    pos.mines_ = mines;
    for (Bitboard b = FogZone & ~fog & ~discovered; b;) {
        Square s = pop_lsb(b);
        if (pos.number(s) != numbers[s])
            throw NotationError(
                fmt::format("FEN zone: {} shows {} but the layout puts {} around it",
                            G::square_name(s), numbers[s], pos.number(s)));
    }
    return pos;
}

std::string MinesweeperPosition::fen() const {
    std::string out = board_.fen();
    if (!fog_ && !counter_) return out;
    out += " zone:";
    for (int rank = LastZoneRank; rank >= FirstZoneRank; --rank) {
        for (int file = 0; file < G::Files; ++file) {
            Square s = G::square(file, rank);
            int n = number(s);
            out += (fog_ & bb(s))                 ? '~'
                   : (discovered_mines() & bb(s)) ? '*'
                   : n                            ? char('0' + n)
                                                  : '.';
        }
        if (rank != FirstZoneRank) out += '/';
    }
    out += fmt::format(" counter:{}", counter_);
    return out;
}

std::string MinesweeperPosition::full_fen() const {
    std::string out = fen();
    if (counter_ && layoutKnown_) out += " layout:" + square_list(mines_);
    return out;
}

}  // namespace arbiter::minesweeper
