// Chief & Spy piece values (docs/rules.md#pieces-and-set-up): numbers 2-7 for the back-rank
// pieces, 1 for pawns (and nothing else), and the two special values Chief and Spy.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::chiefspy {

// A value is a number 1..7, or Chief, or Spy.
class Value {
public:
    static constexpr int ChiefCode = 100, SpyCode = 101;
    constexpr Value() = default;
    static constexpr Value number(int n) { return Value(n); }
    static constexpr Value chief() { return Value(ChiefCode); }
    static constexpr Value spy() { return Value(SpyCode); }

    constexpr bool is_chief() const { return code_ == ChiefCode; }
    constexpr bool is_spy() const { return code_ == SpyCode; }
    constexpr bool is_special() const { return is_chief() || is_spy(); }
    constexpr bool is_number() const { return code_ >= 1 && code_ <= 7; }
    constexpr int as_number() const { return code_; }  // only for numbers
    constexpr int code() const { return code_; }
    constexpr bool operator==(const Value&) const = default;

    // "2".."7", "1", "C", "S".
    std::string to_string() const;
    // Accepts 1-7, C/c/chief, S/s/spy; nothing otherwise.
    static std::optional<Value> parse(std::string_view text);

private:
    explicit constexpr Value(int code) : code_(std::int8_t(code)) {}
    std::int8_t code_ = 0;
};

// The eight values each side deals out to its back-rank pieces.
constexpr std::array<Value, 8> AllBackRankValues = {
    Value::number(2), Value::number(3), Value::number(4), Value::number(5),
    Value::number(6), Value::number(7), Value::chief(),   Value::spy()};

// Index of a back-rank value in AllBackRankValues (2 -> 0 ... 7 -> 5, C -> 6, S -> 7).
constexpr int value_index(Value v) {
    return v.is_chief() ? 6 : v.is_spy() ? 7 : v.as_number() - 2;
}

}  // namespace arbiter::chiefspy
