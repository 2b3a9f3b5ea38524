// The built client is served from memory: no request path reaches the filesystem, hashed
// assets are cached for a year, compressed forms follow Accept-Encoding.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

void write(const std::filesystem::path& p, const std::string& text) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

std::string get(std::uint16_t port, const std::string& target, const std::string& headers = "") {
    return raw_exchange(
        port, "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + headers + "\r\n");
}

std::string status_line(const std::string& response) {
    return response.substr(0, response.find("\r\n"));
}

std::string header(const std::string& response, const std::string& name) {
    auto head = response.substr(0, response.find("\r\n\r\n"));
    auto at = head.find("\r\n" + name + ": ");
    if (at == std::string::npos) return "";
    at += name.size() + 4;
    return head.substr(at, head.find("\r\n", at) - at);
}

struct WebServer {
    std::string web = temp_dir();
    std::string js = "console.log('" + std::string(4000, 'x') + "');\n";
    TestServer server;
    WebServer()
        : server([this](server::ServerConfig& c) {
              write(web + "/index.html", "<!doctype html><title>Arbiter</title>");
              write(web + "/assets/index-3f9a2b1c.js", js);
              write(web + "/favicon.svg", "<svg/>");
              c.web = web;
          }) {}
    ~WebServer() { std::filesystem::remove_all(web); }
};

}  // namespace

TEST(ServerStatic, NoRequestPathReachesTheFilesystem) {
    WebServer w;
    auto p = w.server.port();
    for (const char* path :
         {"//etc/passwd", "//proc/self/cwd/data/arbiter.db-wal", "/../../etc/passwd",
          "/%2e%2e/%2e%2e/etc/passwd", "/assets/../index.html", "//", "/.%2e/etc/passwd",
          "/assets//index-3f9a2b1c.js"}) {
        std::string r = get(p, path);
        EXPECT_TRUE(status_line(r) == "HTTP/1.1 404 Not Found" ||
                    r.find("<title>Arbiter</title>") != std::string::npos)
            << path << ": " << status_line(r);
        EXPECT_EQ(r.find("root:"), std::string::npos) << path;
    }
    EXPECT_EQ(status_line(get(p, "//etc/passwd")), "HTTP/1.1 404 Not Found");
    // The database file beside the client is no file of the client.
    write(w.web + "/secret.db", "SQLite format 3");
    EXPECT_EQ(status_line(get(p, "/secret.db")), "HTTP/1.1 404 Not Found");
    // A symlink in the client's folder was never followed at start-up.
    std::filesystem::create_symlink("/etc/passwd", w.web + "/passwd");
    EXPECT_EQ(status_line(get(p, "/passwd")).substr(9, 3), "200");  // the client's route page
    EXPECT_EQ(get(p, "/passwd").find("root:"), std::string::npos);
}

TEST(ServerStatic, ClientRoutesGetTheAppAndUnknownFilesAre404) {
    WebServer w;
    auto p = w.server.port();
    for (const char* route : {"/", "/game/abc123", "/join/abc123", "/companion"}) {
        std::string r = get(p, route);
        EXPECT_EQ(status_line(r), "HTTP/1.1 200 OK") << route;
        EXPECT_NE(r.find("<title>Arbiter</title>"), std::string::npos) << route;
        EXPECT_EQ(header(r, "Cache-Control"), "no-cache") << route;
    }
    EXPECT_EQ(status_line(get(p, "/missing.js")), "HTTP/1.1 404 Not Found");
    EXPECT_EQ(status_line(get(p, "/game/x.y/z.png")), "HTTP/1.1 404 Not Found");
}

TEST(ServerStatic, HashedAssetsAreImmutableAndCompressedOnRequest) {
    WebServer w;
    auto p = w.server.port();
    std::string plain = get(p, "/assets/index-3f9a2b1c.js");
    EXPECT_EQ(status_line(plain), "HTTP/1.1 200 OK");
    EXPECT_EQ(header(plain, "Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(header(plain, "Content-Encoding"), "");
    EXPECT_EQ(header(plain, "Content-Type"), "text/javascript; charset=utf-8");
    EXPECT_NE(plain.find(w.js), std::string::npos);

    std::string gz = get(p, "/assets/index-3f9a2b1c.js", "Accept-Encoding: gzip, deflate\r\n");
    EXPECT_EQ(header(gz, "Content-Encoding"), "gzip");
    EXPECT_LT(std::stoul(header(gz, "Content-Length")), w.js.size() / 10);
    EXPECT_EQ(gz.substr(gz.find("\r\n\r\n") + 4, 2), "\x1f\x8b");  // the gzip magic

    std::string br = get(p, "/assets/index-3f9a2b1c.js", "Accept-Encoding: gzip, br\r\n");
    EXPECT_EQ(header(br, "Content-Encoding"), "br");
    EXPECT_LT(std::stoul(header(br, "Content-Length")), w.js.size() / 10);
    EXPECT_EQ(header(br, "Vary"), "Accept-Encoding");

    std::string refused =
        get(p, "/assets/index-3f9a2b1c.js", "Accept-Encoding: br;q=0, gzip;q=0\r\n");
    EXPECT_EQ(header(refused, "Content-Encoding"), "");

    // A revalidation with the ETag costs no body.
    std::string etag = header(plain, "ETag");
    ASSERT_FALSE(etag.empty());
    std::string again = get(p, "/assets/index-3f9a2b1c.js", "If-None-Match: " + etag + "\r\n");
    EXPECT_EQ(status_line(again), "HTTP/1.1 304 Not Modified");
    EXPECT_EQ(again.find("console.log"), std::string::npos);
}

TEST(ServerStatic, FilesChangedAfterStartAreNotServed) {
    WebServer w;
    auto p = w.server.port();
    write(w.web + "/late.txt", "written after start");
    EXPECT_EQ(status_line(get(p, "/late.txt")), "HTTP/1.1 404 Not Found");
    write(w.web + "/index.html", "changed");
    EXPECT_NE(get(p, "/").find("<title>Arbiter</title>"), std::string::npos);
}
