#include "variants/chess/outcome.h"

namespace arbiter {

const char* termination_name(Termination t) {
    switch (t) {
        case Termination::Checkmate: return "checkmate";
        case Termination::Stalemate: return "stalemate";
        case Termination::DeadPosition: return "dead position";
        case Termination::FivefoldRepetition: return "fivefold repetition";
        case Termination::SeventyFiveMoves: return "75-move rule";
        case Termination::ThreefoldRepetition: return "threefold repetition";
        case Termination::FiftyMoves: return "50-move rule";
    }
    return "?";
}

}  // namespace arbiter
