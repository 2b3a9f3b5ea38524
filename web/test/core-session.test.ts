import { describe, it, expect, beforeEach } from 'vitest';

class MemStorage {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe('session tokens', () => {
  beforeEach(() => {
    (globalThis as any).localStorage = new MemStorage();
    (globalThis as any).location = { pathname: '/game/g1', search: '' };
    (globalThis as any).history = { replaceState: (_a: unknown, _b: string, url: string) => ((globalThis as any).lastUrl = url) };
  });

  it('stores seats, local games both tokens', async () => {
    const s = await import('../src/session');
    s.setSeat('g1', { seat: 'white', token: 'aa' });
    s.setSeat('g2', { seat: 'white', token: 'bb', tokens: { white: 'bb', black: 'cc' } });
    expect(s.tokenFor('g1')).toBe('aa');
    expect(s.tokenFor('g1', 'black')).toBeNull();
    expect(s.tokenFor('g2', 'black')).toBe('cc');
    expect(JSON.parse(localStorage.getItem('arbiter.tokens')!).g1).toEqual({ seat: 'white', token: 'aa' });
    s.forgetSeat('g1');
    expect(s.getSeat('g1')).toBeNull();
  });

  it('takes #token= from the address and strips it', async () => {
    const s = await import('../src/session');
    expect(s.takeTokenFromHash('g1', '#token=0123abcd')).toBe('0123abcd');
    expect(s.getSeat('g1')?.token).toBe('0123abcd');
    expect((globalThis as any).lastUrl).toBe('/game/g1');
    expect(s.takeTokenFromHash('g1', '')).toBeNull();
  });
});
