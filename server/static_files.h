// The built web client, held in memory. At start-up every file under the client's folder is
// read once into a manifest (name → bytes, gzip and Brotli variants, ETag, type); requests
// are answered from it alone, so no request path ever reaches the filesystem.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::server {

struct StaticFile {
    std::string contentType;
    std::string identity, gzip, brotli;  // compressed forms only when they are smaller
    std::string etag;                    // the content's hash (the ETag adds the encoding)
    bool immutable = false;              // a hashed asset (assets/name-HASH.ext)
};

// What one request gets: the file and which encoding of it to send.
struct StaticHit {
    const StaticFile* file = nullptr;
    std::string_view body;
    std::string_view encoding;  // "", "gzip" or "br"
    std::string etag;           // quoted, one per encoding
    bool notModified = false;
};

class StaticFiles {
  public:
    // Loads every regular file under root (no symlinks followed, at most maxFile bytes each,
    // maxTotal in all); an empty or missing root gives an empty manifest.
    static std::unique_ptr<StaticFiles> load(const std::string& root,
                                             std::size_t maxFile = 16 << 20,
                                             std::size_t maxTotal = 256 << 20);
    bool empty() const { return files_.empty(); }
    std::size_t size() const { return files_.size(); }

    // The file for a request path: an exact name, or index.html for the client's own routes
    // (paths of letters, digits, '-', '_' and single '/' without an extension). Accept-Encoding
    // and If-None-Match decide the body and a 304.
    std::optional<StaticHit> find(std::string_view path, std::string_view acceptEncoding,
                                  std::string_view ifNoneMatch) const;

  private:
    std::map<std::string, StaticFile, std::less<>> files_;  // "/index.html", "/assets/…"
};

}  // namespace arbiter::server
