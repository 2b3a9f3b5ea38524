// Seat tokens, invite codes and game ids. Tokens are 128 random bits from libsodium, shown
// to their owner once as hex; the server keeps only their BLAKE2b hash (a stolen database or
// backup then seats nobody) and compares hashes in constant time.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::server {

using TokenHash = std::array<unsigned char, 32>;

std::string new_token();    // 32 lowercase hex digits
std::string new_game_id();  // 12 lowercase hex digits (public, not a secret)
TokenHash hash_token(std::string_view token);
// Constant-time comparison (sodium_memcmp); an unset hash matches nothing.
bool token_matches(const std::optional<TokenHash>& stored, const TokenHash& presented);

}  // namespace arbiter::server
