// Property test of the connection's ordering contract (issue 13, defect 1): whatever the
// interleaving of events, view replies, drops, reconnects (welcome + replay from `since`) and
// duplicates, every event the seat may see is delivered to onEvent exactly once and in order,
// and every view handed to onView fits the event stream:
//   - it reflects every event delivered so far (never older than what the screen has);
//   - every visible event it reflects was delivered before it (nothing in a view is announced
//     afterwards, so a screen never applies an event twice);
//   - in the end the newest view arrives.
// A simulated server plays the other side: events are global (seq numbers count every
// audience), some are private to the other seat (as Chief & Spy's `values-set`, always followed
// by a public one), a view may be computed ahead of what the socket has been sent (the bug the
// server had: a spectator slice or a commit still pending), or behind it.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { GameConnection, type WebSocketLike } from '../src/connection';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((ev: any) => void) | null = null;
  onmessage: ((ev: { data: any }) => void) | null = null;
  onclose: ((ev: any) => void) | null = null;
  onerror: ((ev: any) => void) | null = null;
  sent: any[] = [];
  constructor(public url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
}

/** One socket as the server sees it. */
interface Sub {
  sock: FakeSocket;
  subscribed: boolean;
  next: number; // the next seq this socket's stream considers
  sentEvents: number[]; // visible seqs pushed on it
  viewsAnswered: number;
}

interface Run {
  seed: number;
  failures: string[];
}

function runOnce(seed: number, spectator: boolean): Run {
  const rnd = mulberry32(seed);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const failures: string[] = [];
  const fail = (m: string) => {
    if (failures.length < 5) failures.push(m);
  };

  // ---- the game on the server
  const visible: boolean[] = []; // by seq: may this seat see it?
  let committed = 0; // events the server may push (durable)
  const produce = (endVisible = false) => {
    // an action: maybe private events of the other seat, a public one, maybe more private ones
    // (the server's actions all end with a public event; trailing private ones test a view
    // whose last events this seat never gets)
    const hidden = rnd() < 0.3 ? 1 + Math.floor(rnd() * 2) : 0;
    for (let i = 0; i < hidden; i++) visible.push(false);
    visible.push(true);
    if (!endVisible && rnd() < 0.2) visible.push(false);
    if (rnd() < 0.6) committed = visible.length;
  };
  const base = Math.floor(rnd() * 4);
  for (let i = 0; i < base; i++) produce();
  committed = visible.length;
  const baseEvents = visible.length; // the page's first view (GET /api/games/{id})

  // ---- the client, and what it hands to the page
  const sockets: Sub[] = [];
  const conn = new GameConnection({
    id: 'g1',
    token: spectator ? null : 'tok',
    base: 'ws://h',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push({ sock: s, subscribed: false, next: 0, sentEvents: [], viewsAnswered: 0 });
      return s;
    },
    minDelay: 100,
    maxDelay: 400,
    pingInterval: 0,
    random: () => 0.5,
  });
  conn.nextSeq = baseEvents;
  const delivered: number[] = [];
  let position = baseEvents; // the screen's state reflects the events below this
  let lastView = baseEvents;
  conn.onEvent = (ev) => {
    const s = ev.seq as number;
    if (delivered.length && s <= delivered[delivered.length - 1]) fail(`event ${s} after ${delivered[delivered.length - 1]}`);
    if (s < lastView) fail(`event ${s} delivered after a view that reflects it (view events ${lastView})`);
    if (!visible[s]) fail(`event ${s} is not visible to this seat`);
    delivered.push(s);
    position = s + 1;
  };
  conn.onView = (view) => {
    const e = view.events as number;
    if (e < position) fail(`view with events=${e} is older than the events delivered (${position})`);
    for (let s = 0; s < e; s++)
      if (s >= baseEvents && visible[s] && !delivered.includes(s)) {
        fail(`view with events=${e} handed over before event ${s}`);
        break;
      }
    lastView = e;
    position = Math.max(position, e);
  };

  // ---- the server's side of the current socket
  const current = (): Sub | null => {
    const s = sockets[sockets.length - 1];
    return s && s.sock.readyState === 1 && s.sock.onmessage ? s : null;
  };
  const send = (sub: Sub, msg: any) => sub.sock.onmessage?.({ data: JSON.stringify(msg) });
  const pushOne = (sub: Sub): boolean => {
    while (sub.next < committed) {
      const s = sub.next++;
      if (visible[s]) {
        sub.sentEvents.push(s);
        send(sub, { type: 'event', event: { seq: s, audience: 'everyone', type: 'move' } });
        return true;
      }
    }
    return false;
  };
  const subscribe = (sub: Sub, since: number) => {
    sub.subscribed = true;
    sub.next = since;
    send(sub, { type: 'welcome', game: 'g1', seat: spectator ? 'spectator' : 'white', view: { events: visible.length } });
    // the replay: at once, or partly (the rest follows later)
    const n = rnd() < 0.5 ? Infinity : Math.floor(rnd() * 3);
    for (let i = 0; i < n && pushOne(sub); i++);
  };
  const openSocket = () => {
    const sub = sockets[sockets.length - 1];
    if (!sub || sub.sock.readyState !== 0) return;
    sub.sock.readyState = 1;
    sub.sock.onopen?.({});
    if (!spectator) {
      const since = Number(new URL(sub.sock.url.replace(/^ws/, 'http')).searchParams.get('since'));
      subscribe(sub, since);
    } else {
      const hello = sub.sock.sent.find((m) => m.type === 'hello');
      if (hello) subscribe(sub, hello.since);
    }
  };
  const answerView = (sub: Sub, mode: 'ahead' | 'inorder' | 'behind') => {
    const asked = sub.sock.sent.filter((m) => m.type === 'view');
    if (sub.viewsAnswered >= asked.length) return;
    const req = asked[sub.viewsAnswered++];
    let e = visible.length;
    if (mode === 'inorder') {
      while (pushOne(sub));
      e = sub.next;
    } else if (mode === 'behind') e = Math.max(0, sub.next - 1 - Math.floor(rnd() * 3));
    send(sub, { type: 'view', id: req.id, game: 'g1', status: 'active', view: { events: e } });
  };

  conn.connect();
  openSocket();
  const steps = 30 + Math.floor(rnd() * 60);
  for (let i = 0; i < steps; i++) {
    const sub = current();
    const r = rnd();
    if (r < 0.2) produce();
    else if (r < 0.3) committed = visible.length;
    else if (r < 0.5) {
      if (sub) pushOne(sub);
    } else if (r < 0.55) {
      // a duplicate of an event already sent on this socket
      if (sub && sub.sentEvents.length) send(sub, { type: 'event', event: { seq: pick(sub.sentEvents), audience: 'everyone', type: 'move' } });
    } else if (r < 0.7) conn.requestView().catch(() => {});
    else if (r < 0.85) {
      if (sub) answerView(sub, pick(['ahead', 'ahead', 'inorder', 'behind'] as const));
    } else if (r < 0.9) {
      if (sub) {
        sub.sock.readyState = 3;
        sub.sock.onclose?.({});
      } else conn.drop();
    } else if (r < 0.93) conn.drop();
    else {
      vi.advanceTimersByTime(1000);
      openSocket();
    }
  }

  // ---- settle: connected, everything committed and pushed, a last view asked and answered
  for (let k = 0; k < 5 && !current(); k++) {
    vi.advanceTimersByTime(1000);
    openSocket();
  }
  const sub = current();
  if (!sub) fail('never reconnected');
  else {
    // the game's last event is one this seat sees (as after every action of the real games)
    produce(true);
    committed = visible.length;
    while (pushOne(sub));
    // the page's refresh after its last event
    conn.requestView().catch(() => {});
    while (sub.viewsAnswered < sub.sock.sent.filter((m) => m.type === 'view').length) answerView(sub, 'inorder');
  }
  const want: number[] = [];
  for (let s = baseEvents; s < visible.length; s++) if (visible[s]) want.push(s);
  if (delivered.join(',') !== want.join(',')) fail(`delivered [${delivered.join(',')}], expected [${want.join(',')}]`);
  if (lastView !== visible.length) fail(`the last view handed over reflects ${lastView} events, the game has ${visible.length}`);
  conn.close();
  return { seed, failures };
}

describe('GameConnection ordering under random interleavings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const spectator of [false, true]) {
    it(`${spectator ? 'a spectator' : 'a seat'}: every event exactly once, in order; views fit the stream (500 seeded runs)`, () => {
      const bad: Run[] = [];
      for (let seed = 1; seed <= 500; seed++) {
        const r = runOnce(seed * 7919 + (spectator ? 1 : 0), spectator);
        if (r.failures.length) bad.push(r);
      }
      expect(bad.slice(0, 3), `${bad.length} of 500 runs failed`).toEqual([]);
    });
  }
});
