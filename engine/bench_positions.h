// The fixed positions `bench` searches, for node-count regression checks: the opening,
// sharp and quiet middlegames, and endgames.
#pragma once

#include <array>

namespace arbiter::engine {

inline const std::array<const char*, 12>& bench_positions() {
    static const std::array<const char*, 12> fens = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 0 5",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R w KQ - 3 9",
        "2r3k1/pp3ppp/2n1p3/3pP3/3P4/P1q2N2/5PPP/R2Q1RK1 w - - 0 19",
        "r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPPQ2PP/R4R1K w - - 2 14",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
        "6k1/5pp1/7p/8/8/6P1/r4PKP/1R6 w - - 0 40",
        "8/5pk1/6p1/4P3/3K4/8/8/4B3 w - - 0 50",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    };
    return fens;
}

}  // namespace arbiter::engine
