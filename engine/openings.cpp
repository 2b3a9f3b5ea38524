#include "engine/openings.h"

#include <cstdlib>
#include <istream>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "engine/search.h"
#include "variants/chess/uci.h"

namespace arbiter::engine {

const std::vector<Opening>& builtin_openings() {
    static const std::vector<Opening> openings = [] {
        const char* lines[] = {
            "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",                 // Spanish
            "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6",       // Italian
            "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4",       // Petroff
            "e2e4 e7e5 b1c3 g8f6 g2g3",                      // Vienna
            "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3",  // Open Sicilian
            "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6 b1c3 d8c7",
            "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6 f1g2 f8g7",            // Closed Sicilian
            "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",                      // French
            "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",                      // Caro-Kann
            "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",                      // Pirc
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",                      // Scandinavian
            "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",                      // Queen's Gambit Declined
            "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3",                 // Slav
            "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5 c2c3 b8c6",            // London
            "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",            // King's Indian
            "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",                      // Nimzo-Indian
            "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6",  // Benoni
            "d2d4 g8f6 g1f3 e7e6 c1g5 c7c5 e2e3",                 // Torre
            "d2d4 f7f5 g2g3 g8f6 f1g2 g7g6",                      // Dutch
            "c2c4 e7e5 b1c3 g8f6 g2g3",                           // English
            "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",                      // Symmetrical English
            "g1f3 d7d5 g2g3 g8f6 f1g2",                           // Reti
        };
        std::vector<Opening> list;
        for (const char* line : lines) {
            Opening o;
            std::istringstream in(line);
            for (std::string m; in >> m;) o.moves.push_back(m);
            list.push_back(o);
        }
        return list;
    }();
    return openings;
}

Position opening_position(const Opening& opening) {
    Position pos;
    try {
        if (!opening.fen.empty()) pos = Position::from_fen(opening.fen);
    } catch (const NotationError& e) {
        throw std::invalid_argument(e.what());
    }
    if (pos.king_square(White) == NoSquare || pos.king_square(Black) == NoSquare)
        throw std::invalid_argument(fmt::format("FEN '{}': each side needs a king", opening.fen));
    for (const std::string& text : opening.moves) {
        try {
            pos.do_move(parse_uci(pos, text));
        } catch (const NotationError& e) {
            throw std::invalid_argument(e.what());
        }
    }
    return pos;
}

std::vector<Opening> read_openings(std::istream& in) {
    std::vector<Opening> list;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        std::istringstream words(line);
        std::vector<std::string> tokens;
        for (std::string w; words >> w;) tokens.push_back(w);
        Opening o;
        std::size_t i = 0;
        if (tokens[0].find('/') != std::string::npos) {
            std::string fen;
            for (; i < tokens.size() && tokens[i] != "moves"; ++i)
                fen += (fen.empty() ? "" : " ") + tokens[i];
            o.fen = fen;
            if (i < tokens.size()) ++i;  // "moves"
        }
        for (; i < tokens.size(); ++i) o.moves.push_back(tokens[i]);
        try {
            opening_position(o);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(fmt::format("openings line {}: {}", number, e.what()));
        }
        list.push_back(o);
    }
    if (list.empty()) throw std::invalid_argument("openings file has no openings");
    return list;
}

std::vector<Opening> random_openings(int count, int plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    TranspositionTable tt(4);
    auto searcher = std::make_unique<Searcher<StandardChessRules>>(tt);
    std::vector<Opening> list;
    for (int attempt = 0; int(list.size()) < count && attempt < count * 50; ++attempt) {
        Position pos;
        Opening o;
        bool ok = true;
        for (int ply = 0; ply < plies && ok; ++ply) {
            auto scores = searcher->score_root_moves(pos, 2, 20'000);
            if (scores.empty()) {
                ok = false;
                break;
            }
            int best = scores.front().second;
            for (auto [m, v] : scores) best = std::max(best, v);
            std::vector<Move> near;
            for (auto [m, v] : scores)
                if (v >= best - 50) near.push_back(m);
            Move m = near[std::size_t(rng() % near.size())];
            o.moves.push_back(to_uci(pos, m));
            pos.do_move(m);
        }
        if (!ok || legal_moves(pos).empty()) continue;
        SearchLimits limits;
        limits.depth = 8;
        limits.nodes = 400'000;
        if (std::abs(searcher->run(pos, limits).score) > 80) continue;
        list.push_back(std::move(o));
    }
    return list;
}

}  // namespace arbiter::engine
