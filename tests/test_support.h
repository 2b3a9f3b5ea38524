// Small helpers shared by the tests.
#pragma once

#include <cstdlib>
#include <string>

#include "test_paths.h"

namespace arbiter::test {

// True under `make test-sanitize`: heavy loops scale down there.
inline bool sanitized() { return std::getenv("ARBITER_SANITIZED") != nullptr; }

inline std::string source_path(const std::string& relative) {
    return std::string(ARBITER_SOURCE_DIR) + "/" + relative;
}

}  // namespace arbiter::test
