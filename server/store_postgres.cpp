// The PostgreSQL backend: one libpq connection, used by the writer thread only, with every
// statement prepared once per connection (again after a reconnect). Values always travel as
// parameters, never inside the SQL text; token hashes and tapes travel in binary.
#include <libpq-fe.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

#include "server/store.h"

namespace arbiter::server {
namespace {

constexpr const char* Schema = R"sql(
CREATE TABLE IF NOT EXISTS games(
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  options TEXT NOT NULL,
  opponent TEXT NOT NULL,
  level INTEGER NOT NULL,
  computer_seat TEXT,
  white_token BYTEA,
  black_token BYTEA,
  invite BYTEA,
  status TEXT NOT NULL,
  result TEXT,
  created_ms BIGINT NOT NULL,
  rematch_of TEXT,
  rematch TEXT,
  tape BYTEA NOT NULL DEFAULT ''::bytea
);
CREATE TABLE IF NOT EXISTS actions(
  game_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  seat TEXT NOT NULL,
  action TEXT NOT NULL,
  ts_ms BIGINT NOT NULL,
  PRIMARY KEY(game_id, seq)
);
CREATE TABLE IF NOT EXISTS server_state(
  key TEXT PRIMARY KEY,
  value BIGINT NOT NULL
);
ALTER TABLE games ADD COLUMN IF NOT EXISTS owner TEXT;
CREATE INDEX IF NOT EXISTS games_newest ON games(created_ms DESC, id DESC);
CREATE INDEX IF NOT EXISTS games_by_status ON games(status, created_ms DESC, id DESC);
CREATE TABLE IF NOT EXISTS nodes(
  instance TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  seen TIMESTAMPTZ NOT NULL,
  alive_ms BIGINT NOT NULL,
  stopped BOOLEAN NOT NULL DEFAULT false
);
)sql";

// A node is gone when it stopped, when its heartbeat (every 0.5 s) is older than the lease,
// or when a newer instance of the same node name started (it was restarted). Its games are
// then adopted by the others. Time is PostgreSQL's: the nodes' clocks are never compared.
#define ARBITER_OWNER_GONE                                    \
    "(g.owner IS NULL OR n.instance IS NULL OR n.stopped OR " \
    "n.seen < clock_timestamp() - interval '3 seconds' OR (n.name = $3 AND n.instance <> $2))"
#define ARBITER_GAME_COLUMNS                                                                 \
    "SELECT id,variant,options,opponent,level,computer_seat,white_token,black_token,invite," \
    "status,result,created_ms,rematch_of,rematch,tape FROM games "

// Type oids of the parameters (pg_type.h): the INSERT … SELECT form cannot infer them.
constexpr Oid Text = 25, Int8 = 20, Int4 = 23, Bytea = 17, Float8 = 701;

struct Statement {
    const char* name;
    const char* sql;
    std::vector<Oid> types;
};

const Statement Statements[] = {
    // A new game is owned by the node that made it. Every later write names the owner: a
    // node that lost the game changes nothing (the fencing check).
    {"insert_game",
     "INSERT INTO games(id,variant,options,opponent,level,computer_seat,white_token,"
     "black_token,invite,status,result,created_ms,rematch_of,rematch,tape,owner) "
     "VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)",
     {Text, Text, Text, Text, Int4, Text, Bytea, Bytea, Bytea, Text, Text, Int8, Text, Text, Bytea,
      Text}},
    {"update_seats",
     "UPDATE games SET white_token=$1, black_token=$2, invite=$3 WHERE id=$4 AND owner=$5",
     {Bytea, Bytea, Bytea, Text, Text}},
    {"update_status",
     "UPDATE games SET status=$1, result=$2 WHERE id=$3 AND owner=$4",
     {Text, Text, Text, Text}},
    {"set_rematch", "UPDATE games SET rematch=$1 WHERE id=$2 AND owner=$3", {Text, Text, Text}},
    {"update_options", "UPDATE games SET options=$1 WHERE id=$2 AND owner=$3", {Text, Text, Text}},
    {"append_tape",
     "UPDATE games SET tape = tape || $1 WHERE id=$2 AND owner=$3",
     {Bytea, Text, Text}},
    // The entry goes in only if it directly follows the last one stored (two writers racing
    // for the same seq meet the primary key) and only while this node owns the game: the
    // game's row is share-locked until COMMIT, so a takeover waits for this transaction and
    // then reads the log with this entry in it.
    {"append_action",
     "INSERT INTO actions(game_id,seq,seat,action,ts_ms) SELECT $1,$2,$3,$4,$5 "
     "WHERE $2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id=$1) "
     "AND EXISTS (SELECT 1 FROM games WHERE id=$1 AND owner=$6 FOR SHARE)",
     {Text, Int8, Text, Text, Int8, Text}},
    {"mark_alive",
     "INSERT INTO server_state(key,value) VALUES($1,$2) "
     "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
     {Text, Int8}},
    {"last_alive", "SELECT value FROM server_state WHERE key=$1", {Text}},
    {"node_join",
     "INSERT INTO nodes(instance,name,seen,alive_ms) VALUES($1,$2,clock_timestamp(),$3)",
     {Text, Text, Int8}},
    // Instances long gone that own nothing are forgotten (their last sign of life is needed
    // only while they own games).
    {"node_forget",
     "DELETE FROM nodes n WHERE (n.stopped OR n.seen < clock_timestamp() - interval '1 hour') "
     "AND NOT EXISTS (SELECT 1 FROM games g WHERE g.owner = n.instance)",
     {}},
    {"node_alive",
     "UPDATE nodes SET seen=clock_timestamp(), alive_ms=$2 WHERE instance=$1",
     {Text, Int8}},
    {"node_leave", "UPDATE nodes SET stopped=true, alive_ms=$2 WHERE instance=$1", {Text, Int8}},
    {"load_games", ARBITER_GAME_COLUMNS "ORDER BY created_ms, id", {}},
    {"load_game", ARBITER_GAME_COLUMNS "WHERE id=$1", {Text}},
    {"list_games",
     ARBITER_GAME_COLUMNS
     "WHERE ($1 = '' OR status = $1) AND ($2 = 0 OR (created_ms, id) < ($2, $3)) "
     "ORDER BY created_ms DESC, id DESC LIMIT $4",
     {Text, Int8, Text, Int8}},
    {"load_tape", "SELECT tape FROM games WHERE id=$1", {Text}},
    {"load_actions",
     "SELECT seq,seat,action,ts_ms FROM actions WHERE game_id=$1 ORDER BY seq",
     {Text}},
    {"load_actions_from",
     "SELECT seq,seat,action,ts_ms FROM actions WHERE game_id=$1 AND seq>=$2 ORDER BY seq",
     {Text, Int8}},
    {"acquire",
     "WITH prev AS (SELECT g.id, g.owner, n.alive_ms, " ARBITER_OWNER_GONE " AS gone "
     "FROM games g LEFT JOIN nodes n ON n.instance = g.owner WHERE g.id = $1 FOR UPDATE OF g) "
     "UPDATE games SET owner = $2 FROM prev WHERE games.id = prev.id "
     "RETURNING prev.owner, prev.alive_ms, prev.gone",
     {Text, Text, Text}},
    {"owns", "SELECT 1 FROM games WHERE id=$1 AND owner=$2", {Text, Text}},
    {"tell_owner", "SELECT pg_notify('arbiter_owner', $1 || ' ' || $2)", {Text, Text}},
    {"orphans",
     "SELECT g.id FROM games g LEFT JOIN nodes n ON n.instance = g.owner "
     "WHERE g.status IN ('open','active') AND g.owner IS DISTINCT FROM $2 AND " ARBITER_OWNER_GONE
     " ORDER BY g.created_ms LIMIT $1 FOR UPDATE OF g SKIP LOCKED",
     {Int8, Text, Text}},
};

std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// One statement's parameters: text or binary, or NULL (nullopt).
class Params {
  public:
    Params& text(const std::string& s) { return add(s, 0); }
    Params& text_or_null(const std::string& s) { return s.empty() ? null() : text(s); }
    Params& number(std::int64_t n) { return add(std::to_string(n), 0); }
    Params& real(double d) {
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", d);
        return add(text, 0);
    }
    Params& bytes(const std::uint8_t* p, std::size_t n) {
        return add(std::string(reinterpret_cast<const char*>(p), n), 1);
    }
    Params& hash(const std::optional<TokenHash>& h) {
        return h ? bytes(h->data(), h->size()) : null();
    }
    Params& null() {
        values_.emplace_back();
        formats_.push_back(0);
        isNull_.push_back(true);
        return *this;
    }
    int size() const { return int(values_.size()); }
    // Pointers into this object: valid while it lives and is not added to.
    std::vector<const char*> pointers() const {
        std::vector<const char*> out;
        for (std::size_t i = 0; i < values_.size(); ++i)
            out.push_back(isNull_[i] ? nullptr : values_[i].data());
        return out;
    }
    std::vector<int> lengths() const {
        std::vector<int> out;
        for (auto& v : values_) out.push_back(int(v.size()));
        return out;
    }
    const int* formats() const { return formats_.data(); }

  private:
    Params& add(std::string v, int format) {
        values_.push_back(std::move(v));
        formats_.push_back(format);
        isNull_.push_back(false);
        return *this;
    }
    std::vector<std::string> values_;
    std::vector<int> formats_;
    std::vector<bool> isNull_;
};

struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

std::string cell(const PGresult* r, int row, int col) {
    if (PQgetisnull(r, row, col)) return {};
    return std::string(PQgetvalue(r, row, col), std::size_t(PQgetlength(r, row, col)));
}
std::int64_t cell_number(const PGresult* r, int row, int col) {
    return std::stoll(std::string(PQgetvalue(r, row, col)));
}
// bytea columns come back in text form as \x followed by hex digits.
std::vector<std::uint8_t> cell_bytes(const PGresult* r, int row, int col) {
    if (PQgetisnull(r, row, col)) return {};
    std::size_t n = 0;
    unsigned char* p =
        PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(r, row, col)), &n);
    if (!p) throw std::runtime_error("postgresql: cannot decode a bytea value");
    std::vector<std::uint8_t> out(p, p + n);
    PQfreemem(p);
    return out;
}
std::optional<TokenHash> cell_hash(const PGresult* r, int row, int col) {
    auto b = cell_bytes(r, row, col);
    if (b.size() != 32) return std::nullopt;
    TokenHash h;
    std::memcpy(h.data(), b.data(), 32);
    return h;
}

class PostgresDb final : public Db {
  public:
    PostgresDb(const std::string& conninfo, const std::string& node)
        : name_(node.empty() ? host_name() : node),
          instance_(name_ + "/" + new_token().substr(0, 12)) {
        // connect_timeout first: a value in the URL overrides it. A transaction left open
        // (a node paused mid-commit) is ended by the server, so it holds no lock for long.
        const char* keys[] = {"connect_timeout", "application_name", "options", "dbname", nullptr};
        const char* values[] = {
            "5", "arbiter",
            "-c idle_in_transaction_session_timeout=2000 -c client_min_messages=warning",
            conninfo.c_str(), nullptr};
        conn_ = PQconnectdbParams(keys, values, 1);
        if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
            std::string msg = conn_ ? PQerrorMessage(conn_) : "out of memory";
            PQfinish(conn_);
            throw std::runtime_error("cannot connect to PostgreSQL at " + redacted_db(conninfo) +
                                     ": " + trim(msg));
        }
        // Error texts without DETAIL lines: a key's values never reach a log line.
        PQsetErrorVerbosity(conn_, PQERRORS_TERSE);
        try {
            set_up();
        } catch (...) {
            PQfinish(conn_);
            throw;
        }
    }
    ~PostgresDb() override { PQfinish(conn_); }
    PostgresDb(const PostgresDb&) = delete;
    PostgresDb& operator=(const PostgresDb&) = delete;

    // A connection found dead at BEGIN (PostgreSQL restarted in between) is replaced at once:
    // nothing of the transaction was sent yet.
    void begin() override {
        reconnect_if_lost();
        Result r(PQexec(conn_, "BEGIN"));
        if (PQresultStatus(r.get()) == PGRES_COMMAND_OK) return;
        if (PQstatus(conn_) == CONNECTION_OK) fail("begin", r.get());
        reconnect_if_lost();
        exec("BEGIN");
    }
    void commit() override { exec("COMMIT"); }
    void rollback() override {
        if (PQstatus(conn_) == CONNECTION_OK && PQtransactionStatus(conn_) != PQTRANS_IDLE)
            PQclear(PQexec(conn_, "ROLLBACK"));
    }
    std::uint64_t rows_written() const override { return rowsWritten_; }
    void savepoint() override { exec("SAVEPOINT job"); }
    void release() override { exec("RELEASE SAVEPOINT job"); }
    void rollback_to_savepoint() override {
        if (PQstatus(conn_) == CONNECTION_OK)
            PQclear(PQexec(conn_, "ROLLBACK TO SAVEPOINT job; RELEASE SAVEPOINT job"));
    }

    void check_writable(std::int64_t nowMs) override {
        try {
            begin();
            run("mark_alive", Params().text("started_ms").number(nowMs));
            commit();
        } catch (const std::exception& e) {
            rollback();
            throw std::runtime_error(std::string("the database cannot be written (") + e.what() +
                                     ")");
        }
    }
    void mark_alive(std::int64_t nowMs) override {
        run("mark_alive", Params().text("alive_ms").number(nowMs));
        run("node_alive", Params().text(instance_).number(nowMs));
    }
    void leave(std::int64_t nowMs) override {
        try {
            reconnect_if_lost();
            run("node_leave", Params().text(instance_).number(nowMs));
        } catch (const std::exception&) {
            // The lease runs out by itself.
        }
    }
    std::optional<std::int64_t> last_alive() override {
        reconnect_if_lost();
        auto r = run("last_alive", Params().text("alive_ms"));
        if (PQntuples(r.get()) == 0) return std::nullopt;
        return cell_number(r.get(), 0, 0);
    }

    void insert_game(const StoredGame& g) override {
        Params p;
        p.text(g.id).text(g.variant).text(g.options).text(g.opponent).number(g.level);
        p.text_or_null(g.computerSeat).hash(g.white).hash(g.black).hash(g.invite);
        p.text(g.status).text_or_null(g.result).number(g.createdMs);
        p.text_or_null(g.rematchOf).text_or_null(g.rematch).bytes(g.tape.data(), g.tape.size());
        p.text(instance_);
        run("insert_game", p);
    }
    void update_seats(const std::string& id, const std::optional<TokenHash>& white,
                      const std::optional<TokenHash>& black,
                      const std::optional<TokenHash>& invite) override {
        owned(run("update_seats",
                  Params().hash(white).hash(black).hash(invite).text(id).text(instance_)));
    }
    void update_status(const std::string& id, const std::string& status,
                       const std::string& result) override {
        owned(run("update_status",
                  Params().text(status).text_or_null(result).text(id).text(instance_)));
    }
    void set_rematch(const std::string& id, const std::string& rematch) override {
        owned(run("set_rematch", Params().text(rematch).text(id).text(instance_)));
    }
    void update_options(const std::string& id, const std::string& options) override {
        owned(run("update_options", Params().text(options).text(id).text(instance_)));
    }
    void append_tape(const std::string& id, const std::vector<std::uint8_t>& bytes) override {
        owned(run("append_tape",
                  Params().bytes(bytes.data(), bytes.size()).text(id).text(instance_)));
    }
    void append_action(const std::string& id, const StoredAction& a) override {
        auto r =
            run("append_action",
                Params().text(id).number(a.seq).text(a.seat).text(a.action).number(a.tsMs).text(
                    instance_));
        if (std::strcmp(PQcmdTuples(r.get()), "1") != 0)
            throw std::runtime_error("log entry " + std::to_string(a.seq) +
                                     " does not follow the game's stored log, or another node "
                                     "owns the game now");
    }

    std::vector<StoredGame> load_games() override {
        reconnect_if_lost();
        return games(run("load_games", Params()).get());
    }
    std::optional<StoredGame> load_game(const std::string& id) override {
        reconnect_if_lost();
        auto rows = games(run("load_game", Params().text(id)).get());
        if (rows.empty()) return std::nullopt;
        return std::move(rows[0]);
    }
    std::vector<StoredGame> list_games(const std::string& status, std::int64_t beforeMs,
                                       const std::string& beforeId, std::size_t limit) override {
        reconnect_if_lost();
        return games(run("list_games", Params().text(status).number(beforeMs).text(beforeId).number(
                                           std::int64_t(limit)))
                         .get());
    }

    bool clustered() const override { return true; }
    std::string instance() const override { return instance_; }
    Takeover acquire(const std::string& id) override {
        auto r = run("acquire", Params().text(id).text(instance_).text(name_));
        Takeover t;
        if (PQntuples(r.get()) == 0) return t;
        t.exists = true;
        std::string previous = cell(r.get(), 0, 0);
        if (previous == instance_) return t;
        t.fromAnother = !previous.empty();
        bool gone = cell(r.get(), 0, 2) == "t";
        if (gone && !PQgetisnull(r.get(), 0, 1)) t.ownerDownSinceMs = cell_number(r.get(), 0, 1);
        if (t.fromAnother) run("tell_owner", Params().text(id).text(instance_));
        return t;
    }
    bool owns(const std::string& id) override {
        return PQntuples(run("owns", Params().text(id).text(instance_)).get()) == 1;
    }
    std::vector<std::string> orphans(std::size_t limit) override {
        auto r = run("orphans", Params().number(std::int64_t(limit)).text(instance_).text(name_));
        std::vector<std::string> out;
        for (int i = 0, n = PQntuples(r.get()); i < n; ++i) out.push_back(cell(r.get(), i, 0));
        return out;
    }
    std::vector<std::uint8_t> load_tape(const std::string& id) override {
        reconnect_if_lost();
        auto r = run("load_tape", Params().text(id));
        if (PQntuples(r.get()) == 0) return {};
        return cell_bytes(r.get(), 0, 0);
    }
    std::vector<StoredAction> load_actions(const std::string& id) override {
        reconnect_if_lost();
        auto r = run("load_actions", Params().text(id));
        std::vector<StoredAction> out;
        for (int i = 0, n = PQntuples(r.get()); i < n; ++i)
            out.push_back({cell_number(r.get(), i, 0), cell(r.get(), i, 1), cell(r.get(), i, 2),
                           cell_number(r.get(), i, 3)});
        return out;
    }
    std::vector<StoredAction> load_actions_from(const std::string& id, std::int64_t seq) override {
        reconnect_if_lost();
        auto r = run("load_actions_from", Params().text(id).number(seq));
        std::vector<StoredAction> out;
        for (int i = 0, n = PQntuples(r.get()); i < n; ++i)
            out.push_back({cell_number(r.get(), i, 0), cell(r.get(), i, 1), cell(r.get(), i, 2),
                           cell_number(r.get(), i, 3)});
        return out;
    }

    bool postgres() const override { return true; }
    // Prepared at first use on this connection (again after a reconnect).
    SqlRows query(std::string_view sql, const std::vector<SqlValue>& params) override {
        auto it = portable_.find(sql);
        if (it == portable_.end()) {
            std::vector<Oid> types;
            for (const auto& v : params)
                types.push_back(std::holds_alternative<std::int64_t>(v)  ? Int8
                                : std::holds_alternative<double>(v)      ? Float8
                                : std::holds_alternative<std::string>(v) ? Text
                                                                         : 0);
            std::string name = "q" + std::to_string(portable_.size());
            Result r(PQprepare(conn_, name.c_str(), std::string(sql).c_str(), int(types.size()),
                               types.data()));
            if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) fail("prepare", r.get());
            it = portable_.emplace(std::string(sql), std::move(name)).first;
        }
        Params p;
        for (const auto& v : params) {
            if (auto* n = std::get_if<std::int64_t>(&v))
                p.number(*n);
            else if (auto* d = std::get_if<double>(&v))
                p.real(*d);
            else if (auto* t = std::get_if<std::string>(&v))
                p.text(*t);
            else
                p.null();
        }
        auto r = run(it->second.c_str(), p);
        SqlRows out;
        for (int i = 0, n = PQntuples(r.get()); i < n; ++i) {
            auto& row = out.rows.emplace_back();
            for (int c = 0, m = PQnfields(r.get()); c < m; ++c)
                if (PQgetisnull(r.get(), i, c))
                    row.emplace_back();
                else
                    row.emplace_back(cell(r.get(), i, c));
        }
        const char* changed = PQcmdTuples(r.get());
        out.changed = *changed ? std::uint64_t(std::stoull(changed)) : 0;
        return out;
    }

  private:
    static std::string host_name() {
        char buf[256] = {};
        if (gethostname(buf, sizeof buf - 1) != 0) return "node";
        return buf;
    }
    static std::vector<StoredGame> games(const PGresult* q) {
        std::vector<StoredGame> out;
        for (int i = 0, n = PQntuples(q); i < n; ++i) {
            StoredGame g;
            g.id = cell(q, i, 0);
            g.variant = cell(q, i, 1);
            g.options = cell(q, i, 2);
            g.opponent = cell(q, i, 3);
            g.level = int(cell_number(q, i, 4));
            g.computerSeat = cell(q, i, 5);
            g.white = cell_hash(q, i, 6);
            g.black = cell_hash(q, i, 7);
            g.invite = cell_hash(q, i, 8);
            g.status = cell(q, i, 9);
            g.result = cell(q, i, 10);
            g.createdMs = cell_number(q, i, 11);
            g.rematchOf = cell(q, i, 12);
            g.rematch = cell(q, i, 13);
            g.tape = cell_bytes(q, i, 14);
            out.push_back(std::move(g));
        }
        return out;
    }
    // An UPDATE that names the owner changed nothing: another node owns the game now.
    static void owned(const Result& r) {
        if (std::strcmp(PQcmdTuples(r.get()), "0") == 0)
            throw std::runtime_error("another node owns the game now");
    }
    static std::string trim(std::string s) {
        while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
        return s;
    }
    [[noreturn]] void fail(const char* what, const PGresult* r) {
        std::string msg = r ? PQresultErrorMessage(r) : "";
        if (msg.empty()) msg = PQerrorMessage(conn_);
        throw std::runtime_error(std::string("postgresql ") + what + ": " + trim(msg));
    }
    void exec(const char* sql) {
        Result r(PQexec(conn_, sql));
        auto status = PQresultStatus(r.get());
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("command", r.get());
    }
    Result run(const char* name, const Params& p) {
        auto values = p.pointers();
        auto lengths = p.lengths();
        Result r(
            PQexecPrepared(conn_, name, p.size(), values.data(), lengths.data(), p.formats(), 0));
        auto status = PQresultStatus(r.get());
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(name, r.get());
        if (status == PGRES_COMMAND_OK) {
            const char* n = PQcmdTuples(r.get());
            if (*n) rowsWritten_ += std::uint64_t(std::stoull(n));
        }
        return r;
    }
    // The schema is made under an advisory lock: several nodes may start at once.
    void set_up() {
        exec("BEGIN");
        exec("SELECT pg_advisory_xact_lock(7305861)");
        for (const char* schema : {Schema, PlayersSchema}) {
            Result r(PQexec(conn_, schema));
            if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) {
                PQclear(PQexec(conn_, "ROLLBACK"));
                fail("schema", r.get());
            }
        }
        exec("COMMIT");
        prepare_all();
        run("node_forget", Params());
        run("node_join", Params().text(instance_).text(name_).number(wall_ms()));
    }
    void prepare_all() {
        portable_.clear();
        for (const auto& s : Statements) {
            Result r(PQprepare(conn_, s.name, s.sql, int(s.types.size()), s.types.data()));
            if (PQresultStatus(r.get()) != PGRES_COMMAND_OK) fail("prepare", r.get());
        }
    }
    // A restarted server or a dropped connection: connect again (prepared statements are per
    // connection). Throws while the server cannot be reached; the next write tries again.
    void reconnect_if_lost() {
        if (PQstatus(conn_) == CONNECTION_OK) return;
        PQreset(conn_);
        if (PQstatus(conn_) != CONNECTION_OK) fail("connection", nullptr);
        prepare_all();
    }

    std::string name_, instance_;
    PGconn* conn_ = nullptr;
    std::uint64_t rowsWritten_ = 0;
    std::map<std::string, std::string, std::less<>> portable_;  // Db::query's, SQL -> name
};

}  // namespace

std::unique_ptr<Db> open_postgres(const std::string& conninfo, const std::string& node) {
    return std::make_unique<PostgresDb>(conninfo, node);
}

}  // namespace arbiter::server
