// What the API accepts, declared once: the fields of each request body and action, their
// JSON kinds, and the parsed create request. Everything here is checked before the lobby
// touches a game, so a malformed body never changes state and never reaches the log.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/json.h"
#include "referee/game.h"

namespace arbiter::server {

// An API answer: JSON (body) or, when contentType is set, raw text.
struct Outcome {
    int status = 200;
    json::value body;
    std::string text;
    std::string contentType;
    int retryAfter = 0;  // seconds, sent as Retry-After when set (429, 503)
    // More header lines (Set-Cookie, Content-Disposition).
    std::vector<std::pair<std::string, std::string>> headers = {};
};

enum class Kind : std::uint8_t { String, Bool, Integer, Object, Any };

struct Field {
    std::string_view name;
    Kind kind;
    bool required = false;
};

// An error answer, or nothing when o has only the listed fields, each of its kind, and no
// string anywhere inside holds a control character (a NUL or a tab is never part of a move,
// a value or a name).
std::optional<Outcome> check_fields(const json::object& o, std::initializer_list<Field> fields,
                                    std::string_view what);

// An action body ({"type":…} plus the fields its type takes): an error answer, or nothing.
// The referee still decides whether the action is legal.
std::optional<Outcome> check_action(const json::value& action);

// POST /api/games, parsed.
struct CreateRequest {
    std::string variant;
    json::value clock;  // null or {"initial":S,"increment":S}
    std::string color = "random";
    std::string opponent = "human";
    int level = 0;
    json::object options;  // the variant's own options
    bool isPublic = false, assist = false;
    bool rated = false;  // docs/players.md: opt-in, games between people only
    // A secret chosen by the creator (a Minesweeper layout given in options.fen): allowed in
    // local and computer games only, and shown as such in the game's summary and record.
    bool chosenSecret = false;
};
// chosenAgainstPeople: a test server may let a creator choose a secret in a game against a
// person too (`arbiter serve --allow-chosen-secrets`); the game is still marked as such.
std::variant<CreateRequest, Outcome> parse_create(const json::value& body,
                                                  bool chosenAgainstPeople = false);

// A client-chosen name, echoed in an error only when short and harmless.
std::string quoted(std::string_view s);

// {"error": message, "code": code} with an HTTP status. The message never holds a secret.
Outcome api_error(int status, std::string_view code, std::string_view message);
// 503 storage-unavailable: what the request asked for did not happen.
Outcome storage_unavailable(std::string_view what);
// The same with a Retry-After (seconds).
Outcome retry_error(int status, std::string_view code, std::string_view message, int retryAfter);

}  // namespace arbiter::server
