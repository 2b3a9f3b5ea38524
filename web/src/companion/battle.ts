// The Chief & Spy battle rule (docs/rules.md#battles), in the browser for companion mode.
// Mirrors variants/chiefspy/battle.cpp; web/test/companion-battle.test.ts checks it against a
// table produced by the C++ reference (`arbiter chiefspy battle --json`).

import { SETUP_VALUES } from '../chiefspy/setup';

/** A current value: '1' (pawns, or a numbered piece worn down to 1) .. '7', Chief or Spy. */
export type Value = '1' | '2' | '3' | '4' | '5' | '6' | '7' | 'C' | 'S';
/** The eight values each side deals to its back-rank pieces. */
export const BACK_RANK_VALUES: readonly Value[] = SETUP_VALUES;

export type Winner = 'attacker' | 'defender' | 'tie';

export interface BattleInput {
  attacker: Value;
  defender: Value;
  /** Allies of each side (other than the two fighters) that could attack the contested square. */
  attackerSupport: number;
  defenderSupport: number;
  /** Initial values (cap a numbered winner's new value); default: the current values. */
  attackerInitial?: Value | null;
  defenderInitial?: Value | null;
}

export interface SideOutcome {
  /** value + bonus for a numbered piece; null for the Chief or the Spy. */
  total: number | null;
  /** The new value if the piece stays on the board, null if it left. */
  value: Value | null;
}

export interface BattleOutcome {
  winner: Winner;
  attacker: SideOutcome;
  defender: SideOutcome;
}

const isSpecial = (v: Value) => v === 'C' || v === 'S';
const num = (v: Value) => Number(v);

export function isValue(v: unknown): v is Value {
  return typeof v === 'string' && /^[1-7CS]$/.test(v);
}

function decide(a: Value, ab: number, d: Value, db: number): Winner {
  if (a === 'S' && d === 'C') return 'attacker';
  if (a === 'C' && d === 'S') return 'defender';
  if (a === d && isSpecial(a)) return ab === db ? 'tie' : ab > db ? 'attacker' : 'defender';
  if (a === 'C') return 'attacker';
  if (d === 'C') return 'defender';
  if (a === 'S') return 'defender';
  if (d === 'S') return 'attacker';
  const ta = num(a) + ab,
    td = num(d) + db;
  return ta === td ? 'tie' : ta > td ? 'attacker' : 'defender';
}

function newValue(winner: Value, bonus: number, initial: Value, loser: Value): Value {
  if (isSpecial(winner)) return winner;
  const total = num(winner) + bonus;
  const cap = isSpecial(initial) ? total : num(initial);
  const cost = isSpecial(loser) ? 0 : num(loser); // the Spy costs 0 [D]
  const v = Math.max(1, Math.min(cap, total - cost));
  return String(v) as Value;
}

/** Bonus of each side: the attacker's +1 base plus its supporters; the defender's supporters. */
export function bonuses(input: Pick<BattleInput, 'attackerSupport' | 'defenderSupport'>) {
  return { attacker: 1 + input.attackerSupport, defender: input.defenderSupport };
}

export function resolveBattle(input: BattleInput): BattleOutcome {
  const b = bonuses(input);
  const ai = input.attackerInitial ?? input.attacker;
  const di = input.defenderInitial ?? input.defender;
  const winner = decide(input.attacker, b.attacker, input.defender, b.defender);
  const total = (v: Value, bonus: number) => (isSpecial(v) ? null : num(v) + bonus);
  return {
    winner,
    attacker: {
      total: total(input.attacker, b.attacker),
      value: winner === 'attacker' ? newValue(input.attacker, b.attacker, ai, input.defender) : null,
    },
    defender: {
      total: total(input.defender, b.defender),
      value: winner === 'defender' ? newValue(input.defender, b.defender, di, input.attacker) : null,
    },
  };
}
