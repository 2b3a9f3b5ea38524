// The UCI protocol for standard chess and, with the option UCI_Variant = minesweeper, for
// the 8x10 board of Minesweeper Chess without fog or mines. Commands are read on the caller's
// thread; a search runs in a worker thread and is stopped through an atomic flag, so "stop",
// "isready" and "quit" are answered while it thinks. Bad input is answered with "info string error:
// ..." and otherwise ignored. See docs/engine.md for the supported commands and options.
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/levels.h"
#include "engine/search.h"
#include "variants/chess/position.h"

namespace arbiter::engine {

class UciEngine {
  public:
    explicit UciEngine(std::ostream& out);
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // Reads commands until "quit" or the end of input (then waits for a finite search).
    void loop(std::istream& in);
    // Handles one command line; false once "quit" has been handled.
    bool handle(const std::string& line);
    // Blocks until the current search (if any) has printed its bestmove.
    void wait();

    // Searches a fixed set of positions to a fixed depth and prints nodes and speed.
    void bench(int depth);

    const Position& position() const { return pos_; }

  private:
    void emit(const std::string& line);
    void error(const std::string& message);
    void stop_and_wait();
    void cmd_uci();
    void cmd_setoption(const std::string& args);
    void cmd_position(const std::string& args);
    void cmd_go(const std::string& args);
    void cmd_newgame();
    template <typename R>
    bool read_position(const std::vector<std::string>& words, BasicPosition<R>& next);
    template <typename R>
    void start_search(const BasicPosition<R>& root, Searcher<R>& searcher,
                      const SearchLimits& limits, bool infinite, bool ponder);
    int strength_level() const;

    std::ostream& out_;
    std::mutex outMutex_;
    Position pos_;
    BasicPosition<MinesweeperBoardRules> tallPos_;  // the 8x10 board (UCI_Variant minesweeper)
    bool tall_ = false;
    TranspositionTable tt_;
    std::unique_ptr<Searcher<StandardChessRules>> searcher_;
    std::unique_ptr<Searcher<MinesweeperBoardRules>> tallSearcher_;
    // Option EvalFile: the built-in network by default; none: the hand-written evaluation.
    std::shared_ptr<const nnue::Network> network_;
    std::thread worker_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> pondering_{false};
    std::atomic<bool> infinite_{false};
    std::uint64_t gameSeed_ = 0;

    // Options.
    int hashMb_ = 16;
    int moveOverhead_ = 30;
    int skillLevel_ = 20;
    int level_ = MaxLevel;  // option "Level": below MaxLevel, plays that computer level
    bool limitStrength_ = false;
    int elo_ = 2400;
};

// The hard cap of a computer level's move (engine/levels.h; option Level, or
// UCI_LimitStrength). Its root scoring has no soft stop, and most levels want more nodes than
// a short clock allows, so the cap is spent on most moves: it is the optimum, one move's fair
// share. At the maximum (five shares) the levels spent a 10 s clock in the first ten moves and
// played the rest of the game on the increment.
inline std::int64_t level_time_cap(const SearchLimits& limits, Color us) {
    return plan_time(limits, us, LevelHorizon).optimum;
}

}  // namespace arbiter::engine
