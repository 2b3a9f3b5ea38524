// What a request names: its path and decoded query (parse_target), its JSON body (parse_json),
// and the merge of the loops' pages of a list (merge_pages).
#include <algorithm>

#include "server/session.h"

namespace arbiter::server {

namespace {
int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string url_decode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+')
            out += ' ';
        else if (s[i] == '%' && i + 2 < s.size() && hex_digit(s[i + 1]) >= 0 &&
                 hex_digit(s[i + 2]) >= 0) {
            out += char(hex_digit(s[i + 1]) * 16 + hex_digit(s[i + 2]));
            i += 2;
        } else
            out += s[i];
    }
    return out;
}
}  // namespace

Target parse_target(std::string_view target) {
    Target t;
    auto q = target.find('?');
    t.path = std::string(target.substr(0, q));
    if (q == std::string_view::npos) return t;
    std::string_view rest = target.substr(q + 1);
    while (!rest.empty()) {
        auto amp = rest.find('&');
        std::string_view pair = rest.substr(0, amp);
        auto eq = pair.find('=');
        std::string key = url_decode(pair.substr(0, eq));
        std::string value = eq == std::string_view::npos ? "" : url_decode(pair.substr(eq + 1));
        if (!key.empty()) t.query.emplace(std::move(key), std::move(value));
        if (amp == std::string_view::npos) break;
        rest = rest.substr(amp + 1);
    }
    return t;
}

std::optional<json::value> parse_json(std::string_view text) {
    json::parse_options options;
    options.max_depth = 32;
    boost::system::error_code ec;
    json::value v = json::parse(text, ec, {}, options);
    if (ec) return std::nullopt;
    return v;
}

Outcome merge_pages(std::vector<std::optional<Outcome>>& parts, std::size_t limit) {
    std::vector<json::object> games;
    bool more = false;
    for (auto& p : parts) {
        if (p->status != 200) return std::move(*p);
        json::object& body = p->body.as_object();
        more = more || !body.at("next").is_null();
        for (auto& g : body.at("games").as_array()) games.push_back(std::move(g.as_object()));
    }
    auto key = [](const json::object& g) {
        return std::pair(g.at("createdAt").to_number<std::int64_t>(),
                         std::string_view(g.at("id").as_string()));
    };
    std::sort(games.begin(), games.end(),
              [&](const json::object& a, const json::object& b) { return key(a) > key(b); });
    more = more || games.size() > limit;
    if (games.size() > limit) games.resize(limit);
    json::array page;
    for (auto& g : games) page.push_back(std::move(g));
    json::value next = nullptr;
    if (more && !page.empty()) {
        const json::object& last = page.back().as_object();
        next = std::to_string(key(last).first) + "-" + std::string(key(last).second);
    }
    return Outcome{200, json::object{{"games", std::move(page)}, {"next", next}}, {}, {}};
}

}  // namespace arbiter::server
