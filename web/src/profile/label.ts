// A player as every screen names them (docs/players.md): the account's name linking to its
// profile, "Anonymous" for a seat without one, a computer seat by the name the server gives
// it; in a rated game the rating ("1500?" while provisional) and, once it has ended, the
// change ("+7" / "−12"). Pure: player-name.ts draws it.
import type { PlayerInfo } from '../games/types';
import { t } from '../i18n';
import { formatRating, formatDiff, diffClass } from './rating';
import './player-messages';

export interface PlayerLabel {
  /** What to show: the account's name, the computer's name, or a fallback word. */
  name: string;
  /** The profile's path, for an account. */
  profile: string | null;
  /** "1523" / "1500?", in a rated game. */
  rating: string;
  /** "+7" / "−12" / "±0" after a rated game, else "". */
  diff: string;
  diffClass: 'up' | 'down' | 'same' | null;
  computer: boolean;
}

/** The route of a player's profile page (the server gives index.html to /player/NAME; /@/NAME is not served). */
export function profilePath(name: string): string {
  return `/player/${encodeURIComponent(name)}`;
}

/**
 * How to show `p`. `anonymous` is the word for a seat without a name (default "Anonymous"; a
 * caller may say "You" for this browser's own anonymous seat). Null when the server said
 * nothing about the seat (an older server): the caller keeps its own words.
 */
export function describePlayer(p: PlayerInfo | null | undefined, anonymous?: string): PlayerLabel | null {
  if (!p || typeof p !== 'object') return null;
  const named = typeof p.name === 'string' && p.name !== '';
  const computer = !!p.computer;
  return {
    name: named ? (p.name as string) : (anonymous ?? t('player.anonymous')),
    profile: named && !computer ? profilePath(p.name as string) : null,
    rating: computer ? '' : formatRating(p.rating, p.provisional),
    diff: computer ? '' : formatDiff(p.ratingDiff),
    diffClass: !computer && typeof p.ratingDiff === 'number' ? diffClass(p.ratingDiff) : null,
    computer,
  };
}
