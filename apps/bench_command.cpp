#include "apps/commands.h"
namespace arbiter::apps {
void add_bench_command(CLI::App&, Registry&) {}
}
