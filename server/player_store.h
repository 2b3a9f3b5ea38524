// The players' tables: accounts, their sessions and API tokens, ratings and their history, the
// games each account played, the finished games' records, and chat lines. Every function runs
// inside a store job (the writer thread), on either backend, through Db::query.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "players/glicko2.h"
#include "server/store.h"

namespace arbiter::server::player_store {

// What a credential lets a program do (docs/players.md, "Personal API tokens").
enum Scope : unsigned { Play = 1, Chat = 2, Read = 4, AllScopes = 7 };
std::string scope_words(unsigned scopes);  // "play chat read"
unsigned parse_scopes(std::string_view words);

// A name's key: the same account whatever the case.
std::string name_key(std::string_view name);

struct Account {
    std::string name;  // as made (its case kept)
    std::int64_t createdMs = 0;
    std::string passwordHash;
};
// False when the name (in any case) is taken.
bool insert_account(Db& db, const std::string& name, const std::string& passwordHash,
                    std::int64_t nowMs);
std::optional<Account> find_account(Db& db, std::string_view name);

// A session (the browser's cookie) or a personal API token, by the hash of its secret.
struct Credential {
    std::string id;       // public: how a token is listed and revoked
    std::string account;  // the account's name
    std::string kind;     // "session" | "token"
    std::string label;
    unsigned scopes = 0;
    std::int64_t createdMs = 0, expiresMs = 0;  // 0: no expiry
};
void insert_credential(Db& db, const std::string& secretHash, const Credential& c);
std::optional<Credential> find_credential(Db& db, const std::string& secretHash,
                                          std::int64_t nowMs);
void delete_credential(Db& db, const std::string& secretHash);
// The hash of the token removed, if the account had one with this id.
std::optional<std::string> delete_token(Db& db, const std::string& account, const std::string& id);
std::vector<Credential> list_tokens(Db& db, const std::string& account);

struct PoolRating {
    players::Rating rating;
    std::int64_t games = 0;
};
std::map<std::string, PoolRating> ratings(Db& db, const std::string& account);
struct HistoryPoint {
    std::int64_t atMs = 0;
    double rating = 0;
    std::string game;
};
std::map<std::string, std::vector<HistoryPoint>> rating_history(Db& db, const std::string& account);

// The account's seat in a game (its profile lists it). listed: anyone may see it while it is
// on (a public game); a private game in progress is shown to the account alone.
// outcome: "" while the game is on ("win", "loss", "draw", "aborted" for a game claimed after
// its end).
void add_seat(Db& db, const std::string& account, const std::string& game, const std::string& seat,
              const std::string& variant, std::int64_t createdMs, bool listed,
              const std::string& outcome = "");

// A game ended: each named seat's outcome, the record kept for exports, and, when rated, both
// ratings updated from the result in this transaction. whiteScore: 1, 0.5 or 0; the accounts
// are "" for an anonymous seat. The record may hold "\x01W"/"\x01B" where the rating changes go.
struct GameEnd {
    std::string game, variant, pool;
    std::string white, black;  // account names, or ""
    bool rated = false, aborted = false;
    double whiteScore = 0.5;
    std::int64_t atMs = 0;
    std::string record;
};
struct RatingChange {
    double after[2] = {0, 0};  // white, black
    double diff[2] = {0, 0};
    bool provisional[2] = {false, false};
};
std::optional<RatingChange> end_game(Db& db, const GameEnd& end, const players::Glicko2& system);

struct PlayedGame {
    StoredGame game;  // without its tape
    std::string seat, outcome;
};
// Newest first, strictly before the cursor (beforeMs 0: from the newest). variant, outcome:
// "" for any; withPrivate: the account's own private games in progress too.
std::vector<PlayedGame> games_of(Db& db, const std::string& account, const std::string& variant,
                                 const std::string& outcome, bool withPrivate,
                                 std::int64_t beforeMs, const std::string& beforeId,
                                 std::size_t limit);
// The finished games' records, oldest first ("" variant: every variant).
std::vector<std::string> records_of(Db& db, const std::string& account, const std::string& variant);

}  // namespace arbiter::server::player_store
