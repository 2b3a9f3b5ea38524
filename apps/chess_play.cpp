#include "apps/chess_play.h"

#include <istream>
#include <ostream>
#include <vector>

#include <fmt/format.h>

#include "apps/terminal_board.h"
#include "variants/chess/outcome.h"
#include "variants/chess/pgn_chess.h"
#include "variants/chess/san.h"

namespace arbiter::apps {
namespace {

constexpr const char* Help = R"(Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q).
Commands:
  help     this text            moves    list the legal moves
  undo     take back a move     flip     turn the board around
  fen      show the FEN         pgn      show the game so far as PGN
  draw     claim a draw (threefold repetition, 50 moves) or offer one
  resign   resign the game      quit     leave without a result
)";

class ChessTerminal {
public:
    ChessTerminal(std::istream& in, std::ostream& out, const ChessPlayOptions& o)
        : in_(in), out_(out), colour_(o.color) {
        start_ = o.fen.empty() ? Position() : Position::from_fen(o.fen);
        pos_ = start_;
    }

    int run() {
        out_ << "Arbiter chess: two players, one keyboard. Type 'help' for commands.\n";
        draw_board();
        std::string line;
        while (result_.empty()) {
            out_ << (pos_.side_to_move() == White ? "White" : "Black") << " to move: " << std::flush;
            if (!std::getline(in_, line)) {
                out_ << "\nInput ended; the game is left unfinished.\n";
                return 0;
            }
            handle(trim(line));
        }
        out_ << fmt::format("\nResult: {} ({})\n\n{}\n", result_, reason_, pgn());
        return 0;
    }

private:
    static std::string trim(const std::string& s) {
        auto b = s.find_first_not_of(" \t\r");
        if (b == std::string::npos) return "";
        auto e = s.find_last_not_of(" \t\r");
        return s.substr(b, e - b + 1);
    }

    void handle(const std::string& cmd) {
        if (cmd.empty()) return;
        if (cmd == "help" || cmd == "?") out_ << Help;
        else if (cmd == "fen") out_ << pos_.fen() << "\n";
        else if (cmd == "pgn") out_ << pgn() << "\n";
        else if (cmd == "flip") flipped_ = !flipped_, draw_board();
        else if (cmd == "moves") list_moves();
        else if (cmd == "undo") undo();
        else if (cmd == "resign") end(pos_.side_to_move() == White ? "0-1" : "1-0", "resignation");
        else if (cmd == "draw") draw();
        else if (cmd == "quit" || cmd == "exit") end("*", "players left");
        else play(cmd);
    }

    void play(const std::string& text) {
        Move m;
        try {
            m = parse_san(pos_, text);
        } catch (const NotationError& e) {
            out_ << "Not a legal move: " << e.what() << " (type 'moves' or 'help')\n";
            return;
        }
        std::string san = to_san(pos_, m);
        pos_.do_move(m);
        moves_.push_back(m);
        draw_board();
        out_ << "Played " << san << "\n";
        if (auto o = automatic_outcome(pos_)) {
            std::string score = !o->winner ? "1/2-1/2" : *o->winner == White ? "1-0" : "0-1";
            end(score, termination_name(o->termination));
        } else if (pos_.in_check()) {
            out_ << "Check!\n";
        }
    }

    void undo() {
        if (moves_.empty()) {
            out_ << "Nothing to take back.\n";
            return;
        }
        pos_.undo_move(moves_.back());
        moves_.pop_back();
        draw_board();
    }

    void draw() {
        if (auto claim = claimable_draw(pos_)) {
            end("1/2-1/2", termination_name(claim->termination));
            return;
        }
        const char* other = pos_.side_to_move() == White ? "Black" : "White";
        out_ << fmt::format("{} offers a draw. {}, do you accept? [y/n] ",
                            pos_.side_to_move() == White ? "White" : "Black", other)
             << std::flush;
        std::string answer;
        if (std::getline(in_, answer) && (trim(answer) == "y" || trim(answer) == "yes"))
            end("1/2-1/2", "agreement");
        else
            out_ << "Draw declined; play on.\n";
    }

    void list_moves() {
        std::vector<std::string> sans;
        for (Move m : legal_moves(pos_)) sans.push_back(to_san(pos_, m));
        out_ << fmt::format("{} legal moves: {}\n", sans.size(), fmt::join(sans, " "));
    }

    void end(std::string score, std::string reason) {
        result_ = std::move(score);
        reason_ = std::move(reason);
    }

    std::string pgn() const {
        return export_pgn(start_, moves_, {{"Event", "Arbiter terminal game"}},
                          result_.empty() ? "*" : result_);
    }

    void draw_board() {
        Square lastFrom = NoSquare, lastTo = NoSquare;
        if (!moves_.empty()) lastFrom = moves_.back().from(), lastTo = moves_.back().to();
        Square king = pos_.in_check() ? pos_.king_square(pos_.side_to_move()) : NoSquare;
        out_ << "\n" << render_board(8, 8, flipped_, [&](int f, int r) {
            Square s = Geometry8x8::square(f, r);
            std::string piece = std::string(unicode_piece(pos_.piece_on(s))) + " ";
            if (!colour_) return piece;
            const char* bg = (f + r) % 2 ? "\x1b[48;5;180m" : "\x1b[48;5;137m";
            if (s == lastFrom || s == lastTo) bg = "\x1b[48;5;143m";
            if (s == king) bg = "\x1b[48;5;167m";
            return std::string(bg) + "\x1b[38;5;16m" + piece + "\x1b[0m";
        });
    }

    std::istream& in_;
    std::ostream& out_;
    bool colour_;
    bool flipped_ = false;
    Position start_, pos_;
    std::vector<Move> moves_;
    std::string result_, reason_;
};

}  // namespace

int play_chess_terminal(std::istream& in, std::ostream& out, const ChessPlayOptions& options) {
    ChessTerminal terminal(in, out, options);
    return terminal.run();
}

}  // namespace arbiter::apps
