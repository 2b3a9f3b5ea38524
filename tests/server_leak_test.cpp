// Leak audit, generic over every registered variant: random games played through the API,
// every byte each seat and a spectator receive recorded, and compared with exactly what
// Game::events_for(seat) and Game::view(seat) produce for that seat. So a seat can only ever
// learn what its variant chose to show it; hidden-information variants are covered as soon
// as they are registered.
#include <gtest/gtest.h>

#include "referee/game.h"
#include "referee/random.h"
#include "server/lobby.h"
#include "tests/leak_audit.h"
#include "tests/server_client.h"

using namespace arbiter;
using namespace arbiter::testing;
using referee::Seat;

namespace {

struct Received {
    std::vector<std::string> events;  // the "event" member of each event message, as text
    std::vector<json::object> others;
};

void take(WsClient& ws, Received& r, std::optional<std::int64_t> waitAck = std::nullopt) {
    for (;;) {
        auto m = ws.receive_json();
        std::string_view type = m.at("type").as_string();
        if (type == "event") {
            r.events.push_back(json::serialize(m.at("event")));
            if (!waitAck) return;
            continue;
        }
        r.others.push_back(m);
        if (waitAck && (type == "ack" || type == "error") && m.at("id") == *waitAck) return;
        if (!waitAck) return;
    }
}

}  // namespace

void arbiter::testing::leak_audit(std::uint16_t port, const Inspect& inspect, int gamesPerVariant) {
    const int maxActions = sanitized() ? 30 : 80;
    referee::SeededRandom random(2026);
    int acknowledged = 0;
    for (const std::string& variant : referee::variant_names()) {
        for (int n = 0; n < gamesPerVariant; ++n) {
            SCOPED_TRACE(variant + " game " + std::to_string(n));
            auto created = http(port, "POST", "/api/games",
                                R"({"variant":")" + variant + R"(","opponent":"local"})");
            ASSERT_EQ(created.status, 201) << created.body;
            auto c = created.json().as_object();
            std::string id(c.at("id").as_string());
            std::string tokens[2] = {std::string(c.at("tokens").at("white").as_string()),
                                     std::string(c.at("tokens").at("black").as_string())};
            WsClient white(port, "/ws/games/" + id + "?token=" + tokens[0]);
            WsClient black(port, "/ws/games/" + id + "?token=" + tokens[1]);
            WsClient spectator(port, "/ws/games/" + id);
            spectator.send(R"({"type":"hello"})");
            WsClient* clients[3] = {&white, &black, &spectator};
            const Seat seats[3] = {Seat::White, Seat::Black, Seat::Spectator};
            Received got[3];

            // The welcome views equal the variant's views before anything happened.
            for (int k = 0; k < 3; ++k) {
                auto welcome = clients[k]->receive_json();
                ASSERT_EQ(welcome.at("type"), "welcome");
                inspect(id, [&](const referee::Game* g) {
                    ASSERT_NE(g, nullptr);
                    EXPECT_EQ(json::serialize(welcome.at("view")),
                              json::serialize(g->view(seats[k], 0)));
                });
            }

            for (int step = 0; step < maxActions; ++step) {
                std::vector<std::pair<int, json::object>> options;
                bool over = false;
                inspect(id, [&](const referee::Game* g) {
                    over = g->finished();
                    for (int k = 0; k < 2; ++k)
                        for (auto& a : g->legal_actions(seats[k])) options.emplace_back(k, a);
                });
                if (over || options.empty()) break;
                auto& [k, action] = options[random.uniform(std::uint32_t(options.size()))];
                clients[k]->send(R"({"type":"action","id":)" + std::to_string(step) +
                                 R"(,"action":)" + json::serialize(action) + "}");
                take(*clients[k], got[k], step);
                EXPECT_EQ(got[k].others.back().at("type"), "ack")
                    << json::serialize(got[k].others.back());
                ++acknowledged;
            }
            bool over = false;
            inspect(id, [&](const referee::Game* g) { over = g->finished(); });
            if (!over) {
                white.send(R"({"type":"action","id":-1,"action":{"type":"resign"}})");
                take(white, got[0], -1);
            }

            for (int k = 0; k < 3; ++k) {
                std::vector<std::string> expected;
                inspect(id, [&](const referee::Game* g) {
                    for (const auto* e : g->events_for(seats[k]))
                        expected.push_back(server::event_text(*e));
                });
                while (got[k].events.size() < expected.size()) take(*clients[k], got[k]);
                EXPECT_EQ(got[k].events, expected) << "seat " << referee::seat_name(seats[k]);
                // Nothing but events, the welcome and acknowledgements reached the seat.
                for (const auto& m : got[k].others) {
                    EXPECT_EQ(m.at("type"), "ack") << json::serialize(m);
                    EXPECT_EQ(m.size(), 2u) << json::serialize(m);
                }
                clients[k]->send(R"({"type":"view","id":"v"})");
                json::object v;
                for (;;) {
                    v = clients[k]->receive_json();
                    if (v.at("type") == "view") break;
                    ASSERT_EQ(v.at("type"), "event");  // none expected, but never anything else
                }
                inspect(id, [&](const referee::Game* g) {
                    EXPECT_EQ(json::serialize(v.at("view")), json::serialize(g->view(seats[k], 0)));
                });
                auto viaHttp = http(port, "GET", "/api/games/" + id, "",
                                    k < 2 ? std::optional<std::string>(tokens[k]) : std::nullopt);
                inspect(id, [&](const referee::Game* g) {
                    EXPECT_EQ(json::serialize(viaHttp.json().at("view")),
                              json::serialize(g->view(seats[k], 0)));
                });
                auto stream =
                    read_event_stream(port, "/api/games/" + id + "/events",
                                      k < 2 ? std::optional<std::string>(tokens[k]) : std::nullopt);
                EXPECT_EQ(stream, expected);
            }
        }
    }
    // The audit looked at real play, not at empty games.
    EXPECT_GE(acknowledged, int(referee::variant_names().size()) * gamesPerVariant * 4);
}

TEST(ServerLeakAudit, EachSeatReceivesExactlyItsEventsAndViews) {
    TestServer s;
    leak_audit(
        s.port(),
        [&](const std::string& id, const std::function<void(const referee::Game*)>& fn) {
            s.server().inspect(id, fn);
        },
        sanitized() ? 1 : 3);
}
