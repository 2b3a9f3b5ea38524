#include "server/log.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>

namespace arbiter::server {
namespace {
std::atomic<int> minimum{int(LogLevel::Info)};
std::mutex outputMutex;

const char* level_name(LogLevel level) {
    switch (level) {
        case LogLevel::Debug:
            return "debug";
        case LogLevel::Info:
            return "info";
        case LogLevel::Warn:
            return "warn";
        default:
            return "error";
    }
}
}  // namespace

void set_log_level(LogLevel level) { minimum = int(level); }
bool log_enabled(LogLevel level) { return int(level) >= minimum; }

std::optional<LogLevel> parse_log_level(std::string_view name) {
    if (name == "debug") return LogLevel::Debug;
    if (name == "info") return LogLevel::Info;
    if (name == "warn") return LogLevel::Warn;
    if (name == "error") return LogLevel::Error;
    return std::nullopt;
}

void log(LogLevel level, std::string_view message, json::object fields) {
    if (!log_enabled(level)) return;
    json::object line;
    line["ts"] = std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::system_clock::now().time_since_epoch())
                     .count();
    line["level"] = level_name(level);
    line["msg"] = message;
    for (auto& kv : fields) line[kv.key()] = std::move(kv.value());
    std::string text = json::serialize(line);
    text += '\n';
    std::lock_guard lock(outputMutex);
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
}

std::string loggable_word(std::string_view word) {
    if (word.empty() || word.size() > 32) return "?";
    for (char c : word)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return "?";
    return std::string(word);
}

}  // namespace arbiter::server
