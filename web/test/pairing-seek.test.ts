// Quick pairing's seek (src/pairing/seek.ts) against a fake fetch: the paired line, the
// server's error line, a refusal with Retry-After, a stream ending without a game, Cancel.
import { describe, it, expect } from 'vitest';
import { seek, type SeekRequest } from '../src/pairing/seek';
import { ApiError } from '../src/api';
import { waitingIn, QUICK_POOLS } from '../src/pairing/pools';

const req: SeekRequest = { variant: 'chess', clock: { initial: 180, increment: 2 }, rated: true, color: 'random' };

function streamOf(chunks: string[], opts: { hang?: boolean } = {}): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(enc.encode(x));
      if (!opts.hang) c.close();
    },
  });
}

function fakeFetch(make: (init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const f = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return make(init);
  }) as unknown as typeof fetch;
  return { f, calls };
}

describe('seek', () => {
  it('posts the seek, reports seeking, resolves with the paired line', async () => {
    const { f, calls } = fakeFetch(
      () =>
        new Response(
          streamOf(['{"type":"seeking","seek":"s1","pool":"chess-blitz"}\n{"type":"pi', 'ng"}\n', '{"type":"paired","game":"g9","seat":"black","token":"tk","opponent":{"name":"bob","rating":1490}}\n']),
          { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } },
        ),
    );
    const seen: unknown[] = [];
    const p = await seek(req, new AbortController().signal, { fetch: f, onSeeking: (l) => seen.push(l) });
    expect(p).toMatchObject({ game: 'g9', seat: 'black', token: 'tk', opponent: { name: 'bob' } });
    expect(seen).toEqual([{ type: 'seeking', seek: 's1', pool: 'chess-blitz' }]);
    expect(calls[0].url).toBe('/api/seeks');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual(req);
  });

  it('rejects with the code of an error line', async () => {
    const { f } = fakeFetch(() => new Response(streamOf(['{"type":"seeking"}\n{"type":"error","code":"account-required","error":"log in"}\n']), { status: 200 }));
    await expect(seek(req, new AbortController().signal, { fetch: f })).rejects.toMatchObject({ code: 'account-required', message: 'log in' });
  });

  it('rejects a refusal with its code and Retry-After', async () => {
    const { f } = fakeFetch(() => new Response(JSON.stringify({ code: 'too-many-seeks', error: 'five at most' }), { status: 429, headers: { 'Retry-After': '7' } }));
    const e = await seek(req, new AbortController().signal, { fetch: f }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 429, code: 'too-many-seeks', retryAfter: 7 });
  });

  it('rejects when the stream ends without a game', async () => {
    const { f } = fakeFetch(() => new Response(streamOf(['{"type":"seeking"}\n{"type":"ping"}\n']), { status: 200 }));
    await expect(seek(req, new AbortController().signal, { fetch: f })).rejects.toMatchObject({ code: 'seek-ended' });
  });

  it('Cancel aborts the request', async () => {
    const c = new AbortController();
    let signal: AbortSignal | undefined;
    const { f } = fakeFetch((init) => {
      signal = init.signal ?? undefined;
      const body = streamOf(['{"type":"seeking"}\n'], { hang: true });
      return new Response(body, { status: 200 });
    });
    const p = seek(req, c.signal, { fetch: f, onSeeking: () => c.abort() });
    await expect(p).rejects.toBeTruthy();
    expect(signal?.aborted).toBe(true);
  });
});

describe('waitingIn', () => {
  it('counts the seeks of the same game, clock and kind', () => {
    const blitz = QUICK_POOLS.find((p) => p.id === 'chess-3+2')!;
    const untimed = QUICK_POOLS.find((p) => p.id === 'chess-untimed')!;
    const counts = [
      { variant: 'chess', clock: { initial: 180, increment: 2 }, rated: true, waiting: 2 },
      { variant: 'chess', clock: { initial: 180, increment: 2 }, rated: false, waiting: 1 },
      { variant: 'chess', clock: null, rated: false, waiting: 4 },
      { variant: 'chiefspy', clock: { initial: 180, increment: 2 }, rated: true, waiting: 9 },
    ];
    expect(waitingIn(counts, blitz, true)).toBe(2);
    expect(waitingIn(counts, blitz, false)).toBe(1);
    expect(waitingIn(counts, untimed, false)).toBe(4);
    expect(waitingIn(counts, untimed, true)).toBe(0);
  });
});
