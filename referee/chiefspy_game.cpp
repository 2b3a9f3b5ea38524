// Chief & Spy under the referee: set-up, play, battles, rounds, commitments and reveals.
// Every secret (values, salts) stays in this object; what leaves it is built by view() and
// the events below, and a value appears only in the seat's own "values-set" event, its own
// view, and the public reveal at the end of a round.
#include "referee/chiefspy_game.h"

#include <array>
#include <cctype>

#include "core/notation_error.h"
#include "referee/commitment.h"
#include "referee/variants.h"
#include "variants/chiefspy/round.h"

namespace arbiter::referee {
namespace {

using namespace arbiter::chiefspy;

std::string_view color_name(Color c) { return c == White ? "white" : "black"; }
Seat seat_of_player(int player) { return player == 0 ? Seat::White : Seat::Black; }
int player_of(Seat s) { return s == Seat::White ? 0 : 1; }

json::value slot_json(Slot s) {
    return s == NoSlot ? json::value(nullptr) : json::value(std::string(1, slot_letter(s)));
}

json::object assignment_json(const Assignment& a) {
    json::object o;
    for (Slot s = 0; s < SlotCount; ++s) o[std::string(1, slot_letter(s))] = a[s].to_string();
    return o;
}

json::object fighter_json(Color c, Unit u, Square sq) {
    return {{"colour", color_name(c)},
            {"type", piece_type_name(u.type())},
            {"id", slot_json(u.slot)},
            {"square", G::square_name(sq)}};
}

json::object battle_json(const BattleReport& b) {
    return {{"attacker", fighter_json(b.attackerColor, b.attacker, b.attackerFrom)},
            {"defender", fighter_json(~b.attackerColor, b.defender, b.contested)},
            {"contested", G::square_name(b.contested)},
            {"bonus", {{"attacker", b.attackerBonus}, {"defender", b.defenderBonus}}},
            {"winner", winner_name(b.winner)}};
}

Assignment random_assignment(RandomSource& random) {
    Assignment a = AllBackRankValues;
    for (int i = SlotCount - 1; i > 0; --i)
        std::swap(a[i], a[random.uniform(std::uint32_t(i + 1))]);
    return a;
}

// Reads {"a":"5","b":"S",...}; the error names the seat's own input only.
std::optional<Assignment> read_values(const json::value& v, std::string& error) {
    if (!v.is_object()) {
        error =
            "set-values needs \"values\": {\"a\": \"5\", ..., \"h\": \"S\"} or \"random\": true";
        return std::nullopt;
    }
    const json::object& o = v.get_object();
    Assignment a{};
    for (Slot s = 0; s < SlotCount; ++s) {
        std::string key(1, slot_letter(s));
        auto it = o.find(key);
        if (it == o.end()) {
            error = "set-values: no value for the piece starting on file " + key;
            return std::nullopt;
        }
        // The documented spellings only: "2".."7", "C", "S", or a JSON integer 2..7. The
        // reason names the file, never what was given there.
        std::optional<Value> val;
        if (it->value().is_string())
            val = parse_setup_value(it->value().get_string());
        else if (it->value().is_int64() && it->value().get_int64() >= 2 &&
                 it->value().get_int64() <= 7)
            val = Value::number(int(it->value().get_int64()));
        if (!val) {
            error = "set-values: the value for file " + key +
                    " must be 2-7, C or S (C and S in capitals)";
            return std::nullopt;
        }
        a[s] = *val;
    }
    if (o.size() != SlotCount) {
        error = "set-values: give exactly the files a-h";
        return std::nullopt;
    }
    if (!is_valid_assignment(a)) {
        error = "set-values: use each of 2, 3, 4, 5, 6, 7, C and S exactly once";
        return std::nullopt;
    }
    return a;
}

class ChiefSpyGame final : public Game {
  public:
    ChiefSpyGame(const GameOptions& options, RandomSource& random) : Game(options) {
        // Every secret random draw of the match is made now (the commitment salts of
        // docs/rules.md#fair-play-in-chief--spy first, then the random assignments offered on
        // request), so the game keeps no reference to the source and a recorded tape replays it
        // exactly.
        for (auto& round : salts_)
            for (auto& salt : round) salt = new_salt(random);
        for (auto& round : randomValues_)
            for (auto& a : round) a = random_assignment(random);
        start_setup();
    }

    std::string_view variant() const override { return "chiefspy"; }

    std::optional<Seat> seat_to_move() const override {
        if (finished() || !round_ || round_->over()) return std::nullopt;
        return seat_of_colour(round_->side_to_move());
    }

    std::vector<json::object> legal_actions(Seat seat) const override {
        std::vector<json::object> out;
        if (finished() || seat == Seat::Spectator) return out;
        if (!round_) {
            if (!pending_[player_of(seat)])
                out.push_back({{"type", "set-values"}, {"random", true}});
            return out;
        }
        if (seat != seat_to_move()) return out;
        for (const Move& m : round_->legal_moves())
            out.push_back({{"type", "move"}, {"move", round_->board().move_text(m)}});
        return out;
    }

    std::string record() const override;

  protected:
    ActionResult on_action(Seat seat, std::string_view type, const json::object& action,
                           std::int64_t nowMs) override {
        if (type == "set-values") return set_values(seat, action);
        if (type == "move") return move(seat, action, nowMs);
        return ActionResult::reject("unknown action type '" + std::string(type) +
                                    "' for Chief & Spy (set-values, move, resign, draw-offer, "
                                    "draw-accept, draw-decline, abort)");
    }

    json::object variant_view(Seat seat) const override;

    bool allows_draw_by_agreement() const override { return round_ && !round_->over(); }

    void on_draw_agreed() override {
        round_->end_by(RoundEndReason::Agreement, std::nullopt);
        finish_round(0);
    }

    void on_resign(Seat seat) override {
        emit(Audience::Everyone,
             {{"type", "resign"}, {"round", roundNo_}, {"seat", seat_name(seat)}});
        if (round_) {
            round_->end_by(RoundEndReason::Resignation, colour_of(seat));
            finish_round(0);
        } else {
            // Resigning during the set-up: no round was committed, so nothing is revealed.
            RoundEnd e{RoundEndReason::Resignation, {}};
            e.points[~colour_of(seat)] = 2;
            end_match_round(e, 0);
        }
    }

    void on_flag(Seat flagged) override {
        if (!round_) return on_resign(flagged);  // cannot happen: no clock runs in a set-up
        round_->end_by(RoundEndReason::Timeout, colour_of(flagged));
        finish_round(0);
    }

  private:
    Color colour_of(Seat s) const { return color_of_player(player_of(s), roundNo_); }
    Seat seat_of_colour(Color c) const {
        return color_of_player(0, roundNo_) == c ? Seat::White : Seat::Black;
    }
    json::object colour_of_json() const {
        return {{"white", color_name(colour_of(Seat::White))},
                {"black", color_name(colour_of(Seat::Black))}};
    }
    json::object score_json() const {
        return {{"white", score_.points[0]}, {"black", score_.points[1]}};
    }

    void start_setup() {
        round_.reset();
        pending_[0].reset();
        pending_[1].reset();
        battles_.clear();
        emit(Audience::Everyone,
             {{"type", "setup"}, {"round", roundNo_}, {"colourOf", colour_of_json()}});
    }

    ActionResult set_values(Seat seat, const json::object& action) {
        if (round_) return ActionResult::reject("the values are set before the round starts");
        int player = player_of(seat);
        if (pending_[player]) return ActionResult::reject("you have already set your values");
        Assignment a;
        auto r = action.find("random");
        if (r != action.end() && !r->value().is_bool())
            return ActionResult::reject("set-values: \"random\" must be true or false");
        if (r != action.end() && r->value().get_bool()) {
            if (action.contains("values"))
                return ActionResult::reject(
                    "set-values: give either \"values\" or \"random\": true, not both");
            a = randomValues_[roundNo_ - 1][player];
        } else {
            auto v = action.find("values");
            std::string error;
            auto read = read_values(v == action.end() ? json::value(nullptr) : v->value(), error);
            if (!read) return ActionResult::reject(error);
            a = *read;
        }
        pending_[player] = a;
        emit(only(seat),
             {{"type", "values-set"}, {"round", roundNo_}, {"values", assignment_json(a)}});
        emit(Audience::Everyone,
             {{"type", "ready"}, {"round", roundNo_}, {"seat", seat_name(seat)}});
        if (pending_[0] && pending_[1]) start_round();
        return ActionResult::ok();
    }

    void start_round() {
        Assignment byColour[2];
        for (int player = 0; player < 2; ++player)
            byColour[color_of_player(player, roundNo_)] = *pending_[player];
        round_.emplace(byColour[White], byColour[Black]);
        for (Color c : {White, Black})
            commitments_[c] =
                sha256_hex(commitment_preimage(c, byColour[c], salts_[roundNo_ - 1][c]));
        emit(Audience::Everyone, {{"type", "round-start"},
                                  {"round", roundNo_},
                                  {"colourOf", colour_of_json()},
                                  {"commitments", commitments_json()},
                                  {"fen", round_->board().fen()}});
    }

    json::object commitments_json() const {
        return {{"white", commitments_[White]}, {"black", commitments_[Black]}};
    }

    ActionResult move(Seat seat, const json::object& action, std::int64_t nowMs) {
        if (!round_)
            return ActionResult::reject(
                "the round has not started: both players must set their values");
        if (seat != seat_to_move()) return ActionResult::reject("it is not your turn");
        auto it = action.find("move");
        if (it == action.end() || !it->value().is_string())
            return ActionResult::reject("a move action needs a \"move\" string such as \"e2e4\"");
        std::string_view text = it->value().get_string();
        const Board& board = round_->board();
        Move m;
        try {
            m = board.parse_move(text);
        } catch (const NotationError& e) {
            return ActionResult::reject(e.what());
        }
        Color us = colour_of(seat);
        Slot spy = round_->spy_slot(us);
        if (!board.is_legal(m, spy)) return ActionResult::reject(why_illegal(m, text, us, spy));
        Round::Played played = round_->play(m);
        json::object body{{"type", "move"},
                          {"round", roundNo_},
                          {"ply", round_->history().size()},
                          {"seat", seat_name(seat)},
                          {"colour", color_name(us)},
                          {"move", played.text},
                          {"gambit", m.kind == MoveKind::Gambit},
                          {"castling", m.kind == MoveKind::Castling},
                          {"enPassant", m.kind == MoveKind::EnPassant}};
        body["battle"] =
            played.battle ? json::value(battle_json(*played.battle)) : json::value(nullptr);
        body["promotion"] =
            played.promoted
                ? json::value(json::object{{"id", slot_json(m.promotion)},
                                           {"type", piece_type_name(SlotType[m.promotion])}})
                : json::value(nullptr);
        body["fen"] = board.fen();
        if (played.battle) {
            json::object b = battle_json(*played.battle);
            b["ply"] = round_->history().size();
            battles_.push_back(std::move(b));
        }
        emit(Audience::Everyone, std::move(body));
        turn_completed(seat, nowMs);
        if (round_->over()) finish_round(nowMs);
        return ActionResult::ok();
    }

    // A reason that names nothing the mover does not know: its own Spy, the public board.
    std::string why_illegal(const Move& m, std::string_view text, Color us, Slot spy) const {
        const Board& board = round_->board();
        Unit u = board.at(m.from);
        std::string t(text);
        if (u.empty() || u.color() != us)
            return "illegal move '" + t + "': no piece of yours on " + G::square_name(m.from);
        if (m.kind == MoveKind::Gambit) {
            if (u.slot != spy)
                return "illegal move '" + t + "': only your Spy can make a Spy gambit";
            return "illegal move '" + t +
                   "': a Spy gambit is a non-attacking move of the piece (a bishop may instead "
                   "step one square orthogonally) followed by an attack on an enemy piece";
        }
        if (u.type() == Pawn && G::relative_rank(us == Black, m.to) == 7) {
            if (board.has_reserve(us) && m.promotion == NoSlot) {
                std::string names;
                for (Slot s = 0; s < SlotCount; ++s)
                    if (board.fallen(us, s))
                        names += (names.empty() ? "" : ", ") + promotion_suffix(s);
                return "illegal move '" + t +
                       "': a pawn reaching the last rank must bring back one of your fallen "
                       "pieces: add one of " +
                       names + " to the move";
            }
            if (m.promotion != NoSlot && !board.fallen(us, m.promotion))
                return "illegal move '" + t + "': your " + slot_name(m.promotion) +
                       " has not left the board";
        } else if (m.promotion != NoSlot) {
            return "illegal move '" + t + "': only a pawn reaching the last rank is promoted";
        }
        return "illegal move '" + t + "'";
    }

    // The round is over on the board (or by resignation, timeout, agreement).
    void finish_round(std::int64_t nowMs) {
        const RoundEnd& e = *round_->end();
        json::object reveal;
        for (Color c : {White, Black}) {
            Assignment a;
            for (Slot s = 0; s < SlotCount; ++s) a[s] = round_->initial(c, s);
            reveal[color_name(c)] = json::object{{"seat", seat_name(seat_of_colour(c))},
                                                 {"values", assignment_json(a)},
                                                 {"text", assignment_text(a)},
                                                 {"salt", salts_[roundNo_ - 1][c]},
                                                 {"commitment", commitments_[c]}};
        }
        end_match_round(e, nowMs, std::move(reveal));
    }

    void end_match_round(const RoundEnd& e, std::int64_t nowMs,
                         std::optional<json::object> reveal = std::nullopt) {
        score_.add(e, roundNo_);
        json::object points{{"white", e.points[colour_of(Seat::White)]},
                            {"black", e.points[colour_of(Seat::Black)]}};
        json::object body{
            {"type", "round-end"},          {"round", roundNo_}, {"reason", reason_name(e.reason)},
            {"colourOf", colour_of_json()}, {"points", points},  {"score", score_json()}};
        body["reveal"] = reveal ? json::value(*reveal) : json::value(nullptr);
        json::object summary = body;
        summary.erase("type");
        pastRounds_.push_back(std::move(summary));
        emit(Audience::Everyone, std::move(body));
        stop_clock(nowMs);
        clear_draw_offer();  // an offer was for the round that just ended
        if (score_.over()) {
            std::string reason = score_.points[0] >= PointsToWin || score_.points[1] >= PointsToWin
                                     ? std::string(reason_name(e.reason))
                                     : "three-rounds";
            if (auto leader = score_.leader())
                finish(win_for(seat_of_player(*leader), reason));
            else
                finish(draw(reason));
            return;
        }
        ++roundNo_;
        start_setup();
    }

    int roundNo_ = 1;
    MatchScore score_;
    std::optional<Round> round_;
    std::optional<Assignment> pending_[2];   // by player, during the set-up
    std::string salts_[MaxRounds][2];        // by round, colour
    Assignment randomValues_[MaxRounds][2];  // by round, player
    std::string commitments_[2];             // by colour, this round
    json::array battles_;                    // this round's, public
    json::array pastRounds_;
};

json::object ChiefSpyGame::variant_view(Seat seat) const {
    bool player = seat != Seat::Spectator;
    std::optional<Color> me;
    if (player) me = colour_of(seat);
    json::object v{
        {"round", roundNo_},
        {"phase", finished() ? "over"
                  : round_   ? "play"
                             : "setup"},
        {"colourOf", colour_of_json()},
        {"score", score_json()},
        {"ready", {{"white", pending_[0].has_value()}, {"black", pending_[1].has_value()}}}};
    v["myColour"] = me ? json::value(color_name(*me)) : json::value(nullptr);
    // Own initial values: from the set-up on; never a current value.
    const Assignment* mine = nullptr;
    Assignment own{};
    if (player && round_) {
        for (Slot s = 0; s < SlotCount; ++s) own[s] = round_->initial(*me, s);
        mine = &own;
    } else if (player && pending_[player_of(seat)]) {
        own = *pending_[player_of(seat)];
        mine = &own;
    }
    v["myValues"] = mine ? json::value(assignment_json(*mine)) : json::value(nullptr);
    Board initialBoard;
    const Board& board = round_ ? round_->board() : initialBoard;
    json::array pieces;
    for (Square s = 0; s < 64; ++s) {
        Unit u = board.at(s);
        if (u.empty()) continue;
        json::object p{{"square", G::square_name(s)},
                       {"colour", color_name(u.color())},
                       {"type", piece_type_name(u.type())},
                       {"id", slot_json(u.slot)},
                       {"great", is_great(u.slot)}};
        if (mine && me && u.color() == *me && u.slot != NoSlot) {
            p["initial"] = (*mine)[u.slot].to_string();
            p["changed"] = round_ && round_->changed(*me, u.slot);
        }
        pieces.push_back(std::move(p));
    }
    v["pieces"] = std::move(pieces);
    v["fen"] = board.fen();
    json::object reserves;
    for (Color c : {White, Black}) {
        json::array fallen;
        for (Slot s = 0; s < SlotCount; ++s)
            if (board.fallen(c, s)) fallen.push_back(slot_json(s));
        reserves[color_name(c)] =
            json::object{{"pieces", std::move(fallen)}, {"pawns", board.fallen_pawns(c)}};
    }
    v["reserves"] = std::move(reserves);
    v["battles"] = battles_;
    json::array moves;
    if (round_)
        for (const auto& p : round_->history()) moves.push_back(json::value(p.text));
    v["moves"] = std::move(moves);
    v["quietPlies"] = board.quiet_plies();
    v["commitments"] = round_ ? json::value(commitments_json()) : json::value(nullptr);
    json::array legal;
    if (!finished() && round_ && !round_->over() && player && seat == seat_to_move())
        for (const Move& m : round_->legal_moves())
            legal.push_back(json::value(board.move_text(m)));
    v["legalMoves"] = std::move(legal);
    v["rounds"] = pastRounds_;
    return v;
}

// ---- the record ---------------------------------------------------------------------

std::string tag(std::string_view name, std::string_view value) {
    std::string s = "[" + std::string(name) + " \"";
    for (char c : value) {
        if (c == '"' || c == '\\') s += '\\';
        s += c;
    }
    return s + "\"]\n";
}

std::string str(const json::value& v) { return v.is_string() ? std::string(v.get_string()) : ""; }

std::string fighter_text(const json::object& f) {
    const json::value& id = f.at("id");
    return str(f.at("colour")) + ":" + (id.is_string() ? str(id) : std::string("p")) + ":" +
           str(f.at("square"));
}

std::string ChiefSpyGame::record() const {
    struct RoundText {
        json::object setup, start, end;
        std::string moves;
    };
    std::vector<RoundText> rounds;
    json::object result;
    bool needNumber = true;
    const auto& log = events();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Event& ev = log[i];
        if (ev.audience != Audience::Everyone) continue;
        std::string type = str(ev.body.at("type"));
        auto by = [&](const char* key) { return str(ev.body.at(key)); };
        if (type == "setup") {
            rounds.push_back(RoundText{ev.body, {}, {}, {}});
            needNumber = true;
            continue;
        }
        if (type == "result") {
            result = ev.body;
            continue;
        }
        if (rounds.empty()) continue;
        RoundText& r = rounds.back();
        auto comment = [&](const std::string& text) {
            r.moves += "{" + text + "} ";
            needNumber = true;
        };
        if (type == "ready")
            comment("ready " + by("seat"));
        else if (type == "round-start")
            r.start = ev.body;
        else if (type == "round-end")
            r.end = ev.body;
        else if (type == "resign")
            comment("resign " + by("seat"));
        else if (type == "draw-offered")
            comment("draw-offer " + by("by"));
        else if (type == "draw-accepted")
            comment("draw-accept " + by("by"));
        else if (type == "draw-declined") {
            // A lapse (the receiver moved instead of answering) comes right after its move.
            bool lapse = i > 0 && str(log[i - 1].body.at("type")) == "move" &&
                         str(log[i - 1].body.at("seat")) == by("by");
            if (!lapse) comment("draw-decline " + by("by"));
        } else if (type == "move") {
            auto ply = ev.body.at("ply").to_number<int>();
            int number = (ply + 1) / 2;
            if (ply % 2 == 1)
                r.moves += std::to_string(number) + ". ";
            else if (needNumber)
                r.moves += std::to_string(number) + "... ";
            needNumber = false;
            r.moves += by("move") + " ";
            if (ev.body.at("battle").is_object()) {
                const json::object& b = ev.body.at("battle").get_object();
                const json::object& bonus = b.at("bonus").get_object();
                comment("battle " + fighter_text(b.at("attacker").get_object()) + " " +
                        fighter_text(b.at("defender").get_object()) + " bonus " +
                        std::to_string(bonus.at("attacker").to_number<int>()) + "-" +
                        std::to_string(bonus.at("defender").to_number<int>()) + " winner " +
                        str(b.at("winner")));
            }
        }
    }
    std::string out;
    for (std::size_t k = 0; k < rounds.size(); ++k) {
        const RoundText& r = rounds[k];
        const json::object& colourOf = r.setup.at("colourOf").get_object();
        std::string whiteSeat = str(colourOf.at("white")) == "white" ? "white" : "black";
        std::string blackSeat = whiteSeat == "white" ? "black" : "white";
        std::string roundResult = "*";
        if (!r.end.empty()) {
            const json::object& pts = r.end.at("points").get_object();
            int w = pts.at(whiteSeat).to_number<int>(), b = pts.at(blackSeat).to_number<int>();
            roundResult = w > b ? "1-0" : w < b ? "0-1" : "1/2-1/2";
        }
        out += tag("Event", "Chief & Spy match");
        out += tag("Site", "Arbiter");
        out += tag("Date", record_headers().date);
        out += tag("Round", std::to_string(r.setup.at("round").to_number<int>()));
        out += tag("White", whiteSeat);
        out += tag("Black", blackSeat);
        out += tag("Result", roundResult);
        // White and Black name the seats (colours swap between rounds); these name the people.
        const RecordHeaders& h = record_headers();
        bool straight = whiteSeat == "white";
        out += tag("WhitePlayer", straight ? h.white : h.black);
        out += tag("BlackPlayer", straight ? h.black : h.white);
        auto pick = [&](const std::string& w, const std::string& b) { return straight ? w : b; };
        for (auto [name, value] : {std::pair{"WhiteElo", pick(h.whiteElo, h.blackElo)},
                                   {"BlackElo", pick(h.blackElo, h.whiteElo)},
                                   {"WhiteRatingDiff", pick(h.whiteRatingDiff, h.blackRatingDiff)},
                                   {"BlackRatingDiff", pick(h.blackRatingDiff, h.whiteRatingDiff)}})
            if (!value.empty()) out += tag(name, value);
        out += tag("Variant", "Chief & Spy");
        out += tag("TimeControl", time_control_tag());
        if (!r.start.empty()) {
            const json::object& c = r.start.at("commitments").get_object();
            out += tag("WhiteCommitment", str(c.at("white")));
            out += tag("BlackCommitment", str(c.at("black")));
        }
        if (!r.end.empty()) {
            const json::object& pts = r.end.at("points").get_object();
            const json::object& score = r.end.at("score").get_object();
            // The standard PGN value, then the round's own reason (chief-captured, …).
            std::string reason = str(r.end.at("reason"));
            out += tag("Termination",
                       std::string(termination_tag(GameResult{"*", reason, std::nullopt}, true)));
            out += tag("TerminationReason", reason);
            out += tag("RoundPoints", std::to_string(pts.at(whiteSeat).to_number<int>()) + "-" +
                                          std::to_string(pts.at(blackSeat).to_number<int>()));
            out += tag("MatchScore",
                       "white=" + std::to_string(score.at("white").to_number<int>()) +
                           " black=" + std::to_string(score.at("black").to_number<int>()));
            if (r.end.at("reveal").is_object()) {
                const json::object& rev = r.end.at("reveal").get_object();
                out += tag("WhiteValues", str(rev.at("white").at("text")));
                out += tag("WhiteSalt", str(rev.at("white").at("salt")));
                out += tag("BlackValues", str(rev.at("black").at("text")));
                out += tag("BlackSalt", str(rev.at("black").at("salt")));
            }
        }
        if (k + 1 == rounds.size() && !result.empty()) {
            out += tag("MatchResult", str(result.at("score")));
            out += tag("MatchTermination", str(result.at("reason")));
        }
        out += "\n" + r.moves + roundResult + "\n\n";
    }
    return out;
}

// ---- reading, replaying, verifying ----------------------------------------------------

struct Lexer {
    std::string_view text;
    std::size_t pos = 0;
    int line = 1;

    [[noreturn]] void fail(const std::string& why) const {
        throw NotationError("record line " + std::to_string(line) + ": " + why);
    }
    void skip_space() {
        while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) {
            if (text[pos] == '\n') ++line;
            ++pos;
        }
    }
    bool done() {
        skip_space();
        return pos >= text.size();
    }
    char peek() const { return text[pos]; }
    std::string until(char close) {
        std::size_t end = text.find(close, pos);
        if (end == std::string_view::npos) fail(std::string("missing '") + close + "'");
        std::string s(text.substr(pos, end - pos));
        for (char c : s)
            if (c == '\n') ++line;
        pos = end + 1;
        return s;
    }
    std::string word() {
        std::size_t start = pos;
        while (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos])) &&
               text[pos] != '{' && text[pos] != '[')
            ++pos;
        return std::string(text.substr(start, pos - start));
    }
};

std::optional<Seat> player_seat(const std::string& s) {
    auto seat = parse_seat(s);
    if (seat == Seat::Spectator) return std::nullopt;
    return seat;
}

}  // namespace

ChiefSpyRecord read_chiefspy_record(std::string_view text) {
    ChiefSpyRecord record;
    Lexer lx{text};
    while (!lx.done()) {
        ChiefSpyRecordRound round;
        while (!lx.done() && lx.peek() == '[') {
            ++lx.pos;
            std::string name = lx.word();
            lx.skip_space();
            if (lx.pos >= text.size() || lx.peek() != '"')
                lx.fail("tag " + name + ": value not quoted");
            ++lx.pos;
            std::string value;
            while (lx.pos < text.size() && text[lx.pos] != '"') {
                if (text[lx.pos] == '\\' && lx.pos + 1 < text.size()) ++lx.pos;
                value += text[lx.pos++];
            }
            if (lx.pos >= text.size()) lx.fail("tag " + name + ": unterminated value");
            ++lx.pos;
            lx.skip_space();
            if (lx.pos >= text.size() || lx.peek() != ']') lx.fail("tag " + name + ": missing ']'");
            ++lx.pos;
            round.tags[name] = value;
        }
        if (round.tags["Variant"] != "Chief & Spy")
            lx.fail("not a Chief & Spy record (tag Variant must be \"Chief & Spy\")");
        auto whiteSeat = player_seat(round.tags["White"]),
             blackSeat = player_seat(round.tags["Black"]);
        if (!whiteSeat || !blackSeat || *whiteSeat == *blackSeat)
            lx.fail("tags White and Black must name the seats \"white\" and \"black\"");
        std::optional<Assignment> values[2];
        if (round.tags.count("WhiteValues")) {
            values[White] = parse_assignment(round.tags["WhiteValues"]);
            values[Black] = parse_assignment(round.tags["BlackValues"]);
            if (!values[White] || !values[Black])
                lx.fail("tags WhiteValues/BlackValues: not a valid assignment");
        }
        Color side = White;
        bool ended = false;
        while (!lx.done() && !ended) {
            char c = lx.peek();
            if (c == '[') lx.fail("tag inside the moves (missing result token?)");
            if (c == '{') {
                ++lx.pos;
                std::string body = lx.until('}');
                std::size_t space = body.find(' ');
                std::string kind = body.substr(0, space);
                std::string arg = space == std::string::npos ? "" : body.substr(space + 1);
                if (kind == "battle") continue;  // a description; the replay recomputes it
                auto seat = player_seat(arg);
                if (!seat) lx.fail("comment {" + body + "}: expected a seat, white or black");
                json::object action;
                if (kind == "ready") {
                    Color colour = *seat == *whiteSeat ? White : Black;
                    if (values[colour]) {
                        json::object v;
                        for (Slot s = 0; s < SlotCount; ++s)
                            v[std::string(1, slot_letter(s))] = (*values[colour])[s].to_string();
                        action = {{"type", "set-values"}, {"values", std::move(v)}};
                    } else {
                        action = {{"type", "set-values"}, {"random", true}};
                    }
                } else if (kind == "resign" || kind == "draw-offer" || kind == "draw-accept" ||
                           kind == "draw-decline") {
                    action = {{"type", kind}};
                } else {
                    lx.fail("unknown comment {" + body + "}");
                }
                round.actions.push_back({*seat, std::move(action)});
                continue;
            }
            std::string w = lx.word();
            if (w.empty()) lx.fail("unexpected character '" + std::string(1, c) + "'");
            if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") {
                ended = true;
                break;
            }
            if (std::isdigit(static_cast<unsigned char>(w[0])) && w.back() == '.') continue;
            round.actions.push_back(
                {side == White ? *whiteSeat : *blackSeat, {{"type", "move"}, {"move", w}}});
            side = ~side;
        }
        if (!ended) lx.fail("round " + round.tags["Round"] + " has no result token");
        record.rounds.push_back(std::move(round));
    }
    if (record.rounds.empty()) throw NotationError("record: no round in it");
    return record;
}

namespace {

std::vector<std::uint8_t> hex_bytes(const std::string& hex) {
    std::vector<std::uint8_t> out(32, 0);
    if (hex.size() != 64) return out;
    for (std::size_t i = 0; i < 32; ++i) {
        auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
        out[i] = std::uint8_t(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
    }
    return out;
}

bool is_hex64(const std::string& s) {
    if (s.size() != 64) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::vector<std::string> tokens_of(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        if (i > start) out.emplace_back(text.substr(start, i - start));
    }
    return out;
}

}  // namespace

std::unique_ptr<Game> replay_chiefspy_record(const ChiefSpyRecord& record) {
    // The game draws all salts first (round by round, White's side then Black's), then the
    // random assignments; the tape gives the recorded salts and filler for the rest.
    std::vector<std::uint8_t> tape;
    for (int r = 0; r < MaxRounds; ++r) {
        for (const char* side : {"WhiteSalt", "BlackSalt"}) {
            std::string salt;
            if (r < int(record.rounds.size())) {
                auto it = record.rounds[r].tags.find(side);
                if (it != record.rounds[r].tags.end()) salt = it->second;
            }
            if (!salt.empty() && !is_hex64(salt))
                throw NotationError(std::string("record: tag ") + side + " is not 64 hex digits");
            auto bytes = hex_bytes(salt);
            tape.insert(tape.end(), bytes.begin(), bytes.end());
        }
    }
    tape.insert(tape.end(), 4096, 0xFF);
    ReplayRandom random(std::move(tape));
    auto game = create_game("chiefspy", {}, random);
    int n = 0;
    for (const auto& round : record.rounds) {
        for (const auto& a : round.actions) {
            ++n;
            ActionResult r = game->act(a.seat, a.action, 0);
            if (!r.accepted)
                throw NotationError("record: action " + std::to_string(n) + " (" +
                                    json::serialize(a.action) + " by " +
                                    std::string(seat_name(a.seat)) + ") rejected: " + r.error);
        }
    }
    return game;
}

ChiefSpyVerification verify_chiefspy_record(std::string_view text) {
    ChiefSpyVerification v;
    bool ok = true;
    auto line = [&](bool good, const std::string& s) {
        v.lines.push_back((good ? "ok   " : "FAIL ") + s);
        ok = ok && good;
    };
    ChiefSpyRecord record;
    try {
        record = read_chiefspy_record(text);
    } catch (const NotationError& e) {
        line(false, e.what());
        v.ok = false;
        return v;
    }
    for (const auto& round : record.rounds) {
        auto get = [&](const char* k) {
            auto it = round.tags.find(k);
            return it == round.tags.end() ? std::string() : it->second;
        };
        std::string r = "round " + get("Round");
        if (get("WhiteCommitment").empty()) {
            // Older records held the round's reason in Termination itself.
            std::string reason = get("TerminationReason");
            if (reason.empty()) reason = get("Termination");
            line(reason == "resignation", r + ": no commitment (no round was played)");
            continue;
        }
        if (get("WhiteValues").empty()) {
            line(false, r + ": the values were not revealed (unfinished round)");
            continue;
        }
        for (Color c : {White, Black}) {
            std::string side = c == White ? "White" : "Black";
            auto a = parse_assignment(get((side + "Values").c_str()));
            std::string salt = get((side + "Salt").c_str());
            if (!a || !is_hex64(salt)) {
                line(false, r + " " + side + ": bad values or salt");
                continue;
            }
            bool good = verify_commitment(get((side + "Commitment").c_str()),
                                          commitment_preimage(c, *a, salt));
            line(good, r + " " + side + ": commitment " + get((side + "Commitment").c_str()) +
                           (good ? " opens to " : " does NOT open to ") + assignment_text(*a));
        }
    }
    if (record.rounds.back().tags.count("MatchResult") == 0)
        line(false, "the match is not finished (no MatchResult tag)");
    try {
        auto game = replay_chiefspy_record(record);
        auto expected = tokens_of(text), actual = tokens_of(game->record());
        std::size_t i = 0;
        while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) ++i;
        bool same = i == expected.size() && i == actual.size();
        line(same, same ? "replay: every battle outcome, round result and score agrees"
                        : "replay: differs at token " + std::to_string(i + 1) + ": recorded '" +
                              (i < expected.size() ? expected[i] : "") + "', replayed '" +
                              (i < actual.size() ? actual[i] : "") + "'");
    } catch (const NotationError& e) {
        line(false, std::string("replay: ") + e.what());
    }
    v.ok = ok;
    return v;
}

Board chiefspy_board_from_view(const json::object& view) {
    auto fail = [](const std::string& why) { return NotationError("chiefspy view: " + why); };
    try {
        std::string fen(view.at("fen").as_string());
        auto fields = tokens_of(fen);
        if (fields.size() != 6) throw fail("fen '" + fen + "' needs six fields");
        Board b = Board::empty_board(fields[1] == "b" ? Black : White);
        for (const auto& pv : view.at("pieces").as_array()) {
            const auto& p = pv.as_object();
            auto sq = G::parse_square(std::string(p.at("square").as_string()));
            if (!sq) throw fail("bad square in pieces");
            Color c = p.at("colour").as_string() == "white" ? White : Black;
            std::string type(p.at("type").as_string());
            PieceType pt = NoPieceType;
            for (int t = 0; t < PieceTypeCount; ++t)
                if (piece_type_name(PieceType(t)) == type) pt = PieceType(t);
            Slot slot = NoSlot;
            if (p.at("id").is_string()) slot = p.at("id").as_string()[0] - 'a';
            if (pt == NoPieceType || (pt == Pawn) != (slot == NoSlot) || slot >= SlotCount ||
                (slot != NoSlot && SlotType[slot] != pt))
                throw fail("piece on " + G::square_name(*sq) + " is not a valid " + type);
            b.place(c, pt, slot, *sq);
            if (slot != NoSlot) b.set_moved(c, slot, true);
        }
        for (Color c : {White, Black}) {
            const auto& r = view.at("reserves").at(c == White ? "white" : "black");
            for (const auto& id : r.at("pieces").as_array()) {
                Slot slot = id.as_string()[0] - 'a';
                if (slot < 0 || slot >= SlotCount) throw fail("bad reserve id");
                b.set_fallen(c, slot, true);
            }
            b.set_fallen_pawns(c, int(r.at("pawns").to_number<int>()));
        }
        for (char r : fields[2]) {
            Color c = std::isupper(static_cast<unsigned char>(r)) ? White : Black;
            char k = char(std::tolower(static_cast<unsigned char>(r)));
            if (k != 'k' && k != 'q') continue;
            b.set_moved(c, KingSlot, false);
            b.set_moved(c, k == 'k' ? SlotCount - 1 : 0, false);
        }
        if (fields[3] != "-") {
            auto ep = G::parse_square(fields[3]);
            if (!ep) throw fail("bad en passant square");
            b.set_en_passant(*ep);
        }
        b.set_quiet_plies(std::stoi(fields[4]));
        b.set_ply((std::stoi(fields[5]) - 1) * 2 + (fields[1] == "b" ? 1 : 0));
        return b;
    } catch (const NotationError&) {
        throw;
    } catch (const std::exception& e) {
        throw fail(std::string("malformed (") + e.what() + ")");
    }
}

std::unique_ptr<Game> make_chiefspy_game(const GameOptions& options, RandomSource& random) {
    return std::make_unique<ChiefSpyGame>(options, random);
}

}  // namespace arbiter::referee
