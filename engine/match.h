// Engine-versus-engine matches under our own rules: the match tool starts two UCI engines
// per game, gives each its clock, checks every move with our move generator and ends
// games by checkmate, stalemate, dead position, threefold repetition, the 50-move rule,
// time forfeit, an illegal move or a crashed engine. Nothing else is adjudicated.
// Openings are played in pairs with colours swapped. See docs/engine.md.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/openings.h"
#include "engine/sprt.h"
#include "variants/chess/position.h"

namespace arbiter::engine {

struct EngineConfig {
    std::string command;
    std::string name;  // for the PGN and the report; defaults to what the engine says
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value
};

struct TimeControl {
    std::int64_t baseMs = 10'000;
    std::int64_t incrementMs = 100;
};
// "10+0.1" (seconds + increment seconds) or "60" (no increment); throws
// std::invalid_argument naming the problem.
TimeControl parse_time_control(const std::string& text);

enum class GameResult { WhiteWins, BlackWins, Draw };

struct GameRecord {
    std::string white, black;
    Opening opening;
    std::vector<Move> moves;  // after the opening's moves
    GameResult result = GameResult::Draw;
    std::string reason;
    std::vector<std::int64_t> moveMs[2];  // each side's thinking time per move (White, Black)
    // Each move's last reported score for the mover, as the PGN comment "+0.35/9" or
    // "-M3/12" (mate in moves); empty when the engine reported none.
    std::vector<std::string> scores;
};

// The PGN comment for the score of a UCI "info" line ("info depth 9 score cp 35 …" gives
// "+0.35/9"), or nothing when the line has no depth and score.
std::optional<std::string> score_comment(const std::string& infoLine);

// Plays one game; never hangs on a hung engine (it loses on time) or a dead one. With
// nodesPerMove, every move is "go nodes M" with M within 25 % of it (drawn from nodesSeed),
// and the clock is only a safety limit.
GameRecord play_game(const EngineConfig& white, const EngineConfig& black, const Opening& opening,
                     const TimeControl& tc, std::int64_t timeMarginMs,
                     std::uint64_t nodesPerMove = 0, std::uint64_t nodesSeed = 0);

struct EloEstimate {
    double score = 0;   // points per game for engine 1
    double elo = 0;     // Elo difference, engine 1 minus engine 2
    double lower = 0;   // the 95% interval, in Elo (an end is infinite where the score's
    double upper = 0;   // interval reaches 0% or 100%)
    double margin = 0;  // half its width (infinite when either end is)
};
// score s = (W + D/2) / N; Elo = -400 log10(1/s - 1). The interval comes from the per-game
// standard deviation sigma = sqrt((W(1-s)^2 + D(1/2-s)^2 + L s^2) / N): the Elo of
// s +- 1.96 sigma / sqrt(N). When every game had the same result, sigma is 0 and says nothing
// of the uncertainty: Wilson's score interval for N games bounds s instead.
EloEstimate estimate_elo(int wins, int draws, int losses);
// "Elo difference: E +/- M (95%)", or with an infinite end "Elo difference: E, 95% interval
// LO to HI" (signed, "+inf" for the open end).
std::string describe_elo(const EloEstimate& e);
double elo_from_score(double score);

// PGN of one game: the seven-tag roster, FEN/SetUp for a non-standard start, Termination,
// and the moves (opening included) in SAN.
std::string game_pgn(const GameRecord& game, int round, const std::string& event);

struct MatchOptions {
    EngineConfig engine1, engine2;
    int games = 2;
    TimeControl tc;
    std::vector<Opening> openings;  // empty: the built-in ones
    int concurrency = 1;
    std::int64_t timeMarginMs = 50;
    std::string pgnPath;  // empty: none
    // When set, each move searches about this many nodes (within 25 %, "go nodes M") instead
    // of spending the clock, which still runs as a safety limit: cheap games for tuning data.
    std::uint64_t nodesPerMove = 0;
    // With an SPRT, games is the most to play: the match stops once a hypothesis is accepted
    // (the games then under way are finished and counted).
    std::optional<SprtSettings> sprt;
    // Pairs an earlier, undecided run of the same test played on other openings: the SPRT
    // resumes from them (a long test spread over sessions). The match's own counts exclude them.
    Pentanomial sprtEarlierPairs{};
};

struct MatchResult {
    int wins = 0, draws = 0, losses = 0;  // for engine 1
    Pentanomial pairs{};                  // finished opening pairs by engine 1's points
    std::optional<SprtState> sprt;
    std::vector<std::int64_t> moveMs[2];  // every move's thinking time, engine 1 and engine 2
};

struct MoveTimeSummary {
    double meanMs = 0;
    std::int64_t p95Ms = 0, maxMs = 0;
    std::size_t moves = 0;
};
MoveTimeSummary summarize_move_times(std::vector<std::int64_t> ms);

// Plays the match, printing a line per game and the final score and Elo to out.
MatchResult run_match(const MatchOptions& options, std::ostream& out);

}  // namespace arbiter::engine
