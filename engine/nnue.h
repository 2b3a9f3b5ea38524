// A small evaluation network for 8x8 chess, trained on our own self-play (engine/nnue_train.h):
//   768 inputs (colour × piece × square, from one side's point of view), one set of their
//   weights per king bucket (where that side's own king stands)
//   -> Hidden neurons, one accumulator for the side to move and one for the other side
//   -> SCReLU (clamp to [0, 1], squared) -> one output, the score in centipawns / EvalScale.
// The output layer has one set of weights per material bucket (by the number of pieces on the
// board), so that an ending is not scored with the weights the middlegame needed.
// The king buckets let a piece's worth depend on the king it defends or attacks: a pawn storm
// against a king castled short is not the same pawn against one castled long.
// The two accumulators share the input weights: the other side's inputs are the same pieces
// with colours swapped and the board mirrored, so the network learns one point of view.
// Weights are quantised to 16-bit integers (inputs ×QA, output ×QB) so that evaluation is
// integer adds and multiplies. The file format is in docs/engine.md (Evaluation network).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "variants/chess/position.h"

namespace arbiter::engine::nnue {

constexpr int Inputs = 768;
constexpr int Hidden = 128;
constexpr int QA = 255;
constexpr int QB = 64;
constexpr int EvalScale = 400;

// The search reads three quarters of the network's score. The network's scale is wider than
// the pawns the search's margins were set in (a knight up in the opening is 7.4 pawns to it),
// and the narrower score widens every margin alike (its SPRT is in docs/engine.md). Training
// files keep the network's own scale, so that the next network is not trained on shrunk scores.
constexpr int to_search_units(int networkScore) { return networkScore * 3 / 4; }
constexpr int to_network_units(int searchScore) { return searchScore * 4 / 3; }

constexpr int OutputBuckets = 8;
constexpr int KingBuckets = 4;
// Quantisation needs |weight| below 2 (×QB in 16 bits with room for the products); the
// trainer clips every weight to this.
constexpr float WeightClip = 1.98f;

// The input of a piece on a square, seen from White (0) or from Black (1).
constexpr int feature(Color pieceColor, PieceType type, Square s, Color perspective) {
    return perspective == White ? (int(pieceColor) * 6 + int(type)) * 64 + s
                                : (int(!pieceColor) * 6 + int(type)) * 64 + (s ^ 56);
}

// The king bucket of a point of view, by its own king's square with the ranks counted from its
// side (rank 1 its back rank; the files as on the board): on the first two ranks the queen's
// wing (a-c), the centre (d-e) and the king's wing (f-h); anywhere further up, one bucket (an
// ending's king).
constexpr int king_bucket(Square ownKing, Color perspective) {
    if (ownKing == NoSquare) return 0;  // never in a game; a test's board may lack a king
    const Square s = perspective == White ? ownKing : Square(ownKing ^ 56);
    if (s / 8 >= 2) return 3;
    const int file = s % 8;
    return file <= 2 ? 0 : file <= 4 ? 1 : 2;
}

// The row of a piece's input weights for a point of view whose king is in this bucket.
constexpr int input_row(Color pieceColor, PieceType type, Square s, Color perspective,
                        int kingBucket) {
    return kingBucket * Inputs + feature(pieceColor, type, s, perspective);
}

// The output bucket of a position with this many pieces (kings included): 2-5 pieces in the
// first, 30-32 in the last.
constexpr int output_bucket(int pieces) {
    return pieces <= 2 ? 0 : pieces >= 32 ? OutputBuckets - 1 : (pieces - 2) / 4;
}

struct Network {
    // [king bucket][input][neuron]
    alignas(64) std::array<std::int16_t, KingBuckets * Inputs * Hidden> inputWeights{};
    alignas(64) std::array<std::int16_t, Hidden> inputBias{};
    // [bucket][side][neuron], the side to move first.
    alignas(64) std::array<std::int16_t, OutputBuckets * 2 * Hidden> outputWeights{};
    std::array<std::int32_t, OutputBuckets> outputBias{};
};

// The file's bytes: "ARBNNUE3", the hidden size, the number of output buckets and of king
// buckets (u32 each), the weights as little-endian integers in the order of Network, then an
// FNV-1a checksum (u64) of everything before it.
std::string serialize(const Network& net);
// Throws std::invalid_argument naming the problem (short file, wrong magic or size, checksum).
// An "ARBNNUE2" file (the same without king buckets) is read with its input weights in every
// king bucket, so that it evaluates exactly as it did.
std::unique_ptr<Network> deserialize(std::string_view bytes);

// Reads a network file (std::invalid_argument on any problem, the path named).
std::unique_ptr<Network> load_file(const std::string& path);

// The network built into the binary (engine/networks/default.nnue), read once.
const Network& builtin_network();

// What an EvalFile setting names: "<built-in>" (or empty) the built-in network, "<hand-written>"
// none (nullptr: the hand-written evaluation), anything else a network file to load
// (std::invalid_argument as load_file).
constexpr std::string_view BuiltIn = "<built-in>";
constexpr std::string_view HandWritten = "<hand-written>";
std::shared_ptr<const Network> choose_network(const std::string& evalFile);

// The hidden layer before its activation, for each point of view (White's, Black's). The
// search keeps one a ply and updates it by the pieces a move changed.
struct Accumulator {
    alignas(64) std::array<std::int16_t, Hidden> byColour[2];
    std::array<std::uint8_t, 2> kingBucket{};  // of each point of view's weights
};

// Every input summed afresh.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// One point of view's inputs summed afresh from a board (64 squares, NoPiece where empty)
// whose king of that colour stands on `king`.
void refresh(const Network& net, const Piece* board, Color view, Square king, Accumulator& acc);

// A piece on a square, as a move adds or removes it.
struct PlacedPiece {
    Piece piece;
    Square square;
};
// `to` becomes `from` with these pieces removed and added, in one pass over the neurons (a
// quiet move removes one and adds one, a capture removes two), with `from`'s king buckets: a
// king that moved into another bucket needs its point of view refreshed instead.
void update(const Network& net, const Accumulator& from, Accumulator& to,
            const PlacedPiece* removed, int removedCount, const PlacedPiece* added, int addedCount);

// Centipawns for the side to move, with `pieces` pieces on the board.
int evaluate(const Network& net, const Accumulator& acc, Color sideToMove, int pieces);
int evaluate(const Network& net, const Position& pos);

}  // namespace arbiter::engine::nnue
