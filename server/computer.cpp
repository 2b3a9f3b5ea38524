#include "server/computer.h"

#include <algorithm>
#include <cstdlib>

#include "engine/levels.h"
#include "engine/search.h"
#include "engine/tt.h"
#include "engine/view_player.h"
#include "variants/chess/uci.h"

namespace arbiter::server {
namespace {

// Rebuilds the game from the seat's view (start position and moves, so that repetitions
// count) and asks the engine for the level's move.
class ChessEnginePlayer final : public ComputerPlayer {
  public:
    explicit ChessEnginePlayer(int level) : level_(level) {}

    json::object choose(std::string_view, const json::object& view,
                        const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        try {
            auto pos = Position::from_fen(std::string_view(view.at("initialFen").as_string()));
            for (const auto& m : view.at("moves").as_array())
                pos.do_move(parse_uci(pos, std::string_view(m.as_string())));
            std::uint64_t seed = 0;
            std::uint8_t bytes[8];
            random.fill(bytes);
            for (auto b : bytes) seed = seed << 8 | b;
            Move m = engine::choose_level_move(pos, level_, seed);
            if (m) return {{"type", "move"}, {"move", to_uci(pos, m)}};
        } catch (const std::exception&) {
            // A view this player cannot read: fall back to a legal random move.
        }
        return legal[random.uniform(std::uint32_t(legal.size()))];
    }

    // By its evaluation: a worse position (50 centipawns or more down), or a level one late
    // in the game, is worth a draw; anything better is played on.
    bool accepts_draw(std::string_view, const json::object& view) override {
        try {
            auto pos = Position::from_fen(std::string_view(view.at("initialFen").as_string()));
            for (const auto& m : view.at("moves").as_array())
                pos.do_move(parse_uci(pos, std::string_view(m.as_string())));
            if (legal_moves(pos).empty()) return false;
            engine::TranspositionTable tt(4);
            auto searcher = std::make_unique<engine::Searcher<StandardChessRules>>(tt);
            auto scores = searcher->score_root_moves(pos, 8, 200000);
            int best = scores.front().second;
            for (auto [m, v] : scores) best = std::max(best, v);
            bool mine = (pos.side_to_move() == White) == (view.at("seat").as_string() == "white");
            int eval = mine ? best : -best;
            return eval <= -50 || (std::abs(eval) <= 20 && pos.game_ply() >= 80);
        } catch (const std::exception&) {
            return false;
        }
    }

  private:
    int level_;
};

// Chief & Spy and Minesweeper Chess: the engine's view players (engine/view_player.h).
class HiddenInformationPlayer final : public ComputerPlayer {
  public:
    explicit HiddenInformationPlayer(std::unique_ptr<engine::ViewPlayer> player)
        : player_(std::move(player)) {}

    json::object choose(std::string_view, const json::object& view,
                        const std::vector<json::object>& legal,
                        referee::RandomSource& random) override {
        try {
            return player_->choose(view, legal, random);
        } catch (const std::exception&) {
            return legal[random.uniform(std::uint32_t(legal.size()))];
        }
    }

  private:
    std::unique_ptr<engine::ViewPlayer> player_;
};

}  // namespace

std::unique_ptr<ComputerPlayer> make_computer_player(std::string_view variant, int level) {
    if (level <= 0) return std::make_unique<RandomPlayer>();
    if (variant == "chess") return std::make_unique<ChessEnginePlayer>(level);
    if (variant == "chiefspy" || variant == "minesweeper")
        return std::make_unique<HiddenInformationPlayer>(engine::make_level_player(variant, level));
    return std::make_unique<RandomPlayer>();
}

}  // namespace arbiter::server
