#include "tests/postgres_test_db.h"

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "test_paths.h"

namespace arbiter::testing {
namespace {

PGconn* connect(const std::string& url) {
    PGconn* c = PQconnectdb(url.c_str());
    if (PQstatus(c) != CONNECTION_OK) {
        std::string msg = PQerrorMessage(c);
        PQfinish(c);
        throw std::runtime_error("test PostgreSQL: " + msg);
    }
    return c;
}

}  // namespace

std::string postgres_test_server() {
    if (const char* env = std::getenv("ARBITER_TEST_POSTGRES"); env && *env) return env;
    std::ifstream in(std::string(ARBITER_BUILD_DIR) + "/test-postgres/url");
    std::string url;
    std::getline(in, url);
    return url;
}

std::string fresh_postgres_db() {
    std::string server = postgres_test_server();
    if (server.empty()) return {};
    static std::atomic<int> counter = 0;
    std::string name = "t" + std::to_string(getpid()) + "_" + std::to_string(++counter);
    postgres_exec(server, "CREATE DATABASE " + name);
    return server.substr(0, server.rfind('/') + 1) + name;
}

void postgres_exec(const std::string& url, const std::string& sql) {
    PGconn* c = connect(url);
    PGresult* r = PQexec(c, sql.c_str());
    auto status = PQresultStatus(r);
    std::string msg = PQresultErrorMessage(r);
    PQclear(r);
    PQfinish(c);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw std::runtime_error("test PostgreSQL: " + msg);
}

std::string postgres_value(const std::string& url, const std::string& sql) {
    PGconn* c = connect(url);
    PGresult* r = PQexec(c, sql.c_str());
    std::string out;
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    std::string msg = PQresultErrorMessage(r);
    if (ok && PQntuples(r) > 0) out = PQgetvalue(r, 0, 0);
    PQclear(r);
    PQfinish(c);
    if (!ok) throw std::runtime_error("test PostgreSQL: " + msg);
    return out;
}

}  // namespace arbiter::testing
