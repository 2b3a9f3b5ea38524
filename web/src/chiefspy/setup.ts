// The secret set-up: assigning 2..7, C, S to the eight back-rank pieces a..h.
// Pure state (no DOM) so that it is unit-tested; the screen renders it.
import { SLOTS, type Slot } from './commitment';

export type SetupValue = '2' | '3' | '4' | '5' | '6' | '7' | 'C' | 'S';
export const SETUP_VALUES: readonly SetupValue[] = ['2', '3', '4', '5', '6', '7', 'C', 'S'];

export interface SetupState {
  values: Record<Slot, SetupValue | null>;
  /** A value chip picked first (tap a chip, then a piece). */
  chip: SetupValue | null;
  /** A piece picked first (tap a piece, then a chip or another piece to swap). */
  piece: Slot | null;
}

export function emptySetup(): SetupState {
  const values = {} as Record<Slot, SetupValue | null>;
  for (const s of SLOTS) values[s] = null;
  return { values, chip: null, piece: null };
}

export function setupFrom(values: Record<string, string> | null | undefined): SetupState {
  const st = emptySetup();
  if (values) for (const s of SLOTS) if (SETUP_VALUES.includes(values[s] as SetupValue)) st.values[s] = values[s] as SetupValue;
  return st;
}

/** The piece holding `v`, if any. */
export function holder(st: SetupState, v: SetupValue): Slot | null {
  return SLOTS.find((s) => st.values[s] === v) ?? null;
}

/** Gives `v` to `slot`; the piece that had `v` gets slot's previous value (a swap). */
export function assign(st: SetupState, slot: Slot, v: SetupValue): SetupState {
  const values = { ...st.values };
  const other = holder(st, v);
  if (other && other !== slot) values[other] = values[slot];
  values[slot] = v;
  return { values, chip: null, piece: null };
}

/** Swaps the values of two pieces. */
export function swap(st: SetupState, x: Slot, y: Slot): SetupState {
  const values = { ...st.values };
  [values[x], values[y]] = [values[y], values[x]];
  return { values, chip: null, piece: null };
}

export function clearSlot(st: SetupState, slot: Slot): SetupState {
  return { values: { ...st.values, [slot]: null }, chip: null, piece: null };
}

/** Tap on a value chip. */
export function tapChip(st: SetupState, v: SetupValue): SetupState {
  if (st.piece) return assign(st, st.piece, v);
  return { ...st, chip: st.chip === v ? null : v, piece: null };
}

/** Tap on a piece. */
export function tapPiece(st: SetupState, slot: Slot): SetupState {
  if (st.chip) return assign(st, slot, st.chip);
  if (st.piece === slot) return { ...st, piece: null };
  if (st.piece) return swap(st, st.piece, slot);
  return { ...st, piece: slot, chip: null };
}

/** Fills the pieces still without a value with the unused values, randomly. */
export function randomFill(st: SetupState, random: () => number = Math.random): SetupState {
  const values = { ...st.values };
  const free = SETUP_VALUES.filter((v) => !SLOTS.some((s) => values[s] === v));
  const empty = SLOTS.filter((s) => values[s] === null);
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [free[i], free[j]] = [free[j], free[i]];
  }
  empty.forEach((s, i) => (values[s] = free[i]));
  return { values, chip: null, piece: null };
}

/** A fresh uniformly random assignment of all eight. */
export function randomAll(random: () => number = Math.random): SetupState {
  return randomFill(emptySetup(), random);
}

/** The "random" button: fills what is left, or deals all eight again when nothing or everything is set. */
export function reroll(st: SetupState, random: () => number = Math.random): SetupState {
  return isComplete(st) || !SLOTS.some((s) => st.values[s]) ? randomAll(random) : randomFill(st, random);
}

export function isComplete(st: SetupState): boolean {
  const used = new Set(SLOTS.map((s) => st.values[s]));
  return SLOTS.every((s) => st.values[s] !== null) && used.size === 8;
}

export function unused(st: SetupState): SetupValue[] {
  return SETUP_VALUES.filter((v) => !holder(st, v));
}

/** The action the server expects, once complete. */
export function setValuesAction(st: SetupState): { type: 'set-values'; values: Record<Slot, SetupValue> } {
  if (!isComplete(st)) throw new Error('set-up incomplete');
  return { type: 'set-values', values: { ...(st.values as Record<Slot, SetupValue>) } };
}

/** Keyboard: the value typed for a key ('2'..'7', 'c', 's'), if any. */
export function valueOfKey(key: string): SetupValue | null {
  const k = key.toUpperCase();
  return (SETUP_VALUES as readonly string[]).includes(k) ? (k as SetupValue) : null;
}
