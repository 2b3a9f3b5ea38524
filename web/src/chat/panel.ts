// The game page's chat panel, for seats and spectators: the room(s) this browser may read
// (tabs once the game is over for a seat), each line's author (name, else seat, else
// "Anonymous") and text — text nodes only —, a draft with its length counter (at most 140),
// the server's refusals in words (rate-limited with its wait; a spectator without an account is
// asked to log in), and for a seat facing a person "Mute opponent". Lines arrive on the game's
// socket; the history (GET …/chat) is read when the socket is (back) online and when the game
// ends (the spectators' room opens to the players). Writing goes over the socket, over REST
// when it is down.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { linkHandler } from '../app';
import { call, ApiError } from '../api';
import { errorText } from '../problems';
import { account, accountKnown } from '../account/state';
import type { Seat } from '../games/types';
import { ChatModel, MAX_CHAT, checkDraft, parseLine, type ChatLine, type Room } from './model';
import './messages';
import '../profile/player-messages';
import './chat.css';

export interface ChatHost {
  id: string;
  seat: Seat | 'spectator';
  /** The seat's token (REST calls), null for a spectator. */
  token: string | null;
  /** Against a person (the mute switch makes sense). */
  againstPerson: boolean;
  over(): boolean;
  /** The socket, when it is online. */
  socket(): { chat(text: string): Promise<any> } | null;
  redraw(): void;
}

const MUTE_KEY = 'arbiter.chatMuted';

function mutedGames(): Record<string, boolean> {
  try {
    const o = JSON.parse(localStorage.getItem(MUTE_KEY) ?? '{}');
    return o && typeof o === 'object' ? o : {};
  } catch {
    return {};
  }
}

export class ChatPanel {
  model: ChatModel;
  draft = '';
  error = '';
  needLogin = false;
  sending = false;
  /** The mute switch's request is on its way. */
  mutePending = false;
  tab: Room;
  private loading = false;
  private loadAgain = false;
  private shown = -1;

  constructor(private host: ChatHost) {
    this.model = new ChatModel(host.seat);
    this.model.setMuted(host.seat !== 'spectator' && !!mutedGames()[host.id]);
    this.tab = this.model.ownRoom();
  }

  /** Reads the history (after (re)connecting and when the game ends); overlapping lines are kept once. */
  async load(): Promise<void> {
    if (this.loading) {
      this.loadAgain = true;
      return;
    }
    this.loading = true;
    try {
      const body = await call<unknown>('GET', `/api/games/${this.host.id}/chat`, undefined, this.host.token);
      if (this.model.addHistory(body)) this.host.redraw();
    } catch (e) {
      // a server without chat (404) says nothing; others are shown
      if (!(e instanceof ApiError && e.status === 404)) {
        this.error = t('chat.loadFailed', { error: errorText(e) });
        this.host.redraw();
      }
    } finally {
      this.loading = false;
      if (this.loadAgain) {
        this.loadAgain = false;
        void this.load();
      }
    }
  }

  /** The socket is (back) online: the server forgets a mute on a restart or a takeover, so a
   * muted seat says it again; then the history, with what was said meanwhile. */
  online(): void {
    if (this.model.muted && this.host.seat !== 'spectator') void call('POST', `/api/games/${this.host.id}/chat/mute`, { muted: true }, this.host.token).catch(() => {});
    void this.load();
  }

  /** A line from the socket (`{"type":"chat","line":…}`). */
  onLine(raw: unknown): void {
    const line = parseLine(raw);
    if (line && this.model.add(line)) this.host.redraw();
  }

  async send(): Promise<void> {
    const d = checkDraft(this.draft);
    if (d.problem || this.sending) return;
    this.sending = true;
    this.error = '';
    this.needLogin = false;
    this.host.redraw();
    try {
      const sock = this.host.socket();
      let answer: any = null;
      if (sock) {
        try {
          // the socket that wrote gets its own line pushed right after the ack
          answer = await sock.chat(d.text);
        } catch (e) {
          // a socket closed before sending, or one that does not speak chat: over REST. A line
          // in flight when the socket dropped may have been stored: the writer decides (the
          // draft stays).
          const code = (e as { code?: string }).code;
          if (code !== 'closed' && code !== 'unknown-type') throw e;
          answer = await this.post(d.text);
        }
      } else answer = await this.post(d.text);
      this.draft = '';
      // REST answers `201 {"line"}`: shown at once (the socket, if any, brings it once more)
      const line = parseLine(answer?.line);
      if (line) this.model.add(line);
    } catch (e) {
      const code = (e as { code?: string }).code;
      this.needLogin = code === 'account-required' || code === 'not-logged-in';
      this.error = this.needLogin ? '' : t('chat.failed', { error: errorText(e) });
    }
    this.sending = false;
    this.host.redraw();
  }

  private post(text: string): Promise<any> {
    return call<any>('POST', `/api/games/${this.host.id}/chat`, { text }, this.host.token);
  }

  async setMuted(muted: boolean): Promise<void> {
    const before = this.model.muted;
    this.model.setMuted(muted);
    this.mutePending = true;
    this.host.redraw();
    try {
      await call('POST', `/api/games/${this.host.id}/chat/mute`, { muted }, this.host.token);
      // unmuted: what the opponent said meanwhile was not pushed here; the history has it
      if (!muted) void this.load();
      const all = mutedGames();
      if (muted) all[this.host.id] = true;
      else delete all[this.host.id];
      try {
        localStorage.setItem(MUTE_KEY, JSON.stringify(all));
      } catch {
        /* ignore */
      }
    } catch (e) {
      this.model.setMuted(before);
      this.error = errorText(e);
    }
    this.mutePending = false;
    this.host.redraw();
  }

  private author(l: ChatLine): { text: string; mine: boolean } {
    const me = this.host.seat;
    const mine = (me !== 'spectator' && l.room === 'players' && l.from.seat === me) || (!!l.from.name && l.from.name === account()?.name && (l.room === 'spectators') === (me === 'spectator'));
    const text = l.from.name ?? (l.from.seat ? t(`seat.${l.from.seat}`) : t('player.anonymous'));
    return { text, mine };
  }

  render(): VNode {
    const over = this.host.over();
    const rooms = this.model.visibleRooms(over);
    if (!rooms.includes(this.tab)) this.tab = rooms[0];
    const room = this.tab;
    const lines = this.model.lines(room);
    const writable = room === this.model.ownRoom();
    const d = checkDraft(this.draft);
    const anonymousSpectator = this.host.seat === 'spectator' && accountKnown() && !account();
    const counterClass = d.length > MAX_CHAT ? 'over' : d.length > MAX_CHAT - 20 ? 'near' : '';
    return h('section.chat', { attrs: { 'data-testid': 'chat', 'data-room': room, 'aria-label': t('chat.title') } }, [
      h('div.chat-head', [
        h('h2', t('chat.title')),
        rooms.length > 1
          ? h(
              'div.chat-tabs',
              { attrs: { role: 'tablist' } },
              rooms.map((r) =>
                h(
                  'button.chat-tab',
                  { class: { selected: r === room }, attrs: { type: 'button', role: 'tab', 'aria-selected': String(r === room), 'data-testid': `chat-tab-${r}` }, on: { click: () => ((this.tab = r), this.host.redraw()) } },
                  t(`chat.room.${r}`),
                ),
              ),
            )
          : h('span.chat-room', { attrs: { 'data-testid': 'chat-room' } }, t(`chat.room.${room}`)),
      ]),
      h('p.chat-help', t(`chat.roomHelp.${room}`)),
      h(
        'ol.chat-log',
        {
          attrs: { 'data-testid': 'chat-log', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0' },
          hook: {
            insert: (v) => this.scroll(v.elm as HTMLElement, lines.length),
            postpatch: (_o, v) => this.scroll(v.elm as HTMLElement, lines.length),
          },
        },
        lines.length
          ? lines.map((l) => {
              const a = this.author(l);
              return h('li.chat-line', { key: `${l.room}-${l.n}`, class: { mine: a.mine }, attrs: { 'data-testid': 'chat-line', 'data-n': String(l.n) } }, [
                h('span.chat-author', a.text),
                a.mine ? h('span.chat-you', ` (${t('chat.you')})`) : null,
                h('span.sr-only', ': '),
                h('span.chat-text', l.text),
              ]);
            })
          : [h('li.chat-empty.muted', t('chat.empty'))],
      ),
      writable && anonymousSpectator
        ? h('p.chat-login', { attrs: { 'data-testid': 'chat-login' } }, [h('a', { attrs: { href: this.loginHref() }, on: { click: linkHandler(this.loginHref()) } }, t('chat.loginToChat'))])
        : writable
          ? h('form.chat-form', { on: { submit: (e: Event) => (e.preventDefault(), void this.send()) } }, [
              h('label.sr-only', { attrs: { for: `chat-input-${this.host.id}` } }, t('chat.label')),
              h(`input#chat-input-${this.host.id}.chat-input`, {
                attrs: { type: 'text', autocomplete: 'off', placeholder: t('chat.placeholder'), 'data-testid': 'chat-input', 'aria-describedby': 'chat-counter', spellcheck: 'true' },
                props: { value: this.draft },
                on: { input: (e: Event) => ((this.draft = (e.target as HTMLInputElement).value), this.host.redraw()) },
              }),
              h('span#chat-counter.chat-counter', { class: { near: counterClass === 'near', over: counterClass === 'over' }, attrs: { 'data-testid': 'chat-counter', title: t('chat.counterHelp', { n: d.length, max: MAX_CHAT }) } }, t('chat.counter', { n: d.length, max: MAX_CHAT })),
              h('button', { attrs: { type: 'submit', 'data-testid': 'chat-send', disabled: !!d.problem || this.sending } }, t('chat.send')),
            ])
          : null,
      writable && d.problem === 'too-long' ? h('p.chat-problem', { attrs: { 'data-testid': 'chat-too-long' } }, t('chat.tooLong', { max: MAX_CHAT })) : null,
      writable && d.problem === 'control' ? h('p.chat-problem', t('chat.control')) : null,
      this.needLogin ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'chat-error' } }, [h('a', { attrs: { href: this.loginHref() }, on: { click: linkHandler(this.loginHref()) } }, t('chat.loginToChat'))]) : null,
      this.error ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'chat-error' } }, this.error) : null,
      this.host.seat !== 'spectator' && this.host.againstPerson
        ? h('label.check.chat-mute', { attrs: { title: t('chat.muteHelp') } }, [
            h('input', { attrs: { type: 'checkbox', 'data-testid': 'chat-mute', 'data-pending': String(this.mutePending) }, props: { checked: this.model.muted }, on: { change: (e: Event) => void this.setMuted((e.target as HTMLInputElement).checked) } }),
            ' ' + t('chat.mute'),
          ])
        : null,
    ]);
  }

  private loginHref(): string {
    return `/login?next=${encodeURIComponent(location.pathname)}`;
  }

  /** Keeps the newest line in sight when lines were added. */
  private scroll(el: HTMLElement, count: number): void {
    if (count === this.shown) return;
    this.shown = count;
    el.scrollTop = el.scrollHeight;
  }
}
