#include "server/accounts.h"

#include <boost/asio/post.hpp>

#include <cmath>
#include <memory>

#include "players/passwords.h"
#include "server/log.h"
#include "server/loops.h"
#include "server/player_store.h"
#include "server/tokens.h"

namespace arbiter::server {

namespace asio = boost::asio;
namespace ps = player_store;

namespace {

std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string hex_hash(std::string_view secret) {
    static const char* digits = "0123456789abcdef";
    TokenHash h = hash_token(secret);
    std::string out;
    for (unsigned char c : h) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out;
}

bool hex_of_length(std::string_view s, std::size_t n) {
    if (s.size() != n) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

constexpr const char* TokenPrefix = "arb_";

Outcome bad_login() { return api_error(401, "bad-login", "wrong name or password"); }
Outcome not_logged_in() { return api_error(401, "not-logged-in", "log in first"); }

json::object rating_json(const players::Rating& r, std::int64_t games) {
    return json::object{{"rating", std::lround(r.rating)},
                        {"rd", std::lround(r.deviation)},
                        {"provisional", players::provisional(r)},
                        {"games", games}};
}

json::object ratings_json(const std::map<std::string, ps::PoolRating>& ratings) {
    json::object out;
    for (const auto& [pool, r] : ratings) out[pool] = rating_json(r.rating, r.games);
    return out;
}

}  // namespace

const players::Glicko2& rating_system() {
    static const players::Glicko2 system(0.75);
    return system;
}

std::optional<std::string> bad_name(std::string_view name) {
    if (name.size() < 2 || name.size() > 20) return "a name has 2 to 20 characters";
    auto alnum = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    };
    if (!alnum(name[0])) return "a name starts with a letter or a digit";
    for (char c : name)
        if (!alnum(c) && c != '_' && c != '-') return "a name holds only letters, digits, _ and -";
    std::string key = ps::name_key(name);
    if (key == "anonymous" || key.starts_with("arbiter")) return "this name is reserved";
    return std::nullopt;
}

Accounts::Accounts(Store& store, asio::thread_pool& compute, AccountLimits limits)
    : store_(store), compute_(compute), limits_(limits) {
    dummyHash_ = players::hash_password("not a password of anyone").value_or("");
}

void Accounts::off_loop(std::function<void()> work, std::function<void()> done) {
    asio::io_context* home = current_loop();
    asio::post(compute_, [home, work = std::move(work), done = std::move(done)]() mutable {
        work();
        if (home)
            asio::post(*home, std::move(done));
        else
            done();
    });
}

bool Accounts::take_attempt(const std::string& key, int& retryAfter) {
    std::lock_guard lock(mutex_);
    auto now = std::chrono::steady_clock::now();
    if (attempts_.size() > 100000) {
        // Memory stays bounded under a flood, without forgiving anyone: only buckets that
        // have refilled by now are dropped (a new one starts full too).
        std::erase_if(attempts_, [&](const auto& kv) {
            const Bucket& b = kv.second;
            return b.tokens +
                       limits_.loginPerSecond * std::chrono::duration<double>(now - b.at).count() >=
                   limits_.loginBurst;
        });
    }
    auto [it, fresh] = attempts_.try_emplace(key, Bucket{limits_.loginBurst, now});
    Bucket& b = it->second;
    b.tokens = std::min(
        limits_.loginBurst,
        b.tokens + limits_.loginPerSecond * std::chrono::duration<double>(now - b.at).count());
    b.at = now;
    if (b.tokens < 1) {
        retryAfter = int(std::ceil((1 - b.tokens) / limits_.loginPerSecond));
        return false;
    }
    b.tokens -= 1;
    return true;
}

void Accounts::remember(const std::string& hash, const Identity& who) {
    std::lock_guard lock(mutex_);
    if (cache_.size() > 100000) cache_.clear();
    cache_[hash] = {who, std::chrono::steady_clock::now() + limits_.cacheLife};
}

void Accounts::forget(const std::string& hash) {
    std::lock_guard lock(mutex_);
    cache_.erase(hash);
}

std::string Accounts::session_cookie(const std::string& secret, bool secure) const {
    return std::string(CookieName) + "=" + secret + "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" +
           std::to_string(limits_.sessionLife.count()) + (secure ? "; Secure" : "");
}

std::string Accounts::cleared_cookie(bool secure) {
    return std::string(CookieName) + "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" +
           (secure ? "; Secure" : "");
}

void Accounts::authenticate(const std::string& secret, bool cookie,
                            std::function<void(Identity)> done) {
    bool shaped = cookie ? hex_of_length(secret, 32)
                         : secret.starts_with(TokenPrefix) && hex_of_length(secret.substr(4), 32);
    if (!shaped) return done({});
    std::string hash = hex_hash(secret);
    std::optional<Identity> cached;
    {
        std::lock_guard lock(mutex_);
        auto it = cache_.find(hash);
        if (it != cache_.end() && it->second.until > std::chrono::steady_clock::now())
            cached = it->second.who;
    }
    if (cached) return done(std::move(*cached));  // not under the lock: done may come back
    auto found = std::make_shared<std::optional<ps::Credential>>();
    store_.submit([hash, found](Db& db) { *found = ps::find_credential(db, hash, wall_ms()); },
                  [this, hash, found, cookie, done = std::move(done)](bool ok) {
                      Identity who;
                      // A session works only as the cookie, a token only as a Bearer token.
                      if (ok && *found && ((*found)->kind == "session") == cookie) {
                          who.name = (*found)->account;
                          who.scopes = cookie ? ps::AllScopes : (*found)->scopes;
                          who.byCookie = cookie;
                          who.secretHash = hash;
                      }
                      if (ok) remember(hash, who);
                      done(who);
                  });
}

player_store::Credential Accounts::new_session(const std::string& name) const {
    std::int64_t now = wall_ms();
    return {new_token().substr(0, 12),
            name,
            "session",
            "browser",
            ps::AllScopes,
            now,
            now + std::int64_t(limits_.sessionLife.count()) * 1000};
}

void Accounts::signup(const json::value& body, const std::string& address, Answer done) {
    const auto& o = body.as_object();
    std::string name(o.at("name").as_string()), password(o.at("password").as_string());
    if (auto e = bad_name(name)) return done(api_error(400, "bad-name", *e));
    if (password.size() < 8 || password.size() > players::MaxPasswordBytes)
        return done(api_error(400, "bad-password", "a password has 8 bytes to 1 KiB"));
    int retry = 0;
    if (!take_attempt("a:" + address, retry))
        return done(retry_error(429, "rate-limited", "too many attempts; wait a little", retry));
    auto hash = std::make_shared<std::optional<std::string>>();
    off_loop([hash, password] { *hash = players::hash_password(password); },
             [this, hash, name, done = std::move(done)] {
                 if (!*hash)
                     return done(api_error(503, "busy", "the password could not be hashed now"));
                 std::string secret = new_token();
                 auto taken = std::make_shared<bool>(false);
                 ps::Credential session = new_session(name);
                 store_.submit(
                     [name, pw = **hash, taken, session, h = hex_hash(secret)](Db& db) {
                         *taken = !ps::insert_account(db, name, pw, session.createdMs);
                         if (!*taken) ps::insert_credential(db, h, session);
                     },
                     [name, secret, taken, done](bool ok) {
                         if (!ok) return done(storage_unavailable("the account"));
                         if (*taken)
                             return done(api_error(409, "name-taken", "this name is taken"));
                         log(LogLevel::Info, "account created", {});
                         Outcome o{201, json::object{{"name", name}}, {}, {}};
                         o.headers.emplace_back("X-Arbiter-Session", secret);
                         done(std::move(o));
                     });
             });
}

void Accounts::login(const json::value& body, const std::string& address, Answer done) {
    const auto& o = body.as_object();
    std::string name(o.at("name").as_string()), password(o.at("password").as_string());
    if (name.size() > 64 || password.size() > players::MaxPasswordBytes) return done(bad_login());
    int retryA = 0, retryN = 0;
    bool byAddress = take_attempt("a:" + address, retryA);
    bool byName = take_attempt("n:" + ps::name_key(name), retryN);
    if (!byAddress || !byName)
        return done(retry_error(429, "rate-limited", "too many log-in attempts; wait a little",
                                std::max(retryA, retryN)));
    auto account = std::make_shared<std::optional<ps::Account>>();
    store_.submit([account, name](Db& db) { *account = ps::find_account(db, name); },
                  [this, account, password, done = std::move(done)](bool ok) {
                      if (!ok) return done(storage_unavailable("the log-in"));
                      auto good = std::make_shared<bool>(false);
                      std::string stored = *account ? (*account)->passwordHash : dummyHash_;
                      off_loop(
                          [good, stored, password, real = account->has_value()] {
                              bool match = players::verify_password(stored, password);
                              *good = real && match;
                          },
                          [this, good, account, done] {
                              if (!*good) return done(bad_login());
                              std::string name = (*account)->name, secret = new_token();
                              ps::Credential session = new_session(name);
                              store_.submit(
                                  [session, h = hex_hash(secret)](Db& db) {
                                      ps::insert_credential(db, h, session);
                                  },
                                  [name, secret, done](bool ok) {
                                      if (!ok) return done(storage_unavailable("the log-in"));
                                      Outcome o{200, json::object{{"name", name}}, {}, {}};
                                      o.headers.emplace_back("X-Arbiter-Session", secret);
                                      done(std::move(o));
                                  });
                          });
                  });
}

void Accounts::logout(const Identity& who, Answer done) {
    if (!who.known() || !who.byCookie) return done(not_logged_in());
    forget(who.secretHash);
    store_.submit([h = who.secretHash](Db& db) { ps::delete_credential(db, h); },
                  [this, h = who.secretHash, done = std::move(done)](bool ok) {
                      forget(h);
                      if (!ok) return done(storage_unavailable("the log-out"));
                      done(Outcome{200, json::object{}, {}, {}});
                  });
}

void Accounts::me(const Identity& who, Answer done) {
    if (!who.known()) return done(not_logged_in());
    if (!who.byCookie && !who.may(ps::Read))
        return done(api_error(403, "missing-scope", "this token lacks the read scope"));
    auto account = std::make_shared<std::optional<ps::Account>>();
    auto ratings = std::make_shared<std::map<std::string, ps::PoolRating>>();
    store_.submit(
        [account, ratings, name = who.name](Db& db) {
            *account = ps::find_account(db, name);
            *ratings = ps::ratings(db, name);
        },
        [account, ratings, who, done = std::move(done)](bool ok) {
            if (!ok) return done(storage_unavailable("the account"));
            if (!*account) return done(not_logged_in());
            done(Outcome{200,
                         json::object{{"name", (*account)->name},
                                      {"createdAt", (*account)->createdMs},
                                      {"scopes", ps::scope_words(who.scopes)},
                                      {"ratings", ratings_json(*ratings)}},
                         {},
                         {}});
        });
}

void Accounts::create_token(const Identity& who, const json::value& body, Answer done) {
    if (!who.known()) return done(not_logged_in());
    if (!who.byCookie)
        return done(api_error(403, "session-required", "only a logged-in browser makes tokens"));
    const auto& o = body.as_object();
    std::string label(o.at("label").as_string());
    if (label.empty() || label.size() > 60)
        return done(api_error(400, "bad-request", "a label has 1 to 60 characters"));
    unsigned scopes = 0;
    for (const auto& s : o.at("scopes").as_array()) {
        unsigned bit = s.is_string() ? ps::parse_scopes(s.as_string()) : 0;
        if (bit == 0 || !s.is_string() || s.as_string().find(' ') != json::string::npos)
            return done(
                api_error(400, "bad-request", "scopes are \"play\", \"chat\" and \"read\""));
        scopes |= bit;
    }
    if (!scopes) return done(api_error(400, "bad-request", "a token needs at least one scope"));
    std::string secret = TokenPrefix + new_token();
    ps::Credential c{new_token().substr(0, 12), who.name, "token", label, scopes, wall_ms(), 0};
    store_.submit([c, h = hex_hash(secret)](Db& db) { ps::insert_credential(db, h, c); },
                  [c, secret, done = std::move(done)](bool ok) {
                      if (!ok) return done(storage_unavailable("the token"));
                      done(Outcome{201,
                                   json::object{{"id", c.id},
                                                {"token", secret},
                                                {"label", c.label},
                                                {"scopes", ps::scope_words(c.scopes)},
                                                {"createdAt", c.createdMs}},
                                   {},
                                   {}});
                  });
}

void Accounts::list_tokens(const Identity& who, Answer done) {
    if (!who.known()) return done(not_logged_in());
    if (!who.byCookie)
        return done(api_error(403, "session-required", "only a logged-in browser lists tokens"));
    auto tokens = std::make_shared<std::vector<ps::Credential>>();
    store_.submit([tokens, name = who.name](Db& db) { *tokens = ps::list_tokens(db, name); },
                  [tokens, done = std::move(done)](bool ok) {
                      if (!ok) return done(storage_unavailable("the tokens"));
                      json::array list;
                      for (const auto& t : *tokens)
                          list.push_back(json::object{{"id", t.id},
                                                      {"label", t.label},
                                                      {"scopes", ps::scope_words(t.scopes)},
                                                      {"createdAt", t.createdMs}});
                      done(Outcome{200, json::object{{"tokens", std::move(list)}}, {}, {}});
                  });
}

void Accounts::revoke_token(const Identity& who, const std::string& id, Answer done) {
    if (!who.known()) return done(not_logged_in());
    if (!who.byCookie)
        return done(api_error(403, "session-required", "only a logged-in browser revokes tokens"));
    auto removed = std::make_shared<std::optional<std::string>>();
    store_.submit(
        [removed, name = who.name, id](Db& db) { *removed = ps::delete_token(db, name, id); },
        [this, removed, done = std::move(done)](bool ok) {
            if (!ok) return done(storage_unavailable("the revocation"));
            if (!*removed) return done(api_error(404, "not-found", "no such token"));
            forget(**removed);
            done(Outcome{200, json::object{}, {}, {}});
        });
}

void Accounts::profile(const std::string& name, Answer done) {
    if (bad_name(name) && name.size() > 20)
        return done(api_error(404, "not-found", "no such player"));
    auto account = std::make_shared<std::optional<ps::Account>>();
    auto ratings = std::make_shared<std::map<std::string, ps::PoolRating>>();
    auto history = std::make_shared<std::map<std::string, std::vector<ps::HistoryPoint>>>();
    store_.submit(
        [=](Db& db) {
            *account = ps::find_account(db, name);
            if (!*account) return;
            *ratings = ps::ratings(db, name);
            *history = ps::rating_history(db, name);
        },
        [account, ratings, history, done = std::move(done)](bool ok) {
            if (!ok) return done(storage_unavailable("the profile"));
            if (!*account) return done(api_error(404, "not-found", "no such player"));
            json::object h;
            for (const auto& [pool, points] : *history) {
                json::array list;
                for (const auto& p : points)
                    list.push_back(json::object{
                        {"at", p.atMs}, {"rating", std::lround(p.rating)}, {"game", p.game}});
                h[pool] = std::move(list);
            }
            done(Outcome{200,
                         json::object{{"name", (*account)->name},
                                      {"createdAt", (*account)->createdMs},
                                      {"ratings", ratings_json(*ratings)},
                                      {"history", std::move(h)}},
                         {},
                         {}});
        });
}

void Accounts::rating(const std::string& name, const std::string& pool,
                      std::function<void(std::optional<players::Rating>)> done) {
    auto ratings = std::make_shared<std::map<std::string, ps::PoolRating>>();
    store_.submit([ratings, name](Db& db) { *ratings = ps::ratings(db, name); },
                  [ratings, pool, done = std::move(done)](bool ok) {
                      if (!ok) return done(std::nullopt);
                      auto it = ratings->find(pool);
                      done(it == ratings->end() ? players::Rating{} : it->second.rating);
                  });
}

}  // namespace arbiter::server
