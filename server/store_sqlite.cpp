// The SQLite backend: one file in WAL mode, statements prepared once.
#include <sqlite3.h>

#include "server/store.h"

#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

namespace arbiter::server {
namespace {

void bind_text(sqlite3_stmt* st, int i, const std::string& s) {
    sqlite3_bind_text(st, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
}
void bind_text_or_null(sqlite3_stmt* st, int i, const std::string& s) {
    if (s.empty())
        sqlite3_bind_null(st, i);
    else
        bind_text(st, i, s);
}
void bind_hash(sqlite3_stmt* st, int i, const std::optional<TokenHash>& h) {
    if (h)
        sqlite3_bind_blob(st, i, h->data(), int(h->size()), SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}
std::string column_text(sqlite3_stmt* st, int i) {
    auto p = sqlite3_column_text(st, i);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           std::size_t(sqlite3_column_bytes(st, i)))
             : std::string();
}
std::optional<TokenHash> column_hash(sqlite3_stmt* st, int i) {
    if (sqlite3_column_type(st, i) != SQLITE_BLOB || sqlite3_column_bytes(st, i) != 32)
        return std::nullopt;
    TokenHash h;
    std::memcpy(h.data(), sqlite3_column_blob(st, i), 32);
    return h;
}
std::vector<std::uint8_t> column_blob(sqlite3_stmt* st, int i) {
    auto p = static_cast<const std::uint8_t*>(sqlite3_column_blob(st, i));
    int n = sqlite3_column_bytes(st, i);
    return p ? std::vector<std::uint8_t>(p, p + n) : std::vector<std::uint8_t>();
}

constexpr const char* Schema = R"sql(
CREATE TABLE IF NOT EXISTS games(
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  options TEXT NOT NULL,
  opponent TEXT NOT NULL,
  level INTEGER NOT NULL,
  computer_seat TEXT,
  white_token BLOB,
  black_token BLOB,
  invite BLOB,
  status TEXT NOT NULL,
  result TEXT,
  created_ms INTEGER NOT NULL,
  rematch_of TEXT,
  rematch TEXT,
  tape BLOB NOT NULL DEFAULT x''
);
CREATE TABLE IF NOT EXISTS actions(
  game_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  seat TEXT NOT NULL,
  action TEXT NOT NULL,
  ts_ms INTEGER NOT NULL,
  PRIMARY KEY(game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS server_state(
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

class SqliteDb final : public Db {
  public:
    SqliteDb(const std::string& path, bool fullSync, const std::string& vfs);
    ~SqliteDb() override;
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    void begin() override;
    void commit() override;
    void rollback() override;
    std::uint64_t rows_written() const override;
    void savepoint() override;
    void release() override;
    void rollback_to_savepoint() override;
    void check_writable(std::int64_t nowMs) override;
    void mark_alive(std::int64_t nowMs) override;
    std::optional<std::int64_t> last_alive() override;
    void insert_game(const StoredGame& g) override;
    void update_seats(const std::string& id, const std::optional<TokenHash>& white,
                      const std::optional<TokenHash>& black,
                      const std::optional<TokenHash>& invite) override;
    void update_status(const std::string& id, const std::string& status,
                       const std::string& result) override;
    void set_rematch(const std::string& id, const std::string& rematch) override;
    void update_options(const std::string& id, const std::string& options) override;
    void append_tape(const std::string& id, const std::vector<std::uint8_t>& bytes) override;
    void append_action(const std::string& id, const StoredAction& a) override;
    std::vector<StoredGame> load_games() override;
    std::optional<StoredGame> load_game(const std::string& id) override;
    std::vector<StoredGame> list_games(const std::string& status, std::int64_t beforeMs,
                                       const std::string& beforeId, std::size_t limit) override;
    std::vector<std::uint8_t> load_tape(const std::string& id) override;
    std::vector<StoredAction> load_actions(const std::string& id) override;
    std::vector<StoredAction> load_actions_from(const std::string& id, std::int64_t seq) override;
    SqlRows query(std::string_view sql, const std::vector<SqlValue>& params) override;

  private:
    sqlite3_stmt* prepare(const char* sql);
    std::vector<StoredGame> select_games(sqlite3_stmt* st);  // steps and finalizes st
    void exec(const char* sql);
    void step_done(sqlite3_stmt* st);
    [[noreturn]] void fail(const char* what);

    sqlite3* db_ = nullptr;
    sqlite3_stmt *insertGame_, *updateSeats_, *updateStatus_, *setRematch_, *updateOptions_,
        *appendTape_, *appendAction_, *loadTape_, *loadActions_, *markAlive_, *savepoint_,
        *release_;
    std::map<std::string, sqlite3_stmt*, std::less<>> portable_;  // Db::query's, by SQL text
};

SqliteDb::SqliteDb(const std::string& path, bool fullSync, const std::string& vfs) {
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        vfs.empty() ? nullptr : vfs.c_str()) != SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open database " + path + ": " + msg);
    }
    sqlite3_busy_timeout(db_, 5000);
    sqlite3_extended_result_codes(db_, 1);
    try {
        exec("PRAGMA journal_mode=WAL");
        // FULL: a commit survives a power cut, not only a killed process. Group commit pays
        // the fsync once per batch.
        exec(fullSync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
        exec(Schema);
        exec(PlayersSchema);
    } catch (const std::exception& e) {
        sqlite3_close(db_);
        throw std::runtime_error("cannot use database " + path + ": " + e.what());
    }
    insertGame_ = prepare(
        "INSERT INTO games(id,variant,options,opponent,level,computer_seat,white_token,"
        "black_token,invite,status,result,created_ms,rematch_of,rematch,tape) "
        "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    updateSeats_ = prepare("UPDATE games SET white_token=?, black_token=?, invite=? WHERE id=?");
    updateStatus_ = prepare("UPDATE games SET status=?, result=? WHERE id=?");
    setRematch_ = prepare("UPDATE games SET rematch=? WHERE id=?");
    updateOptions_ = prepare("UPDATE games SET options=? WHERE id=?");
    appendTape_ = prepare("UPDATE games SET tape = tape || ? WHERE id=?");
    // The entry goes in only if it directly follows the last one stored (a primary-key seek).
    appendAction_ = prepare(
        "INSERT INTO actions(game_id,seq,seat,action,ts_ms) SELECT ?1,?2,?3,?4,?5 "
        "WHERE ?2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id=?1)");
    savepoint_ = prepare("SAVEPOINT job");
    release_ = prepare("RELEASE job");
    markAlive_ = prepare(
        "INSERT INTO server_state(key,value) VALUES('alive_ms',?) "
        "ON CONFLICT(key) DO UPDATE SET value=excluded.value");
    loadTape_ = prepare("SELECT tape FROM games WHERE id=?");
    loadActions_ =
        prepare("SELECT seq,seat,action,ts_ms FROM actions WHERE game_id=? ORDER BY seq");
}

SqliteDb::~SqliteDb() {
    for (auto st :
         {insertGame_, updateSeats_, updateStatus_, setRematch_, updateOptions_, appendTape_,
          appendAction_, loadTape_, loadActions_, markAlive_, savepoint_, release_})
        sqlite3_finalize(st);
    for (auto& [sql, st] : portable_) sqlite3_finalize(st);
    sqlite3_close(db_);
}

void SqliteDb::fail(const char* what) {
    throw std::runtime_error(std::string(what) + ": " + sqlite3_errmsg(db_));
}

sqlite3_stmt* SqliteDb::prepare(const char* sql) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) != SQLITE_OK)
        fail("sqlite prepare");
    return st;
}

void SqliteDb::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "?";
        sqlite3_free(err);
        throw std::runtime_error("sqlite: " + msg);
    }
}

void SqliteDb::step_done(sqlite3_stmt* st) {
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) fail("sqlite write");
}

void SqliteDb::begin() { exec("BEGIN IMMEDIATE"); }
std::uint64_t SqliteDb::rows_written() const { return std::uint64_t(sqlite3_total_changes64(db_)); }
void SqliteDb::commit() { exec("COMMIT"); }
void SqliteDb::rollback() {
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}
// Prepared once: a savepoint per job is on the writer's hot path.
void SqliteDb::savepoint() { step_done(savepoint_); }
void SqliteDb::release() { step_done(release_); }
void SqliteDb::rollback_to_savepoint() {
    // Undoes the job and leaves the outer transaction open for the others.
    sqlite3_exec(db_, "ROLLBACK TO job; RELEASE job", nullptr, nullptr, nullptr);
}

void SqliteDb::check_writable(std::int64_t nowMs) {
    try {
        begin();
        // Its own key: the alive mark must still say when the previous run stopped.
        sqlite3_stmt* st = prepare(
            "INSERT INTO server_state(key,value) VALUES('started_ms',?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value");
        sqlite3_bind_int64(st, 1, nowMs);
        int rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) fail("sqlite write");
        commit();
    } catch (const std::exception& e) {
        rollback();
        throw std::runtime_error(std::string("the database cannot be written (") + e.what() +
                                 "): check the file's permissions and the free disk space");
    }
}

void SqliteDb::mark_alive(std::int64_t nowMs) {
    sqlite3_bind_int64(markAlive_, 1, nowMs);
    step_done(markAlive_);
}

std::optional<std::int64_t> SqliteDb::last_alive() {
    sqlite3_stmt* st = prepare("SELECT value FROM server_state WHERE key='alive_ms'");
    std::optional<std::int64_t> out;
    if (sqlite3_step(st) == SQLITE_ROW) out = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return out;
}

void SqliteDb::insert_game(const StoredGame& g) {
    auto st = insertGame_;
    bind_text(st, 1, g.id);
    bind_text(st, 2, g.variant);
    bind_text(st, 3, g.options);
    bind_text(st, 4, g.opponent);
    sqlite3_bind_int(st, 5, g.level);
    bind_text_or_null(st, 6, g.computerSeat);
    bind_hash(st, 7, g.white);
    bind_hash(st, 8, g.black);
    bind_hash(st, 9, g.invite);
    bind_text(st, 10, g.status);
    bind_text_or_null(st, 11, g.result);
    sqlite3_bind_int64(st, 12, g.createdMs);
    bind_text_or_null(st, 13, g.rematchOf);
    bind_text_or_null(st, 14, g.rematch);
    if (g.tape.empty())
        sqlite3_bind_zeroblob(st, 15, 0);  // a null pointer would bind NULL
    else
        sqlite3_bind_blob(st, 15, g.tape.data(), int(g.tape.size()), SQLITE_TRANSIENT);
    step_done(st);
}

void SqliteDb::update_seats(const std::string& id, const std::optional<TokenHash>& white,
                            const std::optional<TokenHash>& black,
                            const std::optional<TokenHash>& invite) {
    bind_hash(updateSeats_, 1, white);
    bind_hash(updateSeats_, 2, black);
    bind_hash(updateSeats_, 3, invite);
    bind_text(updateSeats_, 4, id);
    step_done(updateSeats_);
}

void SqliteDb::update_status(const std::string& id, const std::string& status,
                             const std::string& result) {
    bind_text(updateStatus_, 1, status);
    bind_text_or_null(updateStatus_, 2, result);
    bind_text(updateStatus_, 3, id);
    step_done(updateStatus_);
}

void SqliteDb::update_options(const std::string& id, const std::string& options) {
    bind_text(updateOptions_, 1, options);
    bind_text(updateOptions_, 2, id);
    step_done(updateOptions_);
}

void SqliteDb::set_rematch(const std::string& id, const std::string& rematch) {
    bind_text(setRematch_, 1, rematch);
    bind_text(setRematch_, 2, id);
    step_done(setRematch_);
}

void SqliteDb::append_tape(const std::string& id, const std::vector<std::uint8_t>& bytes) {
    sqlite3_bind_blob(appendTape_, 1, bytes.data(), int(bytes.size()), SQLITE_TRANSIENT);
    bind_text(appendTape_, 2, id);
    step_done(appendTape_);
}

void SqliteDb::append_action(const std::string& id, const StoredAction& a) {
    bind_text(appendAction_, 1, id);
    sqlite3_bind_int64(appendAction_, 2, a.seq);
    bind_text(appendAction_, 3, a.seat);
    bind_text(appendAction_, 4, a.action);
    sqlite3_bind_int64(appendAction_, 5, a.tsMs);
    step_done(appendAction_);
    if (sqlite3_changes(db_) != 1)
        throw std::runtime_error("log entry " + std::to_string(a.seq) +
                                 " does not follow the game's stored log");
}

namespace {
constexpr const char* GameColumns =
    "SELECT id,variant,options,opponent,level,computer_seat,white_token,black_token,invite,"
    "status,result,created_ms,rematch_of,rematch,tape FROM games ";

StoredGame game_row(sqlite3_stmt* st) {
    StoredGame g;
    g.id = column_text(st, 0);
    g.variant = column_text(st, 1);
    g.options = column_text(st, 2);
    g.opponent = column_text(st, 3);
    g.level = sqlite3_column_int(st, 4);
    g.computerSeat = column_text(st, 5);
    g.white = column_hash(st, 6);
    g.black = column_hash(st, 7);
    g.invite = column_hash(st, 8);
    g.status = column_text(st, 9);
    g.result = column_text(st, 10);
    g.createdMs = sqlite3_column_int64(st, 11);
    g.rematchOf = column_text(st, 12);
    g.rematch = column_text(st, 13);
    g.tape = column_blob(st, 14);
    return g;
}
}  // namespace

std::vector<StoredGame> SqliteDb::select_games(sqlite3_stmt* st) {
    std::vector<StoredGame> out;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) out.push_back(game_row(st));
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) fail("sqlite read");
    return out;
}

std::vector<StoredGame> SqliteDb::load_games() {
    return select_games(prepare((std::string(GameColumns) + "ORDER BY created_ms").c_str()));
}

std::optional<StoredGame> SqliteDb::load_game(const std::string& id) {
    sqlite3_stmt* st = prepare((std::string(GameColumns) + "WHERE id=?").c_str());
    bind_text(st, 1, id);
    auto games = select_games(st);
    if (games.empty()) return std::nullopt;
    return std::move(games[0]);
}

std::vector<StoredGame> SqliteDb::list_games(const std::string& status, std::int64_t beforeMs,
                                             const std::string& beforeId, std::size_t limit) {
    sqlite3_stmt* st =
        prepare((std::string(GameColumns) +
                 "WHERE (?1 = '' OR status = ?1) AND (?2 = 0 OR created_ms < ?2 OR "
                 "(created_ms = ?2 AND id < ?3)) ORDER BY created_ms DESC, id DESC LIMIT ?4")
                    .c_str());
    bind_text(st, 1, status);
    sqlite3_bind_int64(st, 2, beforeMs);
    bind_text(st, 3, beforeId);
    sqlite3_bind_int64(st, 4, std::int64_t(limit));
    return select_games(st);
}

std::vector<StoredAction> SqliteDb::load_actions_from(const std::string& id, std::int64_t seq) {
    sqlite3_stmt* st = prepare(
        "SELECT seq,seat,action,ts_ms FROM actions WHERE game_id=? AND seq>=? ORDER BY seq");
    bind_text(st, 1, id);
    sqlite3_bind_int64(st, 2, seq);
    std::vector<StoredAction> out;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(st, 0), column_text(st, 1), column_text(st, 2),
                       sqlite3_column_int64(st, 3)});
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) fail("sqlite read");
    return out;
}

std::vector<std::uint8_t> SqliteDb::load_tape(const std::string& id) {
    bind_text(loadTape_, 1, id);
    std::vector<std::uint8_t> tape;
    if (sqlite3_step(loadTape_) == SQLITE_ROW) tape = column_blob(loadTape_, 0);
    sqlite3_reset(loadTape_);
    sqlite3_clear_bindings(loadTape_);
    return tape;
}

std::vector<StoredAction> SqliteDb::load_actions(const std::string& id) {
    bind_text(loadActions_, 1, id);
    std::vector<StoredAction> out;
    while (sqlite3_step(loadActions_) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(loadActions_, 0), column_text(loadActions_, 1),
                       column_text(loadActions_, 2), sqlite3_column_int64(loadActions_, 3)});
    sqlite3_reset(loadActions_);
    sqlite3_clear_bindings(loadActions_);
    return out;
}

// $1, $2, … are named parameters to SQLite: each is bound by its name, wherever it appears.
SqlRows SqliteDb::query(std::string_view sql, const std::vector<SqlValue>& params) {
    auto it = portable_.find(sql);
    if (it == portable_.end())
        it = portable_.emplace(std::string(sql), prepare(std::string(sql).c_str())).first;
    sqlite3_stmt* st = it->second;
    for (std::size_t i = 0; i < params.size(); ++i) {
        int k = sqlite3_bind_parameter_index(st, ("$" + std::to_string(i + 1)).c_str());
        if (k == 0) continue;
        const SqlValue& v = params[i];
        if (auto* n = std::get_if<std::int64_t>(&v))
            sqlite3_bind_int64(st, k, *n);
        else if (auto* d = std::get_if<double>(&v))
            sqlite3_bind_double(st, k, *d);
        else if (auto* t = std::get_if<std::string>(&v))
            bind_text(st, k, *t);
        else
            sqlite3_bind_null(st, k);
    }
    SqlRows out;
    int rc;
    int columns = sqlite3_column_count(st);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        auto& row = out.rows.emplace_back();
        for (int c = 0; c < columns; ++c)
            if (sqlite3_column_type(st, c) == SQLITE_NULL)
                row.emplace_back();
            else
                row.emplace_back(column_text(st, c));
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) fail("sqlite query");
    out.changed = std::uint64_t(sqlite3_changes64(db_));
    return out;
}

}  // namespace

std::unique_ptr<Db> open_sqlite(const std::string& path, bool fullSync, const std::string& vfs) {
    return std::make_unique<SqliteDb>(path, fullSync, vfs);
}

}  // namespace arbiter::server
