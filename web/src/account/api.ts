// The account routes of docs/players.md: sign up, log in and out, who am I, claim games,
// personal API tokens. The session cookie is HttpOnly and same-origin: fetch sends it itself.
import { call } from '../api';

export interface PoolRating {
  rating: number;
  rd?: number;
  provisional: boolean;
  games?: number;
}

export interface AccountInfo {
  name: string;
  /** ms since the epoch (or an ISO date from the server). */
  createdAt: number | string;
  ratings: Record<string, PoolRating>;
}

export interface ClaimEntry {
  game: string;
  token: string;
}

export type Scope = 'play' | 'chat' | 'read';
export const SCOPES: Scope[] = ['play', 'chat', 'read'];

export interface ApiToken {
  id: string;
  label: string;
  /** A list as sent; the server answers a space-separated string ("play read"). */
  scopes: Scope[] | string;
  createdAt: number | string;
}

/** A token's scopes as a list, from either form the server uses (a list, or "play read"). */
export function scopeList(scopes: unknown): string[] {
  if (Array.isArray(scopes)) return scopes.filter((s): s is string => typeof s === 'string');
  if (typeof scopes === 'string') return scopes.split(/[\s,]+/).filter(Boolean);
  return [];
}

export const accountApi = {
  me: () => call<AccountInfo>('GET', '/api/account'),
  signup: (name: string, password: string, claim?: ClaimEntry[]) =>
    call<{ name: string; claimed: string[] }>('POST', '/api/account/signup', claim && claim.length ? { name, password, claim } : { name, password }),
  login: (name: string, password: string) => call<{ name: string }>('POST', '/api/account/login', { name, password }),
  logout: () => call<{}>('POST', '/api/account/logout', {}),
  claim: (games: ClaimEntry[]) => call<{ claimed: string[] }>('POST', '/api/account/claim', { games }),
  tokens: async () => (await call<{ tokens: ApiToken[] }>('GET', '/api/account/tokens')).tokens ?? [],
  createToken: (label: string, scopes: Scope[]) => call<ApiToken & { token: string }>('POST', '/api/account/tokens', { label, scopes }),
  revokeToken: (id: string) => call<{}>('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`),
};
