#include "server/computer.h"

#include "engine/levels.h"
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

private:
    int level_;
};

}  // namespace

std::unique_ptr<ComputerPlayer> make_computer_player(std::string_view variant, int level) {
    if (variant == "chess" && level > 0) return std::make_unique<ChessEnginePlayer>(level);
    return std::make_unique<RandomPlayer>();
}

}  // namespace arbiter::server
