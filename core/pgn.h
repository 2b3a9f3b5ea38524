// Portable Game Notation, independent of the variant: tags, and movetext as a tree of SAN
// text tokens with comments, NAGs and variations. Moves are not interpreted here; binding
// them to a position is the variant's job (variants/chess/pgn_chess.h for chess).
//
// The reader takes what lichess, chess.com and hand-edited files produce: many games per
// stream, a UTF-8 byte order mark, CRLF line ends, '%' escape lines, "12.e4" without a
// space, "e4!?" glyphs (stored as NAGs 1-6), ';' comments. Every error is a NotationError
// naming the line: "PGN line 12: unterminated comment".
#pragma once

#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

struct PgnMove;

// A sequence of moves: the main line, or one variation.
struct PgnLine {
    std::vector<std::string> comments;  // before the first move
    std::vector<PgnMove> moves;
};

struct PgnMove {
    std::string san;                    // as written, without move number or !? glyphs
    std::vector<int> nags;              // $n; "!" "?" "!!" "??" "!?" "?!" become 1 to 6
    std::vector<std::string> comments;  // after the move (whitespace collapsed to one space)
    std::vector<PgnLine> variations;    // alternatives to this move, from the position before it
    int line = 0;                       // source line of the move, 0 when not read from text
};

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    PgnLine moves;                                          // the main line
    std::string result = "*";  // the termination marker: "1-0", "0-1", "1/2-1/2" or "*"
    int line = 0;              // source line where the game starts

    // The value of a tag, or nullptr when the game has none.
    const std::string* find_tag(std::string_view name) const;
    // The value of a tag, or "" when the game has none.
    std::string tag(std::string_view name) const;
    // Replaces the tag's value, or appends the tag.
    void set_tag(std::string_view name, std::string_view value);
    void remove_tag(std::string_view name);
};

// The deepest nesting of variations the reader accepts.
constexpr int MaxPgnVariationDepth = 100;

// Reads games one at a time from a stream of any size.
class PgnReader {
  public:
    explicit PgnReader(std::istream& in);
    ~PgnReader();
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;

    // The next game, or nothing at the end of the input. Throws NotationError; calling
    // next() again after an error skips to the next tag section after a blank line.
    std::optional<PgnGame> next();
    // How many games next() has started to read, the failed ones included.
    int games_started() const { return gamesStarted_; }

  private:
    class Lexer;
    std::unique_ptr<Lexer> lexer_;
    int gamesStarted_ = 0;
    bool resync_ = false;
    PgnGame read_game();
};

std::vector<PgnGame> read_pgn(std::istream& in);
std::vector<PgnGame> read_pgn(std::string_view text);

// Export format: the seven-tag roster first (Event, Site, Date, Round, White, Black, Result,
// "?" and friends when missing), then the other tags, a blank line, and the movetext
// wrapped at 80 columns ending with the result. Move numbers start from the FEN tag's
// fullmove number and side to move when there is one. A '}' inside a comment, which PGN
// cannot express, is written as ')'.
std::string write_pgn(const PgnGame& game);
void write_pgn(std::ostream& out, const PgnGame& game);
// Games separated by blank lines.
void write_pgn(std::ostream& out, const std::vector<PgnGame>& games);

// Whether text is one of the four termination markers.
bool is_pgn_result(std::string_view text);

}  // namespace arbiter
