#include "server/loops.h"

namespace arbiter::server {

namespace {
thread_local boost::asio::io_context* currentLoop = nullptr;
}

std::size_t loop_of(std::string_view id, std::size_t n) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
    return n ? std::size_t(h % n) : 0;
}

boost::asio::io_context* current_loop() { return currentLoop; }

Loops::Loops(std::size_t n) {
    for (std::size_t k = 0; k < (n ? n : 1); ++k) loops_.push_back(std::make_unique<Loop>());
}

Loops::~Loops() { stop(); }

void Loops::run() {
    for (auto& l : loops_) {
        l->work.emplace(l->ioc.get_executor());
        l->thread = std::thread([loop = l.get()] {
            currentLoop = &loop->ioc;
            loop->ioc.run();
        });
    }
}

void Loops::stop() {
    for (auto& l : loops_) l->work.reset();
    for (auto& l : loops_)
        if (l->thread.joinable()) {
            l->ioc.stop();
            l->thread.join();
        }
}

}  // namespace arbiter::server
