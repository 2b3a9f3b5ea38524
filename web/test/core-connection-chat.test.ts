// Chat on the game's socket (docs/players.md): lines go to onChat, outside the event stream
// (no effect on nextSeq or on a held view); writing is answered by ack or error.
import { describe, it, expect } from 'vitest';
import { GameConnection, type WebSocketLike } from '../src/connection';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((ev: any) => void) | null = null;
  onmessage: ((ev: { data: any }) => void) | null = null;
  onclose: ((ev: any) => void) | null = null;
  onerror: ((ev: any) => void) | null = null;
  sent: any[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: any) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const conn = new GameConnection({ id: 'g1', token: 'tok', base: 'ws://h', createSocket: () => (sockets.push(new FakeSocket()), sockets.at(-1)!), pingInterval: 0 });
  const log: string[] = [];
  conn.onView = (v) => log.push(`view ${v.events}`);
  conn.onEvent = (e) => log.push(`event ${e.seq}`);
  conn.onChat = (l) => log.push(`chat ${l.room} ${l.n} ${l.text}`);
  conn.connect();
  sockets[0].open();
  return { conn, s: sockets[0], log };
}

describe('chat on the socket', () => {
  it('lines go to onChat and leave the event stream alone', () => {
    const { conn, s, log } = setup();
    s.push({ type: 'welcome', game: 'g1', seat: 'white', view: { events: 1 } }); // held: event 0 not yet delivered
    s.push({ type: 'chat', line: { room: 'players', n: 1, from: { name: 'alice', seat: 'white' }, text: '<b>hi</b>', at: 5 } });
    expect(conn.nextSeq).toBe(0);
    s.push({ type: 'event', event: { seq: 0, type: 'move' } });
    s.push({ type: 'chat' }); // no line: ignored
    expect(log).toEqual(['chat players 1 <b>hi</b>', 'event 0', 'view 1']);
    expect(conn.nextSeq).toBe(1);
    conn.close();
  });

  it('chat() sends {type:"chat", id, text} and settles on ack or error', async () => {
    const { conn, s } = setup();
    s.push({ type: 'welcome', game: 'g1', seat: 'white', view: { events: 0 } });
    const ok = conn.chat('hello');
    const sent = s.sent.at(-1);
    expect(sent).toMatchObject({ type: 'chat', text: 'hello' });
    expect(sent.id).toBeDefined();
    s.push({ type: 'ack', id: sent.id });
    await expect(ok).resolves.toMatchObject({ type: 'ack' });
    const bad = conn.chat('again');
    s.push({ type: 'error', id: s.sent.at(-1).id, code: 'rate-limited', error: 'slow down' });
    await expect(bad).rejects.toMatchObject({ code: 'rate-limited', message: 'slow down' });
    conn.close();
  });
});
