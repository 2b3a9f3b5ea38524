// Salted SHA-256 commitments (docs/rules.md#fair-play-in-chief--spy,
// docs/rules.md#fair-play-in-minesweeper-chess): published when a secret is drawn, opened at
// the end so that anyone can check the referee changed nothing during play.
#pragma once

#include <string>
#include <string_view>

#include "referee/random.h"

namespace arbiter::referee {

// Lowercase hex SHA-256 of the bytes of text.
std::string sha256_hex(std::string_view text);

// A fresh salt: 32 random bytes as 64 lowercase hex digits.
std::string new_salt(RandomSource& random);

// Whether commitment is the SHA-256 of preimage (constant-time comparison).
bool verify_commitment(std::string_view commitment, std::string_view preimage);

}  // namespace arbiter::referee
