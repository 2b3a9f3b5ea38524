// The lobby's lists, each game in one of them, and who played a listed game.
import type { GameSummary, Seat } from '../games/types';
import type { SeatEntry } from '../session';
import { t } from '../i18n';
import { describePlayer, type PlayerLabel } from '../profile/label';

export interface LobbyLists {
  /** Live games (open or active) this browser holds a seat in, newest first. */
  mine: GameSummary[];
  /** Public games waiting for a player, without this browser's own. */
  open: GameSummary[];
  /** Games in progress to watch, without this browser's own. */
  active: GameSummary[];
  /** Finished games to replay, this browser's own included. */
  finished: GameSummary[];
}

const live = (g: GameSummary) => g.status === 'open' || g.status === 'active';

/**
 * Each game in one list. A live game this browser plays is under "Your games" only (that is
 * where its Play button is; the public lists are for games to join or watch); a finished game
 * is under "Recent games" only, whoever played it. The server's lists are fetched one after
 * another, so a game may show up in two of them (it started or ended in between): the later
 * status wins (finished over active over open). `unlisted` are this browser's games the server
 * does not list (a friends' game made by invite), fetched one by one.
 */
export function arrangeLists(
  listed: { open: GameSummary[]; active: GameSummary[]; finished: GameSummary[] },
  seats: Record<string, SeatEntry>,
  unlisted: GameSummary[] = [],
): LobbyLists {
  const taken = new Set<string>();
  const keep = (games: GameSummary[]) =>
    games.filter((g) => {
      if (taken.has(g.id)) return false;
      taken.add(g.id);
      return true;
    });
  const finished = keep(listed.finished);
  const active = keep(listed.active);
  const open = keep(listed.open);
  const mine = [...active, ...open, ...keep(unlisted.filter(live))].filter((g) => live(g) && seats[g.id]);
  mine.sort((a, b) => b.createdAt - a.createdAt);
  return {
    mine,
    open: open.filter((g) => !seats[g.id]),
    active: active.filter((g) => !seats[g.id]),
    finished,
  };
}

export interface PlayerName {
  /** The colour this player had, when known. */
  side: Seat | null;
  name: string;
  /** From the server's `players` (docs/players.md): the account's name and link, the rating. */
  label?: PlayerLabel;
}

/**
 * Who played a game, as far as the lobby knows. The server's summary has no names yet: every
 * person is "Anonymous" (this browser's own seat is "You"), the computer is "Computer level N"
 * (its `level`), with its colour from the summary's `computerSeat` (older servers: only for a
 * game this browser played; otherwise without colours). White first when the colours are known.
 */
export function playerNames(g: GameSummary, mine?: SeatEntry | null): [PlayerName, PlayerName] {
  // A server with accounts says who holds each seat: names (this browser's own anonymous seat
  // is "You"), ratings, the computer (by the server's name when its level is unknown).
  if (g.players && (g.players.white || g.players.black)) {
    const level = typeof g.level === 'number' ? g.level : mine?.level;
    const named = (side: Seat): PlayerName | null => {
      const own = !!mine && !mine.tokens && mine.seat === side;
      const label = describePlayer(g.players?.[side], own ? t('lobby.you') : undefined);
      // the computer in the page's language when its level is known ("Computer livello 2")
      if (label?.computer && typeof level === 'number') label.name = t('lobby.computerLevel', { level });
      return label ? { side, name: label.name, label } : null;
    };
    const fallback = playerNames({ ...g, players: undefined }, mine);
    const w = named('white');
    const b = named('black');
    const byColour = (side: Seat) => fallback.find((p) => p.side === side) ?? { ...fallback[side === 'white' ? 0 : 1], side };
    return [w ?? byColour('white'), b ?? byColour('black')];
  }
  const person = (side: Seat | null): PlayerName => ({
    side,
    name: side && mine && !mine.tokens && mine.seat === side ? t('lobby.you') : t('lobby.anonymous'),
  });
  if (g.opponent !== 'computer') return [person('white'), person('black')];
  const level = typeof g.level === 'number' ? g.level : mine?.level;
  const computer = typeof level === 'number' ? t('lobby.computerLevel', { level }) : t('lobby.computerName');
  // The server says which seat the computer has (`computerSeat`); a game this browser played
  // knows its own seat too.
  const fromServer = g.computerSeat === 'white' ? 'black' : g.computerSeat === 'black' ? 'white' : undefined;
  const seat = mine?.seat === 'white' || mine?.seat === 'black' ? mine.seat : fromServer;
  if (seat !== 'white' && seat !== 'black') return [person(null), { side: null, name: computer }];
  const you = person(seat);
  const it: PlayerName = { side: seat === 'white' ? 'black' : 'white', name: computer };
  return seat === 'white' ? [you, it] : [it, you];
}

/** The assist helpers of a listed game, for its badge: null when none were proposed. */
export function assistBadge(g: GameSummary): { text: string; title: string } | null {
  if (!g.assist?.proposed) return null;
  return { text: t('lobby.assistShort'), title: t(g.assist.enabled ? 'lobby.assistOnTitle' : 'lobby.assistBadge') };
}
