#include "server/requests.h"

#include <algorithm>
#include <array>

namespace arbiter::server {

namespace {

std::string_view kind_name(Kind k) {
    switch (k) {
        case Kind::String:
            return "a string";
        case Kind::Bool:
            return "true or false";
        case Kind::Integer:
            return "a whole number";
        case Kind::Object:
            return "an object";
        case Kind::Any:
            return "a value";
    }
    return "a value";
}

bool of_kind(const json::value& v, Kind k) {
    switch (k) {
        case Kind::String:
            return v.is_string();
        case Kind::Bool:
            return v.is_bool();
        case Kind::Integer:
            return v.is_int64() || v.is_uint64();
        case Kind::Object:
            return v.is_object();
        case Kind::Any:
            return true;
    }
    return false;
}

bool control_in(std::string_view s) {
    return std::any_of(s.begin(), s.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

bool has_control_character(const json::value& v) {
    if (v.is_string()) return control_in(v.as_string());
    if (v.is_object())
        return std::any_of(v.as_object().begin(), v.as_object().end(), [](const auto& kv) {
            return control_in(kv.key()) || has_control_character(kv.value());
        });
    if (v.is_array())
        return std::any_of(v.as_array().begin(), v.as_array().end(), has_control_character);
    return false;
}

std::optional<std::int64_t> integer(const json::value& v) {
    if (v.is_int64()) return v.get_int64();
    if (v.is_uint64() && v.get_uint64() <= std::uint64_t(INT64_MAX))
        return std::int64_t(v.get_uint64());
    return std::nullopt;
}

struct ActionShape {
    std::string_view type;
    std::initializer_list<Field> fields;
};

// Every action any game takes (docs/api.md, docs/chiefspy.md, docs/minesweeper.md).
const std::array<ActionShape, 14> Actions{{
    {"move", {{"type", Kind::String}, {"move", Kind::String, true}}},
    {"set-values", {{"type", Kind::String}, {"values", Kind::Object}, {"random", Kind::Bool}}},
    {"resign", {{"type", Kind::String}}},
    {"abort", {{"type", Kind::String}}},
    {"draw-offer", {{"type", Kind::String}}},
    {"draw-accept", {{"type", Kind::String}}},
    {"draw-decline", {{"type", Kind::String}}},
    {"claim-draw", {{"type", Kind::String}}},
    {"give-time", {{"type", Kind::String}}},
    {"takeback-offer", {{"type", Kind::String}}},
    {"takeback-accept", {{"type", Kind::String}}},
    {"takeback-decline", {{"type", Kind::String}}},
    {"claim-victory", {{"type", Kind::String}}},
    {"call-draw", {{"type", Kind::String}}},
}};

}  // namespace

Outcome api_error(int status, std::string_view code, std::string_view message) {
    return Outcome{status, json::object{{"error", message}, {"code", code}}, {}, {}};
}

Outcome retry_error(int status, std::string_view code, std::string_view message, int retryAfter) {
    Outcome o = api_error(status, code, message);
    o.retryAfter = retryAfter;
    return o;
}

std::string quoted(std::string_view s) {
    if (s.size() > 40) return "(a long name)";
    for (char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\' || c == 0x7f)
            return "(an odd name)";
    return "'" + std::string(s) + "'";
}

std::optional<Outcome> check_fields(const json::object& o, std::initializer_list<Field> fields,
                                    std::string_view what) {
    for (const auto& kv : o) {
        auto f = std::find_if(fields.begin(), fields.end(),
                              [&](const Field& f) { return f.name == kv.key(); });
        if (f == fields.end())
            return api_error(400, "unknown-field",
                             "unknown field " + quoted(kv.key()) + " in " + std::string(what));
        // A null optional field means "not given" (a required one must be there for real).
        if (kv.value().is_null() && !f->required) continue;
        if (!of_kind(kv.value(), f->kind))
            return api_error(
                400, "bad-request",
                "\"" + std::string(f->name) + "\" must be " + std::string(kind_name(f->kind)));
        if (has_control_character(kv.value()))
            return api_error(400, "bad-request",
                             "\"" + std::string(f->name) + "\" holds a control character");
    }
    for (const auto& f : fields)
        if (f.required && !o.contains(f.name))
            return api_error(400, "bad-request",
                             std::string(what) + " needs \"" + std::string(f.name) + "\"");
    return std::nullopt;
}

std::optional<Outcome> check_action(const json::value& action) {
    const json::value* type = action.is_object() ? action.as_object().if_contains("type") : nullptr;
    if (!type || !type->is_string())
        return api_error(400, "bad-request",
                         "an action is a JSON object with a \"type\", such as "
                         "{\"type\":\"move\",\"move\":\"e2e4\"}");
    auto shape = std::find_if(Actions.begin(), Actions.end(),
                              [&](const ActionShape& a) { return a.type == type->as_string(); });
    if (shape == Actions.end())
        return api_error(400, "unknown-action", "unknown action type " + quoted(type->as_string()));
    return check_fields(action.as_object(), shape->fields,
                        "a " + std::string(shape->type) + " action");
}

std::variant<CreateRequest, Outcome> parse_create(const json::value& body,
                                                  bool chosenAgainstPeople) {
    if (!body.is_object()) return api_error(400, "bad-request", "the body must be a JSON object");
    const auto& req = body.as_object();
    if (auto e = check_fields(req,
                              {{"variant", Kind::String, true},
                               {"clock", Kind::Object},
                               {"color", Kind::String},
                               {"opponent", Kind::String},
                               {"level", Kind::Integer},
                               {"options", Kind::Object},
                               {"public", Kind::Bool},
                               {"assist", Kind::Bool},
                               {"rated", Kind::Bool}},
                              "a new game"))
        return *e;
    CreateRequest r;
    r.variant = req.at("variant").as_string();
    auto names = referee::variant_names();
    if (std::find(names.begin(), names.end(), r.variant) == names.end())
        return api_error(400, "unknown-variant", "unknown variant " + quoted(r.variant));

    r.clock = nullptr;
    if (auto c = req.if_contains("clock"); c && !c->is_null()) {
        if (auto e =
                check_fields(c->as_object(),
                             {{"initial", Kind::Any, true}, {"increment", Kind::Any}}, "\"clock\""))
            return *e;
        auto i = integer(c->as_object().at("initial"));
        auto inc = c->as_object().contains("increment") ? integer(c->as_object().at("increment"))
                                                        : std::optional<std::int64_t>(0);
        if (!i || *i < 1 || *i > 86400)
            return api_error(400, "bad-clock",
                             "clock.initial must be whole seconds from 1 to 86400");
        if (!inc || *inc < 0 || *inc > 3600)
            return api_error(400, "bad-clock",
                             "clock.increment must be whole seconds from 0 to 3600");
        r.clock = json::object{{"initial", *i}, {"increment", *inc}};
    }
    if (auto c = req.if_contains("color"); c && !c->is_null()) {
        r.color = c->as_string();
        if (r.color != "white" && r.color != "black" && r.color != "random")
            return api_error(400, "bad-request",
                             "\"color\" must be \"white\", \"black\" or \"random\"");
    }
    if (auto o = req.if_contains("opponent"); o && !o->is_null()) {
        r.opponent = o->as_string();
        if (r.opponent != "human" && r.opponent != "computer" && r.opponent != "local")
            return api_error(400, "bad-request",
                             "\"opponent\" must be \"human\", \"computer\" or \"local\"");
    }
    if (auto l = req.if_contains("level"); l && !l->is_null()) {
        auto level = integer(*l);
        if (!level || *level < 0 || *level > 20)
            return api_error(400, "bad-request", "\"level\" must be a whole number from 0 to 20");
        r.level = int(*level);
    }
    if (auto o = req.if_contains("options"); o && !o->is_null()) r.options = o->as_object();
    if (auto v = req.if_contains("public"); v && !v->is_null()) r.isPublic = v->get_bool();
    if (auto v = req.if_contains("assist"); v && !v->is_null()) r.assist = v->get_bool();
    if (auto v = req.if_contains("rated"); v && !v->is_null()) r.rated = v->get_bool();
    if (r.rated && r.opponent != "human")
        return api_error(400, "bad-request",
                         "only games between people are rated (not against the computer or on "
                         "one device)");

    // A Minesweeper position with its layout names every mine: whoever chose it knows them.
    if (r.variant == "minesweeper") {
        if (auto fen = r.options.if_contains("fen");
            fen && fen->is_string() && fen->as_string().find("layout:") != json::string::npos)
            r.chosenSecret = true;
    }
    if (r.chosenSecret && r.opponent == "human" && !chosenAgainstPeople)
        return api_error(400, "chosen-secret",
                         "a chosen mine layout is for local and computer games only: against "
                         "another player the referee draws the mines");
    if (r.rated && (r.chosenSecret || r.options.contains("fen")))
        return api_error(400, "bad-request", "a game from a set-up position is never rated");
    return r;
}

}  // namespace arbiter::server
