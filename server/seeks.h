// Quick pairing (docs/players.md): the seek pool, which pairs two waiting seeks by the rules,
// and the NDJSON response that holds a seek open until it pairs or its player leaves.
#pragma once

#include <boost/beast/core/tcp_stream.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <variant>

#include "core/json.h"
#include "server/requests.h"

namespace boost::asio {
class io_context;
}  // namespace boost::asio

namespace arbiter::server {

class Connections;

// A pool key: variant + clock + rated.
struct SeekRequest {
    std::string variant;  // "chess" | "chiefspy" | "minesweeper"
    json::value clock;    // null or {"initial":S,"increment":S} (ints)
    bool rated = false;
    std::string color = "random";                    // "random" | "white" | "black"
    std::optional<std::pair<int, int>> ratingRange;  // [lo,hi] as sent, else default rating±500
};

// Parses and checks a POST /api/seeks body; an error answer (api_error) when it is not right.
std::variant<SeekRequest, Outcome> parse_seek(const json::value& body);

// The rating pool of a game: "chess-bullet" | "chess-blitz" | "chess-rapid" |
// "chess-classical" | "chess-untimed" | "chiefspy" | "minesweeper". Chess goes by the
// estimated game time, initial + 40 * increment seconds: < 180 bullet, < 480 blitz,
// < 1500 rapid, else classical.
std::string rating_pool(const std::string& variant, const json::value& clock);

struct Seeker {
    std::string account;           // "" = anonymous
    std::optional<double> rating;  // the account's rating in the pool (rated seeks have one)
    std::string address;           // the client's address (per-address cap)
};

struct Seek {
    std::uint64_t id;
    SeekRequest request;
    Seeker seeker;
    std::int64_t sinceMs;  // when it was made (any monotonic clock): the oldest pairs first
};

struct Pairing {
    Seek white, black;
};

// The waiting seeks of a node. Lives on one event loop, no locks. Seeks are kept by pool key
// (variant, clock, rated), then by colour, then by rating (rated) and age, so that a new seek
// looks only at seeks of its key, of a fitting colour and with a rating in its range.
class SeekPool {
  public:
    static constexpr std::size_t MaxPerAddress = 5;
    static constexpr int DefaultSpread = 500;  // a rated seek's range: rating ± this

    // coinSeed: the fair coin that seats two "random" seeks.
    explicit SeekPool(std::uint64_t coinSeed = std::random_device{}());

    // Pairs the seek with the oldest fitting one (neither stays in the pool), or keeps it
    // waiting (monostate), or refuses it: 429 too-many-seeks when its address already has
    // MaxPerAddress waiting, 403 account-required for a rated seek without an account and a
    // rating.
    std::variant<std::monostate, Pairing, Outcome> add(Seek seek);
    // Takes a waiting seek out (its player left); nothing if it is not waiting.
    void remove(std::uint64_t id);
    std::size_t waiting() const { return byId_.size(); }
    // GET /api/seeks: {"pools":[{"variant","clock","rated","waiting"}]}, pools with seeks only.
    json::object counts() const;

  private:
    // Where a seek sits in its line: by rating (0 in casual pools), then by age.
    struct Place {
        double rating;
        std::int64_t sinceMs;
        std::uint64_t order;  // arrival, for seeks made in the same millisecond
        auto operator<=>(const Place&) const = default;
    };
    struct Waiting {
        Seek seek;
        double lo, hi;  // the ratings it accepts (rated pools)
    };
    using Line = std::map<Place, Waiting>;
    enum Colour { White, Black, Random };
    struct Pool {
        std::array<Line, 3> lines;  // by Colour
        std::size_t waiting = 0;
    };
    struct Where {
        std::map<std::string, Pool>::iterator pool;
        Colour colour;
        Line::iterator at;
    };

    std::optional<Line::iterator> oldest_fit(Pool& pool, const Waiting& seek, Colour colour,
                                             double rating);
    // Takes a waiting seek out of every index, and hands it back.
    Seek take_out(std::uint64_t id);

    std::map<std::string, Pool> pools_;  // by key, so counts() lists them in a stable order
    std::unordered_map<std::uint64_t, Where> byId_;
    std::unordered_map<std::string, std::size_t> perAddress_;
    std::uint64_t arrivals_ = 0;
    std::mt19937_64 coin_;
};

// Makes the paired game, asynchronously, and calls done (from any thread) with the line for
// each seat's stream: lines[0] for white, lines[1] for black; nullopt when the game could not
// be made.
using PairGame = std::function<void(
    const Pairing&, std::function<void(std::optional<std::array<std::string, 2>>)> done)>;

struct SeekHub;

// The pool, the streams that hold its seeks, and the game maker: one per node, on one loop
// (loop 0). Every member function, and start_seek_stream, is called on that loop.
class Seeks {
  public:
    // connections: the server's connection table, where each stream registers (may be null).
    Seeks(boost::asio::io_context& loop, PairGame pairGame,
          std::shared_ptr<Connections> connections = nullptr);
    ~Seeks();
    Seeks(const Seeks&) = delete;
    Seeks& operator=(const Seeks&) = delete;

    std::size_t waiting() const;
    json::object counts() const;
    // The node is stopping: every waiting stream ends (final chunk) and its seek goes.
    void end_all();

  private:
    friend void start_seek_stream(boost::beast::tcp_stream, unsigned, Seeks&, SeekRequest, Seeker);
    std::shared_ptr<SeekHub> hub_;
};

// POST /api/seeks, once parsed and authorized, on the loop that owns `seeks` (the socket has
// been moved there). Answers a refused seek as a plain JSON response; otherwise writes the
// 200 chunked NDJSON head and {"type":"seeking","seek":"<16 hex>","pool":…}, then
// {"type":"ping"} every 10 s, until the seek pairs (its seat's line from PairGame, or a
// storage-unavailable error line; then the response ends and the connection closes) or the
// client goes (its seek leaves the pool).
void start_seek_stream(boost::beast::tcp_stream stream, unsigned version, Seeks& seeks,
                       SeekRequest request, Seeker seeker);

}  // namespace arbiter::server
