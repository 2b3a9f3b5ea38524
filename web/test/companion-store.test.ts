// What the companion keeps through a reload or a closed tab (localStorage): the last battle's
// announcement, the battle being entered, and on two devices the answer code still to give.
import { describe, expect, it } from 'vitest';
import { newMatch, setValues, battle, type Assignment } from '../src/companion/model';
import { load, save, commit, undo, undoForm, loadForm, saveForm, loadDuoShown, saveDuoShown, STORE_KEY, FORM_KEY, DUO_SHOWN_KEY, type DuoShown, type BattleForm } from '../src/companion/store';

class Mem {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

const W: Assignment = { a: '5', b: 'S', c: '3', d: '7', e: 'C', f: '2', g: '4', h: '6' };
const B: Assignment = { a: '4', b: '2', c: '6', d: '7', e: 'S', f: '5', g: 'C', h: '3' };

describe('companion store: a reload keeps what is on screen', () => {
  it('the last announcement survives a reload, only what was announced, and a new change clears it', () => {
    const s = new Mem();
    let saved = commit({ match: null, undo: [] }, setValues(setValues(newMatch(), 'white', W), 'black', B));
    const input = { attackerColour: 'white' as const, attacker: 'b' as const, defender: 'g' as const, attackerSupport: 0, defenderSupport: 0 };
    const r = battle(saved.match!, input); // the Spy takes the Chief: the round (and its reveal) ends
    expect(r.announce.roundEnd).not.toBeNull();
    saved = { ...commit(saved, r.match), last: { announce: r.announce, attacker: 'b', defender: 'g', attackerColour: 'white' } };
    save(saved, s);
    const back = load(s);
    expect(back.last).toEqual({ announce: { winner: 'attacker', bonus: { attacker: 1, defender: 0 }, roundEnd: null }, attacker: 'b', defender: 'g', attackerColour: 'white' });
    expect(back.match).toEqual(r.match);
    expect(commit(back, back.match!).last).toBeUndefined();
    expect(undo(back).last).toBeUndefined();
  });

  it('an unreadable announcement is dropped, the match kept', () => {
    const s = new Mem();
    save({ match: newMatch(), undo: [] }, s);
    const o = JSON.parse(s.getItem(STORE_KEY)!);
    s.setItem(STORE_KEY, JSON.stringify({ ...o, last: { announce: { winner: 'nobody' }, attacker: 'b', defender: 'g', attackerColour: 'white' } }));
    expect(load(s).last).toBeNull();
    expect(load(s).match).not.toBeNull();
  });

  it('the battle being entered', () => {
    const s = new Mem();
    expect(loadForm(s)).toBeNull();
    const f = { attackerColour: 'black' as const, attacker: 'pawn' as const, defender: null, attackerSupport: 2, defenderSupport: 15 };
    saveForm(f, s);
    expect(loadForm(s)).toEqual(f);
    s.setItem(FORM_KEY, JSON.stringify({ ...f, attackerSupport: 16 }));
    expect(loadForm(s)).toBeNull();
    s.setItem(FORM_KEY, JSON.stringify({ ...f, attacker: 'z' }));
    expect(loadForm(s)).toBeNull();
    saveForm(null, s);
    expect(s.m.has(FORM_KEY)).toBe(false);
  });

  it('two devices: the answer code is kept for its own match only', () => {
    const s = new Mem();
    const shown: DuoShown = {
      winner: 'attacker',
      bonus: { attacker: 2, defender: 1 },
      answer: 'ABC-DEFG',
      b: { attackerColour: 'white', attacker: 'd', defender: 'b', attackerSupport: 1, defenderSupport: 1 },
    };
    saveDuoShown('K7M2QX', shown, s);
    expect(loadDuoShown('K7M2QX', s)).toEqual(shown);
    expect(loadDuoShown('ZZZZZZ', s)).toBeNull();
    s.setItem(DUO_SHOWN_KEY, JSON.stringify({ code: 'K7M2QX', shown: { ...shown, answer: 7 } }));
    expect(loadDuoShown('K7M2QX', s)).toBeNull();
    saveDuoShown(null, shown, s);
    expect(s.m.has(DUO_SHOWN_KEY)).toBe(false);
  });
});

describe('companion store: Undo gives back the battle form of the entry it takes back (issue 13, defect 12)', () => {
  const fresh = (attackerColour: 'white' | 'black'): BattleForm => ({ attackerColour, attacker: null, defender: null, attackerSupport: 0, defenderSupport: 0 });
  it('the form as it was before each entry, the attacker side included, through a reload and several undos', () => {
    const s = new Mem();
    let saved = commit({ match: null, undo: [] }, newMatch(), fresh('white'));
    saved = commit(saved, setValues(saved.match!, 'white', W), fresh('white'));
    saved = commit(saved, setValues(saved.match!, 'black', B), fresh('white'));
    // Black's pawn attacks White's bishop f (2) with two defenders: the defender wins.
    const f1: BattleForm = { attackerColour: 'black', attacker: 'pawn', defender: 'f', attackerSupport: 0, defenderSupport: 2 };
    saved = commit(saved, battle(saved.match!, { ...f1, attacker: 'pawn', defender: 'f' }).match, f1);
    // Black's pawn takes White's Spy: the round is over.
    const f2: BattleForm = { ...f1, defender: 'b' };
    saved = commit(saved, battle(saved.match!, { ...f2, attacker: 'pawn', defender: 'b' }).match, f2);
    expect(saved.match!.phase).toBe('round-over');
    save(saved, s);
    let back = load(s);
    expect(undoForm(back)).toEqual(f2);
    back = undo(back);
    expect(back.match!.phase).toBe('play');
    expect(undoForm(back)).toEqual(f1);
    back = undo(back);
    expect(back.match!.battles).toHaveLength(0);
    expect(undoForm(back)).toEqual(fresh('white'));
  });
  it('an entry saved before forms were kept, or an unreadable form, gives none back (the form on screen stays)', () => {
    const s = new Mem();
    let saved = commit({ match: null, undo: [] }, newMatch());
    saved = commit(saved, setValues(saved.match!, 'white', W));
    save(saved, s);
    const { forms, ...o } = JSON.parse(s.getItem(STORE_KEY)!);
    expect(forms).toEqual([null]);
    s.setItem(STORE_KEY, JSON.stringify(o)); // as stored before forms were kept
    expect(undoForm(load(s))).toBeNull();
    expect(load(s).undo).toHaveLength(1);
    s.setItem(STORE_KEY, JSON.stringify({ ...o, forms: [{ attackerColour: 'green' }] }));
    expect(undoForm(load(s))).toBeNull();
    expect(load(s).match).not.toBeNull();
  });
  it('the forms follow the undo history’s limit', () => {
    let saved = commit({ match: null, undo: [] }, newMatch());
    for (let i = 0; i < 40; i++) saved = commit(saved, saved.match!, fresh(i % 2 ? 'black' : 'white'));
    expect(saved.undo).toHaveLength(30);
    expect(saved.forms).toHaveLength(30);
    expect(undoForm(saved)!.attackerColour).toBe('black'); // i = 39
  });
});
