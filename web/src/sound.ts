// Short WebAudio beeps (no audio files): move, capture, notify; mute stored in
// localStorage["arbiter.muted"].
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
try {
  muted = localStorage.getItem('arbiter.muted') === '1';
} catch {
  /* ignore */
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
  if (!muted) audio(); // made (or resumed) inside the gesture: later beeps may play
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  for (const g of GESTURES) window.addEventListener(g, onGesture, { capture: true, passive: true });

function audio(): AudioContext | null {
  if (muted || !hadGesture()) return null;
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

function beep(freq: number, ms: number, type: OscillatorType = 'sine', gain = 0.12, delay = 0): void {
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
    beep(520, 90, 'triangle');
  },
  capture(): void {
    beep(300, 70, 'square', 0.08);
    beep(200, 110, 'square', 0.08, 0.06);
  },
  notify(): void {
    beep(660, 120, 'sine', 0.1);
    beep(880, 160, 'sine', 0.1, 0.13);
  },
  isMuted: () => muted,
  setMuted(m: boolean): void {
    muted = m;
    try {
      localStorage.setItem('arbiter.muted', m ? '1' : '0');
    } catch {
      /* ignore */
    }
  },
  /** Whether an AudioContext exists (tests). */
  started: () => ctx !== null,
};
