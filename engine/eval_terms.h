// The evaluation's tunable terms: one middlegame/endgame weight pair each, laid out in one
// flat array (engine/eval_weights.h) so that the Texel tuner (engine/texel.h) can treat the
// evaluation as a linear function of them. Penalties are stored as negative weights.
#pragma once

namespace arbiter::engine {

struct Weight {
    int mg = 0, eg = 0;
};

constexpr int MaxMobility = 32;

namespace term {

// Indexed by [piece type][square], the square on an 8x8 board seen from its owner's side
// (a1 = 0, h8 = 63; taller boards stretch their ranks onto it). Material is included.
constexpr int PieceSquare = 0;
// [piece type][squares the piece reaches outside enemy pawn attacks, capped].
constexpr int Mobility = PieceSquare + 6 * 64;
enum : int {
    BishopPair = Mobility + 6 * MaxMobility,
    RookOpenFile,
    RookSemiOpenFile,
    KnightOutpost,
    BishopOutpost,
    IsolatedPawn,
    DoubledPawn,
    PassedPawn,                                // [relative rank 0..7]
    PassedPawnFree = PassedPawn + 8,           // [rank]: the stop square is empty
    PassedPawnProtected = PassedPawnFree + 8,  // [rank]: defended by a pawn
    ConnectedPawn = PassedPawnProtected + 8,   // [rank]: defended or side by side
    ShieldMissing = ConnectedPawn + 8,         // per unit of missing king shelter
    Tempo,
    ThreatByPawn,
    ThreatByMinor,
    ThreatByRook,
    HangingPiece,
    Count
};

}  // namespace term

// Evaluation tracing: evaluate() reports every term it adds to a Trace, which the tuner
// records and the search's NoTrace ignores (the calls compile away).
struct NoTrace {
    static constexpr bool enabled = false;
    void add(int /*color*/, int /*term*/, int /*count*/ = 1) {}
    void fixed(int /*color*/, int /*mg*/, int /*eg*/) {}
    void scale(int /*mgNum*/, int /*mgDen*/, int /*egNum*/, int /*egDen*/) {}
    void after_scale(int /*whiteBonus*/) {}
    void phase(int /*phase*/) {}
};

}  // namespace arbiter::engine
