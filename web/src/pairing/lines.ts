// NDJSON over fetch: a response body's bytes as whole lines. Chunks split lines (and UTF-8
// characters) anywhere; a chunk may hold several lines; the last line may lack its "\n".
// Blank lines are skipped, a "\r" before the "\n" is dropped.

/** Splits text as it arrives into complete lines; `end()` gives the unterminated rest. */
export class LineSplitter {
  private rest = '';

  /** The lines completed by `text` (without their line ends). */
  push(text: string): string[] {
    const parts = (this.rest + text).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.map(stripCr).filter((l) => l.trim() !== '');
  }

  /** The stream ended: the last line if it had no "\n". */
  end(): string[] {
    const last = stripCr(this.rest);
    this.rest = '';
    return last.trim() !== '' ? [last] : [];
  }
}

function stripCr(l: string): string {
  return l.endsWith('\r') ? l.slice(0, -1) : l;
}

export interface ByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  releaseLock?(): void;
  cancel?(reason?: unknown): Promise<void>;
}

/** The lines of a byte stream (a fetch body's reader), in order, as they complete. */
export async function* readLines(reader: ByteReader): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const split = new LineSplitter();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value && value.length) yield* split.push(decoder.decode(value, { stream: true }));
    }
    yield* split.push(decoder.decode());
    yield* split.end();
  } finally {
    reader.releaseLock?.();
  }
}

/** The JSON objects of an NDJSON byte stream; a line that is not a JSON object is skipped. */
export async function* readJsonLines(reader: ByteReader): AsyncGenerator<Record<string, unknown>> {
  for await (const line of readLines(reader)) {
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (o && typeof o === 'object' && !Array.isArray(o)) yield o as Record<string, unknown>;
  }
}
