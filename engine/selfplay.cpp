#include "engine/selfplay.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "engine/uci_view_player.h"
#include "engine/view_player.h"
#include "referee/game.h"

namespace arbiter::engine {
namespace {

using referee::Seat;

bool is_uci_kind(const std::string& kind) { return kind.rfind("uci-", 0) == 0; }

// Why `kind` cannot play in these games, or nothing; starts no engine.
std::optional<std::string> player_error(const SelfplayOptions& o, const std::string& kind) {
    std::string why;
    if (!is_uci_kind(kind)) {
        if (make_view_player(o.variant, kind, &why)) return std::nullopt;
        return why;
    }
    if (o.variant != "minesweeper")
        return "an outside UCI engine ('" + kind + "') plays minesweeper only";
    if (o.uciCommand.empty()) return "'" + kind + "' needs --uci, the engine's command line";
    if (!uci_player_limit(kind, &why)) return why;
    return std::nullopt;
}

std::unique_ptr<ViewPlayer> make_player(const SelfplayOptions& o, const std::string& kind) {
    if (is_uci_kind(kind))
        return make_uci_view_player({o.uciCommand, o.uciOptions, *uci_player_limit(kind)});
    return make_view_player(o.variant, kind);
}

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct GameOutcome {
    int forA = 0;  // 1 win, 0 draw, -1 loss
    bool unfinished = false;
    std::string reason;
    int actions = 0;
    std::uint64_t thought[2] = {0, 0};
    double totalMs[2] = {0, 0}, maxMs[2] = {0, 0};
    double cpuMs[2] = {0, 0}, maxCpuMs[2] = {0, 0};
};

GameOutcome play_one(const SelfplayOptions& o, int index) {
    std::uint64_t base = o.seed * 1'000'003 + std::uint64_t(index);
    referee::SeededRandom secrets(o.seed * 7'919 + std::uint64_t(index / 2));
    auto game = referee::create_game(o.variant, referee::GameOptions{}, secrets);
    auto a = make_player(o, o.a);
    auto b = make_player(o, o.b);
    const Seat seatOfA = index % 2 == 0 ? Seat::White : Seat::Black;
    referee::SeededRandom randomA(base * 2 + 1), randomB(base * 2 + 2);
    GameOutcome out;
    std::int64_t now = 0;
    while (!game->finished() && out.actions < o.maxPlies) {
        bool acted = false;
        for (Seat seat : {Seat::White, Seat::Black}) {
            auto legal = game->legal_actions(seat);
            if (legal.empty()) continue;
            bool isA = seat == seatOfA;
            json::object view = game->view(seat, now);
            auto start = std::chrono::steady_clock::now();
            double cpuStart = thread_cpu_ms();
            json::object action = (isA ? *a : *b).choose(view, legal, isA ? randomA : randomB);
            double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            double cpu = thread_cpu_ms() - cpuStart;
            int who = isA ? 0 : 1;
            out.cpuMs[who] += cpu;
            out.maxCpuMs[who] = std::max(out.maxCpuMs[who], cpu);
            ++out.thought[who];
            out.totalMs[who] += ms;
            out.maxMs[who] = std::max(out.maxMs[who], ms);
            auto r = game->act(seat, action, ++now);
            if (!r.accepted)
                throw std::logic_error(
                    fmt::format("selfplay: player {} chose a refused action {}: {}",
                                isA ? "A" : "B", json::serialize(action), r.error));
            ++out.actions;
            acted = true;
            break;
        }
        if (!acted) break;
    }
    if (!game->finished()) {
        out.unfinished = true;
        out.reason = "unfinished";
        return out;
    }
    const auto& result = game->result();
    out.reason = result.reason;
    if (result.winner) out.forA = *result.winner == seatOfA ? 1 : -1;
    return out;
}

}  // namespace

SelfplayResult run_selfplay(const SelfplayOptions& o, std::ostream& out) {
    if (o.variant != "chiefspy" && o.variant != "minesweeper")
        throw std::invalid_argument("--variant must be chiefspy or minesweeper, not '" + o.variant +
                                    "'");
    if (auto why = player_error(o, o.a)) throw std::invalid_argument("--a: " + *why);
    if (auto why = player_error(o, o.b)) throw std::invalid_argument("--b: " + *why);
    if (o.games < 1) throw std::invalid_argument("--games must be at least 1");
    if (o.concurrency < 1 || o.concurrency > 64)
        throw std::invalid_argument("--concurrency must be from 1 to 64");

    SelfplayResult total;
    std::mutex mutex;
    std::atomic<int> next{0};
    std::exception_ptr failure;
    auto worker = [&] {
        for (int i; (i = next++) < o.games;) {
            GameOutcome g;
            try {
                g = play_one(o, i);
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure) failure = std::current_exception();
                next = o.games;
                return;
            }
            std::lock_guard lock(mutex);
            if (g.forA > 0)
                ++total.wins;
            else if (g.forA < 0)
                ++total.losses;
            else
                ++total.draws;
            if (g.unfinished) ++total.unfinished;
            for (int p = 0; p < 2; ++p) {
                total.actions[p] += g.thought[p];
                total.totalMs[p] += g.totalMs[p];
                total.maxMs[p] = std::max(total.maxMs[p], g.maxMs[p]);
                total.cpuMs[p] += g.cpuMs[p];
                total.maxCpuMs[p] = std::max(total.maxCpuMs[p], g.maxCpuMs[p]);
            }
            out << fmt::format("game {} A={} {} ({}, {} actions)\n", i + 1,
                               i % 2 == 0 ? "white" : "black",
                               g.forA > 0   ? "A wins"
                               : g.forA < 0 ? "B wins"
                                            : "draw",
                               g.reason, g.actions)
                << std::flush;
        }
    };
    const int workers = std::min(o.concurrency, o.games);
    std::vector<std::thread> threads;
    threads.reserve(std::size_t(workers));
    for (int t = 0; t < workers; ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    int n = total.wins + total.draws + total.losses;
    out << fmt::format("Score of {} vs {}: {} - {} - {} [{:.3f}] {}\n", o.a, o.b, total.wins,
                       total.losses, total.draws, n ? total.score() / n : 0.0, n);
    for (int p = 0; p < 2; ++p)
        if (total.actions[p])
            out << fmt::format(
                "Time per action of {} ({}) over {}: wall mean {:.1f} ms, max {:.1f} ms; CPU "
                "mean {:.1f} ms, max {:.1f} ms\n",
                p ? "B" : "A", p ? o.b : o.a, total.actions[p],
                total.totalMs[p] / double(total.actions[p]), total.maxMs[p],
                total.cpuMs[p] / double(total.actions[p]), total.maxCpuMs[p]);
    if (total.unfinished)
        out << fmt::format("{} games reached {} actions and count as draws\n", total.unfinished,
                           o.maxPlies);
    return total;
}

}  // namespace arbiter::engine
