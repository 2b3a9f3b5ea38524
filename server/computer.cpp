#include "server/computer.h"

#include <algorithm>
#include <cstdlib>

#include "engine/level_catalog.h"
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
                        const std::vector<json::object>& legal, referee::RandomSource& random,
                        std::int64_t waitedMs) override {
        try {
            auto pos = Position::from_fen(std::string_view(view.at("initialFen").as_string()));
            for (const auto& m : view.at("moves").as_array())
                pos.do_move(parse_uci(pos, std::string_view(m.as_string())));
            std::uint64_t seed = 0;
            std::uint8_t bytes[8];
            random.fill(bytes);
            for (auto b : bytes) seed = seed << 8 | b;
            Move m = engine::choose_level_move(pos, level_, seed, nullptr,
                                               move_budget_ms("chess", level_, view, waitedMs));
            if (m) return {{"type", "move"}, {"move", to_uci(pos, m)}};
        } catch (const std::exception&) {
            // A view this player cannot read: fall back to a legal random move.
        }
        return legal[random.uniform(std::uint32_t(legal.size()))];
    }

    // By its evaluation: a worse position (50 centipawns or more down), or a level one late
    // in the game, is worth a draw; anything better is played on.
    bool accepts_draw(std::string_view, const json::object& view, std::int64_t waitedMs) override {
        try {
            auto pos = Position::from_fen(std::string_view(view.at("initialFen").as_string()));
            for (const auto& m : view.at("moves").as_array())
                pos.do_move(parse_uci(pos, std::string_view(m.as_string())));
            if (legal_moves(pos).empty()) return false;
            engine::TranspositionTable tt(4);
            auto searcher = std::make_unique<engine::Searcher<StandardChessRules>>(tt);
            // however weak the level, its judgement of a draw takes up to level 8's time
            auto scores = searcher->score_root_moves(
                pos, 8, 200000, move_budget_ms("chess", engine::MaxLevel, view, waitedMs));
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
    HiddenInformationPlayer(std::string_view variant, int level)
        : player_(engine::make_level_player(variant, level)), level_(level) {}

    json::object choose(std::string_view variant, const json::object& view,
                        const std::vector<json::object>& legal, referee::RandomSource& random,
                        std::int64_t waitedMs) override {
        try {
            // A cap of 0 would mean none: every level that thinks has at least the floor.
            player_->set_time_cap(
                std::max<std::int64_t>(1, move_budget_ms(variant, level_, view, waitedMs)));
            return player_->choose(view, legal, random);
        } catch (const std::exception&) {
            return legal[random.uniform(std::uint32_t(legal.size()))];
        }
    }

  private:
    std::unique_ptr<engine::ViewPlayer> player_;
    int level_;
};

}  // namespace

std::unique_ptr<ComputerPlayer> make_computer_player(std::string_view variant, int level) {
    if (level <= 0) return std::make_unique<RandomPlayer>();
    if (variant == "chess") return std::make_unique<ChessEnginePlayer>(level);
    if (variant == "chiefspy" || variant == "minesweeper")
        return std::make_unique<HiddenInformationPlayer>(variant, level);
    return std::make_unique<RandomPlayer>();
}

std::int64_t move_budget_ms(std::int64_t levelMaxMs, std::optional<std::int64_t> remainingMs,
                            std::int64_t incrementMs, std::int64_t waitedMs) {
    if (levelMaxMs <= 0) return 0;
    waitedMs = std::max<std::int64_t>(0, waitedMs);
    std::int64_t budget = levelMaxMs - waitedMs;
    if (remainingMs) {
        std::int64_t share = std::max<std::int64_t>(0, *remainingMs - waitedMs) / 30 +
                             std::max<std::int64_t>(0, incrementMs) * 3 / 4;
        budget = std::min(budget, share);
    }
    return std::min(levelMaxMs, std::max(MinMoveBudgetMs, budget));
}

std::int64_t move_budget_ms(std::string_view variant, int level, const json::object& view,
                            std::int64_t waitedMs) {
    std::int64_t levelMax = engine::level_max_move_ms(variant, level);
    const json::value* clock = view.if_contains("clock");
    const json::value* seat = view.if_contains("seat");
    if (!clock || !clock->is_object() || !seat || !seat->is_string())
        return move_budget_ms(levelMax, std::nullopt, 0, waitedMs);
    const json::object& c = clock->as_object();
    const json::value* left = c.if_contains(seat->as_string());
    if (!left || !left->is_number()) return move_budget_ms(levelMax, std::nullopt, 0, waitedMs);
    std::int64_t incrementMs = 0;
    if (const json::value* inc = c.if_contains("increment"); inc && inc->is_number())
        incrementMs = std::int64_t(inc->to_number<double>() * 1000);
    return move_budget_ms(levelMax, std::int64_t(left->to_number<double>()), incrementMs, waitedMs);
}

json::object computer_levels_json() {
    json::object out;
    for (std::string_view game : engine::LevelGames) {
        json::array levels;
        const engine::LevelLadder& ladder = *engine::level_ladder(game);
        for (std::size_t level = 0; level < ladder.size(); ++level) {
            const engine::LevelEntry& e = ladder[level];
            levels.push_back(json::object{{"level", level},
                                          {"elo", e.elo},
                                          {"description", e.en},
                                          {"translations", json::object{{"it", e.it}}}});
        }
        out[game] = std::move(levels);
    }
    return out;
}

}  // namespace arbiter::server
