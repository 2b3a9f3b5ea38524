#include "server/player_store.h"

#include <array>
#include <cmath>
#include <stdexcept>

namespace arbiter::server {

// SQL both SQLite and PostgreSQL take: TEXT, BIGINT and DOUBLE PRECISION columns only.
const char* const PlayersSchema = R"sql(
CREATE TABLE IF NOT EXISTS accounts(
  key TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  password TEXT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS credentials(
  hash TEXT PRIMARY KEY,
  id TEXT NOT NULL,
  account TEXT NOT NULL,
  kind TEXT NOT NULL,
  label TEXT NOT NULL,
  scopes BIGINT NOT NULL,
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS credentials_by_account ON credentials(account, kind, created_ms);
CREATE TABLE IF NOT EXISTS ratings(
  account TEXT NOT NULL,
  pool TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  games BIGINT NOT NULL,
  PRIMARY KEY(account, pool)
);
CREATE TABLE IF NOT EXISTS rating_history(
  account TEXT NOT NULL,
  pool TEXT NOT NULL,
  game TEXT NOT NULL,
  at_ms BIGINT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  PRIMARY KEY(account, pool, game)
);
CREATE TABLE IF NOT EXISTS seats(
  account TEXT NOT NULL,
  game TEXT NOT NULL,
  seat TEXT NOT NULL,
  variant TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  listed BIGINT NOT NULL,
  outcome TEXT,
  PRIMARY KEY(account, game, seat)
);
CREATE INDEX IF NOT EXISTS seats_newest ON seats(account, created_ms DESC, game DESC);
CREATE TABLE IF NOT EXISTS records(
  game TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  ended_ms BIGINT NOT NULL,
  record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chat(
  game TEXT NOT NULL,
  room TEXT NOT NULL,
  n BIGINT NOT NULL,
  seat TEXT,
  name TEXT,
  text TEXT NOT NULL,
  at_ms BIGINT NOT NULL,
  PRIMARY KEY(game, room, n)
);
)sql";

const std::string& SqlRows::text(std::size_t row, std::size_t col) const {
    static const std::string none;
    const auto& v = rows.at(row).at(col);
    return v ? *v : none;
}
std::int64_t SqlRows::number(std::size_t row, std::size_t col) const {
    const auto& v = rows.at(row).at(col);
    return v ? std::int64_t(std::stoll(*v)) : 0;
}
double SqlRows::real(std::size_t row, std::size_t col) const {
    const auto& v = rows.at(row).at(col);
    return v ? std::stod(*v) : 0;
}

namespace player_store {

std::string scope_words(unsigned scopes) {
    std::string out;
    for (auto [bit, word] : {std::pair{Play, "play"}, {Chat, "chat"}, {Read, "read"}})
        if (scopes & bit) out += (out.empty() ? "" : " ") + std::string(word);
    return out;
}

unsigned parse_scopes(std::string_view words) {
    unsigned out = 0;
    while (!words.empty()) {
        auto space = words.find(' ');
        auto w = words.substr(0, space);
        if (w == "play") out |= Play;
        if (w == "chat") out |= Chat;
        if (w == "read") out |= Read;
        if (space == std::string_view::npos) break;
        words.remove_prefix(space + 1);
    }
    return out;
}

std::string name_key(std::string_view name) {
    std::string key(name);
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return key;
}

bool insert_account(Db& db, const std::string& name, const std::string& passwordHash,
                    std::int64_t nowMs) {
    auto r = db.query(
        "INSERT INTO accounts(key,name,password,created_ms) VALUES($1,$2,$3,$4) "
        "ON CONFLICT(key) DO NOTHING",
        {name_key(name), name, passwordHash, nowMs});
    return r.changed == 1;
}

std::optional<Account> find_account(Db& db, std::string_view name) {
    auto r =
        db.query("SELECT name,created_ms,password FROM accounts WHERE key=$1", {name_key(name)});
    if (r.empty()) return std::nullopt;
    return Account{r.text(0, 0), r.number(0, 1), r.text(0, 2)};
}

void insert_credential(Db& db, const std::string& secretHash, const Credential& c) {
    db.query(
        "INSERT INTO credentials(hash,id,account,kind,label,scopes,created_ms,expires_ms) "
        "VALUES($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT(hash) DO NOTHING",
        {secretHash, c.id, name_key(c.account), c.kind, c.label, std::int64_t(c.scopes),
         c.createdMs, c.expiresMs});
}

std::optional<Credential> find_credential(Db& db, const std::string& secretHash,
                                          std::int64_t nowMs) {
    auto r = db.query(
        "SELECT c.id,a.name,c.kind,c.label,c.scopes,c.created_ms,c.expires_ms FROM credentials c "
        "JOIN accounts a ON a.key = c.account WHERE c.hash=$1 AND (c.expires_ms = 0 OR "
        "c.expires_ms > $2)",
        {secretHash, nowMs});
    if (r.empty()) return std::nullopt;
    return Credential{
        r.text(0, 0),   r.text(0, 1),  r.text(0, 2), r.text(0, 3), unsigned(r.number(0, 4)),
        r.number(0, 5), r.number(0, 6)};
}

void delete_credential(Db& db, const std::string& secretHash) {
    db.query("DELETE FROM credentials WHERE hash=$1", {secretHash});
}

std::optional<std::string> delete_token(Db& db, const std::string& account, const std::string& id) {
    auto r = db.query("SELECT hash FROM credentials WHERE account=$1 AND id=$2 AND kind='token'",
                      {name_key(account), id});
    if (r.empty()) return std::nullopt;
    std::string hash = r.text(0, 0);
    db.query("DELETE FROM credentials WHERE hash=$1", {hash});
    return hash;
}

std::vector<Credential> list_tokens(Db& db, const std::string& account) {
    auto r = db.query(
        "SELECT id,label,scopes,created_ms FROM credentials WHERE account=$1 AND kind='token' "
        "ORDER BY created_ms",
        {name_key(account)});
    std::vector<Credential> out;
    for (std::size_t i = 0; i < r.size(); ++i)
        out.push_back({r.text(i, 0), account, "token", r.text(i, 1), unsigned(r.number(i, 2)),
                       r.number(i, 3), 0});
    return out;
}

std::map<std::string, PoolRating> ratings(Db& db, const std::string& account) {
    auto r = db.query("SELECT pool,rating,deviation,volatility,games FROM ratings WHERE account=$1",
                      {name_key(account)});
    std::map<std::string, PoolRating> out;
    for (std::size_t i = 0; i < r.size(); ++i)
        out[r.text(i, 0)] = {{r.real(i, 1), r.real(i, 2), r.real(i, 3)}, r.number(i, 4)};
    return out;
}

std::map<std::string, std::vector<HistoryPoint>> rating_history(Db& db,
                                                                const std::string& account) {
    auto r = db.query(
        "SELECT pool,at_ms,rating,game FROM rating_history WHERE account=$1 ORDER BY at_ms, game",
        {name_key(account)});
    std::map<std::string, std::vector<HistoryPoint>> out;
    for (std::size_t i = 0; i < r.size(); ++i)
        out[r.text(i, 0)].push_back({r.number(i, 1), r.real(i, 2), r.text(i, 3)});
    return out;
}

void add_seat(Db& db, const std::string& account, const std::string& game, const std::string& seat,
              const std::string& variant, std::int64_t createdMs, bool listed,
              const std::string& outcome) {
    db.query(
        "INSERT INTO seats(account,game,seat,variant,created_ms,listed,outcome) "
        "VALUES($1,$2,$3,$4,$5,$6,$7) ON CONFLICT(account,game,seat) DO NOTHING",
        {name_key(account), game, seat, variant, createdMs, std::int64_t(listed),
         outcome.empty() ? SqlValue() : SqlValue(outcome)});
}

namespace {

// A rating read for its update, its row made first if new (1500, 350, 0.06, no games). On
// PostgreSQL the row is then locked until COMMIT: two games of one player ending at once on
// two nodes are rated one after the other, the second from the first's result (a new player
// included: the second insert waits for the first). SQLite has one writer at a time anyway.
PoolRating locked_rating(Db& db, const std::string& account, const std::string& pool) {
    players::Rating fresh;
    db.query(
        "INSERT INTO ratings(account,pool,rating,deviation,volatility,games) "
        "VALUES($1,$2,$3,$4,$5,0) ON CONFLICT(account,pool) DO NOTHING",
        {name_key(account), pool, fresh.rating, fresh.deviation, fresh.volatility});
    std::string sql =
        "SELECT rating,deviation,volatility,games FROM ratings WHERE account=$1 AND pool=$2";
    if (db.postgres()) sql += " FOR UPDATE";
    auto r = db.query(sql, {name_key(account), pool});
    return {{r.real(0, 0), r.real(0, 1), r.real(0, 2)}, r.number(0, 3)};
}

std::string signed_diff(double d) {
    long n = std::lround(d);
    return (n >= 0 ? "+" : "") + std::to_string(n);
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
    for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

}  // namespace

std::optional<RatingChange> end_game(Db& db, const GameEnd& end, const players::Glicko2& system) {
    const std::string* account[2] = {&end.white, &end.black};
    const char* seat[2] = {"white", "black"};
    for (int s = 0; s < 2; ++s) {
        if (account[s]->empty()) continue;
        double score = s == 0 ? end.whiteScore : 1 - end.whiteScore;
        const char* outcome = end.aborted  ? "aborted"
                              : score == 1 ? "win"
                              : score == 0 ? "loss"
                                           : "draw";
        db.query("UPDATE seats SET outcome=$1 WHERE account=$2 AND game=$3 AND seat=$4",
                 {std::string(outcome), name_key(*account[s]), end.game, std::string(seat[s])});
    }
    std::optional<RatingChange> change;
    std::string record = end.record;
    if (end.rated && !end.aborted && !end.white.empty() && !end.black.empty()) {
        // Locked in one order (by name) whatever the colours: two games between the same
        // players ending at once cannot each hold one row and wait for the other's.
        PoolRating before[2];
        bool whiteFirst = name_key(end.white) <= name_key(end.black);
        for (int k = 0; k < 2; ++k) {
            int seatIndex = whiteFirst ? k : 1 - k;
            before[seatIndex] = locked_rating(db, *account[seatIndex], end.pool);
        }
        change.emplace();
        for (int s = 0; s < 2; ++s) {
            double score = s == 0 ? end.whiteScore : 1 - end.whiteScore;
            players::GameScore game{before[1 - s].rating, score};
            players::Rating after = system.update(before[s].rating, std::span(&game, 1));
            change->after[s] = after.rating;
            change->diff[s] = after.rating - before[s].rating.rating;
            change->provisional[s] = players::provisional(after);
            db.query(
                "UPDATE ratings SET rating=$3, deviation=$4, volatility=$5, games=games+1 "
                "WHERE account=$1 AND pool=$2",
                {name_key(*account[s]), end.pool, after.rating, after.deviation, after.volatility});
            db.query(
                "INSERT INTO rating_history(account,pool,game,at_ms,rating) VALUES($1,$2,$3,$4,$5) "
                "ON CONFLICT(account,pool,game) DO NOTHING",
                {name_key(*account[s]), end.pool, end.game, end.atMs, after.rating});
        }
        replace_all(record, "\x01W", signed_diff(change->diff[0]));
        replace_all(record, "\x01B", signed_diff(change->diff[1]));
    }
    if (!end.aborted && !record.empty())
        db.query(
            "INSERT INTO records(game,variant,ended_ms,record) VALUES($1,$2,$3,$4) "
            "ON CONFLICT(game) DO UPDATE SET record=excluded.record, ended_ms=excluded.ended_ms",
            {end.game, end.variant, end.atMs, record});
    return change;
}

std::vector<PlayedGame> games_of(Db& db, const std::string& account, const std::string& variant,
                                 const std::string& outcome, bool withPrivate,
                                 std::int64_t beforeMs, const std::string& beforeId,
                                 std::size_t limit) {
    auto r = db.query(
        "SELECT g.id,g.variant,g.options,g.opponent,g.level,g.computer_seat,g.status,g.result,"
        "g.created_ms,g.rematch_of,g.rematch,s.seat,s.outcome FROM seats s JOIN games g ON g.id = "
        "s.game WHERE s.account=$1 AND ($2 = '' OR s.variant = $2) AND ($3 = '' OR s.outcome = $3) "
        "AND ($4 = 1 OR s.listed = 1 OR g.status IN ('finished','aborted')) AND ($5 = 0 OR "
        "s.created_ms < $5 OR (s.created_ms = $5 AND s.game < $6)) "
        "ORDER BY s.created_ms DESC, s.game DESC LIMIT $7",
        {name_key(account), variant, outcome, std::int64_t(withPrivate), beforeMs, beforeId,
         std::int64_t(limit)});
    std::vector<PlayedGame> out;
    for (std::size_t i = 0; i < r.size(); ++i) {
        PlayedGame p;
        StoredGame& g = p.game;
        g.id = r.text(i, 0);
        g.variant = r.text(i, 1);
        g.options = r.text(i, 2);
        g.opponent = r.text(i, 3);
        g.level = int(r.number(i, 4));
        g.computerSeat = r.text(i, 5);
        g.status = r.text(i, 6);
        g.result = r.text(i, 7);
        g.createdMs = r.number(i, 8);
        g.rematchOf = r.text(i, 9);
        g.rematch = r.text(i, 10);
        p.seat = r.text(i, 11);
        p.outcome = r.text(i, 12);
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<std::string> records_of(Db& db, const std::string& account,
                                    const std::string& variant) {
    auto r = db.query(
        "SELECT DISTINCT r.game, r.ended_ms, r.record FROM seats s JOIN records r ON r.game = "
        "s.game WHERE s.account=$1 AND ($2 = '' OR r.variant = $2) ORDER BY r.ended_ms, r.game",
        {name_key(account), variant});
    std::vector<std::string> out;
    for (std::size_t i = 0; i < r.size(); ++i) out.push_back(r.text(i, 2));
    return out;
}

}  // namespace player_store
}  // namespace arbiter::server
