// Accounts: sign-up, log-in, sessions and personal API tokens (docs/players.md). Shared by
// every event loop, so it locks; each answer comes back on the loop that asked. Passwords are
// hashed on the computer pool (Argon2id costs tens of milliseconds), never on a loop.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "core/json.h"
#include "players/glicko2.h"
#include "server/player_store.h"
#include "server/requests.h"
#include "server/store.h"

namespace arbiter::server {

// Who a request is, beyond a seat token: an account, by its session cookie or an API token.
struct Identity {
    std::string name;  // the account's name; "" = nobody
    unsigned scopes = 0;
    bool byCookie = false;   // the browser's session (the Origin check applies)
    std::string secretHash;  // of the credential used (a logout removes it)
    bool known() const { return !name.empty(); }
    bool may(unsigned scope) const { return known() && (scopes & scope) == scope; }
};

// A seat token and an account together: what a request about a game carries.
struct Credentials {
    std::optional<std::string> token;
    Identity account;
    Credentials() = default;
    Credentials(std::nullopt_t) {}
    Credentials(std::optional<std::string> t) : token(std::move(t)) {}
    Credentials(std::string t) : token(std::move(t)) {}
    Credentials(const char* t) : token(t) {}
    Credentials(std::optional<std::string> t, Identity a)
        : token(std::move(t)), account(std::move(a)) {}
};

// The rating system every game uses (docs/players.md: τ 0.75).
const players::Glicko2& rating_system();

struct AccountLimits {
    double loginBurst = 10;  // attempts at once, per account and per address
    double loginPerSecond = 1.0 / 6;
    std::chrono::seconds sessionLife{30 * 24 * 3600};
    std::chrono::milliseconds cacheLife{5000};  // a revocation reaches other nodes within it
};

class Accounts {
  public:
    Accounts(Store& store, boost::asio::thread_pool& compute, AccountLimits limits = {});

    using Answer = std::function<void(Outcome)>;
    // The account of a session cookie or an API token (arb_…), or nobody.
    void authenticate(const std::string& secret, bool cookie, std::function<void(Identity)> done);

    // claim: the seats to put the new account's name on, checked by the lobby afterwards.
    void signup(const json::value& body, const std::string& address, Answer done);
    void login(const json::value& body, const std::string& address, Answer done);
    void logout(const Identity& who, Answer done);
    void me(const Identity& who, Answer done);
    void create_token(const Identity& who, const json::value& body, Answer done);
    void list_tokens(const Identity& who, Answer done);
    void revoke_token(const Identity& who, const std::string& id, Answer done);

    // Public profiles (docs/players.md, Profiles).
    void profile(const std::string& name, Answer done);
    // The rating a player brings to a game in a pool (a new one when none).
    void rating(const std::string& name, const std::string& pool,
                std::function<void(std::optional<players::Rating>)> done);

    // The Set-Cookie line of a new session, and of its removal.
    std::string session_cookie(const std::string& secret, bool secure) const;
    static std::string cleared_cookie(bool secure);
    static constexpr const char* CookieName = "arbiter_session";

  private:
    // A token bucket per key ("a:" address, "n:" name); false when empty.
    bool take_attempt(const std::string& key, int& retryAfter);
    void remember(const std::string& hash, const Identity& who);
    void forget(const std::string& hash);
    // A browser session for the account, from now for the session's life.
    player_store::Credential new_session(const std::string& name) const;
    // Runs work on the computer pool, then done on the calling loop.
    void off_loop(std::function<void()> work, std::function<void()> done);

    Store& store_;
    boost::asio::thread_pool& compute_;
    AccountLimits limits_;
    std::mutex mutex_;
    struct Bucket {
        double tokens;
        std::chrono::steady_clock::time_point at;
    };
    std::unordered_map<std::string, Bucket> attempts_;
    struct Cached {
        Identity who;
        std::chrono::steady_clock::time_point until;
    };
    std::unordered_map<std::string, Cached> cache_;
    std::string dummyHash_;  // an unknown name costs a login as much as a known one
};

// Checks a name (docs/players.md): an error message, or nothing.
std::optional<std::string> bad_name(std::string_view name);

}  // namespace arbiter::server
