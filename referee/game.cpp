#include "referee/game.h"

#include <stdexcept>

namespace arbiter::referee {

std::string_view seat_name(Seat s) {
    switch (s) {
        case Seat::White:
            return "white";
        case Seat::Black:
            return "black";
        default:
            return "spectator";
    }
}

std::optional<Seat> parse_seat(std::string_view name) {
    if (name == "white") return Seat::White;
    if (name == "black") return Seat::Black;
    if (name == "spectator") return Seat::Spectator;
    return std::nullopt;
}

std::string_view audience_name(Audience a) {
    switch (a) {
        case Audience::Everyone:
            return "everyone";
        case Audience::White:
            return "white";
        case Audience::Black:
            return "black";
        default:
            return "spectators";
    }
}

bool audience_includes(Audience a, Seat s) {
    switch (a) {
        case Audience::Everyone:
            return true;
        case Audience::White:
            return s == Seat::White;
        case Audience::Black:
            return s == Seat::Black;
        case Audience::Spectators:
            return s == Seat::Spectator;
    }
    return false;
}

Game::Game(const GameOptions& options) : clock_(options.clock) {}

void Game::emit(Audience audience, json::object body) {
    events_.push_back(Event{events_.size(), audience, std::move(body)});
}

std::vector<const Event*> Game::events_for(Seat seat, std::uint64_t since) const {
    std::vector<const Event*> out;
    for (std::size_t i = since; i < events_.size(); ++i)
        if (audience_includes(events_[i].audience, seat)) out.push_back(&events_[i]);
    return out;
}

GameResult Game::win_for(Seat winner, std::string reason) const {
    return GameResult{winner == Seat::White ? "1-0" : "0-1", std::move(reason), winner};
}

GameResult Game::draw(std::string reason) const {
    return GameResult{"1/2-1/2", std::move(reason), std::nullopt};
}

void Game::finish(GameResult result) {
    if (finished()) return;
    status_ = result.reason == "aborted" || result.reason == "abandoned" ? Status::Aborted
                                                                         : Status::Finished;
    result_ = std::move(result);
    drawOffer_.reset();
    takebackOffer_.reset();
    json::object body{{"type", "result"}, {"score", result_.score}, {"reason", result_.reason}};
    body["winner"] =
        result_.winner ? json::value(seat_name(*result_.winner)) : json::value(nullptr);
    emit(Audience::Everyone, std::move(body));
    on_finish();
}

void Game::turn_completed(Seat mover, std::int64_t nowMs) {
    ++turnsCompleted_;
    clock_.turn_done(mover == Seat::White ? 0 : 1, turnsCompleted_, nowMs);
    // A standing offer lapses once its receiver moves instead of answering it.
    if (drawOffer_ && *drawOffer_ != mover) {
        drawOffer_.reset();
        emit(Audience::Everyone, {{"type", "draw-declined"}, {"by", seat_name(mover)}});
    }
    // A move (by either side) makes a takeback request moot.
    if (takebackOffer_) {
        takebackOffer_.reset();
        emit(Audience::Everyone, {{"type", "takeback-cancelled"}, {"by", seat_name(mover)}});
    }
    emit_clock(nowMs);
}

void Game::emit_clock(std::int64_t nowMs) {
    if (clock_.timed() && status_ == Status::Active)
        emit(Audience::Everyone,
             {{"type", "clock"},
              {"white", clock_.remaining(0, nowMs)},
              {"black", clock_.remaining(1, nowMs)},
              {"running", clock_.running() ? json::value(clock_.running_side() ? "black" : "white")
                                           : json::value(nullptr)}});
}

std::vector<std::pair<std::string, std::string>> rating_tags(const RecordHeaders& h) {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto [name, value] : {std::pair{"WhiteElo", &h.whiteElo},
                               {"BlackElo", &h.blackElo},
                               {"WhiteRatingDiff", &h.whiteRatingDiff},
                               {"BlackRatingDiff", &h.blackRatingDiff}})
        if (!value->empty()) out.emplace_back(name, *value);
    return out;
}

std::string_view termination_tag(const GameResult& result, bool finished) {
    if (!finished) return "unterminated";
    if (result.reason == "timeout") return "time forfeit";
    if (result.reason == "aborted" || result.reason == "abandoned" ||
        result.reason == "opponent left")
        return "abandoned";
    return "normal";
}

std::string Game::time_control_tag() const {
    auto tc = clock_.control();
    if (!tc) return "-";
    return std::to_string(tc->initialSeconds) + "+" + std::to_string(tc->incrementSeconds);
}

void Game::abandon(std::int64_t nowMs) {
    if (finished()) return;
    clock_.stop(nowMs);
    finish(GameResult{"*", "abandoned", std::nullopt});
}

void Game::on_resign(Seat seat) { finish(win_for(opponent(seat), "resignation")); }

void Game::on_flag(Seat flagged) { finish(win_for(opponent(flagged), "timeout")); }

bool Game::check_time(std::int64_t nowMs) {
    if (finished() || !clock_.flagged(nowMs)) return false;
    Seat flagged = clock_.running_side() == 0 ? Seat::White : Seat::Black;
    clock_.stop(nowMs);
    on_flag(flagged);
    return true;
}

ActionResult Game::act(Seat seat, const json::object& action, std::int64_t nowMs) {
    std::uint64_t first = events_.size();
    auto typeIt = action.find("type");
    if (typeIt == action.end() || !typeIt->value().is_string())
        return ActionResult::reject("the action has no \"type\" string");
    std::string_view type = typeIt->value().get_string();
    if (seat == Seat::Spectator) return ActionResult::reject("spectators cannot act");
    if (check_time(nowMs)) {
        ActionResult r = ActionResult::reject("the game ended on time before this action");
        r.firstEvent = first;
        return r;
    }
    if (finished()) return ActionResult::reject("the game is over");
    ActionResult r = common_action(seat, type, action, nowMs);
    if (r.accepted || !r.error.empty()) {
        r.firstEvent = first;
        return r;
    }
    r = on_action(seat, type, action, nowMs);
    r.firstEvent = first;
    if (r.accepted && finished()) clock_.stop(nowMs);
    return r;
}

// Returns accepted, a rejection, or (neither) "not a common action".
ActionResult Game::common_action(Seat seat, std::string_view type, const json::object& action,
                                 std::int64_t nowMs) {
    if (type == "resign") {
        clock_.stop(nowMs);
        on_resign(seat);
        return ActionResult::ok();
    }
    if (type == "abort") {
        if (turnsCompleted_ >= 2)
            return ActionResult::reject("a game can only be aborted before each side has moved");
        clock_.stop(nowMs);
        // The server's first-move timer aborts on behalf of the seat that did not move.
        if (auto f = action.if_contains("noFirstMove"); f && f->is_bool() && f->get_bool())
            emit(Audience::Everyone, {{"type", "no-first-move"}, {"seat", seat_name(seat)}});
        finish(GameResult{"*", "aborted", std::nullopt});
        return ActionResult::ok();
    }
    if (type == "give-time") {
        if (!clock_.timed()) return ActionResult::reject("this game has no clock");
        constexpr int Seconds = 15;
        Seat to = opponent(seat);
        clock_.add(to == Seat::White ? 0 : 1, Seconds * 1000);
        emit(Audience::Everyone, {{"type", "time-given"},
                                  {"by", seat_name(seat)},
                                  {"to", seat_name(to)},
                                  {"seconds", Seconds}});
        emit_clock(nowMs);
        return ActionResult::ok();
    }
    if (type == "claim-victory" || type == "call-draw") {
        if (abortable())
            return ActionResult::reject(
                "the game has not started (a side has not moved yet): abort it instead");
        clock_.stop(nowMs);
        finish(type == "claim-victory" ? win_for(seat, "opponent left") : draw("opponent left"));
        return ActionResult::ok();
    }
    if (type.starts_with("takeback-")) return takeback_action(seat, type, nowMs);
    if (type == "draw-offer" || type == "draw-accept" || type == "draw-decline") {
        if (!allows_draw_by_agreement())
            return ActionResult::reject("this game has no draws by agreement");
        if (type == "draw-decline") {
            if (!drawOffer_ || *drawOffer_ == seat)
                return ActionResult::reject("there is no draw offer to decline");
            drawOffer_.reset();
            emit(Audience::Everyone, {{"type", "draw-declined"}, {"by", seat_name(seat)}});
            return ActionResult::ok();
        }
        if (drawOffer_ && *drawOffer_ != seat) {  // offering against an offer accepts it
            emit(Audience::Everyone, {{"type", "draw-accepted"}, {"by", seat_name(seat)}});
            drawOffer_.reset();
            clock_.stop(nowMs);
            on_draw_agreed();
            return ActionResult::ok();
        }
        if (type == "draw-accept") return ActionResult::reject("there is no draw offer to accept");
        if (drawOffer_) return ActionResult::reject("you have already offered a draw");
        drawOffer_ = seat;
        emit(Audience::Everyone, {{"type", "draw-offered"}, {"by", seat_name(seat)}});
        return ActionResult::ok();
    }
    return ActionResult{};
}

ActionResult Game::takeback_action(Seat seat, std::string_view type, std::int64_t nowMs) {
    if (!supports_takeback())
        return ActionResult::reject(
            "takebacks are for chess only: in this game what was shown (a battle, a mine) "
            "cannot be unshown");
    if (type == "takeback-decline") {
        if (!takebackOffer_ || *takebackOffer_ == seat)
            return ActionResult::reject("there is no takeback request to decline");
        takebackOffer_.reset();
        emit(Audience::Everyone, {{"type", "takeback-declined"}, {"by", seat_name(seat)}});
        return ActionResult::ok();
    }
    if (takebackOffer_ && *takebackOffer_ != seat) {  // asking against a request accepts it
        Seat requester = *takebackOffer_;
        int plies = takeback_plies(requester);
        if (plies <= 0 || plies > turnsCompleted_)
            return ActionResult::reject("there is no move to take back");
        takebackOffer_.reset();
        json::object body = undo_plies(plies);
        turnsCompleted_ -= plies;
        // The clocks keep the time they show now (as on lichess); the side to move again
        // thinks on its own clock, once each side has moved.
        clock_.stop(nowMs);
        auto toMove = seat_to_move();
        if (turnsCompleted_ >= 2 && toMove) clock_.start(*toMove == Seat::White ? 0 : 1, nowMs);
        body["type"] = "takeback";
        body["by"] = seat_name(requester);
        body["plies"] = plies;
        emit(Audience::Everyone, std::move(body));
        emit_clock(nowMs);
        return ActionResult::ok();
    }
    if (type == "takeback-accept")
        return ActionResult::reject("there is no takeback request to accept");
    if (takebackOffer_) return ActionResult::reject("you have already asked for a takeback");
    if (takeback_plies(seat) <= 0) return ActionResult::reject("you have no move to take back");
    takebackOffer_ = seat;
    emit(Audience::Everyone, {{"type", "takeback-offered"}, {"by", seat_name(seat)}});
    return ActionResult::ok();
}

json::object Game::view(Seat seat, std::int64_t nowMs) const {
    json::object v = variant_view(seat);
    v["variant"] = variant();
    v["seat"] = seat_name(seat);
    v["status"] = status_ == Status::Active     ? "active"
                  : status_ == Status::Finished ? "finished"
                                                : "aborted";
    if (finished()) {
        json::object r{{"score", result_.score}, {"reason", result_.reason}};
        r["winner"] =
            result_.winner ? json::value(seat_name(*result_.winner)) : json::value(nullptr);
        v["result"] = std::move(r);
    } else {
        v["result"] = nullptr;
    }
    auto toMove = seat_to_move();
    v["toMove"] = toMove && !finished() ? json::value(seat_name(*toMove)) : json::value(nullptr);
    if (clock_.timed()) {
        auto tc = *clock_.control();
        v["clock"] =
            json::object{{"initial", tc.initialSeconds},
                         {"increment", tc.incrementSeconds},
                         {"white", clock_.remaining(0, nowMs)},
                         {"black", clock_.remaining(1, nowMs)},
                         {"running", clock_.running() && !finished()
                                         ? json::value(clock_.running_side() ? "black" : "white")
                                         : json::value(nullptr)}};
    } else {
        v["clock"] = nullptr;
    }
    v["drawOffer"] = drawOffer_ ? json::value(seat_name(*drawOffer_)) : json::value(nullptr);
    if (supports_takeback())
        v["takebackOffer"] =
            takebackOffer_ ? json::value(seat_name(*takebackOffer_)) : json::value(nullptr);
    v["abortable"] = abortable();
    v["events"] = events_.size();
    return v;
}

}  // namespace arbiter::referee
