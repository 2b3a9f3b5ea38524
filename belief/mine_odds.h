// Exact mine odds for Minesweeper Chess (docs/rules.md#fog-mines-and-numbers), from the public
// view alone.
//
// The hidden mines are uniformly distributed over the layouts that agree with everything
// public: the fog, every revealed number, the discovered mines and the counter (why this is
// exact, given the whole public history, is argued in docs/mine-odds.md). MineLayouts counts
// those layouts without listing them all: fogged squares next to a revealed number (the
// frontier) are split into independent groups and enumerated by backtracking; the other
// fogged squares (the interior) are counted with binomial coefficients.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/json.h"

namespace arbiter::referee {
class RandomSource;
}

namespace arbiter::belief {

using MineBoard = Geometry8x10;
using MineBitboard = MineBoard::Bitboard;

// Ranks 4-7: squares 24..55.
constexpr int FogZoneFirst = 24;
constexpr int FogZoneSize = 32;
constexpr MineBitboard fog_zone_bb() { return MineBitboard(0xffffffffu) << FogZoneFirst; }

constexpr std::int8_t NumberUnknown = -1;

// What everyone sees of the mines. fogged, revealed and discovered partition the fog zone.
struct MineView {
    MineBitboard fogged = 0;      // fog-zone squares still fogged
    MineBitboard revealed = 0;    // fog-zone squares revealed with no mine on them
    MineBitboard discovered = 0;  // squares with a visible mine
    MineBitboard occupied = 0;    // squares with a piece (a hidden mine is never under one)
    int minesOnBoard = 0;         // the public counter: discovered + hidden mines
    // The number shown on each revealed square (0-8: mines still on the board among its 8
    // neighbours, discovered ones included), or NumberUnknown; NumberUnknown elsewhere.
    std::array<std::int8_t, MineBoard::Squares> number = unknown_numbers();

    static constexpr std::array<std::int8_t, MineBoard::Squares> unknown_numbers() {
        std::array<std::int8_t, MineBoard::Squares> a{};
        a.fill(NumberUnknown);
        return a;
    }
};

enum class MineOddsStatus : std::uint8_t {
    Ok,
    Inconsistent,  // a well-formed view that no layout of the hidden mines agrees with
    InvalidView,   // the view breaks its own rules (overlapping sets, bad numbers, ...)
};

struct MineOdds {
    MineOddsStatus status = MineOddsStatus::InvalidView;
    std::string error;            // for a status other than Ok: what is wrong, naming the squares
    int hiddenMines = 0;          // minesOnBoard - discovered
    std::uint64_t layouts = 0;    // consistent layouts of the hidden mines (0 unless Ok)
    MineBitboard fogged = 0;      // the view's fogged squares
    MineBitboard candidates = 0;  // fogged squares without a piece: where hidden mines may be
    MineBitboard certainlySafe = 0;   // fogged squares no consistent layout puts a mine on
    MineBitboard certainlyMined = 0;  // fogged squares every consistent layout puts a mine on
    // For each square: how many of the consistent layouts put a mine there.
    std::array<std::uint64_t, MineBoard::Squares> minedLayouts{};

    bool ok() const { return status == MineOddsStatus::Ok; }
    // The exact probability that square s holds a hidden mine: 0 for any square that is not
    // fogged; NaN when the result is not Ok.
    double probability(Square s) const;
};

// Every layout of the hidden mines consistent with one view, counted, indexable and
// sampleable. Build it once per view; all queries are then cheap.
class MineLayouts {
  public:
    explicit MineLayouts(const MineView& view);

    const MineOdds& odds() const { return odds_; }

    // The index-th consistent layout (a set of hidden-mine squares), for index in
    // [0, odds().layouts): a bijection, so the engine can enumerate them all.
    // Throws std::out_of_range for a bad index or a result that is not Ok.
    MineBitboard layout(std::uint64_t index) const;
    // A consistent layout drawn uniformly at random. Throws std::logic_error if not Ok.
    MineBitboard sample(referee::RandomSource& random) const;

  private:
    using Mask = std::uint32_t;  // a set of fog-zone squares, bit i = square FogZoneFirst + i
    // A group of frontier squares tied together by numbers; its consistent assignments,
    // grouped by how many mines they hold.
    struct Group {
        Mask squares = 0;
        std::vector<std::vector<Mask>> byMines;  // byMines[m]: assignments with m mines
    };
    using Counts = std::vector<std::uint64_t>;  // [r]: ways to place r mines

    void enumerate(const MineView& view);
    void count();

    std::vector<Group> groups_;
    Mask interior_ = 0;
    // suffix_[j][r]: ways to place r mines on groups j.. and the interior.
    std::vector<Counts> suffix_;
    MineOdds odds_;
};

MineOdds compute_mine_odds(const MineView& view);
// The odds for one square; nothing if the view is invalid or inconsistent.
std::optional<double> mine_probability(const MineView& view, Square s);

// {"layouts": N, "hidden": K, "odds": {"d5": 0.125, ...}, "safe": [...], "mined": [...]}
// with odds for every fogged square in square order; {"error": "...", "layouts": 0} if not Ok.
json::value mine_odds_json(const MineOdds& odds);

}  // namespace arbiter::belief
