#include "server/owner_listener.h"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>

#include "server/log.h"

namespace arbiter::server {

OwnerListener::OwnerListener(std::string conninfo, std::string instance,
                             std::function<void(const std::string&)> lost)
    : conninfo_(std::move(conninfo)), instance_(std::move(instance)), lost_(std::move(lost)) {
    thread_ = std::thread([this] { run(); });
}

OwnerListener::~OwnerListener() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
}

void OwnerListener::run() {
    PGconn* conn = nullptr;
    bool warned = false;
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
