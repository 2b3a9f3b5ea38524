// PGN for standard chess: a PgnGame's SAN tokens checked against the position and turned
// into moves, and a game's moves written back as PGN.
#pragma once

#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/pgn.h"
#include "variants/chess/position.h"

namespace arbiter {

struct ChessMoveRecord {
    Move move;
    std::string san;  // as to_san writes it; export fills it in when empty
    std::vector<int> nags;
    std::vector<std::string> comments;
    // Alternatives to this move, from the position before it; import checks their moves
    // and rewrites their SAN as to_san does.
    std::vector<PgnLine> variations;
};

struct ChessGameRecord {
    std::vector<std::pair<std::string, std::string>> tags;
    Position start;  // from [FEN] (with or without [SetUp "1"]); the standard start otherwise
    std::vector<ChessMoveRecord> moves;
    std::string result = "*";
    std::vector<std::string> comments;  // before the first move

    std::vector<Move> move_list() const;
    // The start position with every move made.
    Position final_position() const;
    const std::string* find_tag(std::string_view name) const;
};

// Checks every move, variations included; errors name the game, the move number and the
// SAN: "PGN game 2, move 14... Nf6: no knight can move to f6 (line 40)".
ChessGameRecord import_pgn_game(const PgnGame& game, int gameNumber = 1);
// Reads and imports every game of a stream.
std::vector<ChessGameRecord> import_pgn(std::istream& in);

// The record as a PgnGame (tags SetUp and FEN set when the start is not the standard one).
// Throws NotationError when a move is not legal where it is played.
PgnGame to_pgn_game(const ChessGameRecord& record);
std::string export_pgn(const ChessGameRecord& record);
// A bare game: moves must be legal one after another from start; throws NotationError.
std::string export_pgn(const Position& start, std::span<const Move> moves,
                       const std::vector<std::pair<std::string, std::string>>& tags = {},
                       std::string_view result = "*");

}  // namespace arbiter
