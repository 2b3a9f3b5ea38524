// Secrets stay secret (docs/rules.md#battles, docs/rules.md#secrets): random full matches
// through the referee, reading the JSON text of every view and event White, Black and a
// spectator get.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "referee/chiefspy_game.h"
#include "referee/game.h"
#include "variants/chiefspy/round.h"

using namespace arbiter;
using namespace arbiter::referee;
using arbiter::chiefspy::Assignment;

namespace {

bool sanitized() { return std::getenv("ARBITER_SANITIZED") != nullptr; }

const Seat Seats[] = {Seat::White, Seat::Black, Seat::Spectator};

Assignment random_assignment(SeededRandom& rng) {
    Assignment a = chiefspy::AllBackRankValues;
    for (int i = 7; i > 0; --i) std::swap(a[i], a[rng.uniform(std::uint32_t(i + 1))]);
    return a;
}

json::object set_values(const Assignment& a) {
    json::object v;
    for (int s = 0; s < 8; ++s) v[std::string(1, char('a' + s))] = a[s].to_string();
    return {{"type", "set-values"}, {"values", v}};
}

std::string values_json(const Assignment& a) { return json::serialize(set_values(a).at("values")); }

// What one seat received, with the event count at the time.
struct Seen {
    std::size_t at;
    std::string text;
};

// Plays a random match; `values[round][player]` are the assignments; collects every text
// each seat receives. Actions come from legal_actions plus occasional draw offers.
struct RandomMatch {
    std::unique_ptr<Game> game;
    std::map<Seat, std::vector<Seen>> seen;
    std::map<Seat, std::uint64_t> cursor;

    void capture() {
        for (Seat s : Seats) {
            for (const Event* e : game->events_for(s, cursor[s]))
                seen[s].push_back({e->seq + 1, json::serialize(e->body)});
            cursor[s] = game->events().size();
            seen[s].push_back({game->events().size(), json::serialize(game->view(s, 0))});
        }
    }
};

}  // namespace

TEST(ChiefSpyLeak, NoSecretInAnyViewOrEventBeforeTheReveal) {
    int matches = sanitized() ? 10 : 200;
    for (int seed = 1; seed <= matches; ++seed) {
        SeededRandom rng(seed * 7919), gameRandom(seed);
        RandomMatch m;
        m.game = create_game("chiefspy", {}, gameRandom);
        Assignment values[3][2];
        int round = 0;
        m.capture();
        int guard = 0;
        while (!m.game->finished() && ++guard < 2000) {
            if (!m.game->seat_to_move()) {  // set-up of a new round
                for (int p = 0; p < 2; ++p) values[round][p] = random_assignment(rng);
                ASSERT_TRUE(m.game->act(Seat::White, set_values(values[round][0]), 0).accepted);
                m.capture();
                ASSERT_TRUE(m.game->act(Seat::Black, set_values(values[round][1]), 0).accepted);
                ++round;
            } else {
                Seat mover = *m.game->seat_to_move();
                if (rng.uniform(40) == 0) {
                    m.game->act(opponent(mover), {{"type", "draw-offer"}}, 0);
                    m.capture();
                }
                auto actions = m.game->legal_actions(mover);
                ASSERT_FALSE(actions.empty());
                auto r = m.game->act(mover, actions[rng.uniform(std::uint32_t(actions.size()))], 0);
                ASSERT_TRUE(r.accepted) << r.error;
            }
            m.capture();
        }
        ASSERT_TRUE(m.game->finished()) << "seed " << seed;

        // The reveals: for each round, its salts and the event count at its round-end.
        struct Reveal {
            std::size_t at;
            std::string salt[2];
            int round;
        };
        std::vector<Reveal> reveals;
        for (const Event& e : m.game->events()) {
            if (e.body.at("type").as_string() != "round-end" || !e.body.at("reveal").is_object())
                continue;
            const auto& rv = e.body.at("reveal").as_object();
            reveals.push_back({e.seq + 1,
                               {std::string(rv.at("white").at("salt").as_string()),
                                std::string(rv.at("black").at("salt").as_string())},
                               int(e.body.at("round").as_int64())});
        }
        for (const auto& rv : reveals) {
            for (Seat s : Seats) {
                for (const Seen& x : m.seen[s]) {
                    if (x.at >= rv.at) continue;  // after the reveal
                    for (const auto& salt : rv.salt)
                        ASSERT_EQ(x.text.find(salt), std::string::npos)
                            << "salt leaked to " << seat_name(s) << " seed " << seed;
                    for (int p = 0; p < 2; ++p) {
                        bool own = s != Seat::Spectator && p == (s == Seat::White ? 0 : 1);
                        if (own) continue;
                        const Assignment& a = values[rv.round - 1][p];
                        ASSERT_EQ(x.text.find(values_json(a)), std::string::npos)
                            << "values leaked to " << seat_name(s) << " seed " << seed;
                        ASSERT_EQ(x.text.find(chiefspy::assignment_text(a)), std::string::npos)
                            << "values leaked to " << seat_name(s) << " seed " << seed;
                    }
                }
            }
        }
        // A view names only initial values, and only the seat's own.
        for (Seat s : {Seat::White, Seat::Black}) {
            json::object v = m.game->view(s, 0);
            for (const auto& p : v.at("pieces").as_array()) {
                const auto& o = p.as_object();
                if (!o.contains("initial")) continue;
                EXPECT_EQ(o.at("colour"), v.at("myColour"));
                std::string id(o.at("id").as_string());
                EXPECT_EQ(o.at("initial"), v.at("myValues").at(id));
            }
        }
        // The spectator never sees a value in a view.
        for (const Seen& x : m.seen[Seat::Spectator])
            if (x.text.find("\"myValues\":{") != std::string::npos) FAIL() << "spectator values";
    }
}

// Two matches that differ only in Black's secret values: everything White and a spectator
// receive is byte-identical (Black's commitment aside) until a battle outcome differs.
TEST(ChiefSpyLeak, OpponentValuesDoNotChangeWhatASeatSees) {
    int matches = sanitized() ? 8 : 150;
    int comparedPlies = 0;
    for (int seed = 1; seed <= matches; ++seed) {
        SeededRandom rng(seed * 31), ra(seed), rb(seed);
        Assignment white = random_assignment(rng), blackA = random_assignment(rng),
                   blackB = random_assignment(rng);
        auto a = create_game("chiefspy", {}, ra), b = create_game("chiefspy", {}, rb);
        ASSERT_TRUE(a->act(Seat::White, set_values(white), 0).accepted);
        ASSERT_TRUE(b->act(Seat::White, set_values(white), 0).accepted);
        ASSERT_TRUE(a->act(Seat::Black, set_values(blackA), 0).accepted);
        ASSERT_TRUE(b->act(Seat::Black, set_values(blackB), 0).accepted);
        auto commitment = [](const Game& g) {
            for (const Event& e : g.events())
                if (e.body.at("type").as_string() == "round-start")
                    return std::string(e.body.at("commitments").at("black").as_string());
            return std::string();
        };
        std::string ca = commitment(*a), cb = commitment(*b);
        ASSERT_NE(ca, cb);
        auto normalise = [&](std::string text) {
            for (auto p = text.find(cb); p != std::string::npos; p = text.find(cb, p))
                text.replace(p, cb.size(), ca);
            return text;
        };
        std::size_t cursor = 0;
        for (int ply = 0; ply < 300; ++ply) {
            Seat mover = *a->seat_to_move();
            auto actions = a->legal_actions(mover);
            auto action = actions[rng.uniform(std::uint32_t(actions.size()))];
            auto resultA = a->act(mover, action, 0);
            ASSERT_TRUE(resultA.accepted);
            auto resultB = b->act(mover, action, 0);
            if (!resultB.accepted) break;  // Black's Spy gambit: not B's Spy
            // A different outcome (or a round ended in one game only) is public news.
            bool sameOutcome = a->events().size() == b->events().size(), roundOver = false;
            for (std::size_t i = cursor; sameOutcome && i < a->events().size(); ++i) {
                const auto& ea = a->events()[i].body;
                const auto& eb = b->events()[i].body;
                if (ea.at("type").as_string() == "round-end" ||
                    eb.at("type").as_string() == "round-end")
                    roundOver = true;
                if (ea.at("type").as_string() == "move" && ea.at("battle").is_object() &&
                    (!eb.contains("battle") || eb.at("battle") != ea.at("battle")))
                    sameOutcome = false;
            }
            if (!sameOutcome || roundOver) break;
            for (Seat s : {Seat::White, Seat::Spectator}) {
                std::string va = json::serialize(a->view(s, 0)),
                            vb = json::serialize(b->view(s, 0));
                ASSERT_EQ(va, normalise(vb)) << "seed " << seed << " ply " << ply;
                auto ea = a->events_for(s, 0), eb = b->events_for(s, 0);
                ASSERT_EQ(ea.size(), eb.size());
                for (std::size_t i = 0; i < ea.size(); ++i)
                    ASSERT_EQ(json::serialize(ea[i]->body),
                              normalise(json::serialize(eb[i]->body)));
            }
            cursor = a->events().size();
            ++comparedPlies;
        }
    }
    EXPECT_GT(comparedPlies, matches);  // the comparison did real work
}
