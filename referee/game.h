// The referee: one interface over every game. A Game owns the whole state, secrets
// included; seats act on it with JSON actions; it answers with audience-tagged events and
// per-seat views. The server only routes what this layer produces, so whatever a seat may
// not know never leaves here except through the variant's own view and reveal code.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "referee/clock.h"
#include "referee/random.h"

namespace arbiter::referee {

enum class Seat : std::uint8_t { White, Black, Spectator };
// Who may receive an event.
enum class Audience : std::uint8_t { Everyone, White, Black, Spectators };

std::string_view seat_name(Seat s);
std::optional<Seat> parse_seat(std::string_view name);
std::string_view audience_name(Audience a);
bool audience_includes(Audience a, Seat s);
inline Seat opponent(Seat s) { return s == Seat::White ? Seat::Black : Seat::White; }
inline Audience only(Seat s) {
    return s == Seat::White   ? Audience::White
           : s == Seat::Black ? Audience::Black
                              : Audience::Spectators;
}

struct Event {
    std::uint64_t seq = 0;  // index in the game's event log
    Audience audience = Audience::Everyone;
    json::object body;  // always has "type"
};

struct ActionResult {
    bool accepted = false;
    std::string error;             // for a rejection: what was wrong; never names a secret
    std::uint64_t firstEvent = 0;  // the events this action produced start here
    static ActionResult reject(std::string why) { return {false, std::move(why), 0}; }
    static ActionResult ok() { return {true, {}, 0}; }
};

enum class Status : std::uint8_t { Active, Finished, Aborted };

// How a game ended: "1-0", "0-1", "1/2-1/2" (or "*" while it runs) and why.
struct GameResult {
    std::string score = "*";
    std::string reason;  // "checkmate", "resignation", "timeout", "agreement", ...
    std::optional<Seat> winner;
};

struct GameOptions {
    std::optional<TimeControl> clock;  // none = untimed
    json::object variant;              // variant-specific options
};

// Who played, where and when: the server's bookkeeping for a record's headers (PGN Date,
// White, Black…). Not game state: never replayed, never secret.
struct RecordHeaders {
    std::string event = "Arbiter game";
    std::string site = "Arbiter";
    std::string date = "????.??.??";  // YYYY.MM.DD (UTC) of the game's start
    std::string time;                 // HH:MM:SS (UTC), or empty
    std::string white = "?", black = "?";
    // Rated games: the ratings at the start, and their changes once over ("" = no tag).
    std::string whiteElo, blackElo, whiteRatingDiff, blackRatingDiff;
};
// The rating tags of the headers that are set, as PGN tag pairs (WhiteElo, …).
std::vector<std::pair<std::string, std::string>> rating_tags(const RecordHeaders& h);

// PGN's Termination tag value for a result reason: "normal", "time forfeit", "abandoned",
// "unterminated" (the game goes on), as the PGN standard (8.2.4) spells them.
std::string_view termination_tag(const GameResult& result, bool finished);

class Game {
  public:
    explicit Game(const GameOptions& options);
    virtual ~Game() = default;
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    virtual std::string_view variant() const = 0;

    // Applies one action of a seat at wall-clock time nowMs (milliseconds). A rejected
    // action changes nothing. Common actions — resign, draw-offer, draw-accept,
    // draw-decline, abort, give-time, takeback-offer/accept/decline, claim-victory,
    // call-draw — are handled here; the rest go to the variant. claim-victory and call-draw
    // (the opponent has left the game) are taken at face value: the server allows them
    // only once the opponent's connection has been gone long enough.
    ActionResult act(Seat seat, const json::object& action, std::int64_t nowMs);

    // Ends the game if the player to move has run out of time. True if it ended now.
    bool check_time(std::int64_t nowMs);
    // After a server restart: the server was last alive at downSinceMs. The mover's time runs
    // until then; the time spent down is charged to no one. A flag that fell before
    // downSinceMs falls at the next check_time.
    void resume_clock(std::int64_t downSinceMs, std::int64_t nowMs) {
        clock_.resume(downSinceMs, nowMs);
    }
    // The server ends a game nobody has acted in for too long: aborted, reason "abandoned".
    void abandon(std::int64_t nowMs);

    // Everything this seat may know now, as JSON.
    json::object view(Seat seat, std::int64_t nowMs) const;
    const std::vector<Event>& events() const { return events_; }
    // The events this seat may receive, from seq `since` on.
    std::vector<const Event*> events_for(Seat seat, std::uint64_t since = 0) const;

    // Either player may still abort: some side has not made its first move.
    bool abortable() const { return !finished() && turnsCompleted_ < 2; }
    int turns_completed() const { return turnsCompleted_; }
    // Whether moves can be taken back (chess: yes; a battle or a mine, once shown, cannot be
    // unshown).
    virtual bool supports_takeback() const { return false; }

    Status status() const { return status_; }
    bool finished() const { return status_ != Status::Active; }
    const GameResult& result() const { return result_; }
    // Whose clock runs (and who must move), if anyone's.
    virtual std::optional<Seat> seat_to_move() const = 0;
    // Every action this seat could legally take now (level-0 players, load tests, fuzzing).
    virtual std::vector<json::object> legal_actions(Seat seat) const = 0;
    // The game record (PGN or the variant's format); secrets only once revealed.
    virtual std::string record() const = 0;
    void set_record_headers(RecordHeaders headers) { headers_ = std::move(headers); }
    const RecordHeaders& record_headers() const { return headers_; }
    // PGN's TimeControl: "300+2" (seconds + increment), "-" when untimed.
    std::string time_control_tag() const;

  protected:
    virtual ActionResult on_action(Seat seat, std::string_view type, const json::object& action,
                                   std::int64_t nowMs) = 0;
    virtual json::object variant_view(Seat seat) const = 0;
    // Hooks with the standard-chess meaning by default.
    virtual void on_resign(Seat seat);
    virtual void on_flag(Seat flagged);
    virtual bool allows_draw_by_agreement() const { return true; }
    // Both players agreed a draw (the offer and the clock are already cleared). By default
    // the game ends drawn; a match of rounds may draw only the current round instead.
    virtual void on_draw_agreed() { finish(draw("agreement")); }
    // Called once when the game ends, so secrets can be revealed.
    virtual void on_finish() {}
    // Takebacks (supports_takeback()): how many plies a takeback asked by `requester` would
    // undo now (its own last move, or the last full move if the opponent replied; 0: none),
    // and undoing them, which returns the event's variant fields.
    virtual int takeback_plies(Seat) const { return 0; }
    virtual json::object undo_plies(int) { return {}; }

    void emit(Audience audience, json::object body);
    void finish(GameResult result);
    // The variant calls this once per completed turn: switches the clock, clears a draw
    // offer made by the side that just moved's opponent.
    void turn_completed(Seat mover, std::int64_t nowMs);
    bool clock_running() const { return clock_.running(); }
    // Stops the running clock (a pause between rounds); the next turn_completed restarts it.
    void stop_clock(std::int64_t nowMs) { clock_.stop(nowMs); }
    // Withdraws a standing draw offer without an event (it lapsed with the round it was for).
    void clear_draw_offer() { drawOffer_.reset(); }
    GameResult win_for(Seat winner, std::string reason) const;
    GameResult draw(std::string reason) const;

  private:
    ActionResult common_action(Seat seat, std::string_view type, const json::object& action,
                               std::int64_t nowMs);
    ActionResult takeback_action(Seat seat, std::string_view type, std::int64_t nowMs);
    void emit_clock(std::int64_t nowMs);

    std::vector<Event> events_;
    Status status_ = Status::Active;
    GameResult result_;
    Clock clock_;
    std::optional<Seat> drawOffer_, takebackOffer_;
    int turnsCompleted_ = 0;
    RecordHeaders headers_;
};

// Makes a new game of the named variant ("chess", "chiefspy", "minesweeper"); secrets are
// drawn from random. Throws std::invalid_argument for an unknown variant or bad options.
std::unique_ptr<Game> create_game(std::string_view variant, const GameOptions& options,
                                  RandomSource& random);
std::vector<std::string> variant_names();

}  // namespace arbiter::referee
