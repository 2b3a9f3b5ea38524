import { describe, it, expect } from 'vitest';
import { formatClock, formatTimeControl, Clocks } from '../src/game/clock';

describe('clock formatting', () => {
  it('formats minutes, tenths and hours', () => {
    expect(formatClock(300000)).toBe('5:00');
    expect(formatClock(59999)).toBe('0:59');
    expect(formatClock(10000)).toBe('0:10');
    expect(formatClock(9999)).toBe('0:09.9');
    expect(formatClock(9400)).toBe('0:09.4');
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(-5)).toBe('0:00.0');
    expect(formatClock(3723000)).toBe('1:02:03');
  });
  it('formats time controls', () => {
    expect(formatTimeControl({ initial: 180, increment: 2 })).toBe('3+2');
    expect(formatTimeControl({ initial: 30, increment: 0 })).toBe('½+0');
    expect(formatTimeControl(null, 'none')).toBe('none');
  });
});

describe('Clocks', () => {
  it('ticks only the running side, from the moment of receipt', () => {
    const c = new Clocks();
    c.update({ white: 60000, black: 50000, running: 'white' }, 1000);
    expect(c.enabled).toBe(true);
    expect(c.remaining('white', 3500)).toBe(57500);
    expect(c.remaining('black', 3500)).toBe(50000);
    expect(c.remaining('white', 1000 + 70000)).toBe(0);
    c.stop(2000);
    expect(c.running).toBe(null);
    expect(c.remaining('white', 9000)).toBe(59000);
  });
  it('stays off for untimed games', () => {
    const c = new Clocks();
    c.update(null, 0);
    expect(c.enabled).toBe(false);
  });
});
