// Argon2id password hashes: a round trip, salts, refusals, and nothing of the password stored.
#include <gtest/gtest.h>

#include "players/passwords.h"

using namespace arbiter::players;

TEST(Passwords, AHashVerifiesItsPasswordAndNoOther) {
    auto hash = hash_password("correct horse battery staple");
    ASSERT_TRUE(hash.has_value());
    EXPECT_TRUE(hash->starts_with("$argon2id$")) << *hash;
    EXPECT_EQ(hash->find("horse"), std::string::npos);
    EXPECT_TRUE(verify_password(*hash, "correct horse battery staple"));
    EXPECT_FALSE(verify_password(*hash, "correct horse battery stapler"));
    EXPECT_FALSE(verify_password(*hash, ""));
    EXPECT_FALSE(needs_rehash(*hash));
}

TEST(Passwords, TheSamePasswordHashesDifferentlyEachTime) {
    auto a = hash_password("hunter2"), b = hash_password("hunter2");
    ASSERT_TRUE(a && b);
    EXPECT_NE(*a, *b) << "a random salt each time";
    EXPECT_TRUE(verify_password(*a, "hunter2"));
    EXPECT_TRUE(verify_password(*b, "hunter2"));
}

TEST(Passwords, EmptyTooLongAndMalformedAreRefused) {
    EXPECT_FALSE(hash_password("").has_value());
    EXPECT_FALSE(hash_password(std::string(MaxPasswordBytes + 1, 'x')).has_value());
    EXPECT_TRUE(hash_password(std::string(MaxPasswordBytes, 'x')).has_value());
    EXPECT_FALSE(verify_password("not a hash", "x"));
    EXPECT_FALSE(verify_password("", "x"));
    EXPECT_FALSE(verify_password(std::string(1000, '$'), "x"));
}
