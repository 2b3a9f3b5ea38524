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
  scopes: Scope[];
  createdAt: number | string;
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
