// Standard chess under the referee: moves in UCI or SAN, claims, and the flag rule.
#include <stdexcept>

#include "core/notation_error.h"
#include "referee/variants.h"
#include "variants/chess/outcome.h"
#include "variants/chess/pgn_chess.h"
#include "variants/chess/san.h"
#include "variants/chess/uci.h"

namespace arbiter::referee {
namespace {

class ChessGame final : public Game {
  public:
    explicit ChessGame(const GameOptions& options) : Game(options) {
        if (auto it = options.variant.find("fen"); it != options.variant.end()) {
            if (!it->value().is_string()) throw std::invalid_argument("option fen: not a string");
            try {
                start_ = Position::from_fen(std::string_view(it->value().get_string()));
            } catch (const NotationError& e) {
                throw std::invalid_argument(std::string("option fen: ") + e.what());
            }
        }
        pos_ = start_;
    }

    std::string_view variant() const override { return "chess"; }

    std::optional<Seat> seat_to_move() const override {
        return pos_.side_to_move() == White ? Seat::White : Seat::Black;
    }

    std::vector<json::object> legal_actions(Seat seat) const override {
        std::vector<json::object> out;
        if (finished() || seat != seat_to_move()) return out;
        for (Move m : legal_moves(pos_))
            out.push_back({{"type", "move"}, {"move", to_uci(pos_, m)}});
        return out;
    }

    // PGN, with the moves in SAN.
    std::string record() const override {
        std::vector<Move> moves;
        Position p = start_;
        for (const auto& uci : history_) {
            moves.push_back(parse_uci(p, uci));
            p.do_move(moves.back());
        }
        const RecordHeaders& h = record_headers();
        std::vector<std::pair<std::string, std::string>> tags = {
            {"Event", h.event}, {"Site", h.site},   {"Date", h.date},
            {"Round", "-"},     {"White", h.white}, {"Black", h.black}};
        for (auto& t : rating_tags(h)) tags.push_back(std::move(t));
        if (!h.time.empty()) tags.emplace_back("UTCTime", h.time);
        tags.emplace_back("TimeControl", time_control_tag());
        tags.emplace_back("Termination", std::string(termination_tag(result(), finished())));
        // The standard tag says only normal / time forfeit / abandoned: the reason in words.
        if (finished()) tags.emplace_back("TerminationReason", result().reason);
        return export_pgn(start_, moves, tags, finished() ? result().score : "*");
    }

  protected:
    ActionResult on_action(Seat seat, std::string_view type, const json::object& action,
                           std::int64_t nowMs) override {
        if (type == "move") return move(seat, action, nowMs);
        if (type == "claim-draw") {
            if (seat != seat_to_move())
                return ActionResult::reject("only the player to move can claim a draw");
            auto claim = claimable_draw(pos_);
            if (!claim)
                return ActionResult::reject(
                    "no draw can be claimed: the position has not repeated three times and the "
                    "50-move count is not reached");
            finish(draw(termination_name(claim->termination)));
            return ActionResult::ok();
        }
        return ActionResult::reject("unknown action type '" + std::string(type) + "' for chess");
    }

    json::object variant_view(Seat) const override {
        json::array moves, san;
        for (const auto& m : history_) moves.emplace_back(m);
        for (const auto& m : sanHistory_) san.emplace_back(m);
        json::array legal;
        if (!finished())
            for (Move m : legal_moves(pos_)) legal.emplace_back(to_uci(pos_, m));
        return {
            {"fen", pos_.fen()},     {"initialFen", start_.fen()},     {"moves", std::move(moves)},
            {"san", std::move(san)}, {"legalMoves", std::move(legal)}, {"check", pos_.in_check()}};
    }

    bool supports_takeback() const override { return true; }

    int takeback_plies(Seat requester) const override {
        if (history_.empty() || requester == Seat::Spectator) return 0;
        if (seat_to_move() != requester) return 1;  // its own move, not answered yet
        return history_.size() >= 2 ? 2 : 0;        // its move and the reply
    }

    json::object undo_plies(int plies) override {
        history_.resize(history_.size() - std::size_t(plies));
        sanHistory_.resize(history_.size());
        pos_ = start_;
        for (const auto& uci : history_) pos_.do_move(parse_uci(pos_, uci));
        return {{"ply", history_.size()}, {"fen", pos_.fen()}, {"check", pos_.in_check()}};
    }

    void on_flag(Seat flagged) override {
        Color winner = flagged == Seat::White ? Black : White;
        if (can_checkmate(pos_, winner))
            finish(win_for(opponent(flagged), "timeout"));
        else
            finish(draw("timeout vs insufficient material"));
    }

  private:
    ActionResult move(Seat seat, const json::object& action, std::int64_t nowMs) {
        if (seat != seat_to_move()) return ActionResult::reject("it is not your turn");
        auto it = action.find("move");
        if (it == action.end() || !it->value().is_string())
            return ActionResult::reject("a move action needs a \"move\" string such as \"e2e4\"");
        std::string_view text = it->value().get_string();
        Move m;
        try {
            m = parse_uci(pos_, text);
        } catch (const NotationError& e) {
            return ActionResult::reject(e.what());
        }
        std::string uci = to_uci(pos_, m);
        std::string san = to_san(pos_, m);
        pos_.do_move(m);
        history_.push_back(uci);
        sanHistory_.push_back(san);
        emit(Audience::Everyone, {{"type", "move"},
                                  {"ply", history_.size()},
                                  {"uci", uci},
                                  {"san", san},
                                  {"fen", pos_.fen()},
                                  {"check", pos_.in_check()}});
        turn_completed(seat, nowMs);
        if (auto outcome = automatic_outcome(pos_)) {
            if (outcome->winner)
                finish(win_for(*outcome->winner == White ? Seat::White : Seat::Black,
                               termination_name(outcome->termination)));
            else
                finish(draw(termination_name(outcome->termination)));
        }
        return ActionResult::ok();
    }

    Position start_;
    Position pos_;
    std::vector<std::string> history_;
    std::vector<std::string> sanHistory_;  // the same moves in SAN, for move lists
};

}  // namespace

std::unique_ptr<Game> make_chess_game(const GameOptions& options, RandomSource&) {
    return std::make_unique<ChessGame>(options);
}

}  // namespace arbiter::referee
