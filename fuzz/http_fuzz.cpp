// Fuzzes the server's HTTP request path without a socket: the bytes of a connection go through
// Beast's request_parser<string_body> with the server's limits (header 16 KiB, body 64 KiB),
// delivered in chunks as a network would, one request after another as on a keep-alive
// connection; each complete request's target goes to server::parse_target, its body to
// server::parse_json, and its headers to the WebSocket upgrade test, as server.cpp does.
// Invariants: no crash or sanitizer report; the parsed path is the target up to the first '?'
// and no query parameter has an empty name.
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "server/server.h"
#include "server/session.h"

namespace beast = boost::beast;
namespace http = beast::http;
using namespace arbiter;

namespace {

void handle(const server::HttpRequest& req) {
    const std::string_view target(req.target().data(), req.target().size());
    server::Target t = server::parse_target(target);
    FUZZ_CHECK(t.path == target.substr(0, target.find('?')));
    for (const auto& [key, value] : t.query) FUZZ_CHECK(!key.empty());
    (void)beast::websocket::is_upgrade(req);
    (void)req.keep_alive();
    if (!req.body().empty()) (void)server::parse_json(req.body());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 128 * 1024) return 0;
    const server::ServerConfig config;
    const std::size_t chunk = 1 + size % 509;  // how the bytes arrive varies with the input
    beast::flat_buffer buffer;
    std::size_t fed = 0;
    for (int requests = 0; requests < 8; ++requests) {
        http::request_parser<http::string_body> parser;
        parser.body_limit(config.bodyLimit);
        parser.header_limit(16 * 1024);
        beast::error_code ec;
        while (!parser.is_done()) {
            if (buffer.size() > 0) {
                std::size_t used = parser.put(buffer.data(), ec);
                buffer.consume(used);
                if (ec && ec != http::error::need_more) return 0;  // the server answers 4xx
                if (parser.is_done()) break;
                if (!ec && used > 0) continue;
            }
            if (fed == size) {                     // the peer closed the connection
                if (!parser.got_some()) return 0;  // between requests: a clean end
                parser.put_eof(ec);
                if (ec || !parser.is_done()) return 0;
                break;
            }
            std::size_t n = std::min(chunk, size - fed);
            auto space = buffer.prepare(n);
            std::memcpy(space.data(), data + fed, n);
            buffer.commit(n);
            fed += n;
        }
        handle(parser.release());
    }
    return 0;
}
