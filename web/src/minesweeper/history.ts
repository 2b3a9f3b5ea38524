// The game's past events, for the move list's notation after a reload: the NDJSON event stream
// (GET /api/games/{id}/events?since=0, docs/api.md) read up to a given number of events, then
// closed (the stream stays open while the game goes on). Minesweeper events are all public.
export async function fetchEvents(id: string, token: string | null, count: number): Promise<any[]> {
  const out: any[] = [];
  if (count <= 0) return out;
  const ctl = new AbortController();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const r = await fetch(`/api/games/${id}/events?since=0`, { headers, signal: ctl.signal });
  if (!r.ok || !r.body) throw new Error(`events: HTTP ${r.status}`);
  const reader = r.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue; // heartbeat
        const ev = JSON.parse(line);
        out.push(ev);
        if (typeof ev.seq === 'number' && ev.seq >= count - 1) return out;
      }
      if (done) return out;
    }
  } finally {
    reader.cancel().catch(() => {});
    ctl.abort();
  }
}
