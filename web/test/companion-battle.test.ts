// The table is produced by the C++ reference: web/test/fixtures/gen-battles.sh build/arbiter > web/test/fixtures/battles.json
// (every pair of values 1-7, C, S with supports 0-3, plus worn-down pieces under their initial cap).
import { describe, expect, it } from 'vitest';
import { resolveBattle, type Value } from '../src/companion/battle';
import cases from './fixtures/battles.json';

interface Case {
  attacker: Value;
  defender: Value;
  attackerSupport: number;
  defenderSupport: number;
  attackerInitial: Value | null;
  defenderInitial: Value | null;
  result: unknown;
}

describe('companion battle rule vs the C++ reference (arbiter chiefspy battle --json)', () => {
  const table = cases as Case[];
  it('has a real table', () => {
    expect(table.length).toBeGreaterThan(1000);
  });
  it('agrees on every case', () => {
    const wrong: string[] = [];
    for (const c of table) {
      const got = resolveBattle(c);
      if (JSON.stringify(got) !== JSON.stringify(c.result)) wrong.push(`${JSON.stringify(c)} got ${JSON.stringify(got)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
  it('the seed example: bishop +2 against great knight +2', () => {
    const r = resolveBattle({ attacker: '5', defender: '5', attackerSupport: 1, defenderSupport: 2 });
    expect(r.winner).toBe('tie');
  });
});
