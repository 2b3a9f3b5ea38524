#include "apps/minesweeper_play.h"

#include <chrono>
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "referee/commitment.h"
#include "referee/game.h"

namespace arbiter::apps {
namespace {

using referee::Seat;

constexpr int Files = 8, Ranks = 10;

constexpr const char* Help =
    "Commands:\n"
    "  e2e4, g1f3, e1g1    move (UCI squares; castling as the king's move)\n"
    "  e9e10               promotion: always to a queen (e9e10q also works)\n"
    "  e5e5                sapper action: the pawn on e5 clears the square in front of it\n"
    "  moves               list the legal moves\n"
    "  board               draw the board again\n"
    "  draw                offer a draw (or accept the opponent's offer)\n"
    "  resign              resign the game\n"
    "  help                this text\n"
    "  quit                leave (the game is abandoned)\n"
    "Board: ░░ fog, * discovered mine, 1-8 mines around a revealed square, letters are\n"
    "pieces (upper case White). Ranks 4-7 are the fog zone; four mines hide there.\n";

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::string trim(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    return s.substr(i);
}

int square_index(std::string_view name) {
    if (name.size() < 2) return -1;
    int file = name[0] - 'a';
    int rank = 0;
    for (char c : name.substr(1)) {
        if (c < '0' || c > '9') return -1;
        rank = rank * 10 + (c - '0');
    }
    if (file < 0 || file >= Files || rank < 1 || rank > Ranks) return -1;
    return (rank - 1) * Files + file;
}

std::string side_name(std::string_view seat) { return seat == "white" ? "White" : "Black"; }

// One line per event worth telling a player.
std::string announce(const json::object& e) {
    std::string_view type = e.at("type").as_string();
    auto str = [&](const char* key) { return std::string(e.at(key).as_string()); };
    if (type == "commitment")
        return fmt::format("The referee has placed the mines. Commitment (SHA-256): {}\n",
                           str("commitment"));
    if (type == "explosion")
        return fmt::format(
            "BOOM! The {} {} stepped on a mine on {} and is destroyed. Mines left: {}\n",
            str("color"), str("piece"), str("square"), e.at("counter").as_int64());
    if (type == "mine-cleared")
        return fmt::format("The {} cleared a mine on {}. Mines left: {}\n",
                           str("by") == "king" ? "king (royal sapper)" : "sapper", str("square"),
                           e.at("counter").as_int64());
    if (type == "fog-gone") return "Every mine is found or gone: the fog lifts for good.\n";
    if (type == "check") return fmt::format("{} is in check.\n", side_name(str("side")));
    if (type == "draw-offered") return fmt::format("{} offers a draw.\n", side_name(str("by")));
    if (type == "draw-declined")
        return fmt::format("{} declines the draw.\n", side_name(str("by")));
    if (type == "result") return fmt::format("Game over: {} ({}).\n", str("score"), str("reason"));
    if (type == "reveal") {
        std::string mines;
        for (const auto& m : e.at("mines").as_array())
            mines += (mines.empty() ? "" : ", ") + std::string(m.as_string());
        bool ok = referee::verify_commitment(str("commitment"), str("preimage"));
        return fmt::format("The mines were on: {}\nSalt: {}\nCommitment {}: sha256(\"{}\")\n",
                           mines.empty() ? "(none)" : mines, str("salt"),
                           ok ? "verified" : "DOES NOT MATCH", str("preimage"));
    }
    return "";
}

}  // namespace

std::string draw_minesweeper_board(const json::object& view) {
    std::array<std::string, Files * Ranks> cell;
    cell.fill(" . ");
    // Pieces from the FEN placement.
    std::string_view fen = view.at("fen").as_string();
    std::string_view placement = fen.substr(0, fen.find(' '));
    int rank = Ranks - 1, file = 0;
    for (char c : placement) {
        if (c == '/') {
            --rank, file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
        } else if (rank >= 0 && file < Files) {
            cell[rank * Files + file++] = std::string(" ") + c + " ";
        }
    }
    for (const auto& [name, n] : view.at("numbers").as_object()) {
        int s = square_index(name);
        if (s >= 0 && cell[s] == " . ") cell[s] = fmt::format(" {} ", n.as_int64());
    }
    for (const auto& m : view.at("mines").as_array()) {
        int s = square_index(m.as_string());
        if (s >= 0) cell[s] = " * ";
    }
    for (const auto& f : view.at("fog").as_array()) {
        int s = square_index(f.as_string());
        if (s >= 0) cell[s] = "░░░";
    }
    std::string out;
    for (int r = Ranks - 1; r >= 0; --r) {
        out += fmt::format("{:>2} ", r + 1);
        for (int f = 0; f < Files; ++f) out += cell[r * Files + f];
        out += '\n';
    }
    out += "    a  b  c  d  e  f  g  h\n";
    out += fmt::format("Mines on the board: {}{}\n", view.at("counter").as_int64(),
                       view.at("fogGone").as_bool() ? " (the fog is gone)" : "");
    return out;
}

int play_minesweeper_terminal(std::istream& in, std::ostream& out) {
    referee::SecureRandom random;
    return play_minesweeper_terminal(in, out, random);
}

int play_minesweeper_terminal(std::istream& in, std::ostream& out, referee::RandomSource& random) {
    std::unique_ptr<referee::Game> game;
    try {
        game = referee::create_game("minesweeper", {}, random);
    } catch (const std::exception& e) {
        out << "Cannot start a game: " << e.what() << '\n';
        return 1;
    }
    out << "Minesweeper Chess: 8x10 board, four hidden mines in the fog (ranks 4-7).\n"
           "Type 'help' for the commands.\n";
    std::uint64_t told = 0;
    auto tell_events = [&] {
        for (const auto* e : game->events_for(Seat::Spectator, told)) out << announce(e->body);
        told = game->events().size();
    };
    tell_events();
    bool redraw = true;
    while (!game->finished()) {
        auto view = game->view(Seat::Spectator, now_ms());
        if (redraw) out << '\n' << draw_minesweeper_board(view);
        redraw = false;
        Seat seat = *game->seat_to_move();
        out << side_name(referee::seat_name(seat)) << " to move> " << std::flush;
        std::string line;
        if (!std::getline(in, line)) {
            out << "\nInput ended; the game is left unfinished.\n";
            return 0;
        }
        line = trim(line);
        if (line.empty()) continue;
        if (line == "help" || line == "?") {
            out << Help;
            continue;
        }
        if (line == "quit" || line == "exit") {
            out << "The game is left unfinished.\n";
            return 0;
        }
        if (line == "board") {
            redraw = true;
            continue;
        }
        if (line == "moves") {
            std::string list;
            for (const auto& m : view.at("legalMoves").as_array())
                list += (list.empty() ? "" : " ") + std::string(m.as_string());
            out << (list.empty() ? "(none)" : list) << '\n';
            continue;
        }
        json::object action;
        if (line == "resign")
            action = {{"type", "resign"}};
        else if (line == "draw")
            action = {{"type", "draw-offer"}};
        else
            action = {{"type", "move"}, {"move", line}};
        auto result = game->act(seat, action, now_ms());
        if (!result.accepted) {
            out << "Not accepted: " << result.error << " (type 'help' for the commands)\n";
            continue;
        }
        redraw = action.at("type").as_string() == "move";
        if (redraw) out << side_name(referee::seat_name(seat)) << " played " << line << ".\n";
        tell_events();
    }
    out << '\n' << draw_minesweeper_board(game->view(Seat::Spectator, now_ms()));
    out << "\nRecord:\n" << game->record();
    return 0;
}

}  // namespace arbiter::apps
