// GameConnection: one WebSocket to /ws/games/{id}, reconnecting by itself with backoff.
//
// The event stream is the one source of order. The connection remembers the next sequence
// number it expects (`nextSeq`); only a delivered event moves it (the page starts it at its
// first view's `events`). Every (re)connect asks for `since=nextSeq`; the server answers
// `welcome` with a full view, then replays the seat's events from `since`. Each event with
// `seq >= nextSeq` goes to `onEvent` once, in order; anything below `nextSeq` is a duplicate.
//
// A view (the welcome's, or the answer to `requestView()`) reflects `view.events` events —
// counted over every audience, so a seat never knows how many of them it will be sent. A view
// ahead of the stream (`view.events > nextSeq`: the welcome before its replay, or an answer
// computed before the socket was sent all it reflects) is held, and handed to `onView` only
// once the stream has caught up: when `nextSeq` reaches `view.events`, or an event at or past
// it arrives (the stream is in order, so nothing below it is still to come). A view behind the
// stream (`view.events < nextSeq`: it lacks an event already delivered) is dropped; the page
// asks for a view after every batch of events, so a fresh one always follows. So a screen sees
// one consistent sequence: a view reflects every event delivered before it, and no event
// delivered after a view is already in it (nothing is applied twice, nothing is lost).
//
// A hello the server refuses with `not-found` (no such game: it never was, or its creation
// was never stored) ends the connection for good in state `gone`: retrying cannot help.

export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'closed' | 'gone';

export interface ServerError extends Error {
  code?: string;
}

export interface WebSocketLike {
  readyState: number;
  onopen: ((ev: any) => void) | null;
  onmessage: ((ev: { data: any }) => void) | null;
  onclose: ((ev: any) => void) | null;
  onerror: ((ev: any) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ConnectionOptions {
  id: string;
  token?: string | null;
  /** ws(s)://host — defaults to the page's origin. */
  base?: string;
  createSocket?: (url: string) => WebSocketLike;
  /** Backoff in ms: first retry after `minDelay`, doubling up to `maxDelay` (with jitter). */
  minDelay?: number;
  maxDelay?: number;
  /** Interval between pings while online (ms); 0 = none. A missing pong drops the socket. */
  pingInterval?: number;
  random?: () => number;
}

interface Pending {
  resolve(v: any): void;
  reject(e: Error): void;
}

const OPEN = 1;

export function makeError(message: string, code?: string): ServerError {
  const e = new Error(message) as ServerError;
  e.code = code;
  return e;
}

export class GameConnection {
  /** A view, in stream order: `msg` is the welcome or the `view` answer (with the summary fields). */
  onView: (view: any, msg: any) => void = () => {};
  onEvent: (event: any) => void = () => {};
  onStatus: (status: string) => void = () => {};
  /** A seat's opponent left or came back: the server's presence message. */
  onPresence: (msg: any) => void = () => {};
  /** A chat line this socket may see (docs/players.md): `{room, n, from, text, at}`. Chat is
   * outside the event stream: no seq, no effect on `nextSeq` or on held views. */
  onChat: (line: any) => void = () => {};
  onConnection: (state: ConnectionState) => void = () => {};

  state: ConnectionState = 'connecting';
  /** The next event seq expected (all events below it have been delivered or are in the page's first view). */
  nextSeq = 0;
  seat: string | null = null;
  attempts = 0;
  /** Welcomes received after the first (how many times it got back). */
  reconnects = 0;
  private welcomed = false;

  private ws: WebSocketLike | null = null;
  private nextId = 1;
  private pending = new Map<string, Pending>();
  // The server's `view` answer carries the game's own `id` field, which hides the echoed
  // request id: view requests are answered in order instead.
  private viewWaiters: Pending[] = [];
  private queue: { msg: any; p: Pending }[] = [];
  // Views ahead of the event stream, oldest first, until the stream catches up with them.
  private held: { events: number; view: any; msg: any }[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private awaitingPong = false;
  private subscribed = false;
  private opts: Required<Omit<ConnectionOptions, 'token' | 'base'>> & { token: string | null; base: string };

  constructor(opts: ConnectionOptions) {
    const base =
      opts.base ?? (typeof location !== 'undefined' ? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}` : 'ws://127.0.0.1');
    this.opts = {
      id: opts.id,
      token: opts.token ?? null,
      base,
      createSocket: opts.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike),
      minDelay: opts.minDelay ?? 500,
      maxDelay: opts.maxDelay ?? 8000,
      pingInterval: opts.pingInterval ?? 20000,
      random: opts.random ?? Math.random,
    };
  }

  url(): string {
    const base = `${this.opts.base}/ws/games/${encodeURIComponent(this.opts.id)}`;
    if (!this.opts.token) return base;
    const q = new URLSearchParams();
    q.set('token', this.opts.token);
    q.set('since', String(this.nextSeq));
    return `${base}?${q}`;
  }

  connect(): void {
    if (this.state === 'closed' || this.state === 'gone') return;
    this.clearTimers();
    const ws = this.opts.createSocket(this.url());
    this.ws = ws;
    this.subscribed = false;
    ws.onopen = () => {
      // with ?token= the server subscribes at once; a spectator says hello first
      if (!this.opts.token) ws.send(JSON.stringify({ type: 'hello', token: null, since: this.nextSeq }));
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      let msg: any;
      try {
        msg = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data));
      } catch {
        return;
      }
      this.handle(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.dropped();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  /** Drop the socket now (tests, or a stale connection); it reconnects by itself. */
  drop(): void {
    const ws = this.ws;
    if (!ws) return;
    this.dropped();
    try {
      ws.close();
    } catch {
      /* already closed */
    }
  }

  close(): void {
    this.setState('closed');
    this.shutDown();
  }

  /** The end of a connection (closed, or the game is gone): no socket, no timer, nothing pending. */
  private shutDown(): void {
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    this.failAll('closed');
    if (ws) {
      ws.onclose = null;
      try {
        ws.close();
      } catch {
        /* ignore */
      }
    }
  }

  /** Send an action; resolves on `ack`, rejects with the server's error text. */
  act(action: object): Promise<void> {
    return this.request({ type: 'action', action }).then(() => undefined);
  }

  /** Write a chat line; resolves with the `ack`, rejects with the server's error (e.g. `rate-limited`). */
  chat(text: string): Promise<any> {
    return this.request({ type: 'chat', text });
  }

  /** Ask for a fresh view (same body as GET /api/games/{id}). */
  requestView(): Promise<any> {
    return this.request({ type: 'view' });
  }

  private request(msg: any): Promise<any> {
    return new Promise((resolve, reject) => {
      const p = { resolve, reject };
      if (this.state === 'closed') return reject(makeError('connection closed', 'closed'));
      if (this.state === 'gone') return reject(makeError('no such game', 'not-found'));
      if (this.ws && this.ws.readyState === OPEN && this.subscribed) this.transmit(msg, p);
      else this.queue.push({ msg, p });
    });
  }

  private transmit(msg: any, p: Pending): void {
    if (msg.type === 'view') {
      this.viewWaiters.push(p);
      try {
        this.ws!.send(JSON.stringify({ type: 'view', id: `view-${this.nextId++}` }));
      } catch {
        this.viewWaiters.pop();
        this.queue.push({ msg, p });
      }
      return;
    }
    const id = this.nextId++;
    this.pending.set(String(id), p);
    try {
      this.ws!.send(JSON.stringify({ ...msg, id }));
    } catch {
      this.pending.delete(String(id));
      this.queue.push({ msg, p });
    }
  }

  private handle(msg: any): void {
    switch (msg.type) {
      case 'welcome': {
        this.subscribed = true;
        this.attempts = 0;
        if (this.welcomed) this.reconnects++;
        this.welcomed = true;
        this.seat = msg.seat ?? null;
        this.held = []; // a new stream: its welcome view supersedes them
        const view = msg.view ?? {};
        // A server whose history is shorter than ours (it lost events) starts a new base.
        if (typeof view.events === 'number' && view.events < this.nextSeq) this.nextSeq = view.events;
        this.setState('online');
        this.offerView(view, msg);
        this.startPing();
        const q = this.queue;
        this.queue = [];
        for (const { msg: m, p } of q) this.transmit(m, p);
        break;
      }
      case 'event': {
        const ev = msg.event;
        if (!ev || typeof ev.seq !== 'number') return;
        if (ev.seq < this.nextSeq) return; // a duplicate: already delivered
        this.releaseViews(ev.seq); // views reflecting only events before this one come first
        this.nextSeq = ev.seq + 1;
        this.onEvent(ev);
        this.releaseViews(this.nextSeq);
        break;
      }
      case 'status':
        this.onStatus(msg.status);
        break;
      case 'presence':
        this.onPresence(msg);
        break;
      case 'chat':
        if (msg.line && typeof msg.line === 'object') this.onChat(msg.line);
        break;
      case 'ack':
        this.settle(msg.id, true, msg);
        break;
      case 'view': {
        const w = this.viewWaiters.shift();
        if (msg.view) this.offerView(msg.view, msg);
        if (w) w.resolve(msg);
        break;
      }
      case 'pong':
        this.awaitingPong = false;
        break;
      case 'error':
        if (msg.id !== undefined && this.pending.has(String(msg.id))) this.settle(msg.id, false, msg);
        else if (typeof msg.id === 'string' && msg.id.startsWith('view-')) this.viewWaiters.shift()?.reject(makeError(msg.error ?? 'error', msg.code));
        else if (msg.id == null && !this.subscribed && msg.code === 'not-found') {
          // the hello was refused: there is no such game, and reconnecting would not make one
          this.setState('gone');
          this.shutDown();
        }
        break;
    }
  }

  /** A view from the server: handed over now, held until the stream catches up, or dropped. */
  private offerView(view: any, msg: any): void {
    const n = view?.events;
    if (typeof n !== 'number') {
      this.onView(view, msg);
      return;
    }
    if (n < this.nextSeq) return; // behind: it lacks an event already delivered
    if (n === this.nextSeq && !this.held.length) {
      this.onView(view, msg);
      return;
    }
    // kept in order of `events` (a later answer with as many events after an earlier one)
    let i = this.held.length;
    while (i > 0 && this.held[i - 1].events > n) i--;
    this.held.splice(i, 0, { events: n, view, msg });
    this.releaseViews(this.nextSeq);
  }

  /** Hands over the newest held view reflecting no event at or past `upTo`; drops older ones. */
  private releaseViews(upTo: number): void {
    let ready: { view: any; msg: any } | null = null;
    while (this.held.length && this.held[0].events <= upTo) ready = this.held.shift()!;
    if (ready) this.onView(ready.view, ready.msg);
  }

  private settle(id: unknown, ok: boolean, msg: any): void {
    const key = String(id);
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    if (ok) p.resolve(msg);
    else p.reject(makeError(msg.error ?? 'error', msg.code));
  }

  private failAll(why: string): void {
    for (const p of this.pending.values()) p.reject(makeError(why, 'disconnected'));
    this.pending.clear();
    for (const p of this.viewWaiters) p.reject(makeError(why, 'disconnected'));
    this.viewWaiters = [];
    if (why === 'closed') {
      for (const { p } of this.queue) p.reject(makeError(why, 'closed'));
      this.queue = [];
    }
  }

  private dropped(): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
    }
    this.subscribed = false;
    this.held = []; // the next welcome brings a fresh view
    this.clearTimers();
    // An action in flight may or may not have been applied: the next view tells.
    this.failAll('connection lost');
    if (this.state === 'closed' || this.state === 'gone') return;
    this.setState('reconnecting');
    const delay = Math.min(this.opts.maxDelay, this.opts.minDelay * 2 ** this.attempts) * (0.75 + 0.5 * this.opts.random());
    this.attempts++;
    this.retryTimer = setTimeout(() => this.connect(), this.attempts === 1 ? Math.min(delay, 250) : delay);
  }

  /** Reconnect at once (e.g. the browser says it is online again). */
  retryNow(): void {
    if (this.state === 'reconnecting' && this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.connect();
    }
  }

  private startPing(): void {
    if (!this.opts.pingInterval) return;
    this.awaitingPong = false;
    this.pingTimer = setInterval(() => {
      if (!this.ws || this.ws.readyState !== OPEN) return;
      if (this.awaitingPong) {
        this.drop();
        return;
      }
      this.awaitingPong = true;
      try {
        this.ws.send(JSON.stringify({ type: 'ping', id: 'p' }));
      } catch {
        this.drop();
      }
    }, this.opts.pingInterval);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private setState(s: ConnectionState): void {
    if (this.state === s) return;
    if (this.state === 'closed' || this.state === 'gone') return;
    this.state = s;
    this.onConnection(s);
  }
}
