#include "server/static_files.h"

#include <brotli/encode.h>
#include <sodium.h>
#include <zlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/log.h"

namespace arbiter::server {

namespace {

namespace fs = std::filesystem;

std::string mime_type(std::string_view ext) {
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json" || ext == ".map") return "application/json";
    if (ext == ".webmanifest") return "application/manifest+json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

bool compressible(std::string_view type) {
    return type.starts_with("text/") || type.starts_with("application/json") ||
           type.starts_with("application/manifest") || type == "image/svg+xml" ||
           type == "application/wasm";
}

// Big files get lighter settings: start-up stays short (a 10 MB file at the best settings
// takes seconds) for a few per cent of size.
constexpr std::size_t Big = 1 << 20;

std::string gzip(const std::string& in) {
    z_stream z{};
    int level = in.size() > Big ? 6 : 9;
    if (deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return {};
    std::string out(deflateBound(&z, uLong(in.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = uInt(in.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    int rc = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return rc == Z_STREAM_END ? out : std::string();
}

std::string brotli(const std::string& in) {
    std::size_t size = BrotliEncoderMaxCompressedSize(in.size());
    if (size == 0) return {};
    std::string out(size, '\0');
    // Quality 9: within a few per cent of 11 on text, and fast enough for start-up.
    if (!BrotliEncoderCompress(in.size() > Big ? 5 : 9, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT,
                               in.size(), reinterpret_cast<const std::uint8_t*>(in.data()), &size,
                               reinterpret_cast<std::uint8_t*>(out.data())))
        return {};
    out.resize(size);
    return out;
}

std::string etag_of(const std::string& content) {
    unsigned char hash[16];
    crypto_generichash(hash, sizeof hash, reinterpret_cast<const unsigned char*>(content.data()),
                       content.size(), nullptr, 0);
    static const char* hex = "0123456789abcdef";
    std::string tag;
    for (unsigned char b : hash) {
        tag += hex[b >> 4];
        tag += hex[b & 15];
    }
    return tag;
}

// Vite names built assets "name-HASH.ext" under assets/: their content never changes.
bool hashed_asset(std::string_view name) {
    if (!name.starts_with("/assets/")) return false;
    auto dot = name.rfind('.');
    auto dash = name.rfind('-');
    return dash != std::string_view::npos && dot != std::string_view::npos && dash < dot &&
           dot - dash > 6;
}

// Whether the client routes this path itself (it gets index.html): /game/abc, /join/x, /…
bool client_route(std::string_view path) {
    if (path.empty() || path[0] != '/' || path.size() > 200) return false;
    char prev = 0;
    for (char c : path) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '_' || c == '/';
        if (!ok || (c == '/' && prev == '/')) return false;
        prev = c;
    }
    return true;
}

bool accepts(std::string_view header, std::string_view coding) {
    // "gzip, deflate, br" or "br;q=1.0, gzip;q=0": a coding is accepted unless q=0.
    std::size_t pos = 0;
    while (pos < header.size()) {
        auto comma = header.find(',', pos);
        std::string_view item = header.substr(
            pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
        pos = comma == std::string_view::npos ? header.size() : comma + 1;
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        auto semi = item.find(';');
        std::string_view name = item.substr(0, semi);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        if (name != coding) continue;
        if (semi == std::string_view::npos) return true;
        std::string_view params = item.substr(semi + 1);
        auto q = params.find("q=");
        if (q == std::string_view::npos) return true;
        std::string value(params.substr(q + 2));
        return std::strtod(value.c_str(), nullptr) > 0;
    }
    return false;
}

}  // namespace

std::unique_ptr<StaticFiles> StaticFiles::load(const std::string& root, std::size_t maxFile,
                                               std::size_t maxTotal) {
    auto out = std::make_unique<StaticFiles>();
    std::error_code ec;
    if (root.empty() || !fs::is_directory(root, ec)) return out;
    std::size_t total = 0;
    fs::path base = fs::canonical(root, ec);
    if (ec) return out;
    for (auto it = fs::recursive_directory_iterator(base, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
        const auto& entry = *it;
        if (entry.is_symlink(ec) || !entry.is_regular_file(ec)) continue;
        std::string name = "/" + fs::relative(entry.path(), base, ec).generic_string();
        if (ec) break;
        auto size = entry.file_size(ec);
        if (ec || size > maxFile || total + size > maxTotal) {
            log(LogLevel::Warn, "web file too large to serve; skipped", {{"file", name}});
            continue;
        }
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream content;
        content << in.rdbuf();
        StaticFile f;
        f.identity = content.str();
        total += f.identity.size();
        f.contentType = mime_type(entry.path().extension().string());
        f.etag = etag_of(f.identity);
        f.immutable = hashed_asset(name);
        if (compressible(f.contentType) && f.identity.size() > 256) {
            f.gzip = gzip(f.identity);
            f.brotli = brotli(f.identity);
            if (f.gzip.size() >= f.identity.size()) f.gzip.clear();
            if (f.brotli.size() >= f.identity.size()) f.brotli.clear();
        }
        out->files_.emplace(std::move(name), std::move(f));
    }
    log(LogLevel::Info, "web client loaded", {{"files", out->files_.size()}, {"bytes", total}});
    return out;
}

std::optional<StaticHit> StaticFiles::find(std::string_view path, std::string_view acceptEncoding,
                                           std::string_view ifNoneMatch) const {
    auto it = files_.find(path == "/" ? std::string_view("/index.html") : path);
    if (it == files_.end()) {
        auto dot = path.rfind('.');
        bool extension =
            dot != std::string_view::npos && path.find('/', dot) == std::string_view::npos;
        if (extension || !client_route(path)) return std::nullopt;
        it = files_.find(std::string_view("/index.html"));
        if (it == files_.end()) return std::nullopt;
    }
    const StaticFile& f = it->second;
    StaticHit hit;
    hit.file = &f;
    // Any encoding of the same content is the same version for If-None-Match.
    hit.notModified = !ifNoneMatch.empty() && ifNoneMatch.find(f.etag) != std::string_view::npos;
    if (!f.brotli.empty() && accepts(acceptEncoding, "br")) {
        hit.body = f.brotli;
        hit.encoding = "br";
        hit.etag = "\"" + f.etag + "-br\"";
    } else if (!f.gzip.empty() && accepts(acceptEncoding, "gzip")) {
        hit.body = f.gzip;
        hit.encoding = "gzip";
        hit.etag = "\"" + f.etag + "-gz\"";
    } else {
        hit.body = f.identity;
        hit.etag = "\"" + f.etag + "\"";
    }
    return hit;
}

}  // namespace arbiter::server
