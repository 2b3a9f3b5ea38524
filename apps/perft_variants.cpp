#include "apps/perft_variants.h"

#include "variants/chess/uci.h"

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

}  // namespace

const std::vector<PerftVariant>& perft_variants() {
    static const std::vector<PerftVariant> variants = {
        chess_like<StandardChessRules>("chess"),
    };
    return variants;
}

}  // namespace arbiter::apps
