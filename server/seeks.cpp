#include "server/seeks.h"

#include "players/pools.h"

#include <algorithm>
#include <limits>

#include "referee/game.h"

namespace arbiter::server {

namespace {

constexpr std::int64_t MaxInitial = 10800, MaxIncrement = 180;
constexpr int MaxRating = 4000;

std::optional<std::int64_t> whole(const json::value& v) {
    if (v.is_int64()) return v.get_int64();
    if (v.is_uint64() && v.get_uint64() <= std::uint64_t(INT64_MAX))
        return std::int64_t(v.get_uint64());
    return std::nullopt;
}

Outcome bad_seek(std::string_view code, std::string_view message) {
    return api_error(400, code, message);
}

std::optional<Outcome> parse_clock(const json::value& c, SeekRequest& r) {
    if (auto e = check_fields(
            c.as_object(), {{"initial", Kind::Any, true}, {"increment", Kind::Any}}, "\"clock\""))
        return e;
    const auto& o = c.as_object();
    auto initial = whole(o.at("initial"));
    auto increment =
        o.contains("increment") ? whole(o.at("increment")) : std::optional<std::int64_t>(0);
    if (!initial || *initial < 0 || *initial > MaxInitial)
        return bad_seek("bad-clock", "clock.initial must be whole seconds from 0 to 10800");
    if (!increment || *increment < 0 || *increment > MaxIncrement)
        return bad_seek("bad-clock", "clock.increment must be whole seconds from 0 to 180");
    if (*initial == 0 && *increment == 0)
        return bad_seek("bad-clock",
                        "a clock of 0+0 has no time at all: give clock.initial or "
                        "clock.increment, or \"clock\":null for no clock");
    r.clock = json::object{{"initial", *initial}, {"increment", *increment}};
    return std::nullopt;
}

std::optional<Outcome> parse_range(const json::value& v, SeekRequest& r) {
    const char* shape =
        "\"ratingRange\" must be [lo,hi]: two whole numbers from 0 to 4000, lo <= hi";
    if (!v.is_array() || v.as_array().size() != 2) return bad_seek("bad-request", shape);
    auto lo = whole(v.as_array()[0]), hi = whole(v.as_array()[1]);
    if (!lo || !hi || *lo < 0 || *hi > MaxRating || *lo > *hi)
        return bad_seek("bad-request", shape);
    r.ratingRange = std::pair<int, int>(int(*lo), int(*hi));
    return std::nullopt;
}

// The clock as part of a pool key: "-" for none, else "initial+increment".
std::string clock_key(const json::value& clock) {
    if (!clock.is_object()) return "-";
    const auto& c = clock.as_object();
    return std::to_string(c.at("initial").to_number<std::int64_t>()) + "+" +
           std::to_string(c.at("increment").to_number<std::int64_t>());
}

std::string pool_key(const SeekRequest& r) {
    return r.variant + "/" + clock_key(r.clock) + "/" + (r.rated ? "rated" : "casual");
}

bool older(const Seek& a, std::uint64_t aOrder, const Seek& b, std::uint64_t bOrder) {
    return std::pair(a.sinceMs, aOrder) < std::pair(b.sinceMs, bOrder);
}

}  // namespace

std::variant<SeekRequest, Outcome> parse_seek(const json::value& body) {
    if (!body.is_object()) return bad_seek("bad-request", "the body must be a JSON object");
    const auto& req = body.as_object();
    if (auto e = check_fields(req,
                              {{"variant", Kind::String, true},
                               {"clock", Kind::Object},
                               {"rated", Kind::Bool},
                               {"color", Kind::String},
                               {"ratingRange", Kind::Any}},
                              "a seek"))
        return *e;
    SeekRequest r;
    r.variant = req.at("variant").as_string();
    auto names = referee::variant_names();
    if (std::find(names.begin(), names.end(), r.variant) == names.end())
        return bad_seek("unknown-variant", "unknown variant " + quoted(r.variant));
    r.clock = nullptr;
    if (auto c = req.if_contains("clock"); c && !c->is_null())
        if (auto e = parse_clock(*c, r)) return *e;
    if (auto v = req.if_contains("rated"); v && !v->is_null()) r.rated = v->get_bool();
    if (auto c = req.if_contains("color"); c && !c->is_null()) {
        r.color = c->as_string();
        if (r.color != "white" && r.color != "black" && r.color != "random")
            return bad_seek("bad-request", "\"color\" must be \"white\", \"black\" or \"random\"");
    }
    if (auto v = req.if_contains("ratingRange"); v && !v->is_null())
        if (auto e = parse_range(*v, r)) return *e;
    return r;
}

std::string rating_pool(const std::string& variant, const json::value& clock) {
    if (!clock.is_object()) return players::rating_pool(variant, std::nullopt);
    const auto& c = clock.as_object();
    return players::rating_pool(variant,
                                std::pair{int(c.at("initial").to_number<std::int64_t>()),
                                          int(c.at("increment").to_number<std::int64_t>())});
}

SeekPool::SeekPool(std::uint64_t coinSeed) : coin_(coinSeed) {}

std::optional<SeekPool::Line::iterator> SeekPool::oldest_fit(Pool& pool, const Waiting& seek,
                                                             Colour colour, double rating) {
    const std::string& account = seek.seek.seeker.account;
    std::optional<Line::iterator> best;
    auto consider = [&](Line::iterator it) {
        const Seek& other = it->second.seek;
        if (!account.empty() && other.seeker.account == account) return;
        if (best && !older(other, it->first.order, (*best)->second.seek, (*best)->first.order))
            return;
        best = it;
    };
    for (Colour c : {White, Black, Random}) {
        if (colour != Random && c == colour) continue;  // white fits black or random
        Line& line = pool.lines[c];
        if (!seek.seek.request.rated) {
            // By age: the first of another account is the oldest of this line.
            for (auto it = line.begin(); it != line.end(); ++it)
                if (account.empty() || it->second.seek.seeker.account != account) {
                    consider(it);
                    break;
                }
            continue;
        }
        // Rated: only the ratings this seek accepts, and of those, the ones that accept it.
        auto from = line.lower_bound(Place{seek.lo, std::numeric_limits<std::int64_t>::min(), 0});
        for (auto it = from; it != line.end() && it->first.rating <= seek.hi; ++it)
            if (it->second.lo <= rating && rating <= it->second.hi) consider(it);
    }
    return best;
}

Seek SeekPool::take_out(std::uint64_t id) {
    auto found = byId_.find(id);
    Where where = found->second;
    byId_.erase(found);
    Seek seek = std::move(where.at->second.seek);
    if (auto n = perAddress_.find(seek.seeker.address); n != perAddress_.end() && --n->second == 0)
        perAddress_.erase(n);
    where.pool->second.lines[where.colour].erase(where.at);
    if (--where.pool->second.waiting == 0) pools_.erase(where.pool);
    return seek;
}

std::variant<std::monostate, Pairing, Outcome> SeekPool::add(Seek seek) {
    const SeekRequest& r = seek.request;
    if (r.rated && (seek.seeker.account.empty() || !seek.seeker.rating))
        return api_error(403, "account-required", "a rated seek needs a logged-in account");
    if (auto n = perAddress_.find(seek.seeker.address);
        n != perAddress_.end() && n->second >= MaxPerAddress)
        return api_error(429, "too-many-seeks",
                         "one address may hold 5 seeks at once: close one first");

    Colour colour = r.color == "white" ? White : r.color == "black" ? Black : Random;
    double rating = r.rated ? *seek.seeker.rating : 0;
    double lo = 0, hi = 0;
    if (r.rated) {
        lo = r.ratingRange ? r.ratingRange->first : rating - DefaultSpread;
        hi = r.ratingRange ? r.ratingRange->second : rating + DefaultSpread;
    }
    std::string key = pool_key(r);
    Waiting entry{std::move(seek), lo, hi};

    auto pool = pools_.find(key);
    if (pool != pools_.end())
        if (auto match = oldest_fit(pool->second, entry, colour, rating)) {
            Seek other = take_out((*match)->second.seek.id);
            const std::string& mine = entry.seek.request.color;
            const std::string& theirs = other.request.color;
            bool newIsWhite = mine == "white" || theirs == "black" ||
                              (mine == "random" && theirs == "random" && (coin_() & 1));
            if (newIsWhite) return Pairing{std::move(entry.seek), std::move(other)};
            return Pairing{std::move(other), std::move(entry.seek)};
        }

    if (pool == pools_.end()) pool = pools_.emplace(std::move(key), Pool{}).first;
    std::uint64_t id = entry.seek.id;
    ++perAddress_[entry.seek.seeker.address];
    Place place{rating, entry.seek.sinceMs, ++arrivals_};
    auto at = pool->second.lines[colour].emplace(place, std::move(entry)).first;
    ++pool->second.waiting;
    byId_[id] = Where{pool, colour, at};
    return std::monostate{};
}

void SeekPool::remove(std::uint64_t id) {
    if (byId_.contains(id)) take_out(id);
}

json::object SeekPool::counts() const {
    json::array pools;
    for (const auto& [key, pool] : pools_) {
        // Any seek of the pool carries its variant, clock and rated.
        const Line& line = *std::find_if(pool.lines.begin(), pool.lines.end(),
                                         [](const Line& l) { return !l.empty(); });
        const SeekRequest& r = line.begin()->second.seek.request;
        pools.push_back(json::object{{"variant", r.variant},
                                     {"clock", r.clock},
                                     {"rated", r.rated},
                                     {"waiting", pool.waiting}});
    }
    return json::object{{"pools", std::move(pools)}};
}

}  // namespace arbiter::server
