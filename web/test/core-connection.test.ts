import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { GameConnection, type WebSocketLike } from '../src/connection';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((ev: any) => void) | null = null;
  onmessage: ((ev: { data: any }) => void) | null = null;
  onclose: ((ev: any) => void) | null = null;
  onerror: ((ev: any) => void) | null = null;
  sent: any[] = [];
  closed = false;
  constructor(public url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // server side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: any) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const ev = (seq: number, extra: object = {}) => ({ type: 'event', event: { seq, audience: 'everyone', type: 'move', ...extra } });
const welcome = (events: number) => ({ type: 'welcome', game: 'g1', seat: 'white', view: { events, fen: 'x' } });

describe('GameConnection', () => {
  let sockets: FakeSocket[];
  let conn: GameConnection;
  let views: any[];
  let events: number[];
  let states: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    views = [];
    events = [];
    states = [];
    conn = new GameConnection({
      id: 'g1',
      token: 'tok',
      base: 'ws://h',
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      minDelay: 100,
      maxDelay: 1000,
      pingInterval: 0,
      random: () => 0.5,
    });
    conn.onView = (v) => views.push(v);
    conn.onEvent = (e) => events.push(e.seq);
    conn.onConnection = (s) => states.push(s);
  });
  afterEach(() => {
    conn.close();
    vi.useRealTimers();
  });

  it('subscribes with token and since', () => {
    conn.connect();
    expect(sockets[0].url).toBe('ws://h/ws/games/g1?token=tok&since=0');
  });

  it('holds a welcome view until its replay is delivered; drops duplicates', () => {
    const log: string[] = [];
    conn.onView = (v) => (views.push(v), log.push(`view ${v.events}`));
    conn.onEvent = (e) => (events.push(e.seq), log.push(`event ${e.seq}`));
    conn.connect();
    const s = sockets[0];
    s.open();
    s.push(welcome(3));
    expect(states).toEqual(['online']);
    expect(views.length).toBe(0); // the view reflects events 0..2, not delivered yet
    // the server replays from since=0: each event is delivered, then the view
    s.push(ev(0));
    s.push(ev(1));
    s.push(ev(2));
    s.push(ev(3));
    s.push(ev(3)); // duplicate
    s.push(ev(4));
    expect(log).toEqual(['event 0', 'event 1', 'event 2', 'view 3', 'event 3', 'event 4']);
    expect(conn.nextSeq).toBe(5);
  });

  it('a view ahead of the stream never makes it drop the events it reflects (issue 13)', () => {
    const log: string[] = [];
    conn.onView = (v) => log.push(`view ${v.events}`);
    conn.onEvent = (e) => log.push(`event ${e.seq}`);
    conn.nextSeq = 5; // the page's first view reflected 5 events
    conn.connect();
    const s = sockets[0];
    s.open();
    s.push(welcome(5));
    void conn.requestView();
    // the answer reflects the computer's battle (seq 5) before the socket carries it
    s.push({ type: 'view', id: s.sent.at(-1).id, game: 'g1', status: 'active', view: { events: 7 } });
    s.push(ev(5, { battle: {} }));
    // seq 6 was the other seat's private event: seq 7 shows the stream passed the view
    s.push(ev(7));
    expect(log).toEqual(['view 5', 'event 5', 'view 7', 'event 7']);
    // a view older than what was delivered (lacks seq 7) is dropped
    void conn.requestView();
    s.push({ type: 'view', id: s.sent.at(-1).id, game: 'g1', status: 'active', view: { events: 7 } });
    expect(log.length).toBe(4);
  });

  it('reconnects with backoff after a drop and resumes from the last seq', () => {
    conn.connect();
    sockets[0].open();
    sockets[0].push(welcome(0));
    sockets[0].push(ev(0));
    sockets[0].push(ev(1));
    sockets[0].drop();
    expect(states).toEqual(['online', 'reconnecting']);
    vi.advanceTimersByTime(300);
    expect(sockets.length).toBe(2);
    expect(sockets[1].url).toContain('since=2');
    // this one fails too: the next wait is longer
    sockets[1].drop();
    vi.advanceTimersByTime(150);
    expect(sockets.length).toBe(2);
    vi.advanceTimersByTime(200);
    expect(sockets.length).toBe(3);
    const s = sockets[2];
    s.open();
    // meanwhile two more events happened: the view reflects seq 2, the replay sends 2 and 3
    s.push(welcome(3));
    s.push(ev(2));
    s.push(ev(3));
    expect(events).toEqual([0, 1, 2, 3]); // seq 2, missed while away, is replayed and delivered
    expect(views.length).toBe(2);
    expect(states.at(-1)).toBe('online');
  });

  it('resolves actions on ack and rejects with the server error', async () => {
    conn.connect();
    const s = sockets[0];
    s.open();
    s.push(welcome(0));
    const ok = conn.act({ type: 'move', move: 'e2e4' });
    const bad = conn.act({ type: 'move', move: 'e2e5' });
    expect(s.sent.map((m) => m.type)).toEqual(['action', 'action']);
    expect(s.sent[0].action).toEqual({ type: 'move', move: 'e2e4' });
    s.push({ type: 'ack', id: s.sent[0].id });
    s.push({ type: 'error', id: s.sent[1].id, code: 'rejected', error: 'illegal move' });
    await expect(ok).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow('illegal move');
    await bad.catch((e) => expect(e.code).toBe('rejected'));
  });

  it('queues actions until subscribed; fails in-flight ones on a drop', async () => {
    conn.connect();
    const queued = conn.act({ type: 'resign' });
    expect(sockets[0].sent.length).toBe(0);
    sockets[0].open();
    sockets[0].push(welcome(0));
    expect(sockets[0].sent[0].action).toEqual({ type: 'resign' });
    sockets[0].drop();
    await expect(queued).rejects.toThrow('connection lost');
  });

  it('answers view requests in order even though the reply id is the game id', async () => {
    conn.connect();
    const s = sockets[0];
    s.open();
    s.push(welcome(0));
    const v1 = conn.requestView();
    const v2 = conn.requestView();
    s.push({ type: 'view', id: 'g1', status: 'active', view: { events: 4, n: 1 } });
    s.push({ type: 'view', id: 'g1', status: 'active', view: { events: 4, n: 2 } });
    expect((await v1).view.n).toBe(1);
    expect((await v2).view.n).toBe(2);
    // both answers reflect events 0..3: held until the stream has delivered them, then the newest
    expect(views.length).toBe(1); // the welcome's
    s.push(ev(3));
    expect(views.length).toBe(2);
    expect(views[1].n).toBe(2);
    s.push(ev(4));
    expect(events).toEqual([3, 4]);
  });

  it('a spectator says hello with since', () => {
    const c = new GameConnection({ id: 'g', base: 'ws://h', createSocket: (u) => { const s = new FakeSocket(u); sockets.push(s); return s; }, pingInterval: 0 });
    c.nextSeq = 7;
    c.connect();
    expect(sockets[0].url).toBe('ws://h/ws/games/g');
    sockets[0].open();
    expect(sockets[0].sent[0]).toEqual({ type: 'hello', token: null, since: 7 });
    c.close();
  });

  it('stops for good on close', () => {
    conn.connect();
    sockets[0].open();
    sockets[0].push(welcome(0));
    conn.close();
    vi.advanceTimersByTime(10000);
    expect(sockets.length).toBe(1);
    expect(states.at(-1)).toBe('closed');
  });

  it('a hello refused with not-found ends in state gone, with no reconnect loop (issue 13, defect 12)', async () => {
    conn.connect();
    sockets[0].open();
    // the server's answer to a hello for a game it does not have, then it closes the socket
    sockets[0].push({ type: 'error', id: null, code: 'not-found', error: 'no such game' });
    sockets[0].drop();
    vi.advanceTimersByTime(60000);
    expect(sockets.length).toBe(1);
    expect(states).toEqual(['gone']);
    await expect(conn.act({ type: 'resign' })).rejects.toMatchObject({ code: 'not-found' });
    conn.retryNow();
    expect(sockets.length).toBe(1);
  });

  it('a hello refused for a passing reason (too many spectators) is retried', () => {
    conn.connect();
    sockets[0].open();
    sockets[0].push({ type: 'error', id: null, code: 'too-many-spectators', error: 'busy' });
    sockets[0].drop();
    vi.advanceTimersByTime(10000);
    expect(sockets.length).toBeGreaterThan(1);
    expect(states[0]).toBe('reconnecting');
  });

  it('drops a silent socket when a ping gets no pong', () => {
    const c = new GameConnection({ id: 'g', base: 'ws://h', createSocket: (u) => { const s = new FakeSocket(u); sockets.push(s); return s; }, pingInterval: 1000, minDelay: 100 });
    const st: string[] = [];
    c.onConnection = (s) => st.push(s);
    c.connect();
    const s = sockets[0];
    s.open();
    s.push(welcome(0));
    vi.advanceTimersByTime(1000);
    expect(s.sent.at(-1).type).toBe('ping');
    s.push({ type: 'pong', id: 'p' });
    vi.advanceTimersByTime(1000);
    expect(st.at(-1)).toBe('online');
    vi.advanceTimersByTime(1000); // no pong this time
    expect(st.at(-1)).toBe('reconnecting');
    c.close();
  });
});
