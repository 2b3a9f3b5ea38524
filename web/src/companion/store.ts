// Companion match persistence: localStorage, so that a reload or a closed tab loses nothing —
// the match, the last battle's announcement, the battle being entered, and on two devices the
// answer code the other device may still need. Keeps a short undo history: a mistyped battle
// can be taken back, and Undo gives back the battle form as it was entered, to correct it.
import { isMatch, SLOTS, type CompanionMatch, type BattleAnnouncement, type PieceRef, type Colour } from './model';
import { isDuo, type DuoMatch, type DuoBattle } from './duo';
import type { Winner } from './battle';

export const STORE_KEY = 'arbiter.companion';
const UNDO_LIMIT = 30;
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Saved {
  match: CompanionMatch | null;
  undo: CompanionMatch[];
  /** How many entries were taken back this match (shown to both players: undo must not become a way to probe values). */
  undone?: number;
  /** The last battle's announcement, still on screen (only what was announced). */
  last?: LastBattle | null;
  /** Beside each undo entry, the battle form as it was just before the next entry was made
   * (null: not known), so Undo gives back the battle it takes back, attacker side included. */
  forms?: (BattleForm | null)[];
}

export interface LastBattle {
  announce: BattleAnnouncement;
  attacker: PieceRef;
  defender: PieceRef;
  attackerColour: Colour;
}

const WINNERS: readonly string[] = ['attacker', 'defender', 'tie'] satisfies Winner[];
const isColour = (x: unknown): x is Colour => x === 'white' || x === 'black';
const isPiece = (x: unknown): x is PieceRef => x === 'pawn' || (SLOTS as readonly unknown[]).includes(x);
const isBonus = (x: any) => !!x && Number.isInteger(x.attacker) && Number.isInteger(x.defender);

function isLastBattle(x: any): x is LastBattle {
  return !!x && isPiece(x.attacker) && isPiece(x.defender) && isColour(x.attackerColour) && !!x.announce && WINNERS.includes(x.announce.winner) && isBonus(x.announce.bonus);
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
      if (isMatch(o?.match)) {
        const undo: CompanionMatch[] = Array.isArray(o.undo) ? o.undo.filter(isMatch).slice(-UNDO_LIMIT) : [];
        // The forms line up with the stored undo entries; if any entry was dropped, none is trusted.
        const forms = Array.isArray(o.forms) && Array.isArray(o.undo) && undo.length === o.undo.length ? o.forms.map(parseForm) : [];
        return {
          match: o.match,
          undo,
          undone: Number(o.undone) || 0,
          last: isLastBattle(o.last) ? { ...o.last, announce: { roundEnd: null, ...o.last.announce } } : null,
          forms: aligned(forms, undo.length),
        };
      }
    }
  } catch {
    /* unreadable: start afresh */
  }
  return { match: null, undo: [] };
}

export function save(saved: Saved, s: Store | null = storage()): void {
  try {
    if (!saved.match) s?.removeItem(STORE_KEY);
    else {
      const undo = saved.undo.slice(-UNDO_LIMIT);
      const last = saved.last ? { ...saved.last, announce: { ...saved.last.announce, roundEnd: null } } : null;
      s?.setItem(STORE_KEY, JSON.stringify({ match: saved.match, undo, undone: saved.undone ?? 0, last, forms: aligned(saved.forms ?? [], undo.length) }));
    }
  } catch {
    /* storage full or unavailable */
  }
}

/** `forms` cut or padded (at the old end, with "not known") to `n` entries. */
function aligned(forms: (BattleForm | null)[], n: number): (BattleForm | null)[] {
  return n === 0 ? [] : [...Array<null>(Math.max(0, n - forms.length)).fill(null), ...forms.slice(-n)];
}

/** The next saved state after a change (the previous state goes on the undo stack, with
 * `form`: the battle form as it was when the change was made). */
export function commit(saved: Saved, next: CompanionMatch, form: BattleForm | null = null): Saved {
  if (!saved.match) return { match: next, undo: [], undone: 0, forms: [] };
  const undo = [...saved.undo, saved.match].slice(-UNDO_LIMIT);
  return { match: next, undo, undone: saved.undone ?? 0, forms: aligned([...aligned(saved.forms ?? [], saved.undo.length), form], undo.length) };
}

/** Takes the last entry back. */
export function undo(saved: Saved): Saved {
  if (!saved.undo.length) return saved;
  const forms = aligned(saved.forms ?? [], saved.undo.length);
  return { match: saved.undo[saved.undo.length - 1], undo: saved.undo.slice(0, -1), undone: (saved.undone ?? 0) + 1, forms: forms.slice(0, -1) };
}

/** The battle form `undo(saved)` gives back: as it was when the last entry was made (null: not known). */
export function undoForm(saved: Saved): BattleForm | null {
  return saved.undo.length ? (aligned(saved.forms ?? [], saved.undo.length).at(-1) ?? null) : null;
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

/** A battle's announcement on this device of a two-device match, with the answer code (if this
 * device attacked) that the other device may not have taken yet. */
export interface DuoShown {
  winner: Winner;
  bonus: { attacker: number; defender: number };
  answer: string | null;
  b: DuoBattle;
}

export const DUO_SHOWN_KEY = 'arbiter.companion.duo.shown';

function isDuoBattle(x: any): x is DuoBattle {
  return !!x && isColour(x.attackerColour) && isPiece(x.attacker) && isPiece(x.defender) && Number.isInteger(x.attackerSupport) && Number.isInteger(x.defenderSupport);
}

/** The shown result saved for the match `code` (a result of another match is not shown). */
export function loadDuoShown(code: string, s: Store | null = storage()): DuoShown | null {
  try {
    const o = JSON.parse(s?.getItem(DUO_SHOWN_KEY) ?? 'null');
    if (!o || o.code !== code) return null;
    const r = o.shown;
    return r && WINNERS.includes(r.winner) && isBonus(r.bonus) && (r.answer === null || typeof r.answer === 'string') && isDuoBattle(r.b) ? r : null;
  } catch {
    return null;
  }
}

export function saveDuoShown(code: string | null, shown: DuoShown | null, s: Store | null = storage()): void {
  try {
    if (code && shown) s?.setItem(DUO_SHOWN_KEY, JSON.stringify({ code, shown }));
    else s?.removeItem(DUO_SHOWN_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The battle being entered (public: which pieces fight, the support counts). */
export interface BattleForm {
  attackerColour: Colour;
  attacker: PieceRef | null;
  defender: PieceRef | null;
  attackerSupport: number;
  defenderSupport: number;
}

export const FORM_KEY = 'arbiter.companion.form';

/** A stored battle form, or null when it is not one. */
function parseForm(f: any): BattleForm | null {
  const support = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 15;
  if (f && isColour(f.attackerColour) && (f.attacker === null || isPiece(f.attacker)) && (f.defender === null || isPiece(f.defender)) && support(f.attackerSupport) && support(f.defenderSupport))
    return { attackerColour: f.attackerColour, attacker: f.attacker, defender: f.defender, attackerSupport: f.attackerSupport, defenderSupport: f.defenderSupport };
  return null;
}

export function loadForm(s: Store | null = storage()): BattleForm | null {
  try {
    return parseForm(JSON.parse(s?.getItem(FORM_KEY) ?? 'null'));
  } catch {
    return null; /* unreadable */
  }
}

export function saveForm(f: BattleForm | null, s: Store | null = storage()): void {
  try {
    if (f) s?.setItem(FORM_KEY, JSON.stringify(f));
    else s?.removeItem(FORM_KEY);
  } catch {
    /* storage unavailable */
  }
}
