#include "apps/commands.h"
namespace arbiter::apps {
void add_play_command(CLI::App&, Registry&) {}
}
