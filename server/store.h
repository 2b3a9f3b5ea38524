// Durable storage, in SQLite (WAL) or PostgreSQL: per game its metadata, its random tape and an
// append-only action log. All writes go through one writer thread with group commit: every job
// queued while the previous transaction was committing runs in the next single transaction, and
// only after COMMIT returns are their completions handed back to the event loop. The writer also
// keeps a heartbeat (server_state.alive_ms), so a restart knows when the server stopped.
#pragma once

#include <boost/asio/io_context.hpp>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "server/tokens.h"

namespace arbiter::server {

struct StoredGame {
    std::string id;
    std::string variant;
    std::string options;   // {"clock":{...}|null,"options":{...}}
    std::string opponent;  // "human" | "computer" | "local"
    int level = 0;
    std::string computerSeat;  // "white" | "black" | ""
    std::optional<TokenHash> white, black, invite;
    std::string status;  // "open" | "active" | "finished" | "aborted"
    std::string result;  // JSON text or ""
    std::int64_t createdMs = 0;
    std::string rematchOf, rematch;
    std::vector<std::uint8_t> tape;
};

// One line of a game's action log. seat "clock" marks the server's own entries:
// {"type":"check-time"} (a flag fell) and {"type":"resume"} (the server restarted).
struct StoredAction {
    std::int64_t seq = 0;
    std::string seat;
    std::string action;
    std::int64_t tsMs = 0;
};

// A parameter of a portable statement (Db::query): NULL, a whole number, a real or a text.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string>;
// The rows a portable statement returned, every value as text (nullopt: NULL), and how many
// rows it changed.
struct SqlRows {
    std::vector<std::vector<std::optional<std::string>>> rows;
    std::uint64_t changed = 0;
    std::size_t size() const { return rows.size(); }
    bool empty() const { return rows.empty(); }
    const std::string& text(std::size_t row, std::size_t col) const;  // "" for NULL
    std::int64_t number(std::size_t row, std::size_t col) const;      // 0 for NULL
    double real(std::size_t row, std::size_t col) const;              // 0 for NULL
};

// The tables of accounts, ratings and chat (server/player_store.cpp), in SQL both backends
// take: they are reached only through Db::query.
extern const char* const PlayersSchema;

// The SQL, used by the writer thread (and directly before the server starts serving). Two
// backends: SQLite (a file, the embedded default) and PostgreSQL (a shared server, for a
// cluster of nodes). Every method either does all it says or throws std::runtime_error.
class Db {
  public:
    virtual ~Db() = default;

    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() = 0;  // of the open transaction, if any; never throws
    // Rows written through this connection so far (tells a job that wrote from one that read).
    virtual std::uint64_t rows_written() const = 0;
    // One job of a group commit runs inside a savepoint, so a failing job undoes only itself.
    virtual void savepoint() = 0;
    virtual void release() = 0;
    virtual void rollback_to_savepoint() = 0;  // never throws

    // Throws a clear std::runtime_error unless a write transaction commits (a read-only file,
    // a read-only or full filesystem, a server that refuses): the server refuses to start.
    virtual void check_writable(std::int64_t nowMs) = 0;
    // The server's heartbeat: the last moment it is known to have been running. A clean stop
    // records its exact time; after a crash the mark is at most a second old.
    virtual void mark_alive(std::int64_t nowMs) = 0;
    virtual std::optional<std::int64_t> last_alive() = 0;
    // A clean stop: this node's games may be adopted at once (a cluster; else nothing).
    virtual void leave(std::int64_t /*nowMs*/) {}

    virtual void insert_game(const StoredGame& g) = 0;
    virtual void update_seats(const std::string& id, const std::optional<TokenHash>& white,
                              const std::optional<TokenHash>& black,
                              const std::optional<TokenHash>& invite) = 0;
    virtual void update_status(const std::string& id, const std::string& status,
                               const std::string& result) = 0;
    virtual void set_rematch(const std::string& id, const std::string& rematch) = 0;
    // The game's stored options (the joiner's assist consent is added at the join).
    virtual void update_options(const std::string& id, const std::string& options) = 0;
    virtual void append_tape(const std::string& id, const std::vector<std::uint8_t>& bytes) = 0;
    // Appends entry a.seq to the game's log; throws unless a.seq directly follows the last
    // stored entry, so nothing is ever stored on top of an entry that failed to store.
    virtual void append_action(const std::string& id, const StoredAction& a) = 0;

    virtual std::vector<StoredGame> load_games() = 0;  // metadata of every game, tapes included
    virtual std::vector<std::uint8_t> load_tape(const std::string& id) = 0;
    virtual std::vector<StoredAction> load_actions(const std::string& id) = 0;
    // The log from entry `seq` on (a node following a game another node owns).
    virtual std::vector<StoredAction> load_actions_from(const std::string& id,
                                                        std::int64_t seq) = 0;

    // A statement in the SQL both backends speak, with $1, $2, … parameters; prepared once per
    // connection. For the players' tables (server/player_store.h); the games keep their own
    // statements above.
    virtual SqlRows query(std::string_view sql, const std::vector<SqlValue>& params = {}) = 0;
    // PostgreSQL (row locks with FOR UPDATE) rather than SQLite (one writer locks everything).
    virtual bool postgres() const { return false; }

    // ---- a cluster of nodes on one database (PostgreSQL; SQLite is always a single node) ----
    // Whether other nodes may share this database: games are then owned one node at a time.
    virtual bool clustered() const { return false; }
    // This node's instance (a new one at every start), "" on a single node.
    virtual std::string instance() const { return ""; }
    // One game's row (tape included), or nothing if no such game.
    virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
    // The games of a status ("" for any) strictly older than (beforeMs, beforeId) (beforeMs 0:
    // from the newest), newest first, at most limit of them.
    virtual std::vector<StoredGame> list_games(const std::string& status, std::int64_t beforeMs,
                                               const std::string& beforeId, std::size_t limit) = 0;
    // Makes this node the game's owner, in this transaction: from then on no other node can
    // append to its log (every write checks the owner). The previous owner is told (it drops
    // the game). Returns false if there is no such game.
    struct Takeover {
        bool exists = false;
        bool fromAnother = false;  // another node owned it
        // The previous owner is gone: when it was last alive (its clock mark), if known.
        std::optional<std::int64_t> ownerDownSinceMs;
    };
    virtual Takeover acquire(const std::string& id) {
        return {load_game(id).has_value(), false, std::nullopt};
    }
    // Whether this node owns the game now (on a single node it owns them all).
    virtual bool owns(const std::string& /*id*/) { return true; }
    // Unfinished games whose owner is gone (no heartbeat for the lease), locked for this
    // transaction so that two nodes never adopt the same one; at most limit.
    virtual std::vector<std::string> orphans(std::size_t /*limit*/) { return {}; }
};

// A database file for SQLite. vfs: an SQLite VFS name (tests inject faults through one).
std::unique_ptr<Db> open_sqlite(const std::string& path, bool fullSync,
                                const std::string& vfs = "");
// A PostgreSQL connection string (postgresql://user@host:port/dbname or key=value words).
// node: this node's name in a cluster (its instance adds a random part per start).
std::unique_ptr<Db> open_postgres(const std::string& conninfo, const std::string& node = "");
// Either, by the form of `where`: a postgresql:// or postgres:// URL selects PostgreSQL.
bool is_postgres_url(const std::string& where);
std::unique_ptr<Db> open_db(const std::string& where, bool fullSync, const std::string& vfs = "",
                            const std::string& node = "");
// The database's name for logs and messages: a URL's password is never shown.
std::string redacted_db(const std::string& where);

class Store {
  public:
    using Job = std::function<void(Db&)>;
    using Done = std::function<void(bool committed)>;

    explicit Store(std::unique_ptr<Db> db);
    // A file or a postgresql:// URL (open_db).
    Store(const std::string& where, bool fullSync, const std::string& vfs = "",
          const std::string& node = "");
    ~Store();

    // Before start(): direct access for loading and restart bookkeeping.
    Db& db() { return *db_; }
    // post hands a completion to the event loop (of a job submitted from no event loop;
    // a job submitted on a loop of server/loops.h gets its completion on that loop).
    void start(std::function<void(std::function<void()>)> post);
    // Runs job in the next group commit; done(committed) follows on the loop. A job that
    // throws is undone alone (its savepoint); a failed COMMIT fails the whole group. A job
    // may run more than once (after another job of its batch failed, the batch runs again
    // with savepoints): it must write and fill in the same on every run.
    void submit(Job job, Done done);
    // Commits what is queued, records the stop time as the last alive mark, stops the writer.
    void stop();
    std::uint64_t transactions() const { return transactions_; }
    // False from a failed write until a write (a job or the heartbeat) commits again.
    bool healthy() const { return healthy_.load(std::memory_order_relaxed); }

  private:
    void run();
    void note_health(bool ok, const char* error);

    std::unique_ptr<Db> db_;
    std::function<void(std::function<void()>)> post_;
    std::mutex mutex_;
    std::condition_variable wake_;
    // Each job with the loop that submitted it: its completion goes back to that loop.
    struct Queued {
        Job job;
        Done done;
        boost::asio::io_context* home;
    };
    std::vector<Queued> queue_;
    bool stopping_ = false;
    std::thread writer_;
    std::atomic<std::uint64_t> transactions_ = 0;
    std::atomic<bool> healthy_ = true;
};

}  // namespace arbiter::server
