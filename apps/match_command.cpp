#include "apps/commands.h"
namespace arbiter::apps {
void add_match_command(CLI::App&, Registry&) {}
}
