// Chief & Spy under the referee (docs/rules.md#chief--spy): a match of up to three rounds, each
// with a secret set-up, published commitments, battles announced without values, and the
// reveal at the round's end. The game is made by create_game("chiefspy", ...); this header
// adds its record format: reading a record back, replaying it through a new referee, and
// verifying a finished match's commitments (docs/chiefspy.md has the formats).
//
// Seats are players: seat "white" is the player who has White in rounds 1 and 3 and Black
// in round 2 (colours alternate between rounds).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/game.h"
#include "variants/chiefspy/board.h"

namespace arbiter::referee {

// The public board of a seat's view (its "pieces", "reserves" and "fen"), so that a player,
// an engine or the deduction notebook can generate that seat's candidate moves:
// board.legal_moves(own Spy's slot). Throws NotationError for a malformed view.
chiefspy::Board chiefspy_board_from_view(const json::object& view);

// One round of a record: a PGN game with the round's tags and its actions.
struct ChiefSpyRecordRound {
    std::map<std::string, std::string> tags;
    struct Action {
        Seat seat;
        json::object action;
    };
    std::vector<Action> actions;
};

struct ChiefSpyRecord {
    std::vector<ChiefSpyRecordRound> rounds;
};

// Reads the text written by Game::record() of a Chief & Spy game. Throws NotationError
// naming the token or tag at fault.
ChiefSpyRecord read_chiefspy_record(std::string_view text);

// Plays a record's actions through a new referee (untimed, at time 0); the committed salts
// are taken from the record. Throws NotationError if the referee rejects an action.
std::unique_ptr<Game> replay_chiefspy_record(const ChiefSpyRecord& record);

struct ChiefSpyVerification {
    bool ok = false;
    std::vector<std::string> lines;  // one per check, "ok ..." or "FAIL ..."
};

// Checks a finished match: every round's two commitments open to the revealed values and salts
// (docs/rules.md#fair-play-in-chief--spy), the values are valid assignments, and replaying the
// record with those values reproduces every battle outcome and round result recorded.
ChiefSpyVerification verify_chiefspy_record(std::string_view text);

}  // namespace arbiter::referee
