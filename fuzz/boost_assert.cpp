// Boost's own assertions in the fuzz build (BOOST_ENABLE_ASSERT_HANDLER, set by the root
// CMakeLists.txt under ARBITER_FUZZ): fatal like assert(), so libFuzzer keeps the input, with
// one exception. Boost 1.81's HTTP parser asserts "n >= 5" in parse_chunk_header when the
// final chunk "0\r\n" arrives with fewer than two more bytes: valid input that only needs more
// data, which the code after the assertion handles (fixed upstream in Boost.Beast pull request
// 2861, Boost 1.86). The server's Release build has no assertions, so it never stops there.
#include <boost/assert.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace boost {

void assertion_failed_msg(char const* expr, char const* msg, char const* function,
                          char const* file, long line) {
    if (std::strcmp(expr, "n >= 5") == 0 && std::strstr(file, "beast/http/impl/basic_parser.ipp"))
        return;
    std::fprintf(stderr, "%s:%ld: %s: Boost assertion failed: %s%s%s\n", file, line, function,
                 expr, msg ? ": " : "", msg ? msg : "");
    std::abort();
}

void assertion_failed(char const* expr, char const* function, char const* file, long line) {
    assertion_failed_msg(expr, nullptr, function, file, line);
}

}  // namespace boost
