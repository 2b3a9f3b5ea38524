#include "engine/uci_view_player.h"

#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/engine_process.h"
#include "variants/minesweeper/notation.h"
#include "variants/minesweeper/position.h"

namespace arbiter::engine {
namespace {

using minesweeper::MinesweeperPosition;

class UciViewPlayer final : public ViewPlayer {
  public:
    explicit UciViewPlayer(const UciPlayerConfig& config)
        : process_(config.command), limit_(config.limit) {
        process_.send("uci");
        if (!process_.wait_for("uciok", std::chrono::seconds(10)))
            throw std::runtime_error("no 'uciok' from '" + config.command + "'");
        for (const auto& [name, value] : config.options)
            process_.send(fmt::format("setoption name {} value {}", name, value));
        process_.send("ucinewgame");
        process_.send("isready");
        if (!process_.wait_for("readyok", std::chrono::seconds(10)))
            throw std::runtime_error("no 'readyok' from '" + config.command + "'");
    }

    json::object choose(const json::object& view, const std::vector<json::object>& legal,
                        referee::RandomSource&) override {
        const std::string_view fen = view.at("fen").as_string();
        const MinesweeperPosition pos = MinesweeperPosition::from_fen(fen);
        // The moves a player who ignores the fog still sees as sensible: no sapper action,
        // no landing on a mine already shown.
        std::string searchMoves, anyMove;
        for (const auto& text : legal_move_texts(legal)) {
            const Move m = minesweeper::parse_move(pos, text);
            if (m.kind() == MoveKind::Sapper) continue;
            std::string& into =
                pos.discovered_mines() & minesweeper::bb(m.to()) ? anyMove : searchMoves;
            into += " " + text;
        }
        if (searchMoves.empty()) searchMoves = anyMove;
        if (searchMoves.empty()) return legal.front();  // only sapper actions are left

        process_.send("position fen " + plain_minesweeper_fen(fen));
        process_.send("go " + limit_ + " searchmoves" + searchMoves);
        const auto deadline = EngineProcess::Clock::now() + std::chrono::seconds(60);
        while (auto line = process_.read_line(deadline)) {
            if (line->rfind("bestmove ", 0) != 0) continue;
            const std::string best = line->substr(9, line->find(' ', 9) - 9);
            for (const auto& action : legal)
                if (auto it = action.find("move"); it != action.end() && it->value().is_string() &&
                                                   it->value().get_string() == best)
                    return action;
            throw std::runtime_error("the UCI engine chose '" + best +
                                     "', which is not among the moves it was given");
        }
        throw std::runtime_error("the UCI engine gave no bestmove within 60 s");
    }

  private:
    EngineProcess process_;
    std::string limit_;
};

}  // namespace

std::optional<std::string> uci_player_limit(std::string_view kind, std::string* why) {
    for (std::string_view name : {"depth", "nodes"}) {
        const std::string prefix = "uci-" + std::string(name);
        if (kind.substr(0, prefix.size()) != prefix) continue;
        const std::string_view digits = kind.substr(prefix.size());
        if (!digits.empty() && digits.size() <= 9 &&
            digits.find_first_not_of("0123456789") == std::string_view::npos && digits != "0" &&
            digits[0] != '0')
            return std::string(name) + " " + std::string(digits);
    }
    if (why)
        *why = "unknown player '" + std::string(kind) +
               "' (an outside engine is uci-depthN or uci-nodesN, N from 1)";
    return std::nullopt;
}

std::unique_ptr<ViewPlayer> make_uci_view_player(const UciPlayerConfig& config) {
    return std::make_unique<UciViewPlayer>(config);
}

std::string plain_minesweeper_fen(std::string_view viewFen) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < viewFen.size()) {
        const std::size_t start = viewFen.find_first_not_of(' ', i);
        if (start == std::string_view::npos) break;
        const std::size_t end = std::min(viewFen.find(' ', start), viewFen.size());
        const std::string_view field = viewFen.substr(start, end - start);
        if (field.find(':') == std::string_view::npos) fields.push_back(field);
        i = end;
    }
    if (fields.size() >= 4) fields[3] = "-";
    std::string out;
    for (const auto field : fields) {
        if (!out.empty()) out += ' ';
        out += field;
    }
    return out;
}

}  // namespace arbiter::engine
