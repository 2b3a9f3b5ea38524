// The contract between the game page (web/src/game/) and each variant's screen.
import type { VNode } from 'snabbdom';
import type { BoardWords } from '../board/blind';

export type Seat = 'white' | 'black';
export type Variant = 'chess' | 'chiefspy' | 'minesweeper';

export interface GameResult {
  score: string; // "1-0" | "0-1" | "1/2-1/2" | variant-specific
  reason: string; // "checkmate", "resignation", "timeout", …
  winner?: Seat | null;
  [k: string]: unknown;
}

/** Who holds a seat (docs/players.md): `name` null for an anonymous seat; a computer seat has
 * `computer: true` and its name as given; `rating`/`provisional` at the start of a rated game,
 * `ratingDiff` once it has ended. */
export interface PlayerInfo {
  name: string | null;
  computer?: boolean;
  rating?: number;
  provisional?: boolean;
  ratingDiff?: number;
}

/** The server's game fields: GET /api/games/{id} without `view`, or a list entry. */
export interface GameSummary {
  id: string;
  variant: Variant | string;
  status: 'open' | 'active' | 'finished' | 'aborted';
  opponent: 'human' | 'computer' | 'local';
  clock: { initial: number; increment: number } | null;
  createdAt: number;
  result: GameResult | null;
  rematch: string | null;
  rematchOf: string | null;
  seat?: Seat | 'spectator';
  level?: number;
  public?: boolean;
  assist?: { proposed: boolean; enabled: boolean };
  /** An open game: the seat its joiner will take. */
  freeSeat?: Seat;
  /** A game against the computer: the computer's seat. */
  computerSeat?: Seat;
  /** A rated game (docs/players.md). */
  rated?: boolean;
  /** Who holds each seat (servers with accounts). */
  players?: { white?: PlayerInfo; black?: PlayerInfo };
  [k: string]: unknown;
}

export interface GameContext {
  id: string; // game id
  seat: 'white' | 'black' | 'spectator'; // this browser's seat (local games: the seat to move is acted for)
  local: boolean; // two players on this device (both tokens)
  act(action: object, seat?: 'white' | 'black'): Promise<void>; // via the connection; rejects with the server's error text
  summary: GameSummary; // the server's game fields (id, variant, status, opponent, clock, result, assist…)
  redraw(): void; // re-render the page
  sound: { move(): void; capture(): void; notify(): void };
  /** Optional extra (the page's choice): the board orientation — own seat, the Flip button,
   * and in local games the side to move when "turn the board" is on. Screens may honour it. */
  orientation?(): 'white' | 'black';
}

export interface GameScreen {
  // Called with every full view (welcome, after reconnect) and every event, in order.
  setView(view: any): void;
  applyEvent(event: any): void;
  render(): VNode; // snabbdom vnode of the board area + side panels
  destroy(): void;
  /** Optional: the shown board in words, for blind mode (board/blind.ts). */
  words?(): BoardWords | null;
}

export type ScreenFactory = (ctx: GameContext) => GameScreen;
