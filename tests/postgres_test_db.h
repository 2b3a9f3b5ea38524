// A fresh PostgreSQL database per test, on the throwaway server that ctest starts
// (deploy/pg-throwaway, the `postgres` fixture) or on ARBITER_TEST_POSTGRES.
#pragma once

#include <string>

namespace arbiter::testing {

// The URL of the test server's "postgres" database, or "" when no test server runs.
std::string postgres_test_server();
// Creates an empty database on it and returns its URL ("" when no test server runs).
std::string fresh_postgres_db();
// Runs one SQL command on a database (test set-up: aging timestamps, counting rows).
void postgres_exec(const std::string& url, const std::string& sql);
// The first column of the first row of a query, as text.
std::string postgres_value(const std::string& url, const std::string& sql);

}  // namespace arbiter::testing
