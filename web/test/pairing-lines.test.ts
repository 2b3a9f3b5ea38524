// The NDJSON line reader of quick pairing (src/pairing/lines.ts): lines split across chunks,
// several lines in one chunk, a trailing partial line, UTF-8 split inside a character.
import { describe, it, expect } from 'vitest';
import { LineSplitter, readLines, readJsonLines, type ByteReader } from '../src/pairing/lines';

function reader(chunks: (string | Uint8Array)[]): ByteReader & { released: boolean } {
  const enc = new TextEncoder();
  const queue = chunks.map((c) => (typeof c === 'string' ? enc.encode(c) : c));
  const r = {
    released: false,
    async read() {
      const value = queue.shift();
      return value ? { done: false, value } : { done: true };
    },
    releaseLock() {
      r.released = true;
    },
  };
  return r;
}

async function all<T>(g: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of g) out.push(x);
  return out;
}

describe('LineSplitter', () => {
  it('joins a line split across chunks', () => {
    const s = new LineSplitter();
    expect(s.push('{"type":"see')).toEqual([]);
    expect(s.push('king","pool":"chess-blitz"}')).toEqual([]);
    expect(s.push('\n')).toEqual(['{"type":"seeking","pool":"chess-blitz"}']);
    expect(s.end()).toEqual([]);
  });

  it('gives every line of a chunk holding several, in order', () => {
    const s = new LineSplitter();
    expect(s.push('{"a":1}\n{"a":2}\n{"a":3}\n{"a":')).toEqual(['{"a":1}', '{"a":2}', '{"a":3}']);
    expect(s.push('4}\n')).toEqual(['{"a":4}']);
  });

  it('keeps a trailing partial line until the end', () => {
    const s = new LineSplitter();
    expect(s.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(s.push(':2}')).toEqual([]);
    expect(s.end()).toEqual(['{"b":2}']);
    expect(s.end()).toEqual([]); // once
  });

  it('skips blank lines and drops a \\r before the \\n', () => {
    const s = new LineSplitter();
    expect(s.push('\n\n{"a":1}\r\n\r\n  \n{"a":2}\r')).toEqual(['{"a":1}']);
    expect(s.end()).toEqual(['{"a":2}']);
  });
});

describe('readLines / readJsonLines', () => {
  it('reads lines from a byte stream, a UTF-8 character split between chunks included', async () => {
    const bytes = new TextEncoder().encode('{"name":"Jürgen ♞"}\n{"type":"ping"}\n');
    // split inside "ü" (2 bytes) and inside "♞" (3 bytes)
    const cut1 = bytes.indexOf(0xc3) + 1;
    const cut2 = bytes.indexOf(0xe2) + 2;
    const r = reader([bytes.slice(0, cut1), bytes.slice(cut1, cut2), bytes.slice(cut2)]);
    expect(await all(readLines(r))).toEqual(['{"name":"Jürgen ♞"}', '{"type":"ping"}']);
    expect(r.released).toBe(true);
  });

  it('gives the last line without its newline at the end of the stream', async () => {
    expect(await all(readLines(reader(['{"a":1}\n{"a"', ':2}'])))).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('parses JSON objects, skipping lines that are not one', async () => {
    const r = reader(['{"type":"seeking"}\nnot json\n[1,2]\n', '{"type":"paired","game":"g1"}']);
    expect(await all(readJsonLines(r))).toEqual([{ type: 'seeking' }, { type: 'paired', game: 'g1' }]);
  });

  it('stops early without leaving the reader locked', async () => {
    const r = reader(['{"a":1}\n{"a":2}\n{"a":3}\n']);
    for await (const o of readJsonLines(r)) {
      expect(o).toEqual({ a: 1 });
      break;
    }
    expect(r.released).toBe(true);
  });
});
