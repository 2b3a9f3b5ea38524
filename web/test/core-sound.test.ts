// Sounds: no AudioContext before a user gesture (issue 13, defect 9: a spectator's page, which
// nobody touches, made one per event and Chromium warned each time).
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';

class FakeAudioContext {
  static made = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  oscillators = 0;
  constructor() {
    FakeAudioContext.made++;
  }
  resume() {
    return Promise.resolve();
  }
  createOscillator() {
    this.oscillators++;
    const node = { type: '', frequency: { setValueAtTime() {} }, connect: (n: any) => n, start() {}, stop() {} };
    return node;
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: any) => n };
  }
}

describe('sound', () => {
  let win: EventTarget & { AudioContext?: typeof FakeAudioContext };
  beforeEach(() => {
    FakeAudioContext.made = 0;
    win = Object.assign(new EventTarget(), { AudioContext: FakeAudioContext });
    vi.stubGlobal('window', win);
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('makes no AudioContext before a user gesture; the first gesture makes it and beeps play after', async () => {
    const { sound } = await import('../src/sound');
    sound.move();
    sound.capture();
    sound.notify();
    expect(FakeAudioContext.made).toBe(0);
    win.dispatchEvent(new Event('pointerdown'));
    expect(FakeAudioContext.made).toBe(1);
    sound.move();
    sound.notify();
    expect(FakeAudioContext.made).toBe(1);
  });

  it('a key press counts as a gesture too; muted, nothing is made at all', async () => {
    const { sound } = await import('../src/sound');
    sound.setMuted(true);
    win.dispatchEvent(new Event('keydown'));
    sound.move();
    expect(FakeAudioContext.made).toBe(0);
    sound.setMuted(false);
    sound.move();
    expect(FakeAudioContext.made).toBe(1);
  });
});
