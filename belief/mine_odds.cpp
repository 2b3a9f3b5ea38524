#include "belief/mine_odds.h"

#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/bitboard.h"
#include "referee/random.h"

namespace arbiter::belief {

namespace {

using Mask = std::uint32_t;

// binomial[n][r] for n, r <= 32.
constexpr auto binomial = [] {
    std::array<std::array<std::uint64_t, FogZoneSize + 1>, FogZoneSize + 1> c{};
    for (int n = 0; n <= FogZoneSize; ++n) {
        c[n][0] = 1;
        for (int r = 1; r <= n; ++r) c[n][r] = c[n - 1][r - 1] + c[n - 1][r];
    }
    return c;
}();

std::uint64_t choose(int n, int r) { return r < 0 || r > n ? 0 : binomial[n][r]; }

// The king-step neighbours of each fog-zone square that are themselves in the fog zone.
constexpr auto fogNeighbours = [] {
    std::array<Mask, FogZoneSize> n{};
    for (int i = 0; i < FogZoneSize; ++i) {
        int file = i % 8, row = i / 8;
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                int f = file + df, r = row + dr;
                if ((df || dr) && f >= 0 && f < 8 && r >= 0 && r < 4)
                    n[i] |= Mask(1) << (r * 8 + f);
            }
    }
    return n;
}();

Mask to_mask(MineBitboard b) { return Mask(b >> FogZoneFirst); }
MineBitboard to_bitboard(Mask m) { return MineBitboard(m) << FogZoneFirst; }
Square square_of(int i) { return FogZoneFirst + i; }

std::string square_list(MineBitboard b) {
    std::string out;
    while (b) {
        if (!out.empty()) out += ' ';
        out += MineBoard::square_name(pop_lsb(b));
    }
    return out;
}

// Rules the view must keep whatever the layout; an empty string if it keeps them all.
std::string view_error(const MineView& v) {
    const MineBitboard zone = fog_zone_bb();
    if (auto b = (v.fogged | v.revealed | v.discovered) & ~zone)
        return "squares outside the fog zone are marked fogged, revealed or mined: " +
               square_list(b);
    if (auto b = (v.fogged & v.revealed) | (v.fogged & v.discovered) | (v.revealed & v.discovered))
        return "squares are in more than one of fogged, revealed and discovered: " + square_list(b);
    if (auto b = zone & ~(v.fogged | v.revealed | v.discovered))
        return "fog-zone squares are neither fogged, revealed nor discovered: " + square_list(b);
    if (v.occupied >> MineBoard::Squares) return "occupied squares lie off the board";
    if (auto b = v.occupied & v.discovered)
        return "a piece stands on a discovered mine: " + square_list(b);
    if (v.minesOnBoard < 0 || v.minesOnBoard > FogZoneSize)
        return "the mine counter is " + std::to_string(v.minesOnBoard) + ", outside 0-" +
               std::to_string(FogZoneSize);
    for (Square s = 0; s < MineBoard::Squares; ++s) {
        int n = v.number[s];
        bool revealed = (v.revealed >> s) & 1;
        if (!revealed && n != NumberUnknown)
            return MineBoard::square_name(s) + " shows a number but is not a revealed square";
        if (revealed && (n < NumberUnknown || n > 8))
            return MineBoard::square_name(s) + " shows " + std::to_string(n) + ", not a number 0-8";
    }
    return {};
}

}  // namespace

double MineOdds::probability(Square s) const {
    if (!ok()) return std::numeric_limits<double>::quiet_NaN();
    if (s < 0 || s >= MineBoard::Squares || layouts == 0) return 0.0;
    return double(minedLayouts[s]) / double(layouts);
}

MineLayouts::MineLayouts(const MineView& view) {
    odds_.status = MineOddsStatus::InvalidView;
    if (auto why = view_error(view); !why.empty()) {
        odds_.error = std::move(why);
        return;
    }
    odds_.status = MineOddsStatus::Inconsistent;
    odds_.hiddenMines = view.minesOnBoard - popcount(view.discovered);
    odds_.fogged = view.fogged;
    odds_.candidates = view.fogged & ~view.occupied;
    if (odds_.hiddenMines < 0) {
        odds_.error = "the counter says " + std::to_string(view.minesOnBoard) +
                      " mines are on the board but " + std::to_string(popcount(view.discovered)) +
                      " are discovered";
        return;
    }
    if (odds_.hiddenMines > popcount(odds_.candidates)) {
        odds_.error = std::to_string(odds_.hiddenMines) + " hidden mines but only " +
                      std::to_string(popcount(odds_.candidates)) +
                      " fogged squares without a piece";
        return;
    }
    enumerate(view);
    if (!odds_.error.empty()) return;
    count();
}

// Splits the fogged squares into groups tied by numbers plus the interior, and lists each
// group's consistent assignments. Sets odds_.error if some number cannot be met.
void MineLayouts::enumerate(const MineView& view) {
    const int hidden = odds_.hiddenMines;
    const Mask candidates = to_mask(odds_.candidates);
    const Mask discovered = to_mask(view.discovered);

    // One constraint per revealed number touching a candidate: exactly `need` mines among
    // `squares`.
    struct Constraint {
        Mask squares;
        int need;
    };
    std::array<Constraint, FogZoneSize> constraints;
    int constraintCount = 0;
    for (Mask revealed = to_mask(view.revealed); revealed; revealed &= revealed - 1) {
        int i = std::countr_zero(revealed);
        int shown = view.number[square_of(i)];
        if (shown == NumberUnknown) continue;
        int need = shown - std::popcount(fogNeighbours[i] & discovered);
        Mask squares = fogNeighbours[i] & candidates;
        std::string name = MineBoard::square_name(square_of(i));
        if (need < 0) {
            odds_.error = name + " shows " + std::to_string(shown) + " but " +
                          std::to_string(shown - need) + " discovered mines touch it";
            return;
        }
        if (need > std::popcount(squares)) {
            odds_.error = name + " shows " + std::to_string(shown) + " but only " +
                          std::to_string(std::popcount(squares) + shown - need) +
                          " squares next to it can hold a mine";
            return;
        }
        if (need > hidden) {
            odds_.error = name + " needs " + std::to_string(need) +
                          " hidden mines next to it but only " + std::to_string(hidden) +
                          " are hidden";
            return;
        }
        if (squares) constraints[constraintCount++] = {squares, need};
    }

    // Groups: frontier squares joined whenever one number sees both (union-find).
    std::array<int, FogZoneSize> parent;
    for (int i = 0; i < FogZoneSize; ++i) parent[i] = i;
    auto root = [&](int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    Mask frontier = 0;
    for (int c = 0; c < constraintCount; ++c) {
        Mask sq = constraints[c].squares;
        frontier |= sq;
        int first = root(std::countr_zero(sq));
        for (sq &= sq - 1; sq; sq &= sq - 1) parent[root(std::countr_zero(sq))] = first;
    }
    interior_ = candidates & ~frontier;

    std::array<Mask, FogZoneSize> groupOf{};
    for (Mask f = frontier; f; f &= f - 1) {
        int i = std::countr_zero(f);
        groupOf[root(i)] |= Mask(1) << i;
    }

    for (int r = 0; r < FogZoneSize; ++r) {
        if (!groupOf[r]) continue;
        Group group;
        group.squares = groupOf[r];
        group.byMines.assign(hidden + 1, {});

        // The group's constraints, and for each square the constraints that see it.
        std::array<Constraint, FogZoneSize> local;
        int localCount = 0;
        std::array<std::array<std::uint8_t, 8>, FogZoneSize> seenBy;
        std::array<int, FogZoneSize> seenByCount{};
        for (int c = 0; c < constraintCount; ++c) {
            if (!(constraints[c].squares & group.squares)) continue;
            for (Mask sq = constraints[c].squares; sq; sq &= sq - 1) {
                int i = std::countr_zero(sq);
                seenBy[i][seenByCount[i]++] = std::uint8_t(localCount);
            }
            local[localCount++] = constraints[c];
        }

        // Order the squares breadth-first through shared numbers, so that each number is
        // settled soon after its first square is tried and dead branches are cut early.
        std::array<int, FogZoneSize> order;
        int size = 0;
        Mask placed = 0;
        for (Mask left = group.squares; left; left = group.squares & ~placed) {
            int start = std::countr_zero(left);
            order[size++] = start;
            placed |= Mask(1) << start;
            for (int head = size - 1; head < size; ++head) {
                int i = order[head];
                Mask next = 0;
                for (int k = 0; k < seenByCount[i]; ++k) next |= local[seenBy[i][k]].squares;
                for (next &= ~placed; next; next &= next - 1) {
                    order[size++] = std::countr_zero(next);
                    placed |= next & -next;
                }
            }
        }
        std::array<Mask, FogZoneSize + 1> decided{};  // decided[d]: the first d squares
        for (int d = 0; d < size; ++d) decided[d + 1] = decided[d] | (Mask(1) << order[d]);

        // Depth-first over mine / no mine for each square in order; a branch dies as soon
        // as a number has too many mines or too few squares left to reach its count.
        auto search = [&](auto&& self, int depth, Mask mines, int used) -> void {
            if (depth == size) {
                group.byMines[used].push_back(mines);
                return;
            }
            int i = order[depth];
            Mask open = ~decided[depth + 1];
            for (int mine = 0; mine <= 1; ++mine) {
                if (mine && used == hidden) break;
                Mask m = mine ? mines | (Mask(1) << i) : mines;
                bool fits = true;
                for (int k = 0; k < seenByCount[i] && fits; ++k) {
                    const Constraint& c = local[seenBy[i][k]];
                    int have = std::popcount(m & c.squares);
                    fits = have <= c.need && have + std::popcount(c.squares & open) >= c.need;
                }
                if (fits) self(self, depth + 1, m, used + mine);
            }
        };
        search(search, 0, 0, 0);

        bool any = false;
        for (const auto& list : group.byMines) any = any || !list.empty();
        if (!any) {
            odds_.error = "no placement of the hidden mines on " +
                          square_list(to_bitboard(group.squares)) +
                          " agrees with the numbers around them";
            return;
        }
        groups_.push_back(std::move(group));
    }
}

// Combines the groups and the interior: every consistent layout is one assignment per
// group plus a choice of the remaining mines among the interior squares.
void MineLayouts::count() {
    const int hidden = odds_.hiddenMines;
    const int groupCount = int(groups_.size());
    const int interiorSize = std::popcount(interior_);

    auto convolve = [hidden](const Counts& a, const Counts& b) {
        Counts out(hidden + 1, 0);
        for (int i = 0; i <= hidden; ++i)
            if (a[i])
                for (int j = 0; i + j <= hidden; ++j) out[i + j] += a[i] * b[j];
        return out;
    };
    std::vector<Counts> ways(groupCount);  // ways[j][m]: assignments of group j with m mines
    for (int j = 0; j < groupCount; ++j) {
        ways[j].assign(hidden + 1, 0);
        for (int m = 0; m <= hidden; ++m) ways[j][m] = groups_[j].byMines[m].size();
    }
    Counts interiorWays(hidden + 1, 0);
    for (int r = 0; r <= hidden; ++r) interiorWays[r] = choose(interiorSize, r);

    suffix_.assign(groupCount + 1, {});
    suffix_[groupCount] = interiorWays;
    for (int j = groupCount - 1; j >= 0; --j) suffix_[j] = convolve(ways[j], suffix_[j + 1]);
    std::vector<Counts> prefix(groupCount + 1);  // prefix[j]: groups before j
    prefix[0].assign(hidden + 1, 0);
    prefix[0][0] = 1;
    for (int j = 0; j < groupCount; ++j) prefix[j + 1] = convolve(prefix[j], ways[j]);

    const std::uint64_t total = suffix_[0][hidden];
    if (total == 0) {
        odds_.error = "no layout of " + std::to_string(hidden) +
                      " hidden mines agrees with every number and the counter";
        return;
    }

    auto& mined = odds_.minedLayouts;
    for (int j = 0; j < groupCount; ++j) {
        Counts others = convolve(prefix[j], suffix_[j + 1]);
        for (int m = 0; m <= hidden; ++m) {
            std::uint64_t w = others[hidden - m];
            if (!w) continue;
            for (Mask assignment : groups_[j].byMines[m])
                for (; assignment; assignment &= assignment - 1)
                    mined[square_of(std::countr_zero(assignment))] += w;
        }
    }
    if (interiorSize) {
        std::uint64_t perSquare = 0;
        for (int r = 1; r <= hidden; ++r)
            perSquare += prefix[groupCount][hidden - r] * choose(interiorSize - 1, r - 1);
        for (Mask m = interior_; m; m &= m - 1) mined[square_of(std::countr_zero(m))] = perSquare;
    }

    odds_.status = MineOddsStatus::Ok;
    odds_.layouts = total;
    for (MineBitboard f = odds_.fogged; f;) {
        Square s = pop_lsb(f);
        if (mined[s] == 0) odds_.certainlySafe |= MineBitboard(1) << s;
        if (mined[s] == total) odds_.certainlyMined |= MineBitboard(1) << s;
    }
}

MineBitboard MineLayouts::layout(std::uint64_t index) const {
    if (!odds_.ok() || index >= odds_.layouts)
        throw std::out_of_range("mine layout index " + std::to_string(index) + " is not below " +
                                std::to_string(odds_.layouts));
    int left = odds_.hiddenMines;
    Mask mines = 0;
    // Mixed radix: pick the group's mine count, then its assignment, then go on with the rest.
    for (std::size_t j = 0; j < groups_.size(); ++j) {
        for (int m = 0; m <= left; ++m) {
            std::uint64_t rest = suffix_[j + 1][left - m];
            std::uint64_t block = groups_[j].byMines[m].size() * rest;
            if (index >= block) {
                index -= block;
                continue;
            }
            mines |= groups_[j].byMines[m][index / rest];
            index %= rest;
            left -= m;
            break;
        }
    }
    // The interior: the index-th `left`-subset in the combinatorial number system.
    std::array<int, FogZoneSize> interior;
    int n = 0;
    for (Mask m = interior_; m; m &= m - 1) interior[n++] = std::countr_zero(m);
    for (int r = left, c = n - 1; r > 0; --r, --c) {
        while (choose(c, r) > index) --c;
        mines |= Mask(1) << interior[c];
        index -= choose(c, r);
    }
    return to_bitboard(mines);
}

MineBitboard MineLayouts::sample(referee::RandomSource& random) const {
    if (!odds_.ok()) throw std::logic_error("no consistent mine layout to sample: " + odds_.error);
    // At most C(32,16) layouts, well inside 32 bits.
    if (odds_.layouts > std::numeric_limits<std::uint32_t>::max())
        throw std::logic_error("too many mine layouts to sample");
    return layout(random.uniform(std::uint32_t(odds_.layouts)));
}

MineOdds compute_mine_odds(const MineView& view) { return MineLayouts(view).odds(); }

std::optional<double> mine_probability(const MineView& view, Square s) {
    MineOdds odds = compute_mine_odds(view);
    if (!odds.ok()) return std::nullopt;
    return odds.probability(s);
}

json::value mine_odds_json(const MineOdds& odds) {
    json::object out;
    if (!odds.ok()) {
        out["error"] = odds.error;
        out["status"] =
            odds.status == MineOddsStatus::Inconsistent ? "inconsistent" : "invalid-view";
        out["layouts"] = 0;
        return out;
    }
    out["layouts"] = odds.layouts;
    out["hidden"] = odds.hiddenMines;
    json::object table;
    json::array safe, mined;
    for (Square s = FogZoneFirst; s < FogZoneFirst + FogZoneSize; ++s) {
        if (!((odds.fogged >> s) & 1)) continue;
        table[MineBoard::square_name(s)] = odds.probability(s);
        if ((odds.certainlySafe >> s) & 1) safe.push_back(json::string(MineBoard::square_name(s)));
        if ((odds.certainlyMined >> s) & 1)
            mined.push_back(json::string(MineBoard::square_name(s)));
    }
    out["odds"] = std::move(table);
    out["safe"] = std::move(safe);
    out["mined"] = std::move(mined);
    return out;
}

}  // namespace arbiter::belief
