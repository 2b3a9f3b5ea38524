// Minesweeper Chess under the referee (docs/rules.md#minesweeper-chess). Both players and
// spectators see the same thing: pieces, fog, numbers, discovered mines and the counter. Only
// this class knows the layout; it commits to it at the start and reveals it, with the salt, at
// the end.
#include <fmt/format.h>

#include "core/notation_error.h"
#include "referee/commitment.h"
#include "referee/variants.h"
#include "variants/chess/outcome.h"
#include "variants/minesweeper/notation.h"
#include "variants/minesweeper/outcome.h"

namespace arbiter::referee {
namespace {

using namespace arbiter::minesweeper;

constexpr const char* CommitmentScheme = "minesweeper-v1";

json::array square_array(Bitboard squares) {
    json::array out;
    while (squares) out.emplace_back(G::square_name(pop_lsb(squares)));
    return out;
}

std::string square_list(Bitboard squares) {
    std::string out;
    while (squares) out += (out.empty() ? "" : ",") + G::square_name(pop_lsb(squares));
    return out;
}

// `minesweeper-v1|c5,f5,b6,h7|SALT`: squares sorted by index, a1 = 0 ... h10 = 79.
std::string commitment_preimage(Bitboard layout, const std::string& salt) {
    return fmt::format("{}|{}|{}", CommitmentScheme, square_list(layout), salt);
}

// MinesAtStart distinct fog-zone squares, every set equally likely (partial Fisher-Yates).
Bitboard draw_layout(RandomSource& random) {
    std::array<Square, FogZoneSquares> squares;
    int n = 0;
    for (Bitboard b = FogZone; b;) squares[n++] = pop_lsb(b);
    Bitboard layout = 0;
    for (int i = 0; i < MinesAtStart; ++i) {
        int j = i + int(random.uniform(std::uint32_t(FogZoneSquares - i)));
        std::swap(squares[i], squares[j]);
        layout |= bb(squares[i]);
    }
    return layout;
}

const char* piece_name(PieceType pt) {
    constexpr const char* names[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return pt < NoPieceType ? names[pt] : "?";
}

const char* color_name(Color c) { return c == White ? "white" : "black"; }

class MinesweeperGame final : public Game {
  public:
    MinesweeperGame(const GameOptions& options, RandomSource& random) : Game(options) {
        if (auto it = options.variant.find("fen"); it != options.variant.end()) {
            if (!it->value().is_string()) throw std::invalid_argument("option fen: not a string");
            try {
                pos_ = MinesweeperPosition::from_fen(std::string_view(it->value().get_string()));
            } catch (const NotationError& e) {
                throw std::invalid_argument(std::string("option fen: ") + e.what());
            }
            if (!pos_.layout_known())
                throw std::invalid_argument(
                    "option fen: the referee needs the layout (layout:...) of the hidden mines");
        } else {
            pos_ = MinesweeperPosition::start(draw_layout(random));
        }
        start_ = pos_;
        initialLayout_ = pos_.layout();
        salt_ = new_salt(random);
        commitment_ = sha256_hex(commitment_preimage(initialLayout_, salt_));
        emit(Audience::Everyone,
             {{"type", "commitment"}, {"scheme", CommitmentScheme}, {"commitment", commitment_}});
        // A set-up position may already be over (say, a stalemate); say so at once.
        if (auto outcome = automatic_outcome(pos_)) end_by_rule(*outcome);
    }

    std::string_view variant() const override { return "minesweeper"; }

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

    std::string record() const override;

  protected:
    ActionResult on_action(Seat seat, std::string_view type, const json::object& action,
                           std::int64_t nowMs) override {
        if (type == "move") return move(seat, action, nowMs);
        return ActionResult::reject("unknown action type '" + std::string(type) +
                                    "' for minesweeper (move, resign, draw-offer, draw-accept, "
                                    "draw-decline, abort)");
    }

    // The same for every seat: nothing here depends on who asks.
    json::object variant_view(Seat) const override {
        json::array moves;
        for (const auto& m : history_) moves.emplace_back(m.uci);
        json::array legal;
        if (!finished())
            for (Move m : legal_moves(pos_)) legal.emplace_back(to_uci(pos_, m));
        json::object numbers;
        for (Bitboard b = pos_.revealed_zone(); b;) {
            Square s = pop_lsb(b);
            if (int n = pos_.number(s)) numbers[G::square_name(s)] = n;
        }
        json::object v{{"fen", pos_.fen()},
                       {"initialFen", start_.fen()},
                       {"fog", square_array(pos_.fog())},
                       {"numbers", std::move(numbers)},
                       {"mines", square_array(pos_.discovered_mines())},
                       {"counter", pos_.counter()},
                       {"minesAtStart", start_.counter()},
                       {"fogGone", pos_.fog() == 0},
                       {"moves", std::move(moves)},
                       {"legalMoves", std::move(legal)},
                       {"check", pos_.in_check()},
                       {"commitment", commitment_}};
        v["reveal"] = finished() ? json::value(reveal()) : json::value(nullptr);
        return v;
    }

    void on_flag(Seat flagged) override {
        Color winner = flagged == Seat::White ? Black : White;
        if (can_checkmate(pos_.board(), winner))
            finish(win_for(opponent(flagged), "timeout"));
        else
            finish(draw("timeout vs insufficient material"));
    }

    void on_finish() override {
        json::object body = reveal();
        body["type"] = "reveal";
        emit(Audience::Everyone, std::move(body));
    }

  private:
    struct Played {
        std::string uci;
        MoveEffects effects;
        Color mover;
    };

    json::object reveal() const {
        return {{"scheme", CommitmentScheme},
                {"mines", square_array(initialLayout_)},
                {"salt", salt_},
                {"preimage", commitment_preimage(initialLayout_, salt_)},
                {"commitment", commitment_}};
    }

    void end_by_rule(const minesweeper::Outcome& outcome) {
        if (outcome.winner)
            finish(win_for(*outcome.winner == White ? Seat::White : Seat::Black, outcome.reason));
        else
            finish(draw(outcome.reason));
    }

    ActionResult move(Seat seat, const json::object& action, std::int64_t nowMs) {
        if (seat != seat_to_move()) return ActionResult::reject("it is not your turn");
        auto it = action.find("move");
        if (it == action.end() || !it->value().is_string())
            return ActionResult::reject(
                "a move action needs a \"move\" string such as \"e2e4\" or \"e5e5\" (sapper)");
        Move m;
        try {
            m = parse_move(pos_, std::string_view(it->value().get_string()));
        } catch (const NotationError& e) {
            return ActionResult::reject(e.what());
        }
        const Color us = pos_.side_to_move();
        std::string uci = to_uci(pos_, m);
        MoveEffects e = pos_.do_move(m);
        history_.push_back({uci, e, us});
        announce(uci, e, us);
        turn_completed(seat, nowMs);
        if (auto outcome = automatic_outcome(pos_)) end_by_rule(*outcome);
        return ActionResult::ok();
    }

    void announce(const std::string& uci, const MoveEffects& e, Color us) {
        emit(Audience::Everyone, {{"type", "move"},
                                  {"ply", history_.size()},
                                  {"by", color_name(us)},
                                  {"uci", uci},
                                  {"sapper", e.sapper},
                                  {"fen", pos_.fen()},
                                  {"counter", pos_.counter()},
                                  {"check", pos_.in_check()}});
        const std::string square = G::square_name(e.target);
        if (e.destroyed)
            emit(Audience::Everyone, {{"type", "explosion"},
                                      {"square", square},
                                      {"piece", piece_name(type_of(e.mover))},
                                      {"color", color_name(us)},
                                      {"counter", pos_.counter()}});
        else if (e.mineRemoved)
            emit(Audience::Everyone, {{"type", "mine-cleared"},
                                      {"square", square},
                                      {"by", e.sapper ? "sapper" : "king"},
                                      {"counter", pos_.counter()}});
        if (e.fogLifted)
            emit(Audience::Everyone,
                 {{"type", "fog-lifted"}, {"squares", square_array(e.fogLifted)}});
        if (e.fullLift)
            emit(Audience::Everyone, {{"type", "fog-gone"}, {"squares", square_array(e.fogGone)}});
        if (pos_.in_check())
            emit(Audience::Everyone,
                 {{"type", "check"}, {"side", color_name(pos_.side_to_move())}});
    }

    MinesweeperPosition start_;
    MinesweeperPosition pos_;
    Bitboard initialLayout_ = 0;
    std::string salt_;
    std::string commitment_;
    std::vector<Played> history_;
};

std::string MinesweeperGame::record() const {
    std::string out;
    auto tag = [&out](std::string_view name, std::string_view value) {
        out += fmt::format("[{} \"{}\"]\n", name, value);
    };
    const RecordHeaders& h = record_headers();
    tag("Event", h.event);
    tag("Site", h.site);
    tag("Date", h.date);
    tag("Round", "-");
    tag("White", h.white);
    tag("Black", h.black);
    tag("Result", result().score);
    for (const auto& [name, value] : rating_tags(h)) tag(name, value);
    if (!h.time.empty()) tag("UTCTime", h.time);
    tag("TimeControl", time_control_tag());
    tag("Variant", "Minesweeper Chess");
    // Every standard start looks the same in public: all fog, counter 4.
    const Bitboard anyFour =
        bb(G::square(0, 3)) | bb(G::square(1, 3)) | bb(G::square(2, 3)) | bb(G::square(3, 3));
    if (start_.fen() != MinesweeperPosition::start(anyFour).fen()) {
        tag("SetUp", "1");
        tag("FEN", start_.fen());
    }
    tag("Commitment", commitment_);
    tag("Termination", termination_tag(result(), finished()));
    if (finished()) {
        tag("TerminationReason", result().reason);
        tag("Mines", square_list(initialLayout_));
        tag("Salt", salt_);
        tag("CommitmentText", commitment_preimage(initialLayout_, salt_));
    }
    out += '\n';
    int ply = start_.board().game_ply();
    std::string moves;
    for (std::size_t i = 0; i < history_.size(); ++i, ++ply) {
        const Played& p = history_[i];
        if (ply % 2 == 0)
            moves += fmt::format("{}. ", ply / 2 + 1);
        else if (i == 0)
            moves += fmt::format("{}... ", ply / 2 + 1);
        moves += p.uci + ' ';
        const auto& e = p.effects;
        std::string square = G::square_name(e.target);
        if (e.destroyed)
            moves += fmt::format("{{{} {} destroyed by a mine on {}}} ", color_name(p.mover),
                                 piece_name(type_of(e.mover)), square);
        else if (e.mineRemoved)
            moves += fmt::format("{{mine cleared on {} by the {}}} ", square,
                                 e.sapper ? "sapper" : "king");
        if (e.fullLift) moves += "{the fog is gone} ";
    }
    moves += result().score;
    out += moves + '\n';
    return out;
}

}  // namespace

std::unique_ptr<Game> make_minesweeper_game(const GameOptions& options, RandomSource& random) {
    return std::make_unique<MinesweeperGame>(options, random);
}

}  // namespace arbiter::referee
