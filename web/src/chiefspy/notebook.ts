// The deduction notebook: for each opposing back-rank piece, the values the player still
// thinks it can be. Persisted in localStorage per game and round; nothing here comes from the
// server (it is the player's own notes).
import { SLOTS, type Slot } from './commitment';
import { SETUP_VALUES, type SetupValue } from './setup';

export type Notebook = Record<Slot, SetupValue[]>;
type Store = Pick<Storage, 'getItem' | 'setItem'>;

const PREFIX = 'arbiter.chiefspy.notebook.';

function store(): Store | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function notebookKey(gameId: string, round: number): string {
  return `${PREFIX}${gameId}.${round}`;
}

export function freshNotebook(): Notebook {
  const nb = {} as Notebook;
  for (const s of SLOTS) nb[s] = [...SETUP_VALUES];
  return nb;
}

export function loadNotebook(gameId: string, round: number, s: Store | null = store()): Notebook {
  const nb = freshNotebook();
  try {
    const raw = s?.getItem(notebookKey(gameId, round));
    if (raw) {
      const data = JSON.parse(raw);
      for (const slot of SLOTS)
        if (Array.isArray(data?.[slot])) nb[slot] = SETUP_VALUES.filter((v) => data[slot].includes(v));
    }
  } catch {
    /* unreadable notes: start afresh */
  }
  return nb;
}

export function saveNotebook(gameId: string, round: number, nb: Notebook, s: Store | null = store()): void {
  try {
    s?.setItem(notebookKey(gameId, round), JSON.stringify(nb));
  } catch {
    /* storage full or unavailable */
  }
}

/** Toggles whether `slot` can still be `v`. */
export function toggle(nb: Notebook, slot: Slot, v: SetupValue): Notebook {
  const has = nb[slot].includes(v);
  const next = has ? nb[slot].filter((x) => x !== v) : SETUP_VALUES.filter((x) => x === v || nb[slot].includes(x));
  return { ...nb, [slot]: next };
}

/** Marks `slot` as surely `v` (and no other piece as `v`). */
export function pin(nb: Notebook, slot: Slot, v: SetupValue): Notebook {
  const out = {} as Notebook;
  for (const s of SLOTS) out[s] = s === slot ? [v] : nb[s].filter((x) => x !== v);
  return out;
}

export function resetSlot(nb: Notebook, slot: Slot): Notebook {
  return { ...nb, [slot]: [...SETUP_VALUES] };
}
