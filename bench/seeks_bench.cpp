// The seek pool (server/seeks.h) with 10,000 seeks waiting: seeks paired per second, and the
// latency of the add that pairs (p50, p99 in microseconds).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

#include "server/seeks.h"

using namespace arbiter;
using namespace arbiter::server;

namespace {

constexpr std::uint64_t Waiting = 10000;

Seek rated(std::uint64_t id, double rating, std::pair<int, int> range, std::string color) {
    return Seek{id,
                SeekRequest{"chess", json::object{{"initial", 180}, {"increment", 2}}, true,
                            std::move(color), range},
                Seeker{"player" + std::to_string(id), rating, "10." + std::to_string(id)},
                std::int64_t(id)};
}

void report(benchmark::State& state, std::vector<double>& micros, std::int64_t paired) {
    std::sort(micros.begin(), micros.end());
    auto at = [&](double q) { return micros[std::size_t(q * double(micros.size() - 1))]; };
    state.counters["seeks_paired/s"] =
        benchmark::Counter(double(paired), benchmark::Counter::kIsRate);
    state.counters["pair_p50_us"] = at(0.50);
    state.counters["pair_p99_us"] = at(0.99);
}

// 10,000 rated seeks spread over 0..4000, each accepting only ratings it cannot meet: a new
// seek's window holds about 2,500 of them, none fits. Each iteration adds two seeks that fit
// each other only: the first waits, the second pairs (timed: add → paired).
void BM_SeekPairingAmongUnfitSeeks(benchmark::State& state) {
    SeekPool pool(1);
    std::mt19937_64 random(7);
    for (std::uint64_t i = 1; i <= Waiting; ++i) {
        int r = int(random() % 4000);
        const char* colors[] = {"white", "black", "random"};
        pool.add(rated(i, r + 0.5, {r, r}, colors[i % 3]));
    }
    std::vector<double> micros;
    std::uint64_t id = 1'000'000;
    std::int64_t pairedSeeks = 0;
    for (auto _ : state) {
        double rating = 1000 + double(random() % 2000) + 0.25;
        pool.add(rated(++id, rating, {int(rating) - 500, int(rating) + 500}, "random"));
        auto start = std::chrono::steady_clock::now();
        auto result =
            pool.add(rated(++id, rating, {int(rating) - 500, int(rating) + 500}, "random"));
        micros.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count());
        benchmark::DoNotOptimize(result);
        pairedSeeks += 2;
    }
    if (pool.waiting() != Waiting) state.SkipWithError("the pool lost or kept seeks");
    report(state, micros, pairedSeeks);
}
BENCHMARK(BM_SeekPairingAmongUnfitSeeks)->Unit(benchmark::kMicrosecond);

// 10,000 white seeks with the default range (rating ± 500) spread over 0..4000: every black
// seek fits the ~2,500 in its window and must find the oldest of them. Each iteration adds a
// black seek (timed: it pairs at once) and a white one to keep 10,000 waiting.
void BM_SeekPairingWithTheOldestOfMany(benchmark::State& state) {
    SeekPool pool(1);
    std::mt19937_64 random(7);
    auto white = [&](std::uint64_t id) {
        double r = double(random() % 4000);
        return rated(id, r, {int(r) - 500, int(r) + 500}, "white");
    };
    for (std::uint64_t i = 1; i <= Waiting; ++i) pool.add(white(i));
    std::vector<double> micros;
    std::uint64_t id = 1'000'000;
    std::int64_t pairedSeeks = 0;
    for (auto _ : state) {
        double rating = double(random() % 4000);
        auto start = std::chrono::steady_clock::now();
        auto result =
            pool.add(rated(++id, rating, {int(rating) - 500, int(rating) + 500}, "black"));
        micros.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count());
        benchmark::DoNotOptimize(result);
        pairedSeeks += 2;
        pool.add(white(++id));
    }
    if (pool.waiting() != Waiting) state.SkipWithError("the pool lost or kept seeks");
    report(state, micros, pairedSeeks);
}
BENCHMARK(BM_SeekPairingWithTheOldestOfMany)->Unit(benchmark::kMicrosecond);

}  // namespace
