// Passwords, stored only as Argon2id hashes (libsodium's crypto_pwhash_str: the algorithm, its
// parameters and a random salt travel inside the hash string). For issue 14 (accounts).
//
// Parameters: libsodium's INTERACTIVE limits — 2 passes over 64 MiB (tens of ms on one core
// here); a login is rate-limited per account and per address, which is what keeps guessing slow.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::players {

// Passwords longer than this are refused (a hash of megabytes is a way to burn CPU).
constexpr std::size_t MaxPasswordBytes = 1024;

// The hash to store, or nothing when the password is empty or too long, or memory is short.
std::optional<std::string> hash_password(std::string_view password);
// Whether the password matches a stored hash (false for a malformed hash).
bool verify_password(const std::string& hash, std::string_view password);
// Whether a stored hash was made with weaker parameters than today's (rehash at next login).
bool needs_rehash(const std::string& hash);

}  // namespace arbiter::players
