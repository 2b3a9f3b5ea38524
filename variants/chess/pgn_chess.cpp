#include "variants/chess/pgn_chess.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "variants/chess/san.h"

namespace arbiter {

std::vector<Move> ChessGameRecord::move_list() const {
    std::vector<Move> list;
    for (const auto& record : moves) list.push_back(record.move);
    return list;
}

Position ChessGameRecord::final_position() const {
    Position pos = start;
    for (const auto& record : moves) pos.do_move(record.move);
    return pos;
}

const std::string* ChessGameRecord::find_tag(std::string_view name) const {
    for (const auto& [key, value] : tags)
        if (key == name) return &value;
    return nullptr;
}

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

std::string move_label(const Position& pos, std::string_view san) {
    return fmt::format("{}{} {}", pos.fullmove_number(), pos.side_to_move() == White ? "." : "...",
                       san);
}

// The move the SAN names, or a NotationError for the whole game.
Move checked_move(const Position& pos, const PgnMove& move, int gameNumber,
                  std::string_view where) {
    std::string whyNot;
    Move m = san_detail::find_san_move(pos, move.san, whyNot);
    if (!m && san_detail::looks_like_uci<Position::G>(move.san)) {
        try {
            m = parse_uci(pos, move.san);
        } catch (const NotationError&) {
        }
    }
    if (m) return m;
    throw NotationError(fmt::format("PGN game {}, {}move {}: {}{}", gameNumber, where,
                                    move_label(pos, move.san), whyNot,
                                    move.line ? fmt::format(" (line {})", move.line) : ""));
}

// Checks a variation from the position it branches from; rewrites its SAN.
void check_line(Position pos, PgnLine& line, int gameNumber, int depth) {
    if (depth > MaxPgnVariationDepth)
        throw NotationError(fmt::format("PGN game {}: variations nested deeper than {}", gameNumber,
                                        MaxPgnVariationDepth));
    for (PgnMove& move : line.moves) {
        for (PgnLine& variation : move.variations)
            check_line(pos, variation, gameNumber, depth + 1);
        Move m = checked_move(pos, move, gameNumber, "variation ");
        move.san = to_san(pos, m);
        pos.do_move(m);
    }
}

}  // namespace

ChessGameRecord import_pgn_game(const PgnGame& game, int gameNumber) {
    ChessGameRecord record;
    record.tags = game.tags;
    record.result = game.result;
    record.comments = game.moves.comments;

    if (const std::string* variant = game.find_tag("Variant")) {
        std::string name = lower(*variant);
        if (!name.empty() && name != "standard" && name != "chess" && name != "normal" &&
            name != "from position")
            throw NotationError(fmt::format("PGN game {}: variant '{}' is not standard chess",
                                            gameNumber, *variant));
    }
    const std::string* fen = game.find_tag("FEN");
    const std::string* setUp = game.find_tag("SetUp");
    if (setUp && *setUp == "1" && !fen)
        throw NotationError(
            fmt::format("PGN game {}: [SetUp \"1\"] without a FEN tag", gameNumber));
    if (fen && !(setUp && *setUp == "0")) {
        try {
            record.start = Position::from_fen(*fen);
        } catch (const NotationError& e) {
            throw NotationError(fmt::format("PGN game {}: FEN tag: {}", gameNumber, e.what()));
        }
    }

    Position pos = record.start;
    for (const PgnMove& move : game.moves.moves) {
        ChessMoveRecord entry;
        entry.variations = move.variations;
        for (PgnLine& variation : entry.variations) check_line(pos, variation, gameNumber, 1);
        entry.move = checked_move(pos, move, gameNumber, "");
        entry.san = to_san(pos, entry.move);
        entry.nags = move.nags;
        entry.comments = move.comments;
        pos.do_move(entry.move);
        record.moves.push_back(std::move(entry));
    }
    return record;
}

std::vector<ChessGameRecord> import_pgn(std::istream& in) {
    PgnReader reader(in);
    std::vector<ChessGameRecord> games;
    while (auto game = reader.next())
        games.push_back(import_pgn_game(*game, reader.games_started()));
    return games;
}

PgnGame to_pgn_game(const ChessGameRecord& record) {
    PgnGame game;
    game.tags = record.tags;
    game.result = record.result.empty() ? "*" : record.result;
    game.set_tag("Result", game.result);
    if (record.start.fen() != Position().fen()) {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", record.start.fen());
    } else if (game.find_tag("FEN")) {
        game.set_tag("FEN", record.start.fen());
    }
    game.moves.comments = record.comments;
    Position pos = record.start;
    for (const auto& entry : record.moves) {
        PgnMove move;
        if (!pos.is_legal(entry.move))
            throw NotationError(fmt::format("PGN export: move {} ({}) is not legal",
                                            game.moves.moves.size() + 1, to_uci(pos, entry.move)));
        move.san = entry.san.empty() ? to_san(pos, entry.move) : entry.san;
        pos.do_move(entry.move);
        move.nags = entry.nags;
        move.comments = entry.comments;
        move.variations = entry.variations;
        game.moves.moves.push_back(std::move(move));
    }
    return game;
}

std::string export_pgn(const ChessGameRecord& record) { return write_pgn(to_pgn_game(record)); }

std::string export_pgn(const Position& start, std::span<const Move> moves,
                       const std::vector<std::pair<std::string, std::string>>& tags,
                       std::string_view result) {
    ChessGameRecord record;
    record.tags = tags;
    record.start = start;
    record.result = std::string(result);
    for (Move m : moves) record.moves.emplace_back().move = m;
    return export_pgn(record);
}

}  // namespace arbiter
