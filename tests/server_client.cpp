#include "tests/server_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "server/log.h"

namespace arbiter::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

json::value HttpResult::json() const { return json::parse(body); }

bool sanitized() {
    const char* s = std::getenv("ARBITER_SANITIZED");
    return s && std::string(s) == "1";
}

std::size_t drain_events(WsClient& ws, std::chrono::milliseconds quiet) {
    std::size_t n = 0;
    try {
        for (;;)
            if (ws.receive_json(quiet).at("type") == "event") ++n;
    } catch (const std::exception&) {
        // quiet for long enough (or closed): done
    }
    return n;
}

std::string temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "arbiter-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    return pattern;
}

HttpResult http(std::uint16_t port, const std::string& method, const std::string& target,
                const std::string& body, const std::optional<std::string>& token) {
    Headers headers;
    if (token) headers.emplace_back("Authorization", "Bearer " + *token);
    return http_with(port, method, target, body, headers);
}

HttpResult http_with(std::uint16_t port, const std::string& method, const std::string& target,
                     const std::string& body, const Headers& headers) {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    bhttp::request<bhttp::string_body> req{bhttp::string_to_verb(method), target, 11};
    req.set(bhttp::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.insert(name, value);
    if (!body.empty()) {
        req.set(bhttp::field::content_type, "application/json");
        req.body() = body;
    }
    req.prepare_payload();
    bhttp::write(stream, req);
    beast::flat_buffer buffer;
    bhttp::response<bhttp::string_body> res;
    bhttp::read(stream, buffer, res);
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    HttpResult out{int(res.result_int()), res.body(), std::string(res[bhttp::field::content_type])};
    for (const auto& field : res)
        out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    return out;
}

std::string HttpResult::header(std::string_view name) const {
    for (const auto& [n, v] : headers)
        if (beast::iequals(n, name)) return v;
    return "";
}

std::string sign_up(std::uint16_t port, const std::string& name, const std::string& password) {
    auto r = http(port, "POST", "/api/account/signup",
                  json::serialize(json::object{{"name", name}, {"password", password}}));
    if (r.status != 201) throw std::runtime_error("sign-up failed: " + r.body);
    std::string cookie = r.header("Set-Cookie");
    return cookie.substr(0, cookie.find(';'));
}

std::string raw_exchange(std::uint16_t port, const std::string& bytes) {
    asio::io_context ioc;
    tcp::socket socket(ioc);
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    boost::system::error_code ec;
    asio::write(socket, asio::buffer(bytes), ec);
    std::string out;
    char buf[4096];
    std::function<void()> read_more = [&] {
        socket.async_read_some(asio::buffer(buf), [&](boost::system::error_code e, std::size_t n) {
            out.append(buf, n);
            if (!e) read_more();
        });
    };
    read_more();
    ioc.run_for(std::chrono::seconds(2));
    return out;
}

std::vector<std::string> read_event_stream(std::uint16_t port, const std::string& target,
                                           const std::optional<std::string>& token,
                                           std::chrono::milliseconds timeout) {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    bhttp::request<bhttp::empty_body> req{bhttp::verb::get, target, 11};
    req.set(bhttp::field::host, "127.0.0.1");
    if (token) req.set(bhttp::field::authorization, "Bearer " + *token);
    bhttp::write(stream, req);
    beast::flat_buffer buffer;
    bhttp::response_parser<bhttp::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    bool done = false;
    bhttp::async_read(stream, buffer, parser, [&](beast::error_code, std::size_t) { done = true; });
    ioc.run_for(timeout);
    if (!done) throw std::runtime_error("the event stream did not end in time");
    std::vector<std::string> lines;
    const std::string& body = parser.get().body();
    std::size_t start = 0;
    while (start < body.size()) {
        auto nl = body.find('\n', start);
        if (nl == std::string::npos) nl = body.size();
        if (nl > start) lines.push_back(body.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

struct WsClient::Impl {
    asio::io_context ioc;
    websocket::stream<beast::tcp_stream> ws{ioc};
    beast::flat_buffer buffer;
};

WsClient::WsClient(std::uint16_t port, const std::string& target, const Headers& headers)
    : impl_(std::make_unique<Impl>()) {
    beast::get_lowest_layer(impl_->ws).connect(
        tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    impl_->ws.set_option(
        beast::websocket::stream_base::decorator([headers](beast::websocket::request_type& req) {
            for (const auto& [name, value] : headers) req.insert(name, value);
        }));
    impl_->ws.handshake("127.0.0.1", target);
}

WsClient::~WsClient() {
    beast::error_code ec;
    beast::get_lowest_layer(impl_->ws).socket().close(ec);
}

void WsClient::send(const std::string& text) {
    impl_->ws.text(true);
    impl_->ws.write(asio::buffer(text));
}

std::string WsClient::receive(std::chrono::milliseconds timeout) {
    bool done = false;
    beast::error_code result;
    impl_->ioc.restart();
    impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) {
        done = true;
        result = ec;
    });
    impl_->ioc.run_for(timeout);
    if (!done) {
        beast::get_lowest_layer(impl_->ws).cancel();
        impl_->ioc.restart();
        impl_->ioc.run();
        throw std::runtime_error("no WebSocket message in time");
    }
    if (result) throw std::runtime_error("WebSocket closed: " + result.message());
    std::string text = beast::buffers_to_string(impl_->buffer.data());
    impl_->buffer.consume(impl_->buffer.size());
    return text;
}

json::object WsClient::receive_json(std::chrono::milliseconds timeout) {
    return json::parse(receive(timeout)).as_object();
}

bool WsClient::closed_by_server(std::chrono::milliseconds timeout) {
    try {
        for (;;) receive(timeout);
    } catch (const std::runtime_error& e) {
        return std::string(e.what()).starts_with("WebSocket closed");
    }
}

TestServer::TestServer(std::function<void(server::ServerConfig&)> tweak)
    : dir_(temp_dir()), db_(dir_ + "/test.db"), tweak_(std::move(tweak)) {
    server::set_log_level(server::LogLevel::Warn);
    restart();
}

TestServer::~TestServer() {
    server_.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

void TestServer::restart() {
    server_.reset();
    server::ServerConfig config;
    config.port = 0;
    config.db = db_;
    config.web = "";
    config.fullSync = false;
    if (tweak_) tweak_(config);
    server_ = std::make_unique<server::Server>(config);
    server_->start();
}

}  // namespace arbiter::testing
