// The routes of accounts and players (docs/players.md): /api/account… and /api/players/….
// Each request body is checked against its declared fields before anything runs.
#include <boost/asio/post.hpp>
#include <boost/beast/http.hpp>

#include <memory>

#include "server/player_store.h"
#include "server/room.h"
#include "server/session.h"

namespace arbiter::server {

namespace asio = boost::asio;
namespace http = boost::beast::http;
namespace ps = player_store;

namespace {

bool hex_id(std::string_view s, std::size_t maxLength) {
    if (s.empty() || s.size() > maxLength) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

// The session secret the account service put in a header becomes the cookie.
void set_cookie(Outcome& o, const Accounts& accounts, bool secure) {
    for (auto it = o.headers.begin(); it != o.headers.end(); ++it)
        if (it->first == "X-Arbiter-Session") {
            std::string secret = it->second;
            o.headers.erase(it);
            o.headers.emplace_back("Set-Cookie", accounts.session_cookie(secret, secure));
            return;
        }
}

// [{"game","token"}…], checked: an error, or nothing.
std::optional<Outcome> check_claims(const json::value& v) {
    if (!v.is_array() || v.as_array().size() > 500)
        return api_error(400, "bad-request", "\"claim\" is a list of at most 500 {game, token}");
    for (const auto& c : v.as_array()) {
        if (!c.is_object())
            return api_error(400, "bad-request", "each claim is {\"game\":…,\"token\":…}");
        if (auto e = check_fields(c.as_object(),
                                  {{"game", Kind::String, true}, {"token", Kind::String, true}},
                                  "a claim"))
            return e;
    }
    return std::nullopt;
}

// Claims each listed seat for the account on its game's loop; done gets the games claimed.
void run_claims(Loops& loops, const json::array& claims, const Identity& who,
                std::function<void(json::array)> done) {
    struct Tally {
        json::array claimed;
        std::size_t left;
        std::function<void(json::array)> done;
    };
    auto tally = std::make_shared<Tally>(Tally{{}, claims.size(), std::move(done)});
    if (claims.empty()) return tally->done({});
    for (const auto& c : claims) {
        std::string game(c.as_object().at("game").as_string());
        std::string token(c.as_object().at("token").as_string());
        Reply part = answer_here([tally, game](Outcome o) {
            if (o.status == 200 && o.body.is_object() && o.body.as_object().at("claimed").as_bool())
                tally->claimed.push_back(json::value(game));
            if (--tally->left == 0) tally->done(std::move(tally->claimed));
        });
        if (!hex_id(game, 32) || token.size() > 64) {
            part(api_error(404, "not-found", "no such game"));
            continue;
        }
        std::size_t k = loops.of_game(game);
        asio::post(loops.ioc(k), [&loops, k, game, token, who, part] {
            loops.lobby(k).claim(game, token, who, part);
        });
    }
}

std::optional<std::uint64_t> whole_number(const std::string& s) {
    if (s.empty() || s.size() > 18) return std::nullopt;
    std::uint64_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + std::uint64_t(c - '0');
    }
    return n;
}

void player_games(const PlayerRequest& pr, const std::string& name, const Reply& reply) {
    const Target& t = pr.target;
    std::string variant = t.param("variant").value_or("");
    std::string result = t.param("result").value_or("");
    if (!variant.empty() && variant != "chess" && variant != "chiefspy" && variant != "minesweeper")
        return reply(api_error(400, "bad-request", "variant is chess, chiefspy or minesweeper"));
    if (!result.empty() && result != "win" && result != "loss" && result != "draw")
        return reply(api_error(400, "bad-request", "result is win, loss or draw"));
    std::size_t limit = 50;
    if (auto l = t.param("limit")) {
        auto n = whole_number(*l);
        if (!n || *n < 1 || *n > 200)
            return reply(
                api_error(400, "bad-request", "limit must be a whole number from 1 to 200"));
        limit = std::size_t(*n);
    }
    std::int64_t beforeMs = 0;
    std::string beforeId;
    if (auto b = t.param("before")) {
        auto dash = b->find('-');
        auto ms = dash == std::string::npos ? std::nullopt : whole_number(b->substr(0, dash));
        if (!ms || !hex_id(b->substr(dash + 1), 32))
            return reply(api_error(400, "bad-request", "before must be a \"next\" cursor"));
        beforeMs = std::int64_t(*ms);
        beforeId = b->substr(dash + 1);
    }
    const Identity& who = pr.client.account;
    bool own = who.known() && ps::name_key(who.name) == ps::name_key(name) &&
               (who.byCookie || who.may(ps::Read));
    auto games = std::make_shared<std::vector<ps::PlayedGame>>();
    Lobby* lobby = &pr.loops.lobby(0);
    pr.ctx.store->submit(
        [=](Db& db) {
            *games = ps::games_of(db, name, variant, result, own, beforeMs, beforeId, limit + 1);
        },
        [games, lobby, limit, reply](bool ok) {
            if (!ok) return reply(storage_unavailable("the list"));
            json::array page;
            json::value next = nullptr;
            for (std::size_t i = 0; i < games->size() && i < limit; ++i) {
                const auto& p = (*games)[i];
                json::object g = lobby->stored_summary(p.game);
                g["seat"] = p.seat;
                g["outcome"] = p.outcome.empty() ? json::value(nullptr) : json::value(p.outcome);
                page.push_back(std::move(g));
            }
            if (games->size() > limit) {
                const auto& last = (*games)[limit - 1].game;
                next = std::to_string(last.createdMs) + "-" + last.id;
            }
            reply(Outcome{200, json::object{{"games", std::move(page)}, {"next", next}}, {}, {}});
        });
}

void player_export(const PlayerRequest& pr, const std::string& name, const Reply& reply) {
    std::string variant = pr.target.param("variant").value_or("chess");
    if (variant != "chess" && variant != "chiefspy" && variant != "minesweeper")
        return reply(api_error(400, "bad-request", "variant is chess, chiefspy or minesweeper"));
    auto records = std::make_shared<std::vector<std::string>>();
    auto exists = std::make_shared<bool>(false);
    pr.ctx.store->submit(
        [=](Db& db) {
            *exists = ps::find_account(db, name).has_value();
            if (*exists) *records = ps::records_of(db, name, variant);
        },
        [records, exists, name, variant, reply](bool ok) {
            if (!ok) return reply(storage_unavailable("the export"));
            if (!*exists) return reply(api_error(404, "not-found", "no such player"));
            std::string text;
            for (const auto& r : *records) {
                if (!text.empty()) text += "\n";
                text += r;
                if (!r.empty() && r.back() != '\n') text += "\n";
            }
            bool pgn = variant == "chess";
            Outcome o{200, nullptr, std::move(text),
                      pgn ? "application/x-chess-pgn; charset=utf-8" : "text/plain; charset=utf-8"};
            o.headers.emplace_back("Content-Disposition", "attachment; filename=\"" +
                                                              ps::name_key(name) + "-" + variant +
                                                              (pgn ? ".pgn\"" : ".txt\""));
            reply(std::move(o));
        });
}

}  // namespace

void player_route(const PlayerRequest& pr, const Reply& reply) {
    const HttpRequest& req = pr.req;
    const std::string& path = pr.target.path;
    Accounts& accounts = *pr.ctx.accounts;
    const Identity& who = pr.client.account;
    auto method = req.method();
    bool get = method == http::verb::get || method == http::verb::head;
    bool post = method == http::verb::post;
    auto wrong_method = [&] {
        reply(api_error(405, "method-not-allowed", "this route does not take that method"));
    };
    // The body, checked against its fields; nullopt after an error answer.
    auto body = [&](std::initializer_list<Field> fields,
                    std::string_view what) -> std::optional<json::value> {
        auto v = parse_json(req.body());
        if (!v) {
            reply(api_error(400, "bad-json", "the body is not valid JSON"));
            return std::nullopt;
        }
        if (!v->is_object()) {
            reply(api_error(400, "bad-request", "the body must be a JSON object"));
            return std::nullopt;
        }
        if (auto e = check_fields(v->as_object(), fields, what)) {
            reply(*e);
            return std::nullopt;
        }
        return v;
    };
    bool secure = pr.secure;

    if (path == "/api/account/signup") {
        if (!post) return wrong_method();
        auto v = body(
            {{"name", Kind::String, true}, {"password", Kind::String, true}, {"claim", Kind::Any}},
            "a sign-up");
        if (!v) return;
        json::array claims;
        if (auto c = v->as_object().if_contains("claim"); c && !c->is_null()) {
            if (auto e = check_claims(*c)) return reply(*e);
            claims = c->as_array();
        }
        Loops* loops = &pr.loops;
        return accounts.signup(
            *v, pr.client.address, [&accounts, loops, claims, secure, reply](Outcome o) {
                if (o.status != 201) return reply(std::move(o));
                set_cookie(o, accounts, secure);
                Identity made{std::string(o.body.as_object().at("name").as_string()), ps::AllScopes,
                              true, ""};
                run_claims(*loops, claims, made,
                           [o = std::move(o), reply](json::array claimed) mutable {
                               o.body.as_object()["claimed"] = std::move(claimed);
                               reply(std::move(o));
                           });
            });
    }
    if (path == "/api/account/login") {
        if (!post) return wrong_method();
        auto v = body({{"name", Kind::String, true}, {"password", Kind::String, true}}, "a log-in");
        if (!v) return;
        return accounts.login(*v, pr.client.address, [&accounts, secure, reply](Outcome o) {
            if (o.status == 200) set_cookie(o, accounts, secure);
            reply(std::move(o));
        });
    }
    if (path == "/api/account/logout") {
        if (!post) return wrong_method();
        return accounts.logout(who, [secure, reply](Outcome o) {
            o.headers.emplace_back("Set-Cookie", Accounts::cleared_cookie(secure));
            reply(std::move(o));
        });
    }
    if (path == "/api/account") {
        if (!get) return wrong_method();
        return accounts.me(who, reply);
    }
    if (path == "/api/account/claim") {
        if (!post) return wrong_method();
        auto v = body({{"games", Kind::Any, true}}, "a claim");
        if (!v) return;
        if (!who.may(ps::Play)) return reply(api_error(401, "not-logged-in", "log in first"));
        if (auto e = check_claims(v->as_object().at("games"))) return reply(*e);
        return run_claims(
            pr.loops, v->as_object().at("games").as_array(), who, [reply](json::array claimed) {
                reply(Outcome{200, json::object{{"claimed", std::move(claimed)}}, {}, {}});
            });
    }
    if (path == "/api/account/tokens") {
        if (get) return accounts.list_tokens(who, reply);
        if (!post) return wrong_method();
        auto v = body({{"label", Kind::String, true}, {"scopes", Kind::Any, true}}, "a token");
        if (!v) return;
        if (!v->as_object().at("scopes").is_array())
            return reply(api_error(400, "bad-request", "\"scopes\" is a list"));
        return accounts.create_token(who, *v, reply);
    }
    if (path.starts_with("/api/account/tokens/")) {
        if (method != http::verb::delete_) return wrong_method();
        std::string id = path.substr(20);
        if (!hex_id(id, 32)) return reply(api_error(404, "not-found", "no such token"));
        return accounts.revoke_token(who, id, reply);
    }
    if (path.starts_with("/api/players/")) {
        if (!get) return wrong_method();
        std::string_view rest = std::string_view(path).substr(13);
        auto slash = rest.find('/');
        std::string name(rest.substr(0, slash));
        std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
        if (name.size() > 20 || name.size() < 2)
            return reply(api_error(404, "not-found", "no such player"));
        if (sub.empty()) return accounts.profile(name, reply);
        if (sub == "games") return player_games(pr, name, reply);
        if (sub == "export") return player_export(pr, name, reply);
    }
    reply(api_error(404, "not-found", "no such route"));
}

}  // namespace arbiter::server
