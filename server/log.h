// Structured logs: one JSON object per line on stderr. Callers pass only game ids, seats,
// action types and counts — never action payloads, views, tokens or anything from a tape.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/json.h"

namespace arbiter::server {

enum class LogLevel { Debug, Info, Warn, Error };

void set_log_level(LogLevel level);
bool log_enabled(LogLevel level);
std::optional<LogLevel> parse_log_level(std::string_view name);
void log(LogLevel level, std::string_view message, json::object fields = {});

// A client-supplied word (an action type) made safe to log: kept only if it is a short
// lowercase identifier, otherwise "?" — so a payload smuggled into it never reaches a log.
std::string loggable_word(std::string_view word);

}  // namespace arbiter::server
