#include "engine/nnue.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

// engine/networks/default.nnue's bytes (the build generates them with cmake/embed_file.cmake).
extern const unsigned char arbiter_default_network[];
extern const std::size_t arbiter_default_network_size;

namespace arbiter::engine::nnue {

namespace {

constexpr std::string_view Magic = "ARBNNUE3";
// Without king buckets: read with the same input weights in each.
constexpr std::string_view NoKingBucketsMagic = "ARBNNUE2";
constexpr std::string_view OldMagic = "ARBNNUE1";

std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

template <typename T>
void put(std::string& out, T value) {
    using U = std::make_unsigned_t<T>;
    auto u = U(value);
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(char((u >> (8 * i)) & 0xff));
}

template <typename T>
T get(std::string_view bytes, std::size_t& at) {
    using U = std::make_unsigned_t<T>;
    U u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        u = U(u | U(U(static_cast<unsigned char>(bytes[at + i])) << (8 * i)));
    at += sizeof(T);
    return T(u);
}

// The bytes before the checksum, for a file with this many king buckets' input weights (an
// ARBNNUE2 file has one set and no king-bucket count in its header).
constexpr std::size_t payload_size(int kingBuckets) {
    return Magic.size() + 4 + 4 + (kingBuckets == 0 ? 0 : 4) +
           2 * (std::max(kingBuckets, 1) * Inputs * Hidden + Hidden + OutputBuckets * 2 * Hidden) +
           4 * OutputBuckets;
}

constexpr std::size_t largest_file() { return payload_size(KingBuckets) + 8; }

}  // namespace

std::string serialize(const Network& net) {
    std::string out(Magic);
    put<std::uint32_t>(out, Hidden);
    put<std::uint32_t>(out, OutputBuckets);
    put<std::uint32_t>(out, KingBuckets);
    for (auto w : net.inputWeights) put(out, w);
    for (auto w : net.inputBias) put(out, w);
    for (auto w : net.outputWeights) put(out, w);
    for (auto b : net.outputBias) put(out, b);
    put(out, fnv1a(out));
    return out;
}

std::unique_ptr<Network> deserialize(std::string_view bytes) {
    if (bytes.substr(0, OldMagic.size()) == OldMagic)
        throw std::invalid_argument(
            "an older network format (ARBNNUE1, one output layer); this build reads ARBNNUE3 "
            "and ARBNNUE2: train it again with `arbiter train-net`");
    const bool withKingBuckets = bytes.substr(0, Magic.size()) == Magic;
    if (!withKingBuckets && bytes.substr(0, Magic.size()) != NoKingBucketsMagic)
        throw std::invalid_argument("not an Arbiter network (no ARBNNUE3 or ARBNNUE2 header)");
    if (bytes.size() < Magic.size() + (withKingBuckets ? 12 : 8))
        throw std::invalid_argument(
            fmt::format("the network file ends inside its header ({} bytes)", bytes.size()));
    std::size_t at = Magic.size();
    if (const auto hidden = get<std::uint32_t>(bytes, at); hidden != Hidden)
        throw std::invalid_argument(
            fmt::format("the network has {} hidden neurons; this build reads {}", hidden, Hidden));
    if (const auto buckets = get<std::uint32_t>(bytes, at); buckets != OutputBuckets)
        throw std::invalid_argument(fmt::format(
            "the network has {} output buckets; this build reads {}", buckets, OutputBuckets));
    if (withKingBuckets) {
        if (const auto kings = get<std::uint32_t>(bytes, at); kings != KingBuckets)
            throw std::invalid_argument(fmt::format(
                "the network has {} king buckets; this build reads {}", kings, KingBuckets));
    }
    const std::size_t payload = payload_size(withKingBuckets ? KingBuckets : 0);
    if (bytes.size() > payload + 8)
        throw std::invalid_argument(
            fmt::format("the network file is longer than {} bytes", payload + 8));
    if (bytes.size() < payload + 8)
        throw std::invalid_argument(
            fmt::format("the network file has {} bytes, not {}", bytes.size(), payload + 8));
    std::size_t end = payload;
    if (get<std::uint64_t>(bytes, end) != fnv1a(bytes.substr(0, payload)))
        throw std::invalid_argument("the network file is damaged (checksum mismatch)");
    auto net = std::make_unique<Network>();
    const std::size_t stored = withKingBuckets ? net->inputWeights.size() : Inputs * Hidden;
    for (std::size_t i = 0; i < stored; ++i) net->inputWeights[i] = get<std::int16_t>(bytes, at);
    for (std::size_t i = stored; i < net->inputWeights.size(); ++i)
        net->inputWeights[i] = net->inputWeights[i % stored];
    for (auto& w : net->inputBias) w = get<std::int16_t>(bytes, at);
    for (auto& w : net->outputWeights) w = get<std::int16_t>(bytes, at);
    for (auto& b : net->outputBias) b = get<std::int32_t>(bytes, at);
    return net;
}

std::unique_ptr<Network> load_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::invalid_argument(fmt::format("cannot read the network file {}", path));
    // One byte more than a network has is enough to refuse a larger file; an endless one
    // (a device, a pipe) is never read to its end.
    std::string bytes(largest_file() + 1, '\0');
    in.read(bytes.data(), std::streamsize(bytes.size()));
    bytes.resize(std::size_t(in.gcount()));
    try {
        return deserialize(bytes);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format("{}: {}", path, e.what()));
    }
}

const Network& builtin_network() {
    static const std::unique_ptr<Network> net = deserialize(std::string_view(
        reinterpret_cast<const char*>(arbiter_default_network), arbiter_default_network_size));
    return *net;
}

std::shared_ptr<const Network> choose_network(const std::string& evalFile) {
    if (evalFile.empty() || evalFile == BuiltIn)
        return std::shared_ptr<const Network>(&builtin_network(), [](const Network*) {});
    if (evalFile == HandWritten) return nullptr;
    return load_file(evalFile);
}

namespace {

// The input weights of piece p on square s, seen from `view` with its king in `kingBucket`:
// one row of Hidden.
const std::int16_t* weights(const Network& net, Piece p, Square s, Color view, int kingBucket) {
    return &net.inputWeights[std::size_t(input_row(color_of(p), type_of(p), s, view, kingBucket)) *
                             Hidden];
}

template <int Sign>
void apply(const Network& net, Accumulator& acc, Color view, Piece p, Square s) {
    const std::int16_t* row = weights(net, p, s, view, acc.kingBucket[view]);
    auto& a = acc.byColour[view];
    for (int i = 0; i < Hidden; ++i) a[i] = std::int16_t(a[i] + Sign * row[i]);
}

}  // namespace

void update(const Network& net, const Accumulator& from, Accumulator& to,
            const PlacedPiece* removed, int removedCount, const PlacedPiece* added,
            int addedCount) {
    to.kingBucket = from.kingBucket;
    // A quiet move (one piece off, one on) and a capture (two off, one on) get a single loop
    // the compiler vectorises; anything else (castling, a null move) piece by piece. int16 sums
    // wrap alike in any order, so both give the same accumulator.
    if (addedCount != 1 || (removedCount != 1 && removedCount != 2)) {
        to.byColour[White] = from.byColour[White];
        to.byColour[Black] = from.byColour[Black];
        for (Color view : {White, Black}) {
            for (int k = 0; k < removedCount; ++k)
                apply<-1>(net, to, view, removed[k].piece, removed[k].square);
            for (int k = 0; k < addedCount; ++k)
                apply<1>(net, to, view, added[k].piece, added[k].square);
        }
        return;
    }
    for (Color view : {White, Black}) {
        const auto& in = from.byColour[view];
        auto& out = to.byColour[view];
        const int bucket = from.kingBucket[view];
        const std::int16_t* a = weights(net, added[0].piece, added[0].square, view, bucket);
        const std::int16_t* r0 = weights(net, removed[0].piece, removed[0].square, view, bucket);
        if (removedCount == 1) {
            for (int i = 0; i < Hidden; ++i) out[i] = std::int16_t(in[i] - r0[i] + a[i]);
        } else {
            const std::int16_t* r1 =
                weights(net, removed[1].piece, removed[1].square, view, bucket);
            for (int i = 0; i < Hidden; ++i) out[i] = std::int16_t(in[i] - r0[i] - r1[i] + a[i]);
        }
    }
}

void refresh(const Network& net, const Piece* board, Color view, Square king, Accumulator& acc) {
    acc.kingBucket[view] = std::uint8_t(king_bucket(king, view));
    acc.byColour[view] = net.inputBias;
    for (Square s = 0; s < 64; ++s)
        if (board[s] != NoPiece) apply<1>(net, acc, view, board[s], s);
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
    for (Color view : {White, Black}) {
        acc.kingBucket[view] = std::uint8_t(king_bucket(pos.king_square(view), view));
        acc.byColour[view] = net.inputBias;
        for (auto b = pos.pieces(); b;) {
            const Square s = pop_lsb(b);
            apply<1>(net, acc, view, pos.piece_on(s), s);
        }
    }
}

int evaluate(const Network& net, const Accumulator& acc, Color sideToMove, int pieces) {
    // SCReLU: clamp(x, 0, QA)² · w, with (x · w) kept in 16 bits before the second factor.
    const int bucket = output_bucket(pieces);
    std::int32_t sum = 0;
    for (int side = 0; side < 2; ++side) {
        const auto& a = acc.byColour[side == 0 ? sideToMove : ~sideToMove];
        const std::int16_t* w = &net.outputWeights[std::size_t(bucket * 2 + side) * Hidden];
        for (int i = 0; i < Hidden; ++i) {
            const std::int32_t x = std::clamp<std::int32_t>(a[i], 0, QA);
            sum += std::int32_t(std::int16_t(x * w[i])) * x;
        }
    }
    const std::int64_t scaled =
        (std::int64_t(sum) / QA + net.outputBias[std::size_t(bucket)]) * EvalScale;
    return int(scaled / (QA * QB));
}

int evaluate(const Network& net, const Position& pos) {
    Accumulator acc;
    refresh(net, pos, acc);
    return evaluate(net, acc, pos.side_to_move(), popcount(pos.pieces()));
}

}  // namespace arbiter::engine::nnue
