// Who this browser is logged in as: GET /api/account at start-up (401: nobody), then sign-up,
// log-in and log-out keep it. Listeners (the app's redraw) hear every change.
import { ApiError } from '../api';
import { allSeats } from '../session';
import { accountApi, type AccountInfo, type ClaimEntry } from './api';

let current: AccountInfo | null = null;
let known = false;
const listeners = new Set<() => void>();

/** The logged-in account, or null (also while not yet known). */
export function account(): AccountInfo | null {
  return current;
}

/** Whether the start-up check has answered. */
export function accountKnown(): boolean {
  return known;
}

export function onAccountChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function set(a: AccountInfo | null): void {
  current = a;
  known = true;
  for (const f of listeners) f();
}

/** Ask the server who this browser is. A 401 means nobody; any other failure leaves it unknown-as-nobody. */
export async function loadAccount(): Promise<AccountInfo | null> {
  try {
    set(await accountApi.me());
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) console.warn('account check failed', (e as Error).message);
    set(null);
  }
  return current;
}

let asked = false;

/** Asks the server who this browser is, once. Not on the companion: an offline app, which must
 * never reach the network (docs/web.md); leaving it for another page asks then. */
export function ensureAccount(path: string): void {
  if (asked || /^\/companion(\/|$)/.test(path)) return;
  asked = true;
  void loadAccount();
}

/** At most this many of the browser's seats are offered at sign-up, the newest. */
const MAX_CLAIM = 200;

/**
 * The games this browser holds a seat in, as `claim` entries: one seat per game (games on one
 * device, which hold both seats, are left out: an account plays one side).
 */
export function claimableSeats(seats = allSeats()): ClaimEntry[] {
  return Object.entries(seats)
    .filter(([, e]) => e && typeof e.token === 'string' && e.token && !e.tokens)
    .map(([game, e]) => ({ game, token: e.token }))
    .slice(-MAX_CLAIM);
}

export async function signup(name: string, password: string, claim: boolean): Promise<string[]> {
  const r = await accountApi.signup(name, password, claim ? claimableSeats() : undefined);
  await loadAccount();
  if (!current) set({ name: r.name, createdAt: Date.now(), ratings: {} });
  return r.claimed ?? [];
}

export async function login(name: string, password: string): Promise<void> {
  const r = await accountApi.login(name, password);
  await loadAccount();
  if (!current) set({ name: r.name, createdAt: Date.now(), ratings: {} });
}

export async function logout(): Promise<void> {
  try {
    await accountApi.logout();
  } finally {
    set(null);
  }
}
