#include "core/pgn.h"

#include <sstream>

#include <fmt/format.h>

#include "core/notation_error.h"

namespace arbiter {

const std::string* PgnGame::find_tag(std::string_view name) const {
    for (const auto& [key, value] : tags)
        if (key == name) return &value;
    return nullptr;
}

std::string PgnGame::tag(std::string_view name) const {
    const std::string* value = find_tag(name);
    return value ? *value : std::string();
}

void PgnGame::set_tag(std::string_view name, std::string_view value) {
    for (auto& [key, old] : tags)
        if (key == name) {
            old = std::string(value);
            return;
        }
    tags.emplace_back(std::string(name), std::string(value));
}

void PgnGame::remove_tag(std::string_view name) {
    std::erase_if(tags, [&](const auto& tag) { return tag.first == name; });
}

bool is_pgn_result(std::string_view text) {
    return text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*";
}

// --- reading -----------------------------------------------------------------------------

namespace {

constexpr int EndOfInput = -1;
constexpr std::size_t MaxTokenLength = 255;

bool is_space(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_alnum(int c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string printable(int c) {
    if (c >= 0x20 && c < 0x7F) return fmt::format("'{}'", char(c));
    return fmt::format("byte 0x{:02X}", c & 0xFF);
}

// "!" "?" "!!" "??" "!?" "?!" as NAGs 1 to 6; 0 for anything else.
int glyph_nag(std::string_view glyph) {
    constexpr std::string_view glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; ++i)
        if (glyph == glyphs[i]) return i + 1;
    return 0;
}

// Trims and collapses every run of white space into one space.
std::string normalize_comment(std::string_view text) {
    std::string out;
    bool pendingSpace = false;
    for (char c : text) {
        if (is_space(static_cast<unsigned char>(c))) {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace) out += ' ';
        pendingSpace = false;
        out += c;
    }
    return out;
}

}  // namespace

// Characters across lines, with the line number; drops '%' escape lines, byte order marks
// and the '\r' of CRLF. The end of every line reads as '\n'.
class PgnReader::Lexer {
  public:
    explicit Lexer(std::istream& in) : in_(in) {}

    int line() const { return lineNo_; }

    int peek() {
        if (!haveLine_ && !load_line()) return EndOfInput;
        return pos_ < text_.size() ? static_cast<unsigned char>(text_[pos_]) : '\n';
    }
    void advance() {
        if (!haveLine_) return;
        if (pos_ < text_.size())
            ++pos_;
        else
            haveLine_ = false;
    }
    int get() {
        int c = peek();
        advance();
        return c;
    }
    void skip_space() {
        while (is_space(peek())) advance();
    }
    // The rest of the current line, without its end.
    std::string_view rest_of_line() {
        peek();
        std::string_view rest = haveLine_ ? std::string_view(text_).substr(pos_) : "";
        pos_ = text_.size();
        return rest;
    }
    bool at_line_start() const { return haveLine_ && pos_ == 0; }
    bool previous_line_blank() const { return previousBlank_; }
    // Drops the rest of the current line.
    void next_line() { haveLine_ = false; }

  private:
    bool load_line() {
        while (true) {
            previousBlank_ = lineNo_ == 0 || blank_;
            if (!std::getline(in_, text_)) return false;
            ++lineNo_;
            if (!text_.empty() && text_.back() == '\r') text_.pop_back();
            if (text_.starts_with("\xEF\xBB\xBF")) text_.erase(0, 3);
            blank_ = text_.find_first_not_of(" \t") == std::string::npos;
            if (!text_.empty() && text_[0] == '%') continue;
            pos_ = 0;
            haveLine_ = true;
            return true;
        }
    }

    std::istream& in_;
    std::string text_;
    std::size_t pos_ = 0;
    int lineNo_ = 0;
    bool haveLine_ = false;
    bool blank_ = true;
    bool previousBlank_ = true;
};

PgnReader::PgnReader(std::istream& in) : lexer_(std::make_unique<Lexer>(in)) {}
PgnReader::~PgnReader() = default;

std::optional<PgnGame> PgnReader::next() {
    Lexer& lex = *lexer_;
    if (resync_) {
        // Skip to a tag at the start of a line that follows a blank line.
        resync_ = false;
        lex.next_line();
        while (lex.peek() != EndOfInput &&
               !(lex.at_line_start() && lex.peek() == '[' && lex.previous_line_blank()))
            lex.next_line();
    }
    lex.skip_space();
    if (lex.peek() == EndOfInput) return std::nullopt;
    ++gamesStarted_;
    try {
        return read_game();
    } catch (const NotationError&) {
        resync_ = true;
        throw;
    }
}

PgnGame PgnReader::read_game() {
    Lexer& lex = *lexer_;
    auto fail = [&](int line, std::string_view what) -> NotationError {
        return NotationError(fmt::format("PGN line {}: {}", line, what));
    };
    PgnGame game;
    game.line = lex.line();

    // Tag pairs: [Name "value"], one or more per line.
    while (lex.peek() == '[') {
        lex.advance();
        while (lex.peek() == ' ' || lex.peek() == '\t') lex.advance();
        std::string name;
        while (is_alnum(lex.peek()) || lex.peek() == '_') name += char(lex.get());
        if (name.empty()) throw fail(lex.line(), "tag name missing after '['");
        if (name.size() > MaxTokenLength) throw fail(lex.line(), "tag name too long");
        while (lex.peek() == ' ' || lex.peek() == '\t') lex.advance();
        if (lex.peek() != '"')
            throw fail(lex.line(), fmt::format("tag '{}' value must be a quoted string", name));
        lex.advance();
        std::string value;
        while (true) {
            int c = lex.peek();
            if (c == '\n' || c == EndOfInput)
                throw fail(lex.line(), "tag value missing closing quote");
            lex.advance();
            if (c == '"') break;
            if (c == '\\' && (lex.peek() == '"' || lex.peek() == '\\')) c = lex.get();
            value += char(c);
        }
        while (lex.peek() == ' ' || lex.peek() == '\t') lex.advance();
        if (lex.peek() != ']')
            throw fail(lex.line(), fmt::format("tag '{}' missing closing ']'", name));
        lex.advance();
        game.tags.emplace_back(std::move(name), std::move(value));
        lex.skip_space();
    }

    // Movetext. The stack holds the line being read and the lines it branches from.
    struct Open {
        PgnLine* line;
        int openedOn;
    };
    std::vector<Open> stack{{&game.moves, game.line}};
    auto lastMove = [&](std::string_view what) -> PgnMove& {
        PgnLine& line = *stack.back().line;
        if (line.moves.empty()) throw fail(lex.line(), fmt::format("{} before any move", what));
        return line.moves.back();
    };
    auto finish = [&](std::string result) {
        if (stack.size() > 1)
            throw fail(lex.line(), fmt::format("unterminated variation (opened on line {})",
                                               stack.back().openedOn));
        game.result = std::move(result);
        return std::move(game);
    };
    auto defaultResult = [&] {
        const std::string* tag = game.find_tag("Result");
        return tag && is_pgn_result(*tag) ? *tag : std::string("*");
    };

    while (true) {
        lex.skip_space();
        const int line = lex.line();
        const int c = lex.peek();
        if (c == EndOfInput) return finish(defaultResult());
        if (c == '[') {
            // A tag section without a termination marker before it starts the next game.
            if (stack.size() > 1)
                throw fail(line, fmt::format("unterminated variation (opened on line {})",
                                             stack.back().openedOn));
            return finish(defaultResult());
        }
        if (c == '{') {
            lex.advance();
            std::string text;
            while (true) {
                int d = lex.get();
                if (d == EndOfInput) throw fail(line, "unterminated comment");
                if (d == '}') break;
                text += char(d);
            }
            PgnLine& current = *stack.back().line;
            auto& comments =
                current.moves.empty() ? current.comments : current.moves.back().comments;
            comments.push_back(normalize_comment(text));
        } else if (c == ';') {
            lex.advance();
            std::string text = normalize_comment(lex.rest_of_line());
            PgnLine& current = *stack.back().line;
            auto& comments =
                current.moves.empty() ? current.comments : current.moves.back().comments;
            comments.push_back(std::move(text));
        } else if (c == '(') {
            lex.advance();
            PgnMove& branch = lastMove("variation");
            if (int(stack.size()) > MaxPgnVariationDepth)
                throw fail(line,
                           fmt::format("variations nested deeper than {}", MaxPgnVariationDepth));
            branch.variations.emplace_back();
            stack.push_back({&branch.variations.back(), line});
        } else if (c == ')') {
            lex.advance();
            if (stack.size() == 1) throw fail(line, "')' without a variation to close");
            stack.pop_back();
        } else if (c == '$') {
            lex.advance();
            std::string digits;
            while (is_digit(lex.peek()) && digits.size() < 4) digits += char(lex.get());
            if (digits.empty() || is_digit(lex.peek()) || std::stoi(digits) > 255)
                throw fail(line, fmt::format("NAG '${}' is not $0 to $255", digits));
            lastMove(fmt::format("NAG '${}'", digits)).nags.push_back(std::stoi(digits));
        } else if (c == '!' || c == '?') {
            std::string glyph;
            while ((lex.peek() == '!' || lex.peek() == '?') && glyph.size() < 3)
                glyph += char(lex.get());
            int nag = glyph_nag(glyph);
            if (!nag) throw fail(line, fmt::format("unknown annotation glyph '{}'", glyph));
            lastMove(fmt::format("annotation '{}'", glyph)).nags.push_back(nag);
        } else if (c == '*') {
            lex.advance();
            return finish("*");
        } else if (c == '.') {
            while (lex.peek() == '.') lex.advance();  // "12 ." or a lone "..."
        } else if (is_alnum(c) || c == '-' || c == '_') {
            std::string token;
            while (is_alnum(lex.peek()) ||
                   std::string_view("_+#=:-/.").find(char(lex.peek())) != std::string_view::npos) {
                token += char(lex.get());
                if (token.size() > MaxTokenLength) throw fail(line, "token too long");
            }
            std::string glyph;
            while ((lex.peek() == '!' || lex.peek() == '?') && glyph.size() < 3)
                glyph += char(lex.get());

            if (is_pgn_result(token) && glyph.empty()) return finish(token);
            // A move number ("12", "12.", "12...") may run into its move ("12.e4").
            std::size_t digits = 0;
            while (digits < token.size() && is_digit(token[digits])) ++digits;
            std::size_t dots = digits;
            while (dots < token.size() && token[dots] == '.') ++dots;
            if (digits > 0 && (dots > digits || dots == token.size())) {
                if (dots == token.size()) {
                    if (!glyph.empty())
                        throw fail(line, fmt::format("'{}{}' is not a move", token, glyph));
                    continue;
                }
                token.erase(0, dots);
            }
            // "exd6 e.p.", "exd6 e.p.!", even "12.e.p.": a remark on the move before, not a move.
            if (token == "e.p.") {
                if (!glyph.empty()) {
                    int nag = glyph_nag(glyph);
                    if (!nag) throw fail(line, fmt::format("unknown annotation glyph '{}'", glyph));
                    lastMove(fmt::format("annotation '{}'", glyph)).nags.push_back(nag);
                }
                continue;
            }
            if (is_digit(token[0]) && !token.starts_with("0-0"))
                throw fail(line, fmt::format("'{}' is not a move or a result", token));
            if (!is_alnum(token[0]) && token != "--")
                throw fail(line, fmt::format("'{}' is not a move", token));
            PgnMove move;
            move.san = std::move(token);
            move.line = line;
            if (!glyph.empty()) {
                int nag = glyph_nag(glyph);
                if (!nag) throw fail(line, fmt::format("unknown annotation glyph '{}'", glyph));
                move.nags.push_back(nag);
            }
            stack.back().line->moves.push_back(std::move(move));
        } else {
            throw fail(line, fmt::format("unexpected {}", printable(c)));
        }
    }
}

std::vector<PgnGame> read_pgn(std::istream& in) {
    PgnReader reader(in);
    std::vector<PgnGame> games;
    while (auto game = reader.next()) games.push_back(std::move(*game));
    return games;
}

std::vector<PgnGame> read_pgn(std::string_view text) {
    std::istringstream in{std::string(text)};
    return read_pgn(in);
}

// --- writing -----------------------------------------------------------------------------

namespace {

std::string escape_tag_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

// Movetext as tokens; '(' and ')' are glued to the tokens they open and close.
class MovetextBuilder {
  public:
    std::vector<std::string> tokens;

    void word(std::string text) {
        if (openParens_) text.insert(0, std::string(openParens_, '(')), openParens_ = 0;
        tokens.push_back(std::move(text));
    }
    void open() { ++openParens_; }
    void close() {
        if (openParens_) {  // an empty variation
            word("");
            tokens.back() += ')';
            return;
        }
        tokens.back() += ')';
    }
    void comment(std::string_view text) {
        std::string clean;
        for (char c : text) clean += c == '}' ? ')' : c;
        clean = normalize_comment(clean);
        if (clean.empty()) return word("{}");
        std::size_t start = 0;
        bool first = true;
        while (start <= clean.size()) {
            std::size_t end = clean.find(' ', start);
            if (end == std::string::npos) end = clean.size();
            std::string piece = clean.substr(start, end - start);
            if (first) piece.insert(0, "{");
            if (end == clean.size()) piece += '}';
            word(std::move(piece));
            first = false;
            start = end + 1;
        }
    }

    void line(const PgnLine& line, int ply, int firstMoveNumber) {
        for (const auto& text : line.comments) comment(text);
        bool needNumber = true;
        for (const PgnMove& move : line.moves) {
            int number = firstMoveNumber + ply / 2;
            if (ply % 2 == 0)
                word(fmt::format("{}.", number));
            else if (needNumber)
                word(fmt::format("{}...", number));
            word(move.san);
            for (int nag : move.nags) word(fmt::format("${}", nag));
            needNumber = false;
            for (const auto& text : move.comments) comment(text), needNumber = true;
            for (const PgnLine& variation : move.variations) {
                open();
                this->line(variation, ply, firstMoveNumber);
                close();
                needNumber = true;
            }
            ++ply;
        }
    }

  private:
    int openParens_ = 0;
};

// The side to move and fullmove number of a FEN tag, as a ply count from move 1.
int first_ply(const PgnGame& game, int& firstMoveNumber) {
    firstMoveNumber = 1;
    const std::string* fen = game.find_tag("FEN");
    if (!fen) return 0;
    std::istringstream fields(*fen);
    std::string placement, side, castling, ep, halfmove, fullmove;
    fields >> placement >> side >> castling >> ep >> halfmove >> fullmove;
    if (!fullmove.empty() && fullmove.size() < 6 &&
        fullmove.find_first_not_of("0123456789") == std::string::npos && std::stoi(fullmove) > 0)
        firstMoveNumber = std::stoi(fullmove);
    return side == "b" ? 1 : 0;
}

}  // namespace

std::string write_pgn(const PgnGame& game) {
    std::string out;
    const std::string result = game.result.empty() ? "*" : game.result;
    constexpr std::pair<const char*, const char*> roster[] = {
        {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
        {"White", "?"}, {"Black", "?"}, {"Result", nullptr}};
    for (auto [name, fallback] : roster) {
        const std::string* value = game.find_tag(name);
        out += fmt::format("[{} \"{}\"]\n", name,
                           escape_tag_value(value      ? *value
                                            : fallback ? fallback
                                                       : result));
    }
    for (const auto& [name, value] : game.tags) {
        bool inRoster = false;
        for (auto [rosterName, fallback] : roster) inRoster |= name == rosterName;
        if (!inRoster) out += fmt::format("[{} \"{}\"]\n", name, escape_tag_value(value));
    }
    out += '\n';

    MovetextBuilder movetext;
    int firstMoveNumber = 1;
    int ply = first_ply(game, firstMoveNumber);
    movetext.line(game.moves, ply, firstMoveNumber);
    movetext.word(result);
    std::size_t column = 0;
    for (const std::string& token : movetext.tokens) {
        // The reader skips a line that starts with '%' and drops a byte order mark at a line's
        // start: a comment's word starting with either stays on the line before, however long.
        if (column > 0 && column + 1 + token.size() > 80 && !token.starts_with('%') &&
            !token.starts_with("\xEF\xBB\xBF"))
            out += '\n', column = 0;
        if (column > 0) out += ' ', ++column;
        out += token;
        column += token.size();
    }
    out += '\n';
    return out;
}

void write_pgn(std::ostream& out, const PgnGame& game) { out << write_pgn(game); }

void write_pgn(std::ostream& out, const std::vector<PgnGame>& games) {
    for (std::size_t i = 0; i < games.size(); ++i) out << (i ? "\n" : "") << write_pgn(games[i]);
}

}  // namespace arbiter
