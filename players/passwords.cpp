#include "players/passwords.h"

#include <sodium.h>

#include <stdexcept>

namespace arbiter::players {
namespace {

void init() {
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium could not be initialised");
}

constexpr auto Ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
constexpr auto Mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;

}  // namespace

std::optional<std::string> hash_password(std::string_view password) {
    init();
    if (password.empty() || password.size() > MaxPasswordBytes) return std::nullopt;
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), Ops, Mem,
                              crypto_pwhash_ALG_ARGON2ID13) != 0)
        return std::nullopt;  // out of memory
    return std::string(out);
}

bool verify_password(const std::string& hash, std::string_view password) {
    init();
    if (password.size() > MaxPasswordBytes || hash.size() >= crypto_pwhash_STRBYTES) return false;
    return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool needs_rehash(const std::string& hash) {
    init();
    return crypto_pwhash_str_needs_rehash(hash.c_str(), Ops, Mem) != 0;
}

}  // namespace arbiter::players
