// Fuzzes the engine's UCI command loop, engine::UciEngine::handle (engine/uci_engine.cpp; the
// loop behind `arbiter uci`), with one command per input line.
// The harness keeps each input fast: every `go` gets "depth 2 nodes 2000" appended (the last
// value wins), `bench` runs at depth 1, and option values that would make searches slow or big
// (Hash above 4 MB, Skill Level 6-19, UCI_Elo 1050-2399) are dropped. A finite search is waited
// for before the next line, so commands run in order; "go infinite"/"go ponder" run on while
// later lines are handled, as they would in a GUI, and are stopped at the end of the input.
// Invariants: no crash, hang or sanitizer report; at most one bestmove per go;
// every output line is a UCI answer (id, option, uciok, readyok, info, bestmove, bench).
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/uci_engine.h"
#include "fuzz/fuzz_check.h"

using namespace arbiter;

namespace {

std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The option value as a number when it is one, else -1.
long long number_or_minus_one(const std::string& s) {
    if (s.empty() || s.size() > 18) return -1;
    long long v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    return v;
}

// The line to hand to the engine, or "" to skip it.
std::string tame(const std::string& line) {
    auto words = words_of(line);
    if (words.empty()) return line;
    if (words[0] == "go") return line + " depth 2 nodes 2000";
    if (words[0] == "bench") return "bench 1";
    if (words[0] != "setoption") return line;
    std::string name, value;  // as cmd_setoption joins them
    bool inValue = false;
    for (std::size_t i = 2; i < words.size(); ++i) {
        if (!inValue && words[i] == "value") {
            inValue = true;
            continue;
        }
        std::string& target = inValue ? value : name;
        target += (target.empty() ? "" : " ") + words[i];
    }
    const std::string key = lower(name);
    const long long v = number_or_minus_one(value);
    if (key == "hash" && v > 4) return "";
    if (key == "skill level" && v >= 6 && v <= 19) return "";
    if (key == "uci_elo" && v >= 1050 && v < 2400) return "";
    return line;
}

bool is_uci_answer(std::string_view line) {
    for (std::string_view prefix :
         {"id ", "option ", "uciok", "readyok", "info ", "bestmove ", "bench "})
        if (line.substr(0, prefix.size()) == prefix) return true;
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    // One engine for every input (its hash table is costly to build), reset to its defaults.
    static std::ostringstream out;
    static engine::UciEngine uci(out);
    for (const char* reset :
         {"setoption name UCI_Variant value chess", "setoption name Hash value 1",
          "setoption name Move Overhead value 30", "setoption name Skill Level value 20",
          "setoption name UCI_LimitStrength value false", "setoption name UCI_Elo value 2400",
          "ucinewgame"})
        uci.handle(reset);
    out.str("");

    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    int gos = 0;
    for (std::string line; std::getline(in, line);) {
        const std::string tamed = tame(line);
        if (tamed.empty()) continue;
        const auto words = words_of(tamed);
        const bool go = !words.empty() && words[0] == "go";
        if (go && gos == 8) continue;
        gos += go;
        if (!uci.handle(tamed)) break;  // quit
        bool endless = false;
        for (const auto& w : words) endless |= w == "infinite" || w == "ponder";
        if (go && !endless) uci.wait();
    }
    uci.handle("stop");
    uci.wait();

    int bestmoves = 0;
    std::istringstream answer(out.str());
    for (std::string line; std::getline(answer, line);) {
        FUZZ_CHECK(is_uci_answer(line));
        bestmoves += line.rfind("bestmove ", 0) == 0;
    }
    FUZZ_CHECK(bestmoves <= gos);
    return 0;
}
