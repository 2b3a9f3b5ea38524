// Typed REST calls to the Arbiter server (docs/api.md).
import type { GameSummary, Seat } from './games/types';

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    /** A 429's Retry-After, in seconds. */
    public retryAfter?: number,
  ) {
    super(message);
  }
}

/** A 429's `Retry-After` (seconds, or an HTTP date) in whole seconds; undefined without one. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const n = Number(header.trim());
  if (Number.isFinite(n) && header.trim() !== '') return Math.max(0, Math.ceil(n));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface CreateGameRequest {
  variant: string;
  clock?: { initial: number; increment: number } | null;
  color?: 'white' | 'black' | 'random';
  opponent?: 'human' | 'computer' | 'local';
  level?: number;
  options?: Record<string, unknown>;
  public?: boolean;
  assist?: boolean;
  /** A rated game (docs/players.md): needs an account and a person as the opponent. */
  rated?: boolean;
}

export interface CreateGameResponse {
  id: string;
  variant: string;
  seat: Seat;
  token: string;
  status: string;
  invite?: string;
  invitePath?: string;
  tokens?: { white: string; black: string };
}

export interface JoinResponse {
  id: string;
  seat: Seat;
  token: string;
  status: string;
  tokens?: { white: string; black: string };
}

export type GameWithView = GameSummary & { view: any };

/** Any JSON request to the server; a non-2xx answer throws ApiError with the server's code and text.
 * The session cookie (HttpOnly, same origin) goes with every request. */
export async function call<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let r: Response;
  try {
    r = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', (e as Error).message || 'network error');
  }
  const text = await r.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!r.ok) {
    const code = (data && data.code) || String(r.status);
    const msg = (data && data.error) || r.statusText || `HTTP ${r.status}`;
    throw new ApiError(r.status, code, msg, r.status === 429 ? retryAfterSeconds(r.headers.get('Retry-After')) : undefined);
  }
  return data as T;
}

export const api = {
  createGame: (req: CreateGameRequest) => call<CreateGameResponse>('POST', '/api/games', req),
  join: (id: string, body: { invite?: string; assist?: boolean }) => call<JoinResponse>('POST', `/api/games/${id}/join`, body),
  game: (id: string, token?: string | null) => call<GameWithView>('GET', `/api/games/${id}`, undefined, token),
  list: async (status?: 'open' | 'active' | 'finished' | 'aborted') =>
    (await call<{ games: GameSummary[] }>('GET', '/api/games' + (status ? `?status=${status}` : ''))).games,
  act: (id: string, token: string, action: object) => call<{ accepted: boolean; events: any[] }>('POST', `/api/games/${id}/actions`, action, token),
  rematch: (id: string, token: string) => call<CreateGameResponse & JoinResponse>('POST', `/api/games/${id}/rematch`, {}, token),
  assist: (id: string, token: string) => call<any>('GET', `/api/games/${id}/assist`, undefined, token),
  exportUrl: (id: string, token?: string | null) => `/api/games/${id}/export` + (token ? `?token=${encodeURIComponent(token)}` : ''),
  export: async (id: string, token?: string | null): Promise<string> => {
    const r = await fetch(`/api/games/${id}/export`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!r.ok) throw new ApiError(r.status, String(r.status), await r.text());
    return r.text();
  },
};
