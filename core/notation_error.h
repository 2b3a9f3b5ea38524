// The one exception type of every parser (FEN, SAN, UCI, PGN, records): its message
// names the field or token at fault, so a user can fix the input.
#pragma once

#include <stdexcept>
#include <string>

namespace arbiter {

class NotationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace arbiter
