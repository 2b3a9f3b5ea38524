// The game page: header state, players and clocks, result banner, game controls, the
// connection, and the variant's screen from the registry.
import { h, type VNode } from 'snabbdom';
import type { Page } from '../app';
import { navigate, redraw, linkHandler } from '../app';
import { api, ApiError } from '../api';
import { GameConnection, type ConnectionState } from '../connection';
import { t } from '../i18n';
import { getSeat, setSeat, takeTokenFromHash } from '../session';
import { sound } from '../sound';
import { screenFor } from '../games/registry';
import type { GameContext, GameScreen, GameSummary, Seat } from '../games/types';
import { Clocks, formatClock, formatTimeControl } from './clock';
import { resultText } from './result';
import { errorText, localError } from '../problems';
import { icon } from '../icons';
import { joinLink } from './invite';
import { GameFlow } from './flow-view';
import { renderPlayerStrip } from './player-strip';
import { ChatPanel } from '../chat/panel';
import './messages';
import '../lobby/messages';
import './game.css';
import { prefs } from '../settings/prefs';
import { renderBlindPanel, announce, clearAnnouncements } from '../board/blind';

const other = (s: Seat): Seat => (s === 'white' ? 'black' : 'white');

class GamePage implements Page {
  summary: GameSummary | null = null;
  view: any = null;
  seat: Seat | 'spectator' = 'spectator';
  token: string | null = null;
  tokens: { white: string; black: string } | null = null;
  conn: GameConnection | null = null;
  screen: GameScreen | null = null;
  ctx: GameContext | null = null;
  // 'failed': the game could not be loaded (the header must not keep saying "Connecting…")
  connState: ConnectionState | 'failed' = 'connecting';
  loadError = '';
  notFound = false; // no such game: said in the header and on the page, never retried
  actionError = '';
  toMove: Seat | null = null;
  drawOffer: Seat | null = null;
  flow = new GameFlow(); // takeback, +15 s, abort, the opponent left
  chat: ChatPanel | null = null;
  clocks = new Clocks();
  flipped = false;
  autoTurn = false;
  confirmResign = false;
  copied = '';
  tick: ReturnType<typeof setInterval> | null = null;
  poll: ReturnType<typeof setInterval> | null = null;
  refreshing = false;
  refreshAgain = false;
  destroyed = false;
  private onOnline = () => this.conn?.retryNow();

  constructor(
    public id: string,
    hash: string,
  ) {
    clearAnnouncements();
    const fromHash = takeTokenFromHash(id, hash);
    const entry = getSeat(id);
    this.token = fromHash ?? entry?.token ?? null;
    this.tokens = entry?.tokens ?? null;
    try {
      this.autoTurn = localStorage.getItem('arbiter.autoTurn') === '1';
    } catch {
      /* ignore */
    }
    void this.load();
    window.addEventListener('online', this.onOnline);
  }

  async load(): Promise<void> {
    let g;
    try {
      g = await api.game(this.id, this.token);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && this.token) {
        // a stale token: watch instead
        this.token = null;
        return this.load();
      }
      this.notFound = e instanceof ApiError && e.status === 404;
      this.connState = this.notFound ? 'gone' : 'failed';
      this.loadError = this.notFound ? '' : t('error.generic', { error: errorText(e) });
      redraw();
      return;
    }
    if (this.destroyed) return;
    const { view, ...summary } = g;
    this.summary = summary as GameSummary;
    this.seat = (summary.seat as Seat | 'spectator') ?? 'spectator';
    if (this.token && (this.seat === 'white' || this.seat === 'black')) {
      const prev = getSeat(this.id);
      if (!prev || prev.seat !== this.seat || prev.token !== this.token) setSeat(this.id, { seat: this.seat, token: this.token, tokens: prev?.tokens });
    }
    this.view = view;
    this.absorbView(view);
    const local = this.summary.opponent === 'local' && !!this.tokens;
    this.ctx = {
      id: this.id,
      seat: this.seat,
      local,
      summary: this.summary,
      act: (action, seat) => this.act(action, seat),
      redraw: () => redraw(),
      sound: { move: () => sound.move(), capture: () => sound.capture(), notify: () => sound.notify() },
      orientation: () => this.orientation(),
    };
    this.screen = screenFor(this.summary.variant)(this.ctx);
    this.screen.setView(view);
    this.chat = this.makeChat();
    this.connect();
    let shown = '';
    this.tick = setInterval(() => {
      if (this.flow.tick(performance.now())) redraw(); // the claim's countdown
      const run = this.clocks.running;
      if (!run) return;
      const text = formatClock(this.clocks.remaining(run, performance.now()));
      if (text !== shown) {
        shown = text; // redraw only when the running clock's text changes
        redraw();
      }
    }, 100);
    this.poll = setInterval(() => void this.pollSummary(), 3000);
    redraw();
  }

  connect(): void {
    const conn = new GameConnection({ id: this.id, token: this.token });
    this.conn = conn;
    (window as any).__arbiterConnection = conn; // test hook: e2e tests drop the socket
    conn.nextSeq = typeof this.view?.events === 'number' ? this.view.events : 0;
    conn.onConnection = (s) => {
      this.connState = s;
      if (s === 'online') this.chat?.online(); // the history, what was said while away, a mute again
      if (s === 'gone') this.notFound = true; // the server no longer has the game
      redraw();
    };
    // Views come in the event stream's order (the connection holds one that is ahead of it):
    // the welcome's, and the answers to refresh() with the game's summary fields.
    conn.onView = (view, msg) => {
      if (this.destroyed) return;
      if (msg?.type === 'view' && this.summary) {
        const { view: _v, type: _type, id: _id, game: _game, ...summary } = msg;
        Object.assign(this.summary, summary);
      }
      this.view = view;
      this.absorbView(view);
      this.screen?.setView(view);
      // The opponent's joining is no event: made before this socket was subscribed, or while
      // it was away, it is in no replay. Only an open game can miss it; a view brings it.
      if (msg?.type === 'welcome' && this.summary?.status === 'open') this.refresh();
      redraw();
    };
    conn.onEvent = (ev) => this.onEvent(ev);
    conn.onChat = (line) => this.chat?.onLine(line);
    conn.onPresence = (msg) => {
      this.flow.setGone(msg.opponentGone);
      redraw();
    };
    conn.onStatus = (status) => {
      if (this.summary) this.summary.status = status as GameSummary['status'];
      sound.notify();
      this.refresh();
    };
    conn.connect();
  }

  onEvent(ev: any): void {
    const now = performance.now();
    switch (ev.type) {
      case 'clock':
        this.clocks.update(ev, now);
        break;
      case 'draw-offered':
        this.drawOffer = ev.by ?? null;
        if (ev.by && ev.by !== this.seat) sound.notify();
        break;
      case 'draw-declined':
      case 'draw-accepted':
        this.drawOffer = null;
        break;
      case 'result':
        if (this.summary) {
          this.summary.status = ev.reason === 'aborted' ? 'aborted' : 'finished';
          this.summary.result = { score: ev.score, reason: ev.reason, winner: ev.winner ?? null };
        }
        this.toMove = null;
        this.clocks.stop(now);
        sound.notify();
        if (this.summary) announce(resultText(this.summary.result as any, this.summary.status, { seat: this.seat, local: !!this.ctx?.local, variant: this.summary.variant }));
        void this.chat?.load(); // the spectators' room opens to the players
        break;
    }
    const notice = this.flow.onEvent(ev, this.seat, !!this.ctx?.local);
    if (notice) announce(notice);
    if (ev.type === 'takeback-offered' && ev.by !== this.seat) sound.notify();
    this.screen?.applyEvent(ev);
    this.refresh();
    redraw();
  }

  /** Page-level state from a full view. */
  absorbView(view: any): void {
    if (!view) return;
    this.toMove = view.toMove ?? null;
    this.drawOffer = view.drawOffer ?? null;
    this.flow.absorbView(view);
    if (view.clock !== undefined) this.clocks.update(view.clock, performance.now());
    if (view.status && this.summary && view.status !== 'active' && this.summary.status === 'active') this.summary.status = view.status;
    if (view.result && this.summary) this.summary.result = view.result;
    if (view.status && view.status !== 'active') this.clocks.stop(performance.now());
  }

  /** After events: a fresh view (legal moves, side to move, draw offer, clocks). */
  refresh(): void {
    if (!this.conn) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    queueMicrotask(() => {
      // the answer reaches the screen through conn.onView, in the stream's order
      this.conn!.requestView()
        .catch(() => {
          /* dropped: the welcome view follows */
        })
        .finally(() => {
          this.refreshing = false;
          if (this.refreshAgain) {
            this.refreshAgain = false;
            this.refresh();
          }
        });
    });
  }

  async pollSummary(): Promise<void> {
    const s = this.summary;
    if (!s || this.destroyed) return;
    // the rematch link appears on the finished game; an open game gets its opponent
    if ((s.status === 'finished' || s.status === 'aborted') && !s.rematch) {
      try {
        const g = await api.game(this.id, this.token);
        const { view: _v, ...summary } = g;
        if (this.summary) Object.assign(this.summary, summary);
        redraw();
      } catch {
        /* next time */
      }
    }
  }

  /** The chat, for seats facing a person and for spectators (none on one device or for a seat against the computer). */
  private makeChat(): ChatPanel | null {
    const s = this.summary!;
    if (this.ctx?.local || (this.seat !== 'spectator' && s.opponent !== 'human')) return null;
    return new ChatPanel({
      id: this.id,
      seat: this.seat,
      token: this.seat === 'spectator' ? null : this.token,
      againstPerson: s.opponent === 'human',
      over: () => this.summary?.status === 'finished' || this.summary?.status === 'aborted',
      socket: () => (this.conn && this.connState === 'online' ? this.conn : null),
      redraw: () => redraw(),
    });
  }

  orientation(): Seat {
    let base: Seat = this.seat === 'black' ? 'black' : 'white';
    if (this.ctx?.local) base = this.autoTurn && this.toMove ? this.toMove : 'white';
    return this.flipped ? other(base) : base;
  }

  /** Act for `seat` (local games: the side to move by default). */
  act(action: object, seat?: Seat): Promise<void> {
    this.actionError = '';
    const connSeat = this.seat;
    if (this.ctx?.local && this.tokens) {
      const who = seat ?? this.toMove ?? (connSeat as Seat);
      // the socket speaks for one seat; the other acts over REST (its events come on the socket)
      if (who !== connSeat)
        return api.act(this.id, this.tokens[who], action).then(
          () => undefined,
          (e) => Promise.reject(localError(e)),
        );
    }
    if (!this.conn) return Promise.reject(new Error('not connected'));
    // codes in the player's language (a refusal keeps the referee's reason)
    return this.conn.act(action).catch((e) => Promise.reject(localError(e)));
  }

  private control(action: object, seat?: Seat): void {
    this.act(action, seat).catch((e: Error) => {
      this.actionError = errorText(e);
      redraw();
    });
  }

  destroy(): void {
    this.destroyed = true;
    document.title = 'Arbiter';
    window.removeEventListener('online', this.onOnline);
    if (this.tick) clearInterval(this.tick);
    if (this.poll) clearInterval(this.poll);
    this.conn?.close();
    this.screen?.destroy();
  }

  header(): VNode | null {
    const s = this.connState;
    return h('span.conn', { class: { [s]: true }, attrs: { 'data-testid': 'conn-state', 'data-state': s, role: 'status', 'aria-live': 'polite' } }, [
      h('span.dot', { attrs: { 'aria-hidden': 'true' } }),
      t(`conn.${s}`),
    ]);
  }

  // ---- render ------------------------------------------------------------------------

  render(): VNode {
    if (this.loadError || this.notFound)
      return h('div.game-page.error-page', { attrs: { 'data-testid': 'game-error' } }, [h('p', this.notFound ? t('game.notFound') : this.loadError), h('a', { attrs: { href: '/' }, on: { click: linkHandler('/') } }, t('game.backToLobby'))]);
    const s = this.summary;
    if (!s || !this.screen) return h('div.game-page', { attrs: { 'aria-busy': 'true' } }, [h('p.muted', t('game.loading'))]);
    const over = s.status === 'finished' || s.status === 'aborted';
    const myTurn = s.status === 'active' && !this.ctx?.local && this.toMove !== null && this.toMove === this.seat;
    document.title = `${myTurn ? '● ' : ''}${t(`variant.${s.variant}`)} · Arbiter`;
    const orient = this.orientation();
    const top = other(orient);
    return h('div.game-page', { attrs: { 'data-testid': 'game-page', 'data-status': s.status, 'data-seat': this.seat, 'data-variant': s.variant, 'data-events': String(this.view?.events ?? '') } }, [
      h('div.game-title', [
        h('h1', t(`variant.${s.variant}`)),
        h('span.tc', s.clock ? formatTimeControl(s.clock) : t('game.noClock')),
        s.rated ? h('span.badge', { attrs: { 'data-testid': 'rated-badge' } }, t('lobby.rated')) : null,
        s.assist?.proposed ? h('span.badge', { attrs: { 'data-testid': 'assist-state' } }, s.assist.enabled ? t('game.assistOn') : t('game.assistProposed')) : null,
      ]),
      // The result and the invite stand beside the board (on a phone: below it, with the
      // buttons), never above it: coming and going, they must not move the board.
      h('div.game-layout', [
        h('div.game-main', [prefs().blind ? this.renderBlind() : null, this.screen.render()]),
        h('aside.game-side', [
          this.renderPlayer(top, 'top'),
          over
            ? h('div.result-banner', { attrs: { role: 'status', 'data-testid': 'result' } }, [
                h('strong', resultText(s.result as any, s.status, { seat: this.seat, local: !!this.ctx?.local, variant: s.variant })),
                // "1-0" names the seats by colour, which Chief & Spy swaps between rounds: its screen shows the match points
                s.result?.score && s.status !== 'aborted' && s.variant !== 'chiefspy' ? h('span.score', ` ${s.result.score}`) : null,
              ])
            : null,
          s.status === 'open' ? this.renderInvite() : null,
          this.renderStatusLine(),
          this.flow.renderNotice(),
          this.renderControls(),
          this.actionError ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'action-error' } }, this.actionError) : null,
          this.renderPlayer(orient, 'bottom'),
          this.chat?.render() ?? null,
          this.renderTools(),
        ]),
      ]),
    ]);
  }

  /** Blind mode's panel (settings): the screen's board in words, whose move, the clocks. */
  private renderBlind(): VNode {
    const c = this.clocks;
    const now = performance.now();
    return renderBlindPanel({
      words: this.screen?.words?.() ?? null,
      status: this.renderStatusLine()?.text ?? '',
      clocks: c.enabled ? { white: formatClock(c.remaining('white', now)), black: formatClock(c.remaining('black', now)) } : null,
      redraw: () => redraw(),
    });
  }

  private renderPlayer(side: Seat, pos: 'top' | 'bottom'): VNode {
    return renderPlayerStrip({ id: this.id, summary: this.summary!, seat: this.seat, local: !!this.ctx?.local, toMove: this.toMove, clocks: this.clocks }, side, pos);
  }

  private renderStatusLine(): VNode | null {
    const s = this.summary!;
    if (s.status !== 'active') return null;
    let text: string;
    if (this.seat === 'spectator') text = t('game.watching');
    else if (this.ctx?.local) text = this.toMove ? t('game.toMove', { side: t(`seat.${this.toMove}`) }) : t('game.localInfo');
    else if (this.toMove === this.seat) text = t('game.yourTurn');
    else text = this.toMove ? t('game.toMove', { side: t(`seat.${this.toMove}`) }) : '';
    return h('p.status-line', { attrs: { 'data-testid': 'status-line', 'aria-live': 'polite' } }, text);
  }

  private renderControls(): VNode | null {
    const s = this.summary!;
    const player = this.seat !== 'spectator';
    if (!player) return null;
    const btn = (id: string, label: string, on: () => void, cls = '', aria?: string) =>
      h(`button.ctl${cls}`, { attrs: { type: 'button', 'data-testid': id, ...(aria ? { 'aria-label': aria, title: aria } : {}) }, on: { click: on } }, label);
    if (s.status === 'active') {
      const mySide: Seat = this.ctx?.local ? (this.toMove ?? 'white') : (this.seat as Seat);
      const offerFromOther = this.drawOffer && this.drawOffer !== mySide;
      const moves = Array.isArray(this.view?.moves) ? this.view.moves.length : 0;
      const now = performance.now();
      const control = (action: object) => this.control(action, mySide);
      const fb = this.flow.buttons({ status: s.status, seat: this.seat, local: !!this.ctx?.local, variant: s.variant, opponent: s.opponent, timed: !!s.clock, moves, abortable: moves < 2 }, now);
      const items: (VNode | null)[] = [...this.flow.alerts(fb, btn, control, now)];
      if (offerFromOther) {
        items.push(
          h('div.draw-offer', { attrs: { role: 'alert', 'data-testid': 'draw-offered' } }, [
            h('span', t('game.drawOfferedBy', { side: t(`seat.${this.drawOffer}`) })),
            btn('draw-accept', t('game.accept'), () => this.control({ type: 'draw-accept' }, mySide), '.primary'),
            btn('draw-decline', t('game.decline'), () => this.control({ type: 'draw-decline' }, mySide)),
          ]),
        );
      }
      const row: VNode[] = [];
      row.push(...this.flow.row(fb, btn, control));
      if (this.drawOffer === mySide) row.push(h('span.pending', { attrs: { 'data-testid': 'draw-pending' } }, t('game.drawOffered')));
      else if (!offerFromOther) row.push(btn('draw-offer', t('game.offerDraw'), () => this.control({ type: 'draw-offer' }, mySide)));
      if (this.confirmResign)
        row.push(
          btn('resign-confirm', t('game.resignConfirm'), () => {
            this.confirmResign = false;
            this.control({ type: 'resign' }, mySide);
          }, '.danger'),
          btn(
            'resign-cancel',
            '✕',
            () => {
              this.confirmResign = false;
              redraw();
            },
            '',
            t('game.cancel'),
          ),
        );
      else
        row.push(
          btn('resign', t('game.resign'), () => {
            this.confirmResign = true;
            redraw();
          }),
        );
      items.push(h('div.ctl-row', row));
      return h('div.controls', items);
    }
    if (s.status === 'finished' || s.status === 'aborted') {
      const mine = s.rematch ? getSeat(s.rematch) : null;
      if (s.rematch && mine) return h('div.controls', [btn('rematch-go', t('game.rematchGo'), () => navigate(`/game/${s.rematch}`), '.primary')]);
      return h('div.controls', [
        s.rematch ? h('p.muted', t('game.rematchOffered')) : null,
        btn('rematch', s.rematch ? t('game.rematchJoin') : t('game.rematch'), () => void this.rematch(), '.primary'),
      ]);
    }
    return null;
  }

  private async rematch(): Promise<void> {
    const token = this.token ?? (this.tokens ? this.tokens.white : null);
    if (!token) return;
    try {
      const r = await api.rematch(this.id, token);
      setSeat(r.id, { seat: r.seat, token: r.token, tokens: r.tokens, invitePath: r.invitePath, level: getSeat(this.id)?.level });
      navigate(`/game/${r.id}`);
    } catch (e) {
      this.actionError = errorText(e);
      redraw();
    }
  }

  private renderTools(): VNode {
    const s = this.summary!;
    const ext = s.variant === 'chess' ? 'pgn' : 'txt';
    return h('div.tools', [
      h('button.tool', { attrs: { type: 'button', 'data-testid': 'flip', 'aria-pressed': String(this.flipped) }, on: { click: () => ((this.flipped = !this.flipped), redraw()) } }, [icon('flip'), ' ' + t('game.flip')]),
      this.ctx?.local
        ? h('label.check', [
            h('input', {
              attrs: { type: 'checkbox', 'data-testid': 'auto-turn' },
              props: { checked: this.autoTurn },
              on: {
                change: (e: Event) => {
                  this.autoTurn = (e.target as HTMLInputElement).checked;
                  try {
                    localStorage.setItem('arbiter.autoTurn', this.autoTurn ? '1' : '0');
                  } catch {
                    /* ignore */
                  }
                  redraw();
                },
              },
            }),
            ' ' + t('game.autoTurn'),
          ])
        : null,
      h('a.tool', { attrs: { href: api.exportUrl(this.id, this.token), download: `arbiter-${this.id}.${ext}`, 'data-testid': 'download' } }, [icon('download'), ' ' + t('game.download')]),
      h('details.share', { attrs: { 'data-testid': 'share' } }, [
        h('summary', t('game.share')),
        this.linkRow('watch-link', t('game.watchLink'), `${location.origin}/game/${this.id}`),
        this.token && !this.ctx?.local ? this.linkRow('device-link', t('game.deviceLink'), `${location.origin}/game/${this.id}#token=${this.token}`) : null,
        this.token && !this.ctx?.local ? h('small.muted', t('game.deviceLinkHelp')) : null,
      ]),
      h('label.check', [
        h('input', { attrs: { type: 'checkbox', 'data-testid': 'sound' }, props: { checked: !sound.isMuted() }, on: { change: (e: Event) => (sound.setMuted(!(e.target as HTMLInputElement).checked), redraw()) } }),
        ' ' + t('game.sound'),
      ]),
    ]);
  }

  private renderInvite(): VNode | null {
    const entry = getSeat(this.id);
    const s = this.summary!;
    if (this.seat === 'spectator' || s.opponent !== 'human') return h('p.muted', t('game.open'));
    const path = entry?.invitePath ?? (s.public ? `/join/${this.id}` : null);
    // the link tells the friend their colour: the server's view of an open game does not
    const link = path ? location.origin + joinLink(path, other(this.seat)) : null;
    return h('div.invite', { attrs: { 'data-testid': 'invite' } }, [
      h('p', t('game.open')),
      link
        ? h('div.copy-row', [
            h('label', [h('span', t('game.invite')), h('input.link', { attrs: { readonly: true, 'data-testid': 'invite-link', value: link }, props: { value: link }, on: { focus: (e: Event) => (e.target as HTMLInputElement).select() } })]),
            h('button.ctl', { attrs: { type: 'button', 'data-testid': 'copy-invite' }, on: { click: () => void this.copy(link) } }, this.copied === link ? t('game.copied') : t('game.copy')),
          ])
        : null,
    ]);
  }

  private linkRow(id: string, label: string, link: string): VNode {
    return h('div.copy-row', [
      h('label', [h('span', label), h('input.link', { attrs: { readonly: true, 'data-testid': id }, props: { value: link }, on: { focus: (e: Event) => (e.target as HTMLInputElement).select() } })]),
      h('button.ctl', { attrs: { type: 'button', 'data-testid': `copy-${id}` }, on: { click: () => void this.copy(link) } }, this.copied === link ? t('game.copied') : t('game.copy')),
    ]);
  }

  private async copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const el = document.querySelector<HTMLInputElement>('[data-testid="invite-link"]');
      el?.select();
      document.execCommand?.('copy');
    }
    this.copied = text;
    redraw();
    setTimeout(() => {
      this.copied = '';
      redraw();
    }, 2000);
  }
}

export function gamePage(id: string, hash: string): Page {
  return new GamePage(id, hash);
}

export { joinPage } from './join-page';
