#include "apps/perft_variants.h"

#include "variants/chess/uci.h"
#include "variants/minesweeper/notation.h"

namespace arbiter::apps {
namespace {

template <typename R>
PerftVariant chess_like(std::string name) {
    PerftVariant v;
    v.name = std::move(name);
    v.startFen = R::StartFen;
    v.count = [](std::string_view fen, int depth) {
        auto pos = BasicPosition<R>::from_fen(fen);
        return perft(pos, depth);
    };
    v.divide = [](std::string_view fen, int depth) {
        auto pos = BasicPosition<R>::from_fen(fen);
        std::vector<std::pair<std::string, std::uint64_t>> rows;
        for (Move m : legal_moves(pos)) {
            std::string uci = to_uci(pos, m);
            pos.do_move(m);
            rows.emplace_back(uci, perft(pos, depth - 1));
            pos.undo_move(m);
        }
        return rows;
    };
    return v;
}

// Minesweeper Chess: the full state (fog, mines, counter; the layout is needed while
// mines are hidden), sapper actions included. A plain 10-rank FEN is 8x10 chess.
PerftVariant minesweeper() {
    using minesweeper::MinesweeperPosition;
    auto load = [](std::string_view fen) {
        auto pos = MinesweeperPosition::from_fen(fen);
        if (!pos.layout_known())
            throw NotationError(
                "FEN layout: perft needs the mines' layout (layout:...) while mines are hidden");
        return pos;
    };
    PerftVariant v;
    v.name = "minesweeper";
    v.startFen = MinesweeperBoardRules::StartFen;
    v.count = [load](std::string_view fen, int depth) {
        auto pos = load(fen);
        return minesweeper::perft(pos, depth);
    };
    v.divide = [load](std::string_view fen, int depth) {
        auto pos = load(fen);
        std::vector<std::pair<std::string, std::uint64_t>> rows;
        for (Move m : minesweeper::legal_moves(pos)) {
            std::string uci = minesweeper::to_uci(pos, m);
            pos.do_move(m);
            rows.emplace_back(uci, minesweeper::perft(pos, depth - 1));
            pos.undo_move(m);
        }
        return rows;
    };
    return v;
}

}  // namespace

const std::vector<PerftVariant>& perft_variants() {
    static const std::vector<PerftVariant> variants = {
        chess_like<StandardChessRules>("chess"),
        minesweeper(),
    };
    return variants;
}

}  // namespace arbiter::apps
