#include "engine/uci_engine.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "core/notation_error.h"
#include "engine/bench_positions.h"
#include "engine/levels.h"
#include "variants/chess/uci.h"

namespace arbiter::engine {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::vector<std::string> split(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// A whole decimal number in [lo, hi], or nothing.
std::optional<long long> parse_int(const std::string& s, long long lo, long long hi) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    std::size_t i = s[0] == '-' ? 1 : 0;
    if (i == s.size()) return std::nullopt;
    long long v = 0;
    for (; i < s.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
        v = v * 10 + (s[i] - '0');
    }
    if (s[0] == '-') v = -v;
    if (v < lo || v > hi) return std::nullopt;
    return v;
}

std::string score_text(int score) {
    if (is_mate_score(score)) return fmt::format("mate {}", mate_moves(score));
    return fmt::format("cp {}", score);
}

}  // namespace

UciEngine::UciEngine(std::ostream& out)
    : out_(out),
      tt_(16),
      searcher_(std::make_unique<Searcher<StandardChessRules>>(tt_)),
      tallSearcher_(std::make_unique<Searcher<MinesweeperBoardRules>>(tt_)),
      network_(nnue::choose_network(std::string(nnue::BuiltIn))) {
    searcher_->set_network(network_.get());
    searcher_->set_ponder_flag(&pondering_);
    tallSearcher_->set_ponder_flag(&pondering_);
    gameSeed_ = std::random_device{}();
}

UciEngine::~UciEngine() { stop_and_wait(); }

void UciEngine::emit(const std::string& line) {
    std::lock_guard lock(outMutex_);
    out_ << line << '\n';
    out_.flush();
}

void UciEngine::error(const std::string& message) { emit("info string error: " + message); }

void UciEngine::stop_and_wait() {
    stop_ = true;
    pondering_ = false;
    if (worker_.joinable()) worker_.join();
    stop_ = false;
}

void UciEngine::wait() {
    if (worker_.joinable()) worker_.join();
}

void UciEngine::loop(std::istream& in) {
    // A stream tied to our output (std::cin to std::cout) flushes it before every read, from
    // this thread and without outMutex_, racing the search thread's `bestmove`: the line could
    // go out twice. Our output is flushed line by line in emit(), so the tie is not needed.
    std::ostream* const tied = in.tie(nullptr);
    bool quit = false;
    std::string line;
    while (!quit && std::getline(in, line)) quit = !handle(line);
    // End of input: let a finite search finish, stop an endless one ("quit" stopped it).
    if (!quit && !infinite_ && !pondering_) wait();  // an endless search never ends by itself
    stop_and_wait();
    in.tie(tied);
}

bool UciEngine::handle(const std::string& rawLine) {
    std::string line = rawLine;
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    auto words = split(line);
    if (words.empty()) return true;
    const std::string cmd = words[0];
    std::string args;
    if (auto pos = line.find(cmd); pos != std::string::npos) args = line.substr(pos + cmd.size());
    try {
        if (cmd == "uci")
            cmd_uci();
        else if (cmd == "isready")
            emit("readyok");
        else if (cmd == "ucinewgame")
            cmd_newgame();
        else if (cmd == "setoption")
            cmd_setoption(args);
        else if (cmd == "position")
            cmd_position(args);
        else if (cmd == "go")
            cmd_go(args);
        else if (cmd == "stop")
            stop_and_wait();
        else if (cmd == "ponderhit")
            pondering_ = false;
        else if (cmd == "quit") {
            stop_and_wait();
            return false;
        } else if (cmd == "bench") {
            stop_and_wait();
            int depth = 11;
            if (words.size() >= 2) {
                auto d = parse_int(words[1], 1, 30);
                if (!d) {
                    error(fmt::format("bench depth '{}' is not a number from 1 to 30", words[1]));
                    return true;
                }
                depth = int(*d);
            }
            bench(depth);
        } else if (cmd == "d") {
            emit("info string fen " + (tall_ ? tallPos_.fen() : pos_.fen()));
        } else if (cmd == "eval") {
            emit(fmt::format("info string eval {} (side to move)",
                             tall_      ? evaluate(tallPos_)
                             : network_ ? nnue::evaluate(*network_, pos_)
                                        : evaluate(pos_)));
        } else if (cmd == "debug" || cmd == "register") {
            // Accepted and ignored, as the protocol allows.
        } else {
            error(fmt::format("unknown command '{}'", cmd));
        }
    } catch (const std::exception& e) {
        error(e.what());
    }
    return true;
}

void UciEngine::cmd_uci() {
    emit("id name Arbiter");
    emit("id author the Arbiter authors");
    emit(fmt::format("option name Hash type spin default {} min 1 max 4096", 16));
    emit("option name Threads type spin default 1 min 1 max 1");
    emit("option name Ponder type check default false");
    emit("option name Move Overhead type spin default 30 min 0 max 5000");
    emit("option name Skill Level type spin default 20 min 0 max 20");
    emit(fmt::format("option name Level type spin default {} min 0 max {}", MaxLevel, MaxLevel));
    emit("option name UCI_LimitStrength type check default false");
    emit(fmt::format("option name UCI_Elo type spin default {} min {} max {}", LevelElo[MaxLevel],
                     LevelElo[1], LevelElo[MaxLevel]));
    emit("option name UCI_Variant type combo default chess var chess var minesweeper");
    emit(fmt::format("option name EvalFile type string default {}", nnue::BuiltIn));
    emit("uciok");
}

void UciEngine::cmd_newgame() {
    stop_and_wait();
    tt_.clear();
    searcher_->clear_history();
    tallSearcher_->clear_history();
    pos_ = Position();
    tallPos_ = BasicPosition<MinesweeperBoardRules>();
    ++gameSeed_;
}

void UciEngine::cmd_setoption(const std::string& args) {
    auto words = split(args);
    if (words.empty() || words[0] != "name") {
        error("setoption: expected 'setoption name <id> [value <x>]'");
        return;
    }
    std::string name, value;
    bool inValue = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        if (!inValue && words[i] == "value") {
            inValue = true;
            continue;
        }
        std::string& target = inValue ? value : name;
        target += (target.empty() ? "" : " ") + words[i];
    }
    const std::string key = lower(name);
    auto number = [&](long long lo, long long hi) -> std::optional<int> {
        auto v = parse_int(value, lo, hi);
        if (!v)
            error(fmt::format("option '{}': value '{}' is not a number from {} to {}", name, value,
                              lo, hi));
        return v ? std::optional<int>(int(*v)) : std::nullopt;
    };
    auto boolean = [&]() -> std::optional<bool> {
        std::string v = lower(value);
        if (v == "true") return true;
        if (v == "false") return false;
        error(fmt::format("option '{}': value '{}' is not true or false", name, value));
        return std::nullopt;
    };
    stop_and_wait();
    if (key == "hash") {
        if (auto v = number(1, 4096)) {
            hashMb_ = *v;
            tt_.resize(std::size_t(hashMb_));
        }
    } else if (key == "threads") {
        number(1, 1);
    } else if (key == "ponder") {
        boolean();
    } else if (key == "move overhead") {
        if (auto v = number(0, 5000)) moveOverhead_ = *v;
    } else if (key == "level") {
        if (auto v = number(0, MaxLevel)) level_ = *v;
    } else if (key == "skill level") {
        if (auto v = number(0, 20)) skillLevel_ = *v;
    } else if (key == "uci_limitstrength") {
        if (auto v = boolean()) limitStrength_ = *v;
    } else if (key == "uci_elo") {
        if (auto v = number(LevelElo[1], LevelElo[MaxLevel])) elo_ = *v;
    } else if (key == "clear hash") {
        tt_.clear();
    } else if (key == "evalfile") {
        // 8x8 chess: "<built-in>" (or empty), "<hand-written>" or a network file (engine/nnue.h).
        try {
            network_ = nnue::choose_network(value);
        } catch (const std::invalid_argument& e) {
            error(fmt::format("option 'EvalFile': {}", e.what()));
            return;
        }
        searcher_->set_network(network_.get());
        tt_.clear();  // its static evaluations are the other evaluation's
    } else if (key == "uci_variant") {
        std::string v = lower(value);
        if (v != "chess" && v != "minesweeper") {
            error(
                fmt::format("option 'UCI_Variant': value '{}' is not chess or minesweeper", value));
            return;
        }
        tall_ = v == "minesweeper";
        tt_.clear();
        pos_ = Position();
        tallPos_ = BasicPosition<MinesweeperBoardRules>();
    } else {
        error(fmt::format("unknown option '{}'", name));
    }
}

void UciEngine::cmd_position(const std::string& args) {
    auto words = split(args);
    if (tall_) {
        BasicPosition<MinesweeperBoardRules> next;
        if (!read_position(words, next)) return;
        stop_and_wait();
        tallPos_ = next;
    } else {
        Position next;
        if (!read_position(words, next)) return;
        stop_and_wait();
        pos_ = next;
    }
}

template <typename R>
bool UciEngine::read_position(const std::vector<std::string>& words, BasicPosition<R>& next) {
    using P = BasicPosition<R>;
    if (words.empty()) {
        error("position: expected 'startpos' or 'fen <fen>'");
        return false;
    }
    std::size_t i = 0;
    if (words[0] == "startpos") {
        i = 1;
    } else if (words[0] == "fen") {
        std::string fen;
        for (i = 1; i < words.size() && words[i] != "moves"; ++i)
            fen += (fen.empty() ? "" : " ") + words[i];
        if (fen.empty()) {
            error("position fen: the FEN is missing");
            return false;
        }
        try {
            next = P::from_fen(fen);
        } catch (const NotationError& e) {
            error(fmt::format("position fen: {}", e.what()));
            return false;
        }
        if (next.king_square(White) == NoSquare || next.king_square(Black) == NoSquare) {
            error("position fen: each side needs a king");
            return false;
        }
        if (next.attacked_by(next.side_to_move(), next.king_square(~next.side_to_move()))) {
            error("position fen: the side not to move is in check");
            return false;
        }
    } else {
        error(fmt::format("position: expected 'startpos' or 'fen', got '{}'", words[0]));
        return false;
    }
    if (i < words.size()) {
        if (words[i] != "moves") {
            error(fmt::format("position: expected 'moves', got '{}'", words[i]));
            return false;
        }
        for (++i; i < words.size(); ++i) {
            try {
                Move m = parse_uci(next, words[i]);
                next.do_move(m);
            } catch (const NotationError& e) {
                error(fmt::format("position: {} (position unchanged)", e.what()));
                return false;
            }
        }
    }
    return true;
}

int UciEngine::strength_level() const {
    if (level_ < MaxLevel) return level_;  // the server's computer levels, 0 (random) included
    if (limitStrength_) return level_for_elo(elo_);
    if (skillLevel_ < 20) return std::clamp(skillLevel_ * MaxLevel / 20, 1, MaxLevel - 1);
    return MaxLevel + 1;  // unlimited
}

void UciEngine::cmd_go(const std::string& args) {
    auto words = split(args);
    SearchLimits limits;
    limits.moveOverhead = moveOverhead_;
    bool infinite = false, ponder = false;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        auto value = [&](long long lo, long long hi) -> std::optional<long long> {
            if (i + 1 >= words.size()) {
                error(fmt::format("go: '{}' needs a value", w));
                return std::nullopt;
            }
            auto v = parse_int(words[++i], lo, hi);
            if (!v)
                error(fmt::format("go: '{}' value '{}' is not a number from {} to {}", w, words[i],
                                  lo, hi));
            return v;
        };
        constexpr long long Big = 1LL << 50;
        if (w == "infinite")
            infinite = true;
        else if (w == "ponder")
            ponder = true;
        else if (w == "wtime") {
            if (auto v = value(-Big, Big)) limits.time[White] = std::max(0LL, *v);
        } else if (w == "btime") {
            if (auto v = value(-Big, Big)) limits.time[Black] = std::max(0LL, *v);
        } else if (w == "winc") {
            if (auto v = value(0, Big)) limits.increment[White] = *v;
        } else if (w == "binc") {
            if (auto v = value(0, Big)) limits.increment[Black] = *v;
        } else if (w == "movestogo") {
            if (auto v = value(0, 100000)) limits.movestogo = int(*v);
        } else if (w == "depth") {
            if (auto v = value(1, MaxPly - 1)) limits.depth = int(*v);
        } else if (w == "nodes") {
            if (auto v = value(1, Big)) limits.nodes = std::uint64_t(*v);
        } else if (w == "movetime") {
            if (auto v = value(0, Big)) limits.movetime = *v;
        } else if (w == "mate") {
            if (auto v = value(1, 60)) limits.depth = int(2 * *v + 1);
        } else if (w == "searchmoves") {
            while (i + 1 < words.size()) {
                try {
                    limits.searchMoves.push_back(tall_ ? parse_uci(tallPos_, words[i + 1])
                                                       : parse_uci(pos_, words[i + 1]));
                    ++i;
                } catch (const NotationError&) {
                    break;
                }
            }
        } else {
            error(fmt::format("go: unknown parameter '{}'", w));
        }
    }
    limits.infinite = infinite;
    stop_and_wait();
    if (tall_)
        start_search(tallPos_, *tallSearcher_, limits, infinite, ponder);
    else
        start_search(pos_, *searcher_, limits, infinite, ponder);
}

template <typename R>
void UciEngine::start_search(const BasicPosition<R>& rootPosition, Searcher<R>& searcher,
                             const SearchLimits& limits, bool infinite, bool ponder) {
    using P = BasicPosition<R>;
    stop_ = false;
    pondering_ = ponder;
    infinite_ = infinite;
    const P root = rootPosition;
    const int level = strength_level();
    const std::uint64_t seed = gameSeed_ * 1000003u + std::uint64_t(root.game_ply());
    worker_ = std::thread([this, &searcher, root, limits, infinite, level, seed] {
        auto start = std::chrono::steady_clock::now();
        auto onInfo = [this, start, &root](const SearchInfo& info) {
            auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
            std::uint64_t nps = ms > 0 ? info.nodes * 1000 / std::uint64_t(ms) : info.nodes * 1000;
            std::string pv;
            P p = root;
            for (Move m : info.pv) {
                pv += " " + to_uci(p, m);
                p.do_move(m);
            }
            const char* bound = info.bound == Bound::Lower   ? " lowerbound"
                                : info.bound == Bound::Upper ? " upperbound"
                                                             : "";
            emit(
                fmt::format("info depth {} seldepth {} multipv 1 score {}{} nodes {} nps {} "
                            "hashfull {} time {} pv{}",
                            info.depth, info.seldepth, score_text(info.score), bound, info.nodes,
                            nps, info.hashfull, ms, pv));
        };
        Move best, ponderMove;
        if (level <= MaxLevel - 1 && !legal_moves(root).empty()) {
            best = choose_level_move(root, level, seed, &tt_,
                                     level_time_cap(limits, root.side_to_move()), &stop_);
            emit(fmt::format("info string level {} move", level));
        } else {
            SearchResult r = searcher.run(root, limits, &stop_, onInfo);
            best = r.best;
            ponderMove = r.ponder;
        }
        // "go infinite" and pondering must not answer before "stop" / "ponderhit".
        while ((infinite || pondering_) && !stop_)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::string line = "bestmove " + (best ? to_uci(root, best) : std::string("0000"));
        if (best && ponderMove) {
            P p = root;
            p.do_move(best);
            line += " ponder " + to_uci(p, ponderMove);
        }
        emit(line);
    });
}

void UciEngine::bench(int depth) {
    tt_.clear();
    searcher_->clear_history();
    std::uint64_t totalNodes = 0;
    auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const char* fen : bench_positions()) {
        Position p = Position::from_fen(fen);
        SearchLimits limits;
        limits.depth = depth;
        SearchResult r = searcher_->run(p, limits, &stop_);
        totalNodes += r.nodes;
        emit(fmt::format("info string bench position {} depth {} nodes {} bestmove {}", ++index,
                         depth, r.nodes, r.best ? to_uci(p, r.best) : std::string("0000")));
    }
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
    emit(fmt::format("bench positions {} depth {} nodes {} time {} nps {}", index, depth,
                     totalNodes, ms, ms > 0 ? totalNodes * 1000 / std::uint64_t(ms) : totalNodes));
    tt_.clear();
    searcher_->clear_history();
}

}  // namespace arbiter::engine
