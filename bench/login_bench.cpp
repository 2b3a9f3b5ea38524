// The cost of one login: checking a password against its stored Argon2id hash
// (players/passwords.h, libsodium's interactive limits), on one thread. logins/s is what one
// core can check per second.
#include <benchmark/benchmark.h>

#include <string>

#include "players/passwords.h"

using namespace arbiter::players;

namespace {

void login(benchmark::State& state, const char* attempt) {
    static const std::string hash = *hash_password("correct horse battery staple");
    for (auto _ : state) benchmark::DoNotOptimize(verify_password(hash, attempt));
    state.counters["logins/s"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_LoginRightPassword(benchmark::State& state) {
    login(state, "correct horse battery staple");
}
BENCHMARK(BM_LoginRightPassword)->Unit(benchmark::kMillisecond)->UseRealTime();

// A wrong password costs the same: the hash is computed in full either way.
void BM_LoginWrongPassword(benchmark::State& state) {
    login(state, "correct horse battery stapler");
}
BENCHMARK(BM_LoginWrongPassword)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
