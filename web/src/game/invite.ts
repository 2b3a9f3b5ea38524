// The join link: /join/{id}#INVITE, plus the colour the invited player will have.
//
// The server's GET /api/games/{id} does not say which seat of an open game is free, so the
// page that shows the invite (the creator's, which knows its own seat) adds it to the link:
// `#INVITE&as=black` (`#as=black` for a public game's link without an invite). The join page
// reads it to say "You will play Black" before joining; the join answer's `seat` decides.
import type { Seat } from '../games/types';

export interface JoinHash {
  invite: string;
  /** The colour the joiner will play, when the link says it. */
  seat: Seat | null;
}

/** `INVITE`, `INVITE&as=black` or `as=white` (with or without the leading '#'). */
export function parseJoinHash(hash: string): JoinHash {
  let invite = '';
  let seat: Seat | null = null;
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      if (!invite) invite = part;
      continue;
    }
    const value = part.slice(eq + 1);
    if (part.slice(0, eq) === 'as' && (value === 'white' || value === 'black')) seat = value;
  }
  return { invite, seat };
}

/** The link to send: the server's invite path (or the public join path) with the joiner's colour. */
export function joinLink(path: string, joinerSeat: Seat): string {
  return `${path}${path.includes('#') ? '&' : '#'}as=${joinerSeat}`;
}
