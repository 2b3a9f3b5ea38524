#include "apps/chiefspy_play.h"

#include <string>

#include "core/json.h"
#include "referee/game.h"

namespace arbiter::apps {
namespace {

using referee::Seat;

const char* Help =
    "Commands:\n"
    "  e2e4        a move; castling is the king onto its rook (e1h1, e1a1)\n"
    "  b1c3+c3d5   a Spy gambit: a quiet move, then an attack, by your Spy only\n"
    "  e7e8gn      a promotion: bring back a fallen piece (q k r n b gr gn gb);\n"
    "              plain e7e8 when none of yours has fallen\n"
    "  moves       list your legal moves (gambits of your own Spy included)\n"
    "  values      show your own initial values (make the other player look away)\n"
    "  draw        offer a draw of this round, or accept the opponent's offer\n"
    "  decline     decline the opponent's draw offer\n"
    "  resign      resign (counts as losing your Chief)\n"
    "  help        this text\n";

std::string str(const json::value& v) {
    if (v.is_string()) return std::string(v.get_string());
    if (v.is_int64()) return std::to_string(v.get_int64());
    if (v.is_null()) return "-";
    return json::serialize(v);
}

std::string seat_label(Seat s) { return s == Seat::White ? "Player 1" : "Player 2"; }

void clear_screen(std::ostream& out) {
    out << "\x1b[2J\x1b[H";
    for (int i = 0; i < 40; ++i) out << '\n';
    out << "\x1b[2J\x1b[H" << std::flush;
}

bool read_line(std::istream& in, std::string& line) {
    if (!std::getline(in, line)) return false;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    return true;
}

char letter(const json::object& p) {
    std::string type = str(p.at("type"));
    char c = type == "knight" ? 'N' : char(std::toupper(type[0]));
    return str(p.at("colour")) == "white" ? c : char(std::tolower(c));
}

void draw_board(const json::object& view, std::ostream& out) {
    std::string cells[64];
    for (auto& c : cells) c = " .";
    for (const auto& pv : view.at("pieces").as_array()) {
        const auto& p = pv.as_object();
        std::string sq = str(p.at("square"));
        int index = (sq[1] - '1') * 8 + (sq[0] - 'a');
        cells[index] = std::string(p.at("great").as_bool() ? "*" : " ") + letter(p);
    }
    for (int r = 7; r >= 0; --r) {
        out << ' ' << r + 1 << ' ';
        for (int f = 0; f < 8; ++f) out << cells[r * 8 + f] << ' ';
        out << '\n';
    }
    out << "    a  b  c  d  e  f  g  h     (* = Great piece)\n";
    const auto& res = view.at("reserves").as_object();
    for (const char* c : {"white", "black"}) {
        std::string fallen;
        for (const auto& id : res.at(c).at("pieces").as_array()) fallen += str(id) + " ";
        out << "  fallen " << c << ": " << (fallen.empty() ? "none " : fallen) << "+ "
            << str(res.at(c).at("pawns")) << " pawn(s)\n";
    }
}

std::string fighter(const json::value& f) {
    std::string id = f.at("id").is_null() ? "" : " (" + str(f.at("id")) + "-file)";
    return str(f.at("colour")) + " " + str(f.at("type")) + id + " on " + str(f.at("square"));
}

// Announces the public events (what a spectator is told) since `cursor`.
void announce(const referee::Game& game, std::uint64_t& cursor, std::ostream& out) {
    for (const referee::Event* e : game.events_for(Seat::Spectator, cursor)) {
        const auto& b = e->body;
        std::string type = str(b.at("type"));
        if (type == "move") {
            out << "  " << str(b.at("colour")) << " plays " << str(b.at("move"))
                << (b.at("gambit").as_bool() ? "  (a Spy gambit!)" : "") << '\n';
            if (b.at("battle").is_object()) {
                const auto& bt = b.at("battle");
                out << "  BATTLE on " << str(bt.at("contested")) << ": "
                    << fighter(bt.at("attacker")) << " (bonus +"
                    << str(bt.at("bonus").at("attacker")) << ") attacks "
                    << fighter(bt.at("defender")) << " (bonus +"
                    << str(bt.at("bonus").at("defender")) << ")\n  -> "
                    << (str(bt.at("winner")) == "tie" ? std::string("a tie: both leave the board")
                                                      : "the " + str(bt.at("winner")) + " wins")
                    << '\n';
            }
            if (b.at("promotion").is_object())
                out << "  promotion: the " << str(b.at("promotion").at("type")) << " of the "
                    << str(b.at("promotion").at("id")) << "-file returns\n";
        } else if (type == "round-end") {
            out << "\n== Round " << str(b.at("round")) << " ends: " << str(b.at("reason"))
                << ". Points: Player 1 " << str(b.at("points").at("white")) << ", Player 2 "
                << str(b.at("points").at("black")) << ". Match score: Player 1 "
                << str(b.at("score").at("white")) << ", Player 2 " << str(b.at("score").at("black"))
                << '\n';
            if (b.at("reveal").is_object())
                for (const char* c : {"white", "black"}) {
                    const auto& r = b.at("reveal").at(c);
                    out << "   " << c << " values (a..h): " << str(r.at("text")) << "  commitment "
                        << str(r.at("commitment")) << " salt " << str(r.at("salt")) << '\n';
                }
        } else if (type == "draw-offered") {
            out << "  " << seat_label(*referee::parse_seat(str(b.at("by"))))
                << " offers a draw of this round\n";
        } else if (type == "draw-declined") {
            out << "  the draw offer is declined\n";
        } else if (type == "resign") {
            out << "  " << seat_label(*referee::parse_seat(str(b.at("seat")))) << " resigns\n";
        } else if (type == "result") {
            out << "\n== Match over: " << str(b.at("score")) << " (" << str(b.at("reason")) << ")";
            if (!b.at("winner").is_null())
                out << ", " << seat_label(*referee::parse_seat(str(b.at("winner")))) << " wins";
            out << '\n';
        }
    }
    cursor = game.events().size();
}

void show_values(const json::object& view, std::ostream& out) {
    if (view.at("myValues").is_null()) return;
    out << "  your initial values: ";
    const char* names[] = {"GR", "GN", "GB", "Q", "K", "B", "N", "R"};
    int i = 0;
    for (const char* f : {"a", "b", "c", "d", "e", "f", "g", "h"})
        out << names[i++] << "(" << f << ")=" << str(view.at("myValues").at(f)) << ' ';
    out << "\n  pieces that won a battle since (value now unknown to you):";
    for (const auto& pv : view.at("pieces").as_array()) {
        const auto& p = pv.as_object();
        if (p.contains("changed") && p.at("changed").as_bool()) out << ' ' << str(p.at("id"));
    }
    out << '\n';
}

// One player's secret set-up. False when the input ended.
bool set_up(referee::Game& game, Seat seat, std::istream& in, std::ostream& out) {
    auto view = game.view(seat, 0);
    std::string line;
    out << "\nRound " << str(view.at("round")) << ": " << seat_label(seat) << " plays "
        << str(view.at("myColour")) << ". " << seat_label(referee::opponent(seat))
        << ", look away. " << seat_label(seat) << ", press Enter when alone at the screen.\n";
    if (!read_line(in, line)) return false;
    for (;;) {
        out << "Values for GR GN GB Q K B N R (files a-h), e.g. 5,S,3,7,C,2,4,6, or 'random': ";
        if (!read_line(in, line)) return false;
        json::object action{{"type", "set-values"}};
        if (line == "random") {
            action["random"] = true;
        } else {
            json::object v;
            std::string item;
            int file = 0;
            for (std::size_t i = 0; i <= line.size(); ++i) {
                if (i == line.size() || line[i] == ',' || line[i] == ' ') {
                    if (!item.empty() && file < 8) v[std::string(1, char('a' + file))] = item;
                    if (!item.empty()) ++file;
                    item.clear();
                } else {
                    item += line[i];
                }
            }
            if (file != 8) {
                out << "  give exactly eight values separated by commas\n";
                continue;
            }
            action["values"] = std::move(v);
        }
        auto r = game.act(seat, action, 0);
        if (r.accepted) break;
        out << "  " << r.error << '\n';
    }
    show_values(game.view(seat, 0), out);
    out << "Remember them. Press Enter to clear the screen and hand over.";
    bool more = read_line(in, line);
    clear_screen(out);
    return more;
}

}  // namespace

int play_chiefspy_terminal(std::istream& in, std::ostream& out) {
    referee::SecureRandom random;
    auto game = referee::create_game("chiefspy", {}, random);
    std::uint64_t cursor = 0;
    out << "Chief & Spy: two players, one screen. Player 1 has White in rounds 1 and 3.\n"
           "Type 'help' during play for the commands.\n";
    std::string line;
    while (!game->finished()) {
        announce(*game, cursor, out);
        if (game->finished()) break;
        auto toMove = game->seat_to_move();
        if (!toMove) {
            for (Seat s : {Seat::White, Seat::Black}) {
                auto v = game->view(s, 0);
                if (!v.at("ready").at(s == Seat::White ? "white" : "black").as_bool() &&
                    !set_up(*game, s, in, out))
                    return 0;
            }
            continue;
        }
        auto view = game->view(*toMove, 0);
        out << '\n';
        draw_board(view, out);
        out << "Round " << str(view.at("round")) << ", score Player 1 "
            << str(view.at("score").at("white")) << " - Player 2 "
            << str(view.at("score").at("black")) << ". " << seat_label(*toMove) << " ("
            << str(view.at("myColour")) << ") to move: ";
        if (!read_line(in, line)) {
            out << "\ninput ended; the match is left unfinished\n";
            return 0;
        }
        if (line.empty()) continue;
        json::object action;
        if (line == "help") {
            out << Help;
            continue;
        } else if (line == "moves") {
            for (const auto& m : view.at("legalMoves").as_array()) out << str(m) << ' ';
            out << '\n';
            continue;
        } else if (line == "values") {
            show_values(view, out);
            out << "Press Enter to clear the screen.";
            if (!read_line(in, line)) return 0;
            clear_screen(out);
            continue;
        } else if (line == "resign") {
            action = {{"type", "resign"}};
        } else if (line == "draw") {
            action = {{"type", "draw-offer"}};
        } else if (line == "decline") {
            action = {{"type", "draw-decline"}};
        } else {
            action = {{"type", "move"}, {"move", line}};
        }
        auto r = game->act(*toMove, action, 0);
        if (!r.accepted) out << "  " << r.error << " (type 'help' for the commands)\n";
    }
    announce(*game, cursor, out);
    return 0;
}

}  // namespace arbiter::apps
