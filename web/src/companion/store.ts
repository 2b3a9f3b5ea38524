// Companion match persistence: localStorage, so that a reload loses nothing. Keeps a short
// undo history (a mistyped battle can be taken back).
import { isMatch, type CompanionMatch } from './model';
import { isDuo, type DuoMatch } from './duo';

export const STORE_KEY = 'arbiter.companion';
const UNDO_LIMIT = 30;
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Saved {
  match: CompanionMatch | null;
  undo: CompanionMatch[];
  /** How many entries were taken back this match (shown to both players: undo must not become a way to probe values). */
  undone?: number;
}

function storage(): Store | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function load(s: Store | null = storage()): Saved {
  try {
    const raw = s?.getItem(STORE_KEY);
    if (raw) {
      const o = JSON.parse(raw);
      if (isMatch(o?.match))
        return { match: o.match, undo: Array.isArray(o.undo) ? o.undo.filter(isMatch).slice(-UNDO_LIMIT) : [], undone: Number(o.undone) || 0 };
    }
  } catch {
    /* unreadable: start afresh */
  }
  return { match: null, undo: [] };
}

export function save(saved: Saved, s: Store | null = storage()): void {
  try {
    if (!saved.match) s?.removeItem(STORE_KEY);
    else s?.setItem(STORE_KEY, JSON.stringify({ match: saved.match, undo: saved.undo.slice(-UNDO_LIMIT), undone: saved.undone ?? 0 }));
  } catch {
    /* storage full or unavailable */
  }
}

/** The next saved state after a change (the previous state goes on the undo stack). */
export function commit(saved: Saved, next: CompanionMatch): Saved {
  return { match: next, undo: saved.match ? [...saved.undo, saved.match].slice(-UNDO_LIMIT) : [], undone: saved.match ? (saved.undone ?? 0) : 0 };
}

export function undo(saved: Saved): Saved {
  if (!saved.undo.length) return saved;
  return { match: saved.undo[saved.undo.length - 1], undo: saved.undo.slice(0, -1), undone: (saved.undone ?? 0) + 1 };
}

export const DUO_KEY = 'arbiter.companion.duo';

/** The two-device match of this device, if any. */
export function loadDuo(s: Store | null = storage()): DuoMatch | null {
  try {
    const o = JSON.parse(s?.getItem(DUO_KEY) ?? 'null');
    return isDuo(o) ? o : null;
  } catch {
    return null;
  }
}

export function saveDuo(m: DuoMatch | null, s: Store | null = storage()): void {
  try {
    if (m) s?.setItem(DUO_KEY, JSON.stringify(m));
    else s?.removeItem(DUO_KEY);
  } catch {
    /* storage unavailable */
  }
}
