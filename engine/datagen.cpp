#include "engine/datagen.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <random>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "engine/search.h"
#include "engine/texel.h"
#include "variants/chess/outcome.h"

namespace arbiter::engine::datagen {

namespace {

std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

using ChessSearcher = Searcher<StandardChessRules>;

// The search's score, at the network's scale when a network evaluates (the file trains the
// next network; the adjudication thresholds are in the same units).
int search_score(ChessSearcher& searcher, const Position& pos, std::uint64_t nodes, Move* best) {
    SearchLimits limits;
    limits.nodes = nodes;
    limits.moveOverhead = 0;
    const SearchResult r = searcher.run(pos, limits);
    if (best) *best = r.best;
    return searcher.network() && !is_mate_score(r.score) ? nnue::to_network_units(r.score)
                                                         : r.score;
}

// A position after `randomPlies` uniformly random moves that the engine thinks is not yet
// decided (or the last one drawn, after many tries).
Position random_opening(const Options& o, std::mt19937_64& rng, ChessSearcher& searcher) {
    constexpr const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    Position pos = Position::from_fen(start);
    for (int attempt = 0; attempt < 100; ++attempt) {
        pos = Position::from_fen(start);
        bool alive = true;
        for (int ply = 0; ply < o.randomPlies && alive; ++ply) {
            MoveList<> legal = legal_moves(pos);
            if (legal.empty())
                alive = false;
            else
                pos.do_move(legal[int(rng() % std::uint64_t(legal.size()))]);
        }
        if (!alive || legal_moves(pos).empty()) continue;
        if (std::abs(search_score(searcher, pos, o.nodes, nullptr)) <= o.maxOpeningScore) break;
    }
    return pos;
}

}  // namespace

Game play_game(const Options& o, std::uint64_t index) {
    std::mt19937_64 rng(splitmix(splitmix(o.seed) ^ index));
    TranspositionTable tt(std::size_t(std::max(1, o.hashMb)));
    auto searcher = std::make_unique<ChessSearcher>(tt);
    searcher->set_network(o.network);
    Position pos = random_opening(o, rng, *searcher);
    tt.clear();
    searcher->clear_history();

    Game game;
    game.plies = o.randomPlies;
    int winRun = 0, lossRun = 0, drawRun = 0;  // plies with White far ahead / behind / level
    while (true) {
        if (auto outcome = automatic_outcome(pos)) {
            game.result = !outcome->winner ? 0.5f : *outcome->winner == White ? 1.0f : 0.0f;
            break;
        }
        if (pos.repetition_count() >= 3 || pos.halfmove_clock() >= 100 || game.plies >= 800) {
            game.result = 0.5f;
            break;
        }
        Move best;
        const int score = search_score(*searcher, pos, o.nodes, &best);
        const int white = pos.side_to_move() == White ? score : -score;
        winRun = white >= o.winScore ? winRun + 1 : 0;
        lossRun = white <= -o.winScore ? lossRun + 1 : 0;
        drawRun = game.plies >= o.drawAfterPly && std::abs(white) <= o.drawScore ? drawRun + 1 : 0;
        if (!pos.in_check() && !is_mate_score(score) && !pos.is_capture(best) &&
            best.kind() != MoveKind::Promotion)
            game.samples.push_back({pos.fen(), white, 0.5f});
        if (winRun >= o.winPlies || lossRun >= o.winPlies || drawRun >= o.drawPlies) {
            game.result = winRun >= o.winPlies ? 1.0f : lossRun >= o.winPlies ? 0.0f : 0.5f;
            game.adjudicated = true;
            break;
        }
        pos.do_move(best);
        ++game.plies;
    }
    for (Sample& s : game.samples) s.result = game.result;
    return game;
}

Stats generate(const Options& o, std::ostream& out, std::ostream& log) {
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    Stats stats;
    std::mutex mutex;
    std::map<std::uint64_t, Game> finished;  // played, waiting for the games before them
    std::uint64_t nextToWrite = 0;
    std::atomic<std::uint64_t> nextToPlay{0};
    double lastReport = 0;
    bool writeFailed = false;

    auto worker = [&] {
        while (true) {
            const std::uint64_t i = nextToPlay.fetch_add(1);
            if (i >= std::uint64_t(o.games)) return;
            Game game = play_game(o, i);
            std::lock_guard lock(mutex);
            finished.emplace(i, std::move(game));
            for (auto it = finished.find(nextToWrite); it != finished.end();
                 it = finished.find(nextToWrite)) {
                const Game& g = it->second;
                for (const Sample& s : g.samples) out << format_sample(s) << '\n';
                out.flush();  // whole games reach the file: an interrupted run keeps them
                if (!out) writeFailed = true;
                ++stats.games;
                stats.positions += g.samples.size();
                if (g.result == 1.0f)
                    ++stats.whiteWins;
                else if (g.result == 0.0f)
                    ++stats.blackWins;
                else
                    ++stats.draws;
                stats.adjudicated += g.adjudicated;
                finished.erase(it);
                ++nextToWrite;
            }
            if (writeFailed) {
                nextToPlay.store(std::uint64_t(o.games));
                return;
            }
            if (double now = seconds(); now - lastReport >= 30 || stats.games == o.games) {
                lastReport = now;
                log << fmt::format(
                           "{} of {} games, {} positions, +{} ={} -{} ({} adjudicated), "
                           "{:.1f} games/s\n",
                           stats.games, o.games, stats.positions, stats.whiteWins, stats.draws,
                           stats.blackWins, stats.adjudicated, stats.games / std::max(now, 1e-9))
                    << std::flush;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, o.threads); ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    if (writeFailed) throw std::runtime_error("datagen: writing the positions failed (disk full?)");
    stats.seconds = seconds();
    return stats;
}

PgnStats samples_from_pgn(std::istream& pgn, int skipPlies, std::ostream& out,
                          bool scoresAtNetworkScale) {
    PgnStats stats;
    texel::for_each_decided_game(
        pgn, stats.skippedGames, [&](const ChessGameRecord& record, float result) {
            ++stats.games;
            Position pos = record.start;
            int ply = 0;
            for (const ChessMoveRecord& played : record.moves) {
                const Move m = played.move;
                if (ply >= skipPlies && !pos.in_check() && !pos.is_capture(m) &&
                    m.kind() != MoveKind::Promotion) {
                    for (const std::string& comment : played.comments) {
                        const auto score = texel::comment_score(comment);
                        if (!score) continue;
                        if (std::abs(*score) < texel::MateScore) {
                            const int v =
                                scoresAtNetworkScale ? *score : nnue::to_network_units(*score);
                            out << format_sample(
                                       {pos.fen(), pos.side_to_move() == White ? v : -v, result})
                                << '\n';
                            ++stats.positions;
                        }
                        break;
                    }
                }
                pos.do_move(m);
                ++ply;
            }
        });
    return stats;
}

std::string format_sample(const Sample& s) {
    const char* result = s.result == 1.0f ? "1" : s.result == 0.0f ? "0" : "0.5";
    return fmt::format("{} | {} | {}", s.fen, s.score, result);
}

Sample parse_sample(const std::string& line) {
    const auto bar1 = line.find(" | ");
    const auto bar2 = bar1 == std::string::npos ? bar1 : line.find(" | ", bar1 + 3);
    if (bar2 == std::string::npos) throw std::invalid_argument("expected 'FEN | score | result'");
    Sample s;
    s.fen = line.substr(0, bar1);
    try {
        (void)Position::from_fen(s.fen);
    } catch (const NotationError& e) {
        throw std::invalid_argument(e.what());
    }
    const std::string score = line.substr(bar1 + 3, bar2 - bar1 - 3);
    const char* end = score.data() + score.size();
    auto [p, ec] = std::from_chars(score.data(), end, s.score);
    if (ec != std::errc() || p != end || std::abs(s.score) > 100000)
        throw std::invalid_argument(fmt::format("score '{}' is not centipawns", score));
    const std::string result = line.substr(bar2 + 3);
    if (result == "1")
        s.result = 1.0f;
    else if (result == "0.5")
        s.result = 0.5f;
    else if (result == "0")
        s.result = 0.0f;
    else
        throw std::invalid_argument(fmt::format("result '{}' is not 1, 0.5 or 0", result));
    return s;
}

}  // namespace arbiter::engine::datagen
