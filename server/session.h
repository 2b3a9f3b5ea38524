// Internal to the server: what connections share, and the two kinds of sessions.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "server/lobby.h"
#include "server/server.h"

namespace arbiter::server {

struct Context {
    ServerConfig config;
    Lobby* lobby = nullptr;
};

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

struct Target {
    std::string path;
    std::map<std::string, std::string, std::less<>> query;
    std::optional<std::string> param(std::string_view name) const {
        auto it = query.find(name);
        if (it == query.end()) return std::nullopt;
        return it->second;
    }
};
// Splits "/a/b?x=1&y=%20" into its path and its decoded query parameters.
Target parse_target(std::string_view target);

// Parses a JSON text with a depth cap; nullopt for malformed input.
std::optional<json::value> parse_json(std::string_view text);

void start_http_session(boost::asio::ip::tcp::socket socket, Context& context);
void start_websocket(boost::beast::tcp_stream stream, HttpRequest request, Context& context);

}  // namespace arbiter::server
