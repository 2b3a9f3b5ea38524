// Per-game seat tokens in localStorage: arbiter.tokens → {gameId: {seat, token, tokens?}}.
// Local games store both seats' tokens.
import type { Seat } from './games/types';

const KEY = 'arbiter.tokens';

export interface SeatEntry {
  seat: Seat;
  token: string;
  /** Both seats (local games). */
  tokens?: { white: string; black: string };
  /** The invite link of a game this browser created (shown until the friend joins). */
  invitePath?: string;
  /** The computer's level, for a game against it created here (the server's summary has none). */
  level?: number;
  /** Seen finished, aborted or gone: the lobby stops asking the server about it. */
  over?: boolean;
}

function load(): Record<string, SeatEntry> {
  try {
    const raw = localStorage.getItem(KEY);
    const o = raw ? JSON.parse(raw) : {};
    return o && typeof o === 'object' ? o : {};
  } catch {
    return {};
  }
}

function save(all: Record<string, SeatEntry>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or unavailable */
  }
}

export function getSeat(gameId: string): SeatEntry | null {
  return load()[gameId] ?? null;
}

export function setSeat(gameId: string, entry: SeatEntry): void {
  const all = load();
  all[gameId] = { ...all[gameId], ...entry };
  save(all);
}

export function forgetSeat(gameId: string): void {
  const all = load();
  delete all[gameId];
  save(all);
}

export function allSeats(): Record<string, SeatEntry> {
  return load();
}

/** The token to act for `seat` in `gameId` (local games: either seat). */
export function tokenFor(gameId: string, seat?: Seat): string | null {
  const e = getSeat(gameId);
  if (!e) return null;
  if (seat && e.tokens) return e.tokens[seat];
  if (seat && seat !== e.seat) return null;
  return e.token;
}

/**
 * A `#token=T` fragment on /game/:id: remember the token (seat learnt later from the server)
 * and strip the fragment from the address bar. Returns the token, if any.
 */
export function takeTokenFromHash(gameId: string, hash: string): string | null {
  const m = /(?:^|&)token=([0-9a-fA-F]+)/.exec(hash.replace(/^#/, ''));
  if (!m) return null;
  const token = m[1];
  const prev = getSeat(gameId);
  if (!prev || (prev.token !== token && !(prev.tokens && Object.values(prev.tokens).includes(token)))) {
    setSeat(gameId, { seat: prev?.seat ?? 'white', token, tokens: undefined });
    const all = load();
    if (all[gameId]) delete all[gameId].tokens;
    save(all);
  }
  if (typeof history !== 'undefined') history.replaceState(null, '', location.pathname + location.search);
  return token;
}
