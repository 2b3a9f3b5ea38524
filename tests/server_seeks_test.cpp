// Quick pairing: the pairing rules of the seek pool, the parsing of a seek, the rating pools,
// and the NDJSON stream that holds a seek (over real loopback sockets).
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>

#include <chrono>
#include <functional>
#include <thread>

#include "server/seeks.h"
#include "server/session.h"

using namespace arbiter;
using namespace arbiter::server;

namespace {

json::value clock(int initial, int increment) {
    return json::object{{"initial", initial}, {"increment", increment}};
}

// A casual 3+0 chess seek of its own account and address, made at `id` ms.
Seek seek(std::uint64_t id, std::string color = "random") {
    Seek s{id, SeekRequest{"chess", clock(180, 0), false, std::move(color), std::nullopt},
           Seeker{"player" + std::to_string(id), std::nullopt, "10.0.0." + std::to_string(id)},
           std::int64_t(id)};
    return s;
}

Seek rated(std::uint64_t id, double rating, std::optional<std::pair<int, int>> range = {}) {
    Seek s = seek(id);
    s.request.rated = true;
    s.request.ratingRange = range;
    s.seeker.rating = rating;
    return s;
}

bool waits(const std::variant<std::monostate, Pairing, Outcome>& r) {
    return std::holds_alternative<std::monostate>(r);
}

// The pairing, or a failed expectation.
Pairing paired(std::variant<std::monostate, Pairing, Outcome> r) {
    EXPECT_TRUE(std::holds_alternative<Pairing>(r)) << "the seeks did not pair";
    if (auto* p = std::get_if<Pairing>(&r)) return *p;
    return Pairing{seek(0), seek(0)};
}

}  // namespace

TEST(SeekRules, OnlySeeksOfTheSameVariantPair) {
    SeekPool pool;
    Seek a = seek(1), b = seek(2);
    b.request.variant = "chiefspy";
    EXPECT_TRUE(waits(pool.add(a)));
    EXPECT_TRUE(waits(pool.add(b)));
    Seek c = seek(3);
    c.request.variant = "chiefspy";
    auto p = paired(pool.add(c));
    EXPECT_EQ(p.white.id + p.black.id, 5u);
    EXPECT_EQ(pool.waiting(), 1u);
}

TEST(SeekRules, DifferentClocksDoNotPair) {
    SeekPool pool;
    Seek a = seek(1), b = seek(2), c = seek(3);
    b.request.clock = clock(180, 2);
    c.request.clock = nullptr;
    EXPECT_TRUE(waits(pool.add(a)));
    EXPECT_TRUE(waits(pool.add(b)));
    EXPECT_TRUE(waits(pool.add(c)));
    Seek d = seek(4);
    d.request.clock = nullptr;
    auto p = paired(pool.add(d));
    EXPECT_EQ(p.white.id + p.black.id, 7u);
}

TEST(SeekRules, RatedAndCasualDoNotPair) {
    SeekPool pool;
    EXPECT_TRUE(waits(pool.add(seek(1))));
    EXPECT_TRUE(waits(pool.add(rated(2, 1500))));
    EXPECT_EQ(pool.waiting(), 2u);
    paired(pool.add(rated(3, 1500)));
    paired(pool.add(seek(4)));
    EXPECT_EQ(pool.waiting(), 0u);
}

TEST(SeekRules, TheSameAccountDoesNotPairWithItself) {
    SeekPool pool;
    Seek a = seek(1), b = seek(2);
    b.seeker.account = a.seeker.account;
    EXPECT_TRUE(waits(pool.add(a)));
    EXPECT_TRUE(waits(pool.add(b)));
    Seek ra = rated(3, 1500), rb = rated(4, 1500);
    rb.seeker.account = ra.seeker.account;
    EXPECT_TRUE(waits(pool.add(ra)));
    EXPECT_TRUE(waits(pool.add(rb)));
    EXPECT_EQ(pool.waiting(), 4u);
}

TEST(SeekRules, AnonymousSeeksPairWithEachOtherEvenFromOneAddress) {
    SeekPool pool;
    Seek a = seek(1), b = seek(2);
    a.seeker.account = b.seeker.account = "";
    b.seeker.address = a.seeker.address;
    EXPECT_TRUE(waits(pool.add(a)));
    paired(pool.add(b));
}

TEST(SeekRules, WhiteDoesNotPairWithWhiteNorBlackWithBlack) {
    SeekPool pool;
    EXPECT_TRUE(waits(pool.add(seek(1, "white"))));
    EXPECT_TRUE(waits(pool.add(seek(2, "white"))));
    EXPECT_FALSE(waits(pool.add(seek(3, "black"))));  // pairs with 1
    EXPECT_FALSE(waits(pool.add(seek(4, "black"))));  // pairs with 2
    EXPECT_TRUE(waits(pool.add(seek(5, "black"))));
    EXPECT_TRUE(waits(pool.add(seek(6, "black"))));
    EXPECT_EQ(pool.waiting(), 2u);
}

TEST(SeekRules, WhiteAndBlackPairInTheirColours) {
    SeekPool pool;
    pool.add(seek(1, "black"));
    auto p = paired(pool.add(seek(2, "white")));
    EXPECT_EQ(p.white.id, 2u);
    EXPECT_EQ(p.black.id, 1u);
}

TEST(SeekRules, RandomFitsAnyColourAndTheOtherGetsTheColourItAsked) {
    SeekPool pool;
    pool.add(seek(1, "random"));
    auto p = paired(pool.add(seek(2, "white")));
    EXPECT_EQ(p.white.id, 2u);
    pool.add(seek(3, "random"));
    p = paired(pool.add(seek(4, "black")));
    EXPECT_EQ(p.black.id, 4u);
    pool.add(seek(5, "white"));
    p = paired(pool.add(seek(6, "random")));
    EXPECT_EQ(p.white.id, 5u);
    pool.add(seek(7, "black"));
    p = paired(pool.add(seek(8, "random")));
    EXPECT_EQ(p.black.id, 7u);
}

TEST(SeekRules, TwoRandomSeeksAreSeatedByAFairCoin) {
    SeekPool pool(42);
    int olderWhite = 0;
    for (std::uint64_t i = 1; i <= 400; i += 2) {  // 200 pairings
        pool.add(seek(i));
        if (paired(pool.add(seek(i + 1))).white.id == i) ++olderWhite;
    }
    EXPECT_GT(olderWhite, 65);
    EXPECT_LT(olderWhite, 135);
}

TEST(SeekRules, ARatedPairNeedsEachRatingInTheOthersRange) {
    SeekPool pool;
    // A (1500, range 1400..2000) accepts B (1900); B (range 1800..2000) does not accept A.
    EXPECT_TRUE(waits(pool.add(rated(1, 1500, std::pair(1400, 2000)))));
    EXPECT_TRUE(waits(pool.add(rated(2, 1900, std::pair(1800, 2000)))));
    // And the other way round: C's range excludes A although A's includes C.
    EXPECT_TRUE(waits(pool.add(rated(3, 1600, std::pair(1700, 1800)))));
    EXPECT_EQ(pool.waiting(), 3u);
    // D (1550, default 1050..2050) and A accept each other; B's range excludes D.
    auto p = paired(pool.add(rated(4, 1550)));
    EXPECT_EQ(p.white.id + p.black.id, 5u);
}

TEST(SeekRules, TheDefaultRangeIsTheRatingPlusOrMinus500EdgesIncluded) {
    SeekPool pool;
    pool.add(rated(1, 1500));
    EXPECT_TRUE(waits(pool.add(rated(2, 2000.5))));
    auto p = paired(pool.add(rated(3, 2000)));
    EXPECT_EQ(p.white.id + p.black.id, 4u);
}

TEST(SeekRules, TheOldestFittingSeekIsTakenFirst) {
    SeekPool pool;
    // Carol's seeks do not pair with each other; they wait in this order, of their own ages.
    auto carol = [](std::uint64_t since, std::string color) {
        Seek s = seek(since, std::move(color));
        s.seeker.account = "carol";
        return s;
    };
    for (Seek s : {carol(20, "black"), carol(5, "white"), carol(12, "random"), carol(10, "black")})
        EXPECT_TRUE(waits(pool.add(s)));
    EXPECT_EQ(paired(pool.add(seek(40, "white"))).black.id, 10u);
    EXPECT_EQ(paired(pool.add(seek(41, "white"))).black.id, 12u);
    EXPECT_EQ(paired(pool.add(seek(42, "white"))).black.id, 20u);
    EXPECT_TRUE(waits(pool.add(seek(43, "white")))) << "carol's white seek does not fit";
}

TEST(SeekRules, TheOldestFittingRatedSeekIsTakenFirstWhateverItsRating) {
    SeekPool pool;
    Seek young = rated(9, 1500), old = rated(3, 1900), unfit = rated(1, 1600, std::pair(0, 100));
    young.seeker.account = old.seeker.account = unfit.seeker.account = "carol";
    for (Seek s : {young, old, unfit}) EXPECT_TRUE(waits(pool.add(s)));
    auto p = paired(pool.add(rated(50, 1700)));
    EXPECT_EQ(p.white.id + p.black.id, 53u);
    p = paired(pool.add(rated(51, 1700)));
    EXPECT_EQ(p.white.id + p.black.id, 60u);
}

TEST(SeekRules, ARatedSeekNeedsAnAccountAndARating) {
    SeekPool pool;
    Seek anonymous = rated(1, 1500), unrated = rated(2, 1500);
    anonymous.seeker.account = "";
    unrated.seeker.rating.reset();
    for (Seek s : {anonymous, unrated}) {
        auto r = pool.add(s);
        ASSERT_TRUE(std::holds_alternative<Outcome>(r));
        EXPECT_EQ(std::get<Outcome>(r).status, 403);
        EXPECT_EQ(std::get<Outcome>(r).body.at("code"), "account-required");
    }
    EXPECT_EQ(pool.waiting(), 0u);
}

TEST(SeekPool, RemoveTakesASeekOut) {
    SeekPool pool;
    pool.add(seek(1, "white"));
    pool.add(seek(2, "white"));
    EXPECT_EQ(pool.waiting(), 2u);
    pool.remove(1);
    pool.remove(1);    // twice: nothing
    pool.remove(999);  // never there: nothing
    EXPECT_EQ(pool.waiting(), 1u);
    auto p = paired(pool.add(seek(3, "black")));
    EXPECT_EQ(p.white.id, 2u) << "the removed seek is not paired";
    EXPECT_EQ(pool.waiting(), 0u);
    EXPECT_TRUE(pool.counts().at("pools").as_array().empty());
}

TEST(SeekPool, OneAddressHoldsAtMostFiveSeeks) {
    SeekPool pool;
    auto from = [](std::uint64_t id) {
        Seek s = seek(id, "white");
        s.seeker.address = "192.0.2.7";
        return s;
    };
    for (std::uint64_t i = 1; i <= 5; ++i) EXPECT_TRUE(waits(pool.add(from(i))));
    auto r = pool.add(from(6));
    ASSERT_TRUE(std::holds_alternative<Outcome>(r));
    EXPECT_EQ(std::get<Outcome>(r).status, 429);
    EXPECT_EQ(std::get<Outcome>(r).body.at("code"), "too-many-seeks");
    EXPECT_TRUE(waits(pool.add(seek(7, "white")))) << "another address is not capped";
    pool.remove(3);
    EXPECT_TRUE(waits(pool.add(from(8))));
    paired(pool.add(seek(9, "black")));  // takes seek 1: its address may seek again
    EXPECT_TRUE(waits(pool.add(from(10))));
    EXPECT_FALSE(waits(pool.add(from(11))));
}

TEST(SeekPool, CountsListsThePoolsThatHaveSeeks) {
    SeekPool pool;
    pool.add(seek(1, "white"));
    pool.add(seek(2, "white"));
    pool.add(rated(3, 1500));
    Seek untimed = seek(4);
    untimed.request.clock = nullptr;
    pool.add(untimed);
    auto counts = pool.counts();
    EXPECT_EQ(json::serialize(counts),
              R"({"pools":[{"variant":"chess","clock":null,"rated":false,"waiting":1},)"
              R"({"variant":"chess","clock":{"initial":180,"increment":0},"rated":false,)"
              R"("waiting":2},)"
              R"({"variant":"chess","clock":{"initial":180,"increment":0},"rated":true,)"
              R"("waiting":1}]})");
}

TEST(SeekPool, TenThousandWaitingSeeksStillPairAtOnce) {
    SeekPool pool;
    // Each accepts one whole rating, and has a rating half a point off: nobody fits anybody.
    for (std::uint64_t i = 1; i <= 10000; ++i) {
        int r = int(i % 4000);
        ASSERT_TRUE(waits(pool.add(rated(i, r + 0.5, std::pair(r, r)))));
    }
    auto start = std::chrono::steady_clock::now();
    pool.add(rated(20001, 2000.5, std::pair(1500, 2500)));
    auto p = paired(pool.add(rated(20002, 2000.5, std::pair(1500, 2500))));
    EXPECT_EQ(p.white.id + p.black.id, 40003u);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(50));
    EXPECT_EQ(pool.waiting(), 10000u);
}

TEST(SeekRatingPool, ChessGoesByInitialPlusFortyIncrements) {
    EXPECT_EQ(rating_pool("chess", clock(179, 0)), "chess-bullet");
    EXPECT_EQ(rating_pool("chess", clock(180, 0)), "chess-blitz");
    EXPECT_EQ(rating_pool("chess", clock(120, 1)), "chess-bullet");  // 2+1: 160
    EXPECT_EQ(rating_pool("chess", clock(180, 2)), "chess-blitz");   // 3+2: 260
    EXPECT_EQ(rating_pool("chess", clock(0, 4)), "chess-bullet");    // 160
    EXPECT_EQ(rating_pool("chess", clock(0, 5)), "chess-blitz");     // 200
    EXPECT_EQ(rating_pool("chess", clock(479, 0)), "chess-blitz");
    EXPECT_EQ(rating_pool("chess", clock(480, 0)), "chess-rapid");
    EXPECT_EQ(rating_pool("chess", clock(600, 5)), "chess-rapid");  // 10+5: 800
    EXPECT_EQ(rating_pool("chess", clock(1499, 0)), "chess-rapid");
    EXPECT_EQ(rating_pool("chess", clock(1500, 0)), "chess-classical");
    EXPECT_EQ(rating_pool("chess", clock(900, 15)), "chess-classical");  // 15+15: 1500
    EXPECT_EQ(rating_pool("chess", nullptr), "chess-untimed");
}

TEST(SeekRatingPool, TheOtherVariantsHaveOnePoolEach) {
    EXPECT_EQ(rating_pool("chiefspy", clock(60, 0)), "chiefspy");
    EXPECT_EQ(rating_pool("chiefspy", nullptr), "chiefspy");
    EXPECT_EQ(rating_pool("minesweeper", clock(3600, 30)), "minesweeper");
}

namespace {

json::value body(std::string_view text) { return json::parse(text); }

// The refusal of a body: its status, code and message ("" when it was accepted).
std::string refusal(std::string_view text) {
    auto r = parse_seek(body(text));
    if (!std::holds_alternative<Outcome>(r)) return "";
    const auto& o = std::get<Outcome>(r);
    return std::to_string(o.status) + " " + std::string(o.body.at("code").as_string()) + ": " +
           std::string(o.body.at("error").as_string());
}

}  // namespace

TEST(SeekParse, AFullSeek) {
    auto r = parse_seek(body(
        R"({"variant":"chess","clock":{"initial":300,"increment":3},"rated":true,"color":"black","ratingRange":[1200,1800]})"));
    ASSERT_TRUE(std::holds_alternative<SeekRequest>(r)) << refusal("{}");
    const auto& s = std::get<SeekRequest>(r);
    EXPECT_EQ(s.variant, "chess");
    EXPECT_EQ(json::serialize(s.clock), R"({"initial":300,"increment":3})");
    EXPECT_TRUE(s.rated);
    EXPECT_EQ(s.color, "black");
    EXPECT_EQ(s.ratingRange, std::pair(1200, 1800));
}

TEST(SeekParse, DefaultsAreUntimedCasualRandomWithoutARange) {
    auto r = parse_seek(body(R"({"variant":"minesweeper"})"));
    ASSERT_TRUE(std::holds_alternative<SeekRequest>(r));
    const auto& s = std::get<SeekRequest>(r);
    EXPECT_TRUE(s.clock.is_null());
    EXPECT_FALSE(s.rated);
    EXPECT_EQ(s.color, "random");
    EXPECT_FALSE(s.ratingRange);
    auto inc = parse_seek(body(R"({"variant":"chess","clock":{"initial":60}})"));
    ASSERT_TRUE(std::holds_alternative<SeekRequest>(inc));
    EXPECT_EQ(json::serialize(std::get<SeekRequest>(inc).clock), R"({"initial":60,"increment":0})");
}

TEST(SeekParse, ClockBoundsAreAcceptedAtTheEdges) {
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":10800,"increment":180}})"), "");
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":0,"increment":1}})"), "");
    EXPECT_EQ(refusal(R"({"variant":"chess","ratingRange":[0,4000]})"), "");
    EXPECT_EQ(refusal(R"({"variant":"chess","ratingRange":[1500,1500]})"), "");
}

TEST(SeekParse, RefusesWhatIsNotASeek) {
    EXPECT_EQ(refusal(R"([1])"), "400 bad-request: the body must be a JSON object");
    EXPECT_EQ(refusal(R"({})"), "400 bad-request: a seek needs \"variant\"");
    EXPECT_EQ(refusal(R"({"variant":"checkers"})"),
              "400 unknown-variant: unknown variant 'checkers'");
    EXPECT_EQ(refusal(R"({"variant":"chess","opponent":"human"})"),
              "400 unknown-field: unknown field 'opponent' in a seek");
    EXPECT_EQ(refusal(R"({"variant":"chess","rated":"yes"})"),
              "400 bad-request: \"rated\" must be true or false");
    EXPECT_EQ(refusal(R"({"variant":"chess","color":"green"})"),
              "400 bad-request: \"color\" must be \"white\", \"black\" or \"random\"");
}

TEST(SeekParse, RefusesClocksOutOfBounds) {
    const std::string initial =
        "400 bad-clock: clock.initial must be whole seconds from 0 to 10800";
    const std::string increment =
        "400 bad-clock: clock.increment must be whole seconds from 0 to 180";
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":10801,"increment":0}})"), initial);
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":-1,"increment":0}})"), initial);
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":1.5,"increment":0}})"), initial);
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":60,"increment":181}})"), increment);
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":60,"increment":-2}})"), increment);
    EXPECT_TRUE(refusal(R"({"variant":"chess","clock":{"initial":0,"increment":0}})")
                    .starts_with("400 bad-clock: a clock of 0+0 has no time at all"));
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"increment":2}})"),
              "400 bad-request: \"clock\" needs \"initial\"");
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":{"initial":60,"delay":2}})"),
              "400 unknown-field: unknown field 'delay' in \"clock\"");
    EXPECT_EQ(refusal(R"({"variant":"chess","clock":"3+2"})"),
              "400 bad-request: \"clock\" must be an object");
}

TEST(SeekParse, RefusesRatingRangesThatAreNotLoToHi) {
    const std::string shape =
        "400 bad-request: \"ratingRange\" must be [lo,hi]: two whole numbers from 0 to 4000, lo "
        "<= hi";
    for (const char* range : {"[2000,1000]", "[-1,100]", "[0,4001]", "[1500]", "[1,2,3]",
                              "\"1200-1800\"", "[1200.5,1800]", "{\"lo\":1}"})
        EXPECT_EQ(refusal(R"({"variant":"chess","ratingRange":)" + std::string(range) + "}"), shape)
            << range;
}

// The stream, over loopback sockets on one io_context run by the test.
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

// Runs the loop until the condition holds (or 5 s pass); whether it holds.
bool run_until(asio::io_context& ioc, const std::function<bool()>& done) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!done() && std::chrono::steady_clock::now() < deadline) {
        ioc.run_for(std::chrono::milliseconds(5));
        if (ioc.stopped()) ioc.restart();
    }
    return done();
}

// The client's end of one connection: everything it has read, and whether the server closed.
struct SeekClient {
    tcp::socket socket;
    std::string got;
    bool ended = false;
    char buffer[1024];

    explicit SeekClient(tcp::socket s) : socket(std::move(s)) { read(); }
    void read() {
        socket.async_read_some(asio::buffer(buffer), [this](beast::error_code ec, std::size_t n) {
            got.append(buffer, n);
            if (ec) {
                ended = true;
                return;
            }
            read();
        });
    }
    bool has(std::string_view text) const { return got.find(text) != std::string::npos; }
};

struct SeekLoop {
    asio::io_context ioc;
    tcp::acceptor acceptor{ioc, tcp::endpoint(asio::ip::address_v4::loopback(), 0)};
    std::shared_ptr<Connections> connections = std::make_shared<Connections>();
    std::vector<std::unique_ptr<SeekClient>> clients;
    // What the fake PairGame was given.
    std::vector<Pairing> pairings;
    std::vector<std::function<void(std::optional<std::array<std::string, 2>>)>> dones;
    Seeks seeks{ioc,
                [this](const Pairing& p, auto done) {
                    pairings.push_back(p);
                    dones.push_back(std::move(done));
                },
                connections};

    // Opens a connection and starts a seek on it; the client's end.
    SeekClient& seek(std::string color, std::string account, std::string address = "127.0.0.1") {
        tcp::socket client(ioc);
        client.connect(acceptor.local_endpoint());
        tcp::socket server = acceptor.accept();
        clients.push_back(std::make_unique<SeekClient>(std::move(client)));
        start_seek_stream(beast::tcp_stream(std::move(server)), 11, seeks,
                          SeekRequest{"chess", json::object{{"initial", 180}, {"increment", 0}},
                                      false, std::move(color), std::nullopt},
                          Seeker{std::move(account), std::nullopt, std::move(address)});
        return *clients.back();
    }
};

const std::array<std::string, 2> PairedLines{R"({"type":"paired","game":"g1","seat":"white"})",
                                             R"({"type":"paired","game":"g1","seat":"black"})"};

}  // namespace

TEST(SeekStream, TheResponseIsChunkedNdjsonThatStartsWithTheSeekingLine) {
    SeekLoop loop;
    SeekClient& c = loop.seek("random", "alice");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return c.has("\"seeking\""); })) << c.got;
    EXPECT_TRUE(c.got.starts_with("HTTP/1.1 200 OK\r\n")) << c.got;
    EXPECT_TRUE(c.has("Content-Type: application/x-ndjson\r\n"));
    EXPECT_TRUE(c.has("Transfer-Encoding: chunked\r\n"));
    auto line = c.got.substr(c.got.find("{\"type\""));
    line = line.substr(0, line.find('\n'));
    auto seeking = json::parse(line).as_object();
    EXPECT_EQ(seeking.at("pool"), "chess-blitz");
    EXPECT_EQ(seeking.at("seek").as_string().size(), 16u);
    EXPECT_EQ(loop.seeks.waiting(), 1u);
    EXPECT_EQ(loop.connections->count(), 1u);
    EXPECT_EQ(loop.seeks.counts().at("pools").as_array().size(), 1u);
}

TEST(SeekStream, AClientThatLeavesTakesItsSeekOut) {
    SeekLoop loop;
    SeekClient& c = loop.seek("white", "alice");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return c.has("\"seeking\""); }));
    EXPECT_EQ(loop.seeks.waiting(), 1u);
    c.socket.close();
    EXPECT_TRUE(run_until(
        loop.ioc, [&] { return loop.seeks.waiting() == 0 && loop.connections->count() == 0; }));
    // A black seek now finds nobody.
    SeekClient& d = loop.seek("black", "bob");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return d.has("\"seeking\""); }));
    EXPECT_TRUE(loop.pairings.empty());
    EXPECT_EQ(loop.seeks.waiting(), 1u);
}

TEST(SeekStream, TwoSeeksPairAndEachReadsItsSeatsLine) {
    SeekLoop loop;
    SeekClient& alice = loop.seek("black", "alice");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return alice.has("\"seeking\""); }));
    SeekClient& bob = loop.seek("random", "bob");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return loop.dones.size() == 1; }));
    EXPECT_EQ(loop.seeks.waiting(), 0u);
    EXPECT_EQ(loop.pairings[0].white.seeker.account, "bob");
    EXPECT_EQ(loop.pairings[0].black.seeker.account, "alice");
    // The game is made elsewhere: done comes from another thread.
    std::thread maker([&] { loop.dones[0](PairedLines); });
    maker.join();
    ASSERT_TRUE(run_until(loop.ioc, [&] { return alice.ended && bob.ended; }));
    EXPECT_TRUE(bob.has("\"seeking\"")) << "the seek that paired at once is told its pool too";
    EXPECT_TRUE(bob.has(PairedLines[0] + "\n\r\n0\r\n\r\n")) << bob.got;
    EXPECT_TRUE(alice.has(PairedLines[1] + "\n\r\n0\r\n\r\n")) << alice.got;
    EXPECT_FALSE(alice.has("\"white\""));
    EXPECT_TRUE(run_until(loop.ioc, [&] { return loop.connections->count() == 0; }));
}

TEST(SeekStream, AGameThatCannotBeMadeEndsBothStreamsWithAnError) {
    SeekLoop loop;
    SeekClient& a = loop.seek("random", "alice");
    SeekClient& b = loop.seek("random", "bob");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return loop.dones.size() == 1; }));
    loop.dones[0](std::nullopt);
    ASSERT_TRUE(run_until(loop.ioc, [&] { return a.ended && b.ended; }));
    for (SeekClient* c : {&a, &b}) {
        EXPECT_TRUE(c->has(R"({"type":"error","code":"storage-unavailable")")) << c->got;
        EXPECT_TRUE(c->got.ends_with("0\r\n\r\n"));
    }
}

TEST(SeekStream, APlayerWhoLeftWhileTheGameWasMadeIsSkipped) {
    SeekLoop loop;
    SeekClient& a = loop.seek("random", "alice");
    SeekClient& b = loop.seek("random", "bob");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return loop.dones.size() == 1 && a.has("seeking"); }));
    a.socket.close();
    ASSERT_TRUE(run_until(loop.ioc, [&] { return loop.connections->count() == 1; }));
    loop.dones[0](PairedLines);
    ASSERT_TRUE(run_until(loop.ioc, [&] { return b.ended; }));
    EXPECT_TRUE(b.has("\"paired\""));
    EXPECT_EQ(loop.connections->count(), 0u);
}

TEST(SeekStream, ASixthSeekFromOneAddressIsAnswered429) {
    SeekLoop loop;
    for (int i = 0; i < 5; ++i) loop.seek("white", "player" + std::to_string(i), "192.0.2.1");
    SeekClient& sixth = loop.seek("white", "player5", "192.0.2.1");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return sixth.ended; }));
    EXPECT_TRUE(sixth.got.starts_with("HTTP/1.1 429")) << sixth.got;
    EXPECT_TRUE(sixth.has("\"too-many-seeks\""));
    EXPECT_FALSE(sixth.has("ndjson"));
    EXPECT_EQ(loop.seeks.waiting(), 5u);
}

TEST(SeekStream, EndAllEndsEveryWaitingStream) {
    SeekLoop loop;
    SeekClient& a = loop.seek("white", "alice");
    SeekClient& b = loop.seek("white", "bob");
    ASSERT_TRUE(run_until(loop.ioc, [&] { return a.has("seeking") && b.has("seeking"); }));
    loop.seeks.end_all();
    ASSERT_TRUE(run_until(loop.ioc, [&] { return a.ended && b.ended; }));
    EXPECT_TRUE(a.got.ends_with("0\r\n\r\n"));
    EXPECT_EQ(loop.seeks.waiting(), 0u);
    EXPECT_TRUE(run_until(loop.ioc, [&] { return loop.connections->count() == 0; }));
}
