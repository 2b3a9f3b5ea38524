// The profile routes of docs/players.md: a player, their games (filtered, paged), their export.
import { call } from '../api';
import type { GameSummary, Seat } from '../games/types';
import type { HistoryPoint } from './plot-geometry';
import { gamesPath, type GameFilters } from './filters';

export interface Profile {
  name: string;
  createdAt: number | string;
  ratings: Record<string, { rating: number; rd?: number; provisional: boolean; games?: number }>;
  history: Record<string, HistoryPoint[]>;
}

export type ProfileGame = GameSummary & { seat: Seat; outcome?: 'win' | 'loss' | 'draw' | null };

export const profileApi = {
  player: (name: string) => call<Profile>('GET', `/api/players/${encodeURIComponent(name)}`),
  games: (name: string, f: GameFilters, before?: string | number | null, limit = 20) =>
    call<{ games: ProfileGame[]; next?: string | number | null }>('GET', gamesPath(name, f, { limit, before })),
};
