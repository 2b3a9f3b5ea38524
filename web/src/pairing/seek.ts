// Quick pairing (docs/players.md): POST /api/seeks keeps its answer open as an NDJSON stream —
// `seeking`, `ping`s while waiting, then `paired` with the game, the seat and its token (or
// `error`). The seek lives as long as the request: aborting the fetch ends it on the server.
import { ApiError, retryAfterSeconds } from '../api';
import { readJsonLines } from './lines';

export interface SeekRequest {
  variant: 'chess' | 'chiefspy' | 'minesweeper';
  clock: { initial: number; increment: number } | null;
  rated: boolean;
  color: 'random' | 'white' | 'black';
  ratingRange?: [number, number];
}

export interface Paired {
  type: 'paired';
  game: string;
  seat: 'white' | 'black';
  token: string;
  opponent?: { name?: string | null; rating?: number; provisional?: boolean } | null;
}

export interface SeekHooks {
  /** The server took the seek (`seeking`): its pool. */
  onSeeking?(line: { seek?: string; pool?: string }): void;
  fetch?: typeof fetch;
}

async function httpError(r: Response): Promise<ApiError> {
  const text = await r.text().catch(() => '');
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return new ApiError(r.status, (data && data.code) || String(r.status), (data && data.error) || r.statusText || `HTTP ${r.status}`, r.status === 429 ? retryAfterSeconds(r.headers.get('Retry-After')) : undefined);
}

/**
 * Seek until paired. Resolves with the `paired` line; rejects with an ApiError for a refusal
 * (non-200, an `error` line, or the stream ending first), or with the abort when `signal` fires.
 */
export async function seek(req: SeekRequest, signal: AbortSignal, hooks: SeekHooks = {}): Promise<Paired> {
  const f = hooks.fetch ?? fetch;
  let r: Response;
  try {
    r = await f('/api/seeks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      credentials: 'same-origin',
      body: JSON.stringify(req),
      signal,
    });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ApiError(0, 'network', (e as Error).message || 'network error');
  }
  if (!r.ok) throw await httpError(r);
  if (!r.body) throw new ApiError(r.status, 'seek-ended', 'no stream');
  const body = r.body;
  const reader = body.getReader();
  // a real fetch's body fails by itself on abort; cancelling it here makes sure the wait ends
  const onAbort = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const line of readJsonLines(reader)) {
      switch (line.type) {
        case 'seeking':
          hooks.onSeeking?.(line as { seek?: string; pool?: string });
          break;
        case 'paired':
          if (typeof line.game === 'string' && typeof line.token === 'string' && (line.seat === 'white' || line.seat === 'black')) return line as unknown as Paired;
          throw new ApiError(200, 'bad-answer', 'paired without a game');
        case 'error':
          throw new ApiError(200, typeof line.code === 'string' ? line.code : 'error', typeof line.error === 'string' ? line.error : 'error');
        default:
          break; // ping, or something newer
      }
    }
  } catch (e) {
    if (signal.aborted) throw e;
    if (e instanceof ApiError) throw e;
    throw new ApiError(0, 'network', (e as Error).message || 'network error');
  } finally {
    signal.removeEventListener('abort', onAbort);
    // paired or refused: the stream has nothing more to say (the reader's lock is released by now)
    body.cancel().catch(() => {});
  }
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  throw new ApiError(200, 'seek-ended', 'the seek ended without a game');
}
