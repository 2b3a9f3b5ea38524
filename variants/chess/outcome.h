// How a chess game ends by the rules alone (docs/rules.md#how-a-chess-game-ends): checkmate,
// stalemate, dead position, the automatic fivefold / 75-move draws and the claimable
// threefold / 50-move draws. Agreement, resignation and the clock are the referee's business.
#pragma once

#include <optional>

#include "variants/chess/movegen.h"

namespace arbiter {

enum class Termination {
    Checkmate,
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoves,
    ThreefoldRepetition,  // claimed
    FiftyMoves,           // claimed
};

struct Outcome {
    Termination termination;
    std::optional<Color> winner;  // none for a draw
};

const char* termination_name(Termination t);

template <typename R>
bool is_checkmate(const BasicPosition<R>& pos) {
    return pos.in_check() && legal_moves(pos).empty();
}

template <typename R>
bool is_stalemate(const BasicPosition<R>& pos) {
    return !pos.in_check() && legal_moves(pos).empty();
}

// Whether side c could ever checkmate, by any series of legal moves, whatever the
// opponent plays. Decides a flag fall: the flagged side's opponent wins only if it can.
template <typename R>
bool can_checkmate(const BasicPosition<R>& pos, Color c) {
    using G = typename R::Geometry;
    if (pos.pieces(c, Pawn) || pos.pieces(c, Rook) || pos.pieces(c, Queen)) return true;
    auto knights = pos.count(c, Knight);
    auto bishops = pos.pieces(c, Bishop);
    if (!knights && !bishops) return false;  // the bare king
    Color o = ~c;
    bool opponentBare = pos.pieces(o) == pos.pieces(o, King);
    if (knights && bishops) return true;
    if (knights >= 2) return true;  // a mate exists, if not a forced one
    if (knights == 1) return !opponentBare;  // a lone knight mates only with help
    // Bishops only. If they all stand on one colour, the mated king needs its other-coloured
    // neighbours blocked by its own pieces: anything but same-coloured bishops can do that.
    auto dark = dark_squares_bb<G>();
    bool allDark = (bishops & dark) == bishops, allLight = (bishops & dark) == 0;
    if (!allDark && !allLight) return true;
    auto sameColour = allDark ? dark : ~dark;
    auto opponentHelpers = pos.pieces(o) & ~pos.pieces(o, King) & ~(pos.pieces(o, Bishop) & sameColour);
    return opponentHelpers != 0;
}

// Dead position: no sequence of legal moves can end in checkmate. Covers the cases of
// docs/rules.md#how-a-chess-game-ends: K v K, K v K+B, K v K+N and K+B(s) v K+B(s) with every
// bishop on one colour.
template <typename R>
bool is_dead_position(const BasicPosition<R>& pos) {
    using G = typename R::Geometry;
    if (pos.pieces(Pawn) || pos.pieces(Rook) || pos.pieces(Queen)) return false;
    auto minors = pos.pieces(Knight) | pos.pieces(Bishop);
    if (popcount(minors) <= 1) return true;
    if (pos.pieces(Knight)) return false;
    auto dark = dark_squares_bb<G>();
    return (minors & dark) == minors || (minors & dark) == 0;
}

template <typename R>
bool is_fivefold_repetition(const BasicPosition<R>& pos) {
    return pos.repetition_count() >= 5;
}

template <typename R>
bool is_seventyfive_moves(const BasicPosition<R>& pos) {
    return pos.halfmove_clock() >= 150 && !is_checkmate(pos);
}

// The player to move may claim: the position has occurred three times, or will after a
// move they intend to play (FIDE 9.2).
template <typename R>
bool can_claim_threefold_repetition(const BasicPosition<R>& pos) {
    if (pos.repetition_count() >= 3) return true;
    BasicPosition<R> copy = pos;
    for (Move m : legal_moves(pos)) {
        copy.do_move(m);
        bool repeats = copy.repetition_count() >= 3;
        copy.undo_move(m);
        if (repeats) return true;
    }
    return false;
}

template <typename R>
bool can_claim_fifty_moves(const BasicPosition<R>& pos) {
    if (pos.halfmove_clock() >= 100) return !is_checkmate(pos);
    if (pos.halfmove_clock() < 99) return false;
    BasicPosition<R> copy = pos;
    for (Move m : legal_moves(pos)) {
        copy.do_move(m);
        bool reached = copy.halfmove_clock() >= 100;
        copy.undo_move(m);
        if (reached) return true;
    }
    return false;
}

// The end the rules impose with no claim: checkmate, stalemate, dead position, fivefold
// repetition, the 75-move rule.
template <typename R>
std::optional<Outcome> automatic_outcome(const BasicPosition<R>& pos) {
    bool noMoves = legal_moves(pos).empty();
    if (noMoves && pos.in_check()) return Outcome{Termination::Checkmate, ~pos.side_to_move()};
    if (noMoves) return Outcome{Termination::Stalemate, std::nullopt};
    if (is_dead_position(pos)) return Outcome{Termination::DeadPosition, std::nullopt};
    if (is_fivefold_repetition(pos)) return Outcome{Termination::FivefoldRepetition, std::nullopt};
    if (pos.halfmove_clock() >= 150) return Outcome{Termination::SeventyFiveMoves, std::nullopt};
    return std::nullopt;
}

// A claim by the player to move, if the rules allow one.
template <typename R>
std::optional<Outcome> claimable_draw(const BasicPosition<R>& pos) {
    if (can_claim_threefold_repetition(pos))
        return Outcome{Termination::ThreefoldRepetition, std::nullopt};
    if (can_claim_fifty_moves(pos)) return Outcome{Termination::FiftyMoves, std::nullopt};
    return std::nullopt;
}

}  // namespace arbiter
