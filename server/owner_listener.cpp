#include "server/owner_listener.h"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>

#include "server/log.h"

namespace arbiter::server {

OwnerListener::OwnerListener(std::string conninfo, std::string instance,
                             std::function<void(const std::string&)> lost,
                             std::function<void(std::vector<std::string>)> recheck)
    : conninfo_(std::move(conninfo)),
      instance_(std::move(instance)),
      lost_(std::move(lost)),
      recheck_(std::move(recheck)) {
    thread_ = std::thread([this] { run(); });
}

OwnerListener::~OwnerListener() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
}

std::optional<std::vector<std::string>> OwnerListener::owned_games(PGconn* conn) const {
    const char* values[] = {instance_.c_str()};
    PGresult* r = PQexecParams(conn, "SELECT id FROM games WHERE owner = $1", 1, nullptr, values,
                               nullptr, nullptr, 0);
    std::optional<std::vector<std::string>> out;
    if (PQresultStatus(r) == PGRES_TUPLES_OK) {
        out.emplace();
        for (int i = 0, n = PQntuples(r); i < n; ++i) out->emplace_back(PQgetvalue(r, i, 0));
    }
    PQclear(r);
    return out;
}

void OwnerListener::run() {
    PGconn* conn = nullptr;
    bool warned = false, listened = false;
    while (!stopping_) {
        if (!conn || PQstatus(conn) != CONNECTION_OK) {
            if (conn) PQfinish(conn);
            const char* keys[] = {"connect_timeout", "application_name", "dbname", nullptr};
            const char* values[] = {"2", "arbiter-listener", conninfo_.c_str(), nullptr};
            conn = PQconnectdbParams(keys, values, 1);
            PGresult* r =
                PQstatus(conn) == CONNECTION_OK ? PQexec(conn, "LISTEN arbiter_owner") : nullptr;
            bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
            PQclear(r);
            if (!ok) {
                if (!warned) log(LogLevel::Warn, "cannot listen for game takeovers; retrying", {});
                warned = true;
                PQfinish(conn);
                conn = nullptr;
                for (int i = 0; i < 10 && !stopping_; ++i)
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
                continue;
            }
            warned = false;
            // Listening again after a break: what was said meanwhile is lost, so ask the
            // database which games are still this instance's.
            if (listened && recheck_)
                if (auto owned = owned_games(conn)) recheck_(std::move(*owned));
            listened = true;
        }
        pollfd p{PQsocket(conn), POLLIN, 0};
        if (poll(&p, 1, 200) <= 0) continue;
        if (!PQconsumeInput(conn)) continue;  // the connection broke: reconnect above
        while (PGnotify* n = PQnotifies(conn)) {
            std::string payload = n->extra ? n->extra : "";
            PQfreemem(n);
            auto space = payload.find(' ');
            if (space == std::string::npos) continue;
            if (payload.substr(space + 1) != instance_) lost_(payload.substr(0, space));
        }
    }
    if (conn) PQfinish(conn);
}

}  // namespace arbiter::server
