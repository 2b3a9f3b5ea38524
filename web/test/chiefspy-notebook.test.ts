import { describe, expect, it } from 'vitest';
import { loadNotebook, saveNotebook, toggle, pin, freshNotebook, notebookKey, resetSlot } from '../src/chiefspy/notebook';

class MemStore {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

describe('deduction notebook', () => {
  it('starts with every value possible', () => {
    const nb = loadNotebook('g1', 1, new MemStore());
    expect(nb.a).toEqual(['2', '3', '4', '5', '6', '7', 'C', 'S']);
  });
  it('toggles keep the canonical order', () => {
    let nb = toggle(freshNotebook(), 'e', '3');
    expect(nb.e).not.toContain('3');
    nb = toggle(nb, 'e', '3');
    expect(nb.e).toEqual(freshNotebook().e);
  });
  it('persists per game and round', () => {
    const s = new MemStore();
    const nb = toggle(toggle(freshNotebook(), 'b', 'C'), 'b', 'S');
    saveNotebook('g1', 1, nb, s);
    expect(s.m.has(notebookKey('g1', 1))).toBe(true);
    expect(loadNotebook('g1', 1, s).b).toEqual(['2', '3', '4', '5', '6', '7']);
    expect(loadNotebook('g1', 2, s).b).toHaveLength(8);
    expect(loadNotebook('g2', 1, s).b).toHaveLength(8);
  });
  it('survives garbage in storage', () => {
    const s = new MemStore();
    s.setItem(notebookKey('g', 1), '{not json');
    expect(loadNotebook('g', 1, s).a).toHaveLength(8);
    s.setItem(notebookKey('g', 1), JSON.stringify({ a: ['C', 'x', '9'] }));
    expect(loadNotebook('g', 1, s).a).toEqual(['C']);
  });
  it('pin removes the value from the other pieces', () => {
    const nb = pin(freshNotebook(), 'g', 'C');
    expect(nb.g).toEqual(['C']);
    expect(nb.a).not.toContain('C');
    expect(resetSlot(nb, 'g')).toHaveProperty('g', freshNotebook().g);
  });
});
