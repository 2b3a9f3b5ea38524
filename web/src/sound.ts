// Short WebAudio beeps (no audio files): move, capture, notify; mute stored in
// localStorage["arbiter.muted"], the volume (0-100) in "arbiter.volume", the events that sound
// in "arbiter.soundEvents" (a JSON object: move, capture, notify → false when silenced).
//
// Browsers let a page start audio only after a user gesture; an AudioContext made before one
// starts suspended and Chromium logs a warning for it (a spectator's page, which nobody
// touches, logged one per event). So no AudioContext exists until the page has had a gesture
// (a pointer press, a key, a touch; the app imports this module at start, so a click in the
// lobby counts): beeps before that are skipped, and the first gesture creates the context
// inside itself.
let ctx: AudioContext | null = null;
let muted = false;
let gesture = false;
let volume = 100;
export type SoundEvent = 'move' | 'capture' | 'notify';
export const SOUND_EVENTS: readonly SoundEvent[] = ['move', 'capture', 'notify'];
const events: Record<SoundEvent, boolean> = { move: true, capture: true, notify: true };
try {
  muted = localStorage.getItem('arbiter.muted') === '1';
  volume = clampVolume(localStorage.getItem('arbiter.volume'));
  const stored = JSON.parse(localStorage.getItem('arbiter.soundEvents') ?? '{}');
  for (const e of SOUND_EVENTS) if (stored && stored[e] === false) events[e] = false;
} catch {
  /* ignore */
}

/** A stored or typed volume as an integer 0-100 (100 when unreadable). */
export function clampVolume(v: unknown): number {
  if (v === null || v === undefined || v === '') return 100;
  const n = Math.round(Number(v));
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 100;
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* ignore */
  }
}

const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

// Only a gesture this page saw counts: `navigator.userActivation` also reports activation from a
// navigation the browser started (a typed address, an automated one), after which Chromium
// still warns about a context made without a gesture of the page's own.
function hadGesture(): boolean {
  return gesture;
}

function onGesture(): void {
  gesture = true;
  if (typeof window !== 'undefined') for (const g of GESTURES) window.removeEventListener(g, onGesture, true);
  if (!muted && volume > 0) audio(); // made (or resumed) inside the gesture: later beeps may play
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  for (const g of GESTURES) window.addEventListener(g, onGesture, { capture: true, passive: true });

function audio(): AudioContext | null {
  if (muted || volume === 0 || !hadGesture()) return null;
  try {
    const AC = (window as any).AudioContext ?? (window as any).webkitAudioContext;
    if (!AC) return null;
    ctx ??= new AC();
    if (ctx!.state === 'suspended') void ctx!.resume();
    return ctx;
  } catch {
    return null;
  }
}

function beep(freq: number, ms: number, type: OscillatorType = 'sine', loud = 0.12, delay = 0): void {
  const gain = (loud * volume) / 100;
  if (gain <= 0) return;
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + delay;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + ms / 1000);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + ms / 1000 + 0.02);
}

export const sound = {
  move(): void {
    if (events.move) beep(520, 90, 'triangle');
  },
  capture(): void {
    if (!events.capture) return;
    beep(300, 70, 'square', 0.08);
    beep(200, 110, 'square', 0.08, 0.06);
  },
  notify(): void {
    if (!events.notify) return;
    beep(660, 120, 'sine', 0.1);
    beep(880, 160, 'sine', 0.1, 0.13);
  },
  isMuted: () => muted,
  setMuted(m: boolean): void {
    muted = m;
    store('arbiter.muted', m ? '1' : '0');
  },
  volume: () => volume,
  setVolume(v: number): void {
    volume = clampVolume(v);
    store('arbiter.volume', String(volume));
  },
  eventOn: (e: SoundEvent) => events[e],
  setEvent(e: SoundEvent, on: boolean): void {
    events[e] = on;
    store('arbiter.soundEvents', JSON.stringify(events));
  },
  /** Whether an AudioContext exists (tests). */
  started: () => ctx !== null,
};
