// Settings (src/settings/prefs.ts, sound.ts): stored choices read back safely, volume and the
// sound events kept, and still no AudioContext before a gesture.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { parsePrefs, DEFAULT_PREFS } from '../src/settings/prefs';
import { pieceSvg, outlineCss } from '../src/settings/pieces';

describe('prefs', () => {
  it('a stored object is read field by field; anything unknown falls back to the default', () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('not json')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('[1,2]')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ board: 'blue', pieces: 'outline', blind: true }))).toEqual({ board: 'blue', pieces: 'outline', blind: true });
    expect(parsePrefs(JSON.stringify({ board: 'purple', pieces: 'outline', blind: 'yes' }))).toEqual({ board: 'brown', pieces: 'outline', blind: false });
  });

  it('the outline set: twelve drawings, each a complete SVG, switched on by <html data-pieces="outline">', () => {
    const css = outlineCss();
    expect(css.split('\n').length).toBe(12);
    for (const role of ['k', 'q', 'r', 'b', 'n', 'p'])
      for (const c of ['white', 'black']) expect(css).toContain(`html[data-pieces="outline"] .cg-wrap piece.${role}-piece.${c}{`);
    const svg = pieceSvg('n', 'black');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(pieceSvg('k', 'white')).not.toBe(pieceSvg('k', 'black'));
  });
});

class FakeAudioContext {
  static made = 0;
  static gains: number[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.made++;
  }
  resume() {
    return Promise.resolve();
  }
  createOscillator() {
    return { type: '', frequency: { setValueAtTime() {} }, connect: (n: any) => n, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime: (v: number) => FakeAudioContext.gains.push(v) }, connect: (n: any) => n };
  }
}

describe('sound settings', () => {
  let win: EventTarget & { AudioContext?: typeof FakeAudioContext };
  const store = new Map<string, string>();
  beforeEach(() => {
    FakeAudioContext.made = 0;
    FakeAudioContext.gains = [];
    store.clear();
    win = Object.assign(new EventTarget(), { AudioContext: FakeAudioContext });
    vi.stubGlobal('window', win);
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('volume scales the beeps, 0 makes none (and no AudioContext); the choices are stored', async () => {
    const { sound, clampVolume } = await import('../src/sound');
    expect(clampVolume('250')).toBe(100);
    expect(clampVolume('-3')).toBe(0);
    expect(clampVolume('abc')).toBe(100);
    sound.setVolume(0);
    win.dispatchEvent(new Event('pointerdown'));
    sound.move();
    expect(FakeAudioContext.made).toBe(0);
    sound.setVolume(50);
    sound.move();
    expect(FakeAudioContext.made).toBe(1);
    expect(FakeAudioContext.gains.some((g) => Math.abs(g - 0.06) < 1e-9)).toBe(true); // 0.12 at half volume
    expect(store.get('arbiter.volume')).toBe('50');
  });

  it('an event switched off makes no sound; a new page reads the stored choices; nothing before a gesture', async () => {
    const first = (await import('../src/sound')).sound;
    first.setEvent('move', false);
    first.setMuted(true);
    expect(JSON.parse(store.get('arbiter.soundEvents')!)).toEqual({ move: false, capture: true, notify: true });
    vi.resetModules();
    const { sound } = await import('../src/sound');
    expect(sound.isMuted()).toBe(true);
    expect(sound.eventOn('move')).toBe(false);
    sound.setMuted(false);
    sound.capture();
    expect(FakeAudioContext.made).toBe(0); // no gesture yet
    win.dispatchEvent(new Event('keydown'));
    const before = FakeAudioContext.gains.length;
    sound.move();
    expect(FakeAudioContext.gains.length).toBe(before);
    sound.capture();
    expect(FakeAudioContext.gains.length).toBeGreaterThan(before);
  });
});
