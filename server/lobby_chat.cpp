// Chat in a game (docs/players.md): to be written.
#include "server/lobby.h"

namespace arbiter::server {

void Lobby::chat_post(const std::string&, const Credentials&, const json::value&, Reply reply) {
    reply(api_error(501, "not-implemented", "chat is not there yet"));
}
void Lobby::chat_read(const std::string&, const Credentials&, Reply reply) {
    reply(api_error(501, "not-implemented", "chat is not there yet"));
}
void Lobby::chat_mute(const std::string&, const Credentials&, const json::value&, Reply reply) {
    reply(api_error(501, "not-implemented", "chat is not there yet"));
}

}  // namespace arbiter::server
