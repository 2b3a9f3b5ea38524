#include "server/tokens.h"

#include <sodium.h>

#include <stdexcept>

namespace arbiter::server {
namespace {
std::string random_hex(std::size_t bytes) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
    unsigned char raw[32];
    randombytes_buf(raw, bytes);
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < bytes; ++i) out += digits[raw[i] >> 4], out += digits[raw[i] & 15];
    sodium_memzero(raw, sizeof raw);
    return out;
}
}  // namespace

std::string new_token() { return random_hex(16); }
std::string new_game_id() { return random_hex(6); }

TokenHash hash_token(std::string_view token) {
    TokenHash h;
    crypto_generichash(h.data(), h.size(), reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    return h;
}

bool token_matches(const std::optional<TokenHash>& stored, const TokenHash& presented) {
    if (!stored) return false;
    return sodium_memcmp(stored->data(), presented.data(), presented.size()) == 0;
}

}  // namespace arbiter::server
