// Short WebAudio beeps (no audio files): move, capture, notify.
let ctx: AudioContext | null = null;
let muted = false;
try {
  muted = localStorage.getItem('arbiter.muted') === '1';
} catch {
  /* ignore */
}

function audio(): AudioContext | null {
  if (muted) return null;
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
};
