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
constexpr int BishopPair = Mobility + 6 * MaxMobility;
constexpr int RookOpenFile = BishopPair + 1;
constexpr int RookSemiOpenFile = RookOpenFile + 1;
constexpr int KnightOutpost = RookSemiOpenFile + 1;
constexpr int BishopOutpost = KnightOutpost + 1;
constexpr int IsolatedPawn = BishopOutpost + 1;
constexpr int DoubledPawn = IsolatedPawn + 1;
constexpr int PassedPawn = DoubledPawn + 1;              // [relative rank 0..7]
constexpr int PassedPawnFree = PassedPawn + 8;           // [rank]: the stop square is empty
constexpr int PassedPawnProtected = PassedPawnFree + 8;  // [rank]: defended by a pawn
constexpr int ConnectedPawn = PassedPawnProtected + 8;   // [rank]: defended or side by side
constexpr int ShieldMissing = ConnectedPawn + 8;         // per unit of missing king shelter
constexpr int Tempo = ShieldMissing + 1;
constexpr int ThreatByPawn = Tempo + 1;
constexpr int ThreatByMinor = ThreatByPawn + 1;
constexpr int ThreatByRook = ThreatByMinor + 1;
constexpr int HangingPiece = ThreatByRook + 1;
constexpr int Count = HangingPiece + 1;

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
