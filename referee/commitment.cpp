#include "referee/commitment.h"

#include <sodium.h>

namespace arbiter::referee {

std::string sha256_hex(std::string_view text) {
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    char hex[2 * crypto_hash_sha256_BYTES + 1];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    return std::string(hex, 2 * crypto_hash_sha256_BYTES);
}

std::string new_salt(RandomSource& random) { return random.hex(32); }

bool verify_commitment(std::string_view commitment, std::string_view preimage) {
    std::string actual = sha256_hex(preimage);
    if (commitment.size() != actual.size()) return false;
    return sodium_memcmp(commitment.data(), actual.data(), actual.size()) == 0;
}

}  // namespace arbiter::referee
