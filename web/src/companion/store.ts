// Companion match persistence: localStorage, so that a reload or a closed tab loses nothing —
// the match, the last battle's announcement, the battle being entered, and on two devices the
// answer code the other device may still need. Keeps a short undo history (a mistyped battle
// can be taken back).
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
      if (isMatch(o?.match))
        return {
          match: o.match,
          undo: Array.isArray(o.undo) ? o.undo.filter(isMatch).slice(-UNDO_LIMIT) : [],
          undone: Number(o.undone) || 0,
          last: isLastBattle(o.last) ? { ...o.last, announce: { roundEnd: null, ...o.last.announce } } : null,
        };
    }
  } catch {
    /* unreadable: start afresh */
  }
  return { match: null, undo: [] };
}

export function save(saved: Saved, s: Store | null = storage()): void {
  try {
    if (!saved.match) s?.removeItem(STORE_KEY);
    else s?.setItem(STORE_KEY, JSON.stringify({ match: saved.match, undo: saved.undo.slice(-UNDO_LIMIT), undone: saved.undone ?? 0, last: saved.last ? { ...saved.last, announce: { ...saved.last.announce, roundEnd: null } } : null }));
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

export function loadForm(s: Store | null = storage()): BattleForm | null {
  try {
    const f = JSON.parse(s?.getItem(FORM_KEY) ?? 'null');
    const support = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 15;
    if (f && isColour(f.attackerColour) && (f.attacker === null || isPiece(f.attacker)) && (f.defender === null || isPiece(f.defender)) && support(f.attackerSupport) && support(f.defenderSupport))
      return { attackerColour: f.attackerColour, attacker: f.attacker, defender: f.defender, attackerSupport: f.attackerSupport, defenderSupport: f.defenderSupport };
  } catch {
    /* unreadable */
  }
  return null;
}

export function saveForm(f: BattleForm | null, s: Store | null = storage()): void {
  try {
    if (f) s?.setItem(FORM_KEY, JSON.stringify(f));
    else s?.removeItem(FORM_KEY);
  } catch {
    /* storage unavailable */
  }
}
