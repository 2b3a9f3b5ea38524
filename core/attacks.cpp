#include "core/attacks.h"

#include <algorithm>
#include <stdexcept>

namespace arbiter {
namespace {

// Slides from a square in one direction until the edge or the first occupied square.
template <typename G>
typename G::Bitboard slide(Square s, int df, int dr, typename G::Bitboard occupied) {
    typename G::Bitboard b = 0;
    int f = G::file_of(s) + df, r = G::rank_of(s) + dr;
    while (G::on_board(f, r)) {
        Square t = G::square(f, r);
        b |= square_bb<G>(t);
        if (occupied & square_bb<G>(t)) break;
        f += df, r += dr;
    }
    return b;
}

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <typename G>
typename G::Bitboard slider_attacks_slow(const int (&dirs)[4][2], Square s,
                                         typename G::Bitboard occupied) {
    typename G::Bitboard b = 0;
    for (const auto& d : dirs) b |= slide<G>(s, d[0], d[1], occupied);
    return b;
}

// Relevant occupancy: each ray without its final square (a blocker there changes nothing).
template <typename G>
typename G::Bitboard relevant_mask(const int (&dirs)[4][2], Square s) {
    typename G::Bitboard b = 0;
    for (const auto& d : dirs) {
        int f = G::file_of(s) + d[0], r = G::rank_of(s) + d[1];
        while (G::on_board(f + d[0], r + d[1])) {
            b |= square_bb<G>(G::square(f, r));
            f += d[0], r += d[1];
        }
    }
    return b;
}

#if !defined(ARBITER_FAST_PEXT)
// The magics the search below finds from its seeds, stored so that a process does not spend
// most of its start-up (70 of the 140 ms a test process took) searching for them again. Each is
// checked while its table is filled; one that collides would send that square back to the search.
constexpr std::uint64_t RookMagics[64] = {
    0x0A80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xC200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00A0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000A00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010A004A00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xC020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010A386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490A000084ULL,
    0x0080002000504000ULL, 0x200020005000C000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040A100021ULL,
    0x000200282410A102ULL, 0x000200282410A102ULL, 0x000200282410A102ULL, 0x4048240043802106ULL,
};
constexpr std::uint64_t BishopMagics[64] = {
    0x40106000A1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050C040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422A02000001ULL,
    0x000A220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880C00A00100ULL, 0x0080400200522010ULL, 0x0001000188180B04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100A0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380D1004100ULL, 0x0008004422020284ULL, 0x01010A1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100C00ULL, 0x0202200802010104ULL,
    0x8C0A020200440085ULL, 0x01A0008080B10040ULL, 0x0889520080122800ULL, 0x100902022202010AULL,
    0x04081A0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0A00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440A210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00AC102001210220ULL, 0x0220021002009900ULL, 0x84440C080A013080ULL,
    0x0001008044200440ULL, 0x0004C04410841000ULL, 0x2000500104011130ULL, 0x1A0C010011C20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822C08200ULL, 0x48081010008A2A80ULL,
};

// xorshift64*: deterministic, so the magics found are the same on every run.
struct MagicRandom {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};
#endif

// Fills `entries` and `table` for one slider; `stored` holds known 8x8 magics (or nullptr).
template <typename G>
void init_slider(const int (&dirs)[4][2], std::array<SliderEntry<G>, G::Squares>& entries,
                 std::vector<typename G::Bitboard>& table, const std::uint64_t* stored) {
    using Bitboard = typename G::Bitboard;
    std::vector<std::size_t> offsets(G::Squares);
    std::size_t total = 0;
    for (Square s = 0; s < G::Squares; ++s) {
        entries[s].mask = relevant_mask<G>(dirs, s);
        offsets[s] = total;
        total += std::size_t(1) << popcount(entries[s].mask);
    }
    table.assign(total, 0);

    // Each square's ray in each direction on an empty board. A set of blockers cuts a ray
    // behind its nearest one: the lowest square on a ray that climbs the square numbering,
    // the highest on one that descends.
    std::array<std::array<Bitboard, G::Squares>, 4> rays{};
    for (int d = 0; d < 4; ++d)
        for (Square s = 0; s < G::Squares; ++s) rays[d][s] = slide<G>(s, dirs[d][0], dirs[d][1], 0);
    auto attacks_from = [&](Square s, Bitboard occupied) {
        Bitboard all = 0;
        for (int d = 0; d < 4; ++d) {
            Bitboard ray = rays[d][s];
            if (Bitboard blockers = ray & occupied) {
                const bool climbs = dirs[d][1] * G::Files + dirs[d][0] > 0;
                ray ^= rays[d][climbs ? lsb(blockers) : msb(blockers)];
            }
            all |= ray;
        }
        return all;
    };

    std::vector<Bitboard> occupancy, reference;
#if !defined(ARBITER_FAST_PEXT)
    std::vector<int> epoch(4096, 0);
    int attempt = 0;
    // Seeds per rank that find every 8x8 magic within a few hundred tries (the ones
    // Stockfish publishes for its identical generator).
    constexpr std::uint64_t RankSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
#endif
    for (Square s = 0; s < G::Squares; ++s) {
        SliderEntry<G>& e = entries[s];
        Bitboard* attacks = table.data() + offsets[s];
        e.attacks = attacks;
        int bits = popcount(e.mask);
        occupancy.clear(), reference.clear();
        Bitboard b = 0;
        do {  // Carry-Rippler: every subset of the mask
            occupancy.push_back(b);
            reference.push_back(attacks_from(s, b));
            b = (b - e.mask) & e.mask;
        } while (b);
        e.lowBits = unsigned(popcount(std::uint64_t(e.mask)));
        // PEXT (and the portable gather, which computes the same) gives the i-th subset the
        // carry-rippler reaches index i: the table is the reference in order, no lookups.
#if defined(ARBITER_FAST_PEXT)
        std::copy(reference.begin(), reference.end(), attacks);
#else
        if constexpr (sizeof(Bitboard) > 8) {
            std::copy(reference.begin(), reference.end(), attacks);
            continue;
        }
        e.shift = unsigned(64 - bits);
        std::uint64_t lowMask = std::uint64_t(e.mask);
        MagicRandom rng{RankSeeds[G::rank_of(s)]};
        for (bool first = true;; first = false) {
            e.magic = first && stored ? stored[s] : rng.sparse();
            if (popcount(std::uint64_t((lowMask * e.magic) >> 56)) < 6) continue;
            ++attempt;
            std::size_t i = 0;
            for (; i < occupancy.size(); ++i) {
                unsigned idx = e.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    attacks[idx] = reference[i];
                } else if (attacks[idx] != reference[i]) {
                    break;
                }
            }
            if (i == occupancy.size()) break;
        }
#endif
        (void)bits, (void)stored;
    }
}

}  // namespace

template <typename G>
AttackTables<G>::AttackTables() {
    constexpr int KnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int KingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                     {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (Square s = 0; s < N; ++s) {
        int f = G::file_of(s), r = G::rank_of(s);
        for (const auto& d : KnightSteps)
            if (G::on_board(f + d[0], r + d[1]))
                knight[s] |= square_bb<G>(G::square(f + d[0], r + d[1]));
        for (const auto& d : KingSteps)
            if (G::on_board(f + d[0], r + d[1]))
                king[s] |= square_bb<G>(G::square(f + d[0], r + d[1]));
        for (int df : {-1, 1}) {
            if (G::on_board(f + df, r + 1))
                pawn[White][s] |= square_bb<G>(G::square(f + df, r + 1));
            if (G::on_board(f + df, r - 1))
                pawn[Black][s] |= square_bb<G>(G::square(f + df, r - 1));
        }
        rookEmpty[s] = slider_attacks_slow<G>(RookDirs, s, 0);
        bishopEmpty[s] = slider_attacks_slow<G>(BishopDirs, s, 0);
    }
#if !defined(ARBITER_FAST_PEXT)
    const bool square8x8 = std::is_same_v<G, Geometry8x8>;
    init_slider<G>(RookDirs, rook, rookTable, square8x8 ? RookMagics : nullptr);
    init_slider<G>(BishopDirs, bishop, bishopTable, square8x8 ? BishopMagics : nullptr);
#else
    init_slider<G>(RookDirs, rook, rookTable, nullptr);
    init_slider<G>(BishopDirs, bishop, bishopTable, nullptr);
#endif

    for (Square a = 0; a < N; ++a) {
        for (Square b = 0; b < N; ++b) {
            between[a][b] = square_bb<G>(b);
            if (a == b) continue;
            for (const auto* dirs : {&RookDirs, &BishopDirs}) {
                const auto& empty = dirs == &RookDirs ? rookEmpty : bishopEmpty;
                if (!(empty[a] & square_bb<G>(b))) continue;
                line[a][b] =
                    (slider_attacks_slow<G>(*dirs, a, 0) & slider_attacks_slow<G>(*dirs, b, 0)) |
                    square_bb<G>(a) | square_bb<G>(b);
                between[a][b] = (slider_attacks_slow<G>(*dirs, a, square_bb<G>(b)) &
                                 slider_attacks_slow<G>(*dirs, b, square_bb<G>(a))) |
                                square_bb<G>(b);
            }
        }
    }
}

template struct AttackTables<Geometry8x8>;
template struct AttackTables<Geometry8x10>;

const AttackTables<Geometry8x8> attackTables8x8;
const AttackTables<Geometry8x10> attackTables8x10;

}  // namespace arbiter
