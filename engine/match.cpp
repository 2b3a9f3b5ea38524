#include "engine/match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "engine/engine_process.h"
#include "variants/chess/outcome.h"
#include "variants/chess/pgn_chess.h"
#include "variants/chess/uci.h"

namespace arbiter::engine {

TimeControl parse_time_control(const std::string& text) {
    auto number = [&](const std::string& part) {
        std::size_t used = 0;
        double v = -1;
        try {
            v = std::stod(part, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != part.size() || part.empty() || !(v >= 0) || v > 1e7)
            throw std::invalid_argument(
                fmt::format("time control '{}': expected seconds[+increment], e.g. 10+0.1", text));
        return std::int64_t(std::llround(v * 1000));
    };
    TimeControl tc;
    auto plus = text.find('+');
    tc.baseMs = number(text.substr(0, plus));
    tc.incrementMs = plus == std::string::npos ? 0 : number(text.substr(plus + 1));
    if (tc.baseMs <= 0)
        throw std::invalid_argument(
            fmt::format("time control '{}': the base time must be positive", text));
    return tc;
}

MoveTimeSummary summarize_move_times(std::vector<std::int64_t> ms) {
    MoveTimeSummary t;
    t.moves = ms.size();
    if (ms.empty()) return t;
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (auto v : ms) sum += double(v);
    t.meanMs = sum / double(ms.size());
    t.p95Ms = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
    t.maxMs = ms.back();
    return t;
}

double elo_from_score(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate estimate_elo(int wins, int draws, int losses) {
    EloEstimate e;
    const int n = wins + draws + losses;
    if (n == 0) return e;
    const double s = (wins + 0.5 * draws) / n;
    const double variance =
        (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
    constexpr double z = 1.96;
    const double half = z * std::sqrt(variance / n);
    double lo = s - half, hi = s + half;
    if (wins == n || draws == n || losses == n) {
        const double z2n = z * z / n;
        const double centre = (s + z2n / 2) / (1 + z2n);
        const double wilsonHalf = z * std::sqrt(s * (1 - s) / n + z2n / (4 * n)) / (1 + z2n);
        lo = centre - wilsonHalf;
        hi = centre + wilsonHalf;
    }
    e.score = s;
    e.elo = elo_from_score(s);
    // An end at 0 or 1 (up to rounding: Wilson's for a score of 0 or 1 lands there) is open.
    constexpr double edge = 1e-9;
    e.lower = lo <= edge ? -std::numeric_limits<double>::infinity() : elo_from_score(lo);
    e.upper = hi >= 1 - edge ? std::numeric_limits<double>::infinity() : elo_from_score(hi);
    e.margin = std::isfinite(e.upper) && std::isfinite(e.lower)
                   ? (e.upper - e.lower) / 2
                   : std::numeric_limits<double>::infinity();
    return e;
}

std::string describe_elo(const EloEstimate& e) {
    const std::string centre =
        std::isinf(e.elo) ? (e.elo > 0 ? "+inf" : "-inf") : fmt::format("{:.1f}", e.elo + 0.0);
    if (std::isfinite(e.margin))
        return fmt::format("Elo difference: {} +/- {:.1f} (95%)", centre, e.margin);
    return fmt::format("Elo difference: {}, 95% interval {:+.1f} to {:+.1f}", centre, e.lower,
                       e.upper);
}

namespace {

const char* result_text(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins:
            return "1-0";
        case GameResult::BlackWins:
            return "0-1";
        case GameResult::Draw:
            return "1/2-1/2";
    }
    return "*";
}

struct Player {
    std::unique_ptr<EngineProcess> process;
    std::string name;
    std::string failure;  // why it could not start
};

Player start_player(const EngineConfig& config) {
    Player pl;
    pl.name = config.name;
    try {
        pl.process = std::make_unique<EngineProcess>(config.command);
    } catch (const std::exception& e) {
        pl.failure = e.what();
        return pl;
    }
    EngineProcess& p = *pl.process;
    std::string idName;
    p.send("uci");
    if (!p.wait_for("uciok", std::chrono::seconds(10), &idName)) {
        pl.failure = "no 'uciok' from the engine";
        return pl;
    }
    if (pl.name.empty()) pl.name = idName.empty() ? config.command : idName;
    for (const auto& [name, value] : config.options)
        p.send(fmt::format("setoption name {} value {}", name, value));
    p.send("ucinewgame");
    p.send("isready");
    if (!p.wait_for("readyok", std::chrono::seconds(10)))
        pl.failure = "no 'readyok' from the engine";
    return pl;
}

std::string position_command(const Opening& opening, const std::vector<Move>& played,
                             const Position& afterOpening) {
    std::string cmd = opening.fen.empty() ? "position startpos" : "position fen " + opening.fen;
    if (!opening.moves.empty() || !played.empty()) cmd += " moves";
    for (const auto& m : opening.moves) cmd += " " + m;
    Position p = afterOpening;
    for (Move m : played) {
        cmd += " " + to_uci(p, m);
        p.do_move(m);
    }
    return cmd;
}

}  // namespace

std::optional<std::string> score_comment(const std::string& infoLine) {
    std::istringstream words(infoLine);
    std::string word, kind;
    int depth = -1;
    std::optional<long> value;
    while (words >> word) {
        if (word == "depth") {
            words >> depth;
        } else if (word == "score") {
            long v;
            if (words >> kind >> v) value = v;
        } else if (word == "pv") {
            break;
        }
    }
    if (!value || depth < 0 || (kind != "cp" && kind != "mate")) return std::nullopt;
    if (kind == "mate")
        return fmt::format("{}M{}/{}", *value < 0 ? "-" : "+", std::labs(*value), depth);
    return fmt::format("{}{:.2f}/{}", *value < 0 ? "-" : "+", double(std::labs(*value)) / 100,
                       depth);
}

GameRecord play_game(const EngineConfig& white, const EngineConfig& black, const Opening& opening,
                     const TimeControl& tc, std::int64_t timeMarginMs, std::uint64_t nodesPerMove,
                     std::uint64_t nodesSeed) {
    std::mt19937_64 jitter(nodesSeed);
    GameRecord g;
    g.opening = opening;
    const Position start = opening_position(opening);
    Player players[2] = {start_player(white), start_player(black)};
    g.white = players[White].name.empty() ? white.command : players[White].name;
    g.black = players[Black].name.empty() ? black.command : players[Black].name;
    auto win_for = [](Color c) {
        return c == White ? GameResult::WhiteWins : GameResult::BlackWins;
    };
    for (Color c : {White, Black}) {
        if (!players[c].failure.empty()) {
            bool otherFailed = !players[~c].failure.empty();
            g.result = otherFailed ? GameResult::Draw : win_for(~c);
            g.reason = fmt::format("{} failed to start: {}", c == White ? "White" : "Black",
                                   players[c].failure);
            return g;
        }
    }

    Position pos = start;
    std::int64_t clock[2] = {tc.baseMs, tc.baseMs};
    while (true) {
        if (auto outcome = automatic_outcome(pos)) {
            g.result = outcome->winner ? win_for(*outcome->winner) : GameResult::Draw;
            g.reason = termination_name(outcome->termination);
            break;
        }
        if (pos.repetition_count() >= 3) {
            g.result = GameResult::Draw;
            g.reason = "threefold repetition";
            break;
        }
        if (pos.halfmove_clock() >= 100) {
            g.result = GameResult::Draw;
            g.reason = "50-move rule";
            break;
        }
        const Color us = pos.side_to_move();
        EngineProcess& p = *players[us].process;
        const char* side = us == White ? "White" : "Black";
        auto forfeit = [&](const std::string& why) {
            g.result = can_checkmate(pos, ~us) ? win_for(~us) : GameResult::Draw;
            g.reason = fmt::format("{} {}", side, why);
        };
        p.send(position_command(opening, g.moves, start));
        // Node counts vary by up to 25 % so that a game and its colour-swapped twin (or two
        // games of one engine) from the same opening do not repeat each other.
        std::string go = nodesPerMove
                             ? fmt::format("go nodes {}", nodesPerMove * (75 + jitter() % 51) / 100)
                             : fmt::format("go wtime {} btime {} winc {} binc {}", clock[White],
                                           clock[Black], tc.incrementMs, tc.incrementMs);
        const auto sent = EngineProcess::Clock::now();
        if (!p.send(go)) {
            forfeit("engine died");
            break;
        }
        const auto deadline = sent + std::chrono::milliseconds(clock[us] + timeMarginMs);
        std::optional<std::string> bestmove;
        std::string score;
        while (auto line = p.read_line(deadline)) {
            if (line->rfind("info", 0) == 0) {
                if (auto s = score_comment(*line)) score = *s;
            } else if (line->rfind("bestmove", 0) == 0) {
                std::istringstream words(*line);
                std::string word, move;
                words >> word >> move;
                bestmove = move;
                break;
            }
        }
        const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(
                              EngineProcess::Clock::now() - sent)
                              .count();
        if (!bestmove) {
            if (p.closed())
                forfeit("engine died");
            else
                forfeit("lost on time (no move)");
            break;
        }
        if (used > clock[us] + timeMarginMs) {
            forfeit("lost on time");
            break;
        }
        Move m;
        try {
            m = parse_uci(pos, *bestmove);
        } catch (const NotationError&) {
            g.result = win_for(~us);
            g.reason = fmt::format("{} played an illegal move '{}'", side, *bestmove);
            break;
        }
        clock[us] += tc.incrementMs - used;
        g.moveMs[us].push_back(used);
        pos.do_move(m);
        g.moves.push_back(m);
        g.scores.push_back(score);
    }
    return g;
}

std::string game_pgn(const GameRecord& game, int round, const std::string& event) {
    std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    std::vector<std::pair<std::string, std::string>> tags = {
        {"Event", event},
        {"Site", "arbiter match"},
        {"Date", fmt::format("{:04}.{:02}.{:02}", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday)},
        {"Round", std::to_string(round)},
        {"White", game.white},
        {"Black", game.black},
        {"Termination", game.reason}};
    Position start;
    if (!game.opening.fen.empty()) start = Position::from_fen(game.opening.fen);
    std::vector<Move> all;
    Position p = start;
    for (const auto& text : game.opening.moves) {
        Move m = parse_uci(p, text);
        all.push_back(m);
        p.do_move(m);
    }
    ChessGameRecord record;
    record.tags = tags;
    record.start = start;
    record.result = result_text(game.result);
    for (Move m : all) record.moves.push_back({m, "", {}, {}, {}});
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        record.moves.push_back({game.moves[i], "", {}, {}, {}});
        if (i < game.scores.size() && !game.scores[i].empty())
            record.moves.back().comments.push_back(game.scores[i]);
    }
    return export_pgn(record) + "\n";
}

MatchResult run_match(const MatchOptions& options, std::ostream& out) {
    const auto& openings = options.openings.empty() ? builtin_openings() : options.openings;
    for (const Opening& o : openings) opening_position(o);  // fail early on a bad opening
    std::ofstream pgn;
    if (!options.pgnPath.empty()) {
        pgn.open(options.pgnPath);
        if (!pgn)
            throw std::invalid_argument(fmt::format("cannot write PGN file '{}'", options.pgnPath));
    }
    MatchResult total;
    std::mutex mutex;
    std::atomic<int> next{0};
    int finished = 0;
    std::string name1 = options.engine1.name, name2 = options.engine2.name;
    std::map<int, double> halfPairs;  // pair -> engine 1's points in its first finished game
    std::optional<SprtTest> sprt;
    if (options.sprt) {
        sprt.emplace(*options.sprt, options.sprtEarlierPairs);
        if (const Pentanomial& p = options.sprtEarlierPairs; sprt->latest().pairs > 0)
            out << fmt::format("SPRT: resumes from {} earlier pairs ({} {} {} {} {}): {}\n",
                               sprt->latest().pairs, p[0], p[1], p[2], p[3], p[4],
                               describe(sprt->latest(), sprt->settings()));
    }
    std::atomic<bool> decided{false};
    auto worker = [&] {
        while (!decided.load()) {
            const int i = next.fetch_add(1);
            if (i >= options.games) return;
            // Games 2k and 2k+1 share an opening with colours swapped.
            const Opening& opening = openings[std::size_t(i / 2) % openings.size()];
            const bool engine1White = i % 2 == 0;
            const EngineConfig& w = engine1White ? options.engine1 : options.engine2;
            const EngineConfig& b = engine1White ? options.engine2 : options.engine1;
            GameRecord g = play_game(w, b, opening, options.tc, options.timeMarginMs,
                                     options.nodesPerMove, std::uint64_t(i) + 1);
            std::lock_guard lock(mutex);
            ++finished;
            if (name1.empty()) name1 = engine1White ? g.white : g.black;
            if (name2.empty()) name2 = engine1White ? g.black : g.white;
            bool engine1Won = (g.result == GameResult::WhiteWins) == engine1White;
            if (g.result == GameResult::Draw)
                ++total.draws;
            else if (engine1Won)
                ++total.wins;
            else
                ++total.losses;
            out << fmt::format("Game {} ({} vs {}): {} {{{}}}  [{} finished: +{} ={} -{}]\n", i + 1,
                               g.white, g.black, result_text(g.result), g.reason, finished,
                               total.wins, total.draws, total.losses);
            for (int c = 0; c < 2; ++c) {
                auto& into = total.moveMs[(c == 0) == engine1White ? 0 : 1];
                into.insert(into.end(), g.moveMs[c].begin(), g.moveMs[c].end());
            }
            const double points = g.result == GameResult::Draw ? 0.5 : engine1Won ? 1.0 : 0.0;
            if (auto it = halfPairs.find(i / 2); it == halfPairs.end()) {
                halfPairs.emplace(i / 2, points);
            } else {
                const int halfPoints = int(std::lround((it->second + points) * 2));
                ++total.pairs[std::size_t(halfPoints)];
                halfPairs.erase(it);
                if (sprt) {
                    out << "SPRT: " << describe(sprt->add_pair(halfPoints), sprt->settings())
                        << "\n";
                    if (sprt->stopped()) decided = true;
                }
            }
            out.flush();
            if (pgn) {
                pgn << game_pgn(g, i + 1, "arbiter match");
                pgn.flush();
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, options.concurrency); ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();

    EloEstimate e = estimate_elo(total.wins, total.draws, total.losses);
    out << fmt::format("Score of {} vs {}: {} - {} - {} (W-L-D)  [{:.3f}] {}\n", name1, name2,
                       total.wins, total.losses, total.draws, e.score,
                       total.wins + total.losses + total.draws);
    out << describe_elo(e) << "\n";
    for (int k = 0; k < 2; ++k) {
        MoveTimeSummary t = summarize_move_times(total.moveMs[k]);
        out << fmt::format("Time per move of {}: mean {:.0f} ms, p95 {} ms, max {} ms ({} moves)\n",
                           k == 0 ? name1 : name2, t.meanMs, t.p95Ms, t.maxMs, t.moves);
    }
    out << fmt::format("Pairs (0, 1/2, 1, 3/2, 2 points): {} {} {} {} {}\n", total.pairs[0],
                       total.pairs[1], total.pairs[2], total.pairs[3], total.pairs[4]);
    if (sprt) {
        total.sprt = sprt->verdict();
        out << "SPRT: " << describe(sprt->verdict(), sprt->settings()) << "\n";
        if (sprt->latest().pairs != sprt->verdict().pairs)
            out << fmt::format(
                "SPRT: the verdict stands at the stop; {} more pairs from games under way then "
                "finished (with them: LLR {:.2f})\n",
                sprt->latest().pairs - sprt->verdict().pairs, sprt->latest().llr);
    }
    return total;
}

}  // namespace arbiter::engine
