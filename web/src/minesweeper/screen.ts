// Minesweeper Chess game screen: the 8x10 chessgroundx board with an overlay (fog, numbers,
// discovered mines, explosions, sapper targets, mine odds, the revealed layout), the mine
// counter, the sapper input, the commitment and its check at the end.
import { h, init, classModule, attributesModule, propsModule, styleModule, eventListenersModule } from 'snabbdom';
import type { VNode } from 'snabbdom';
import type { Key } from 'chessgroundx/types';
import type { GameContext, GameScreen } from '../games/types';
import { t, getLang } from '../i18n';
import { api } from '../api';
import { tokenFor } from '../session';
import { createBoard, BOARD_8x10, type BoardApi } from '../board/setup';
import { squareToKey, keyToSquare } from '../board/keys';
import {
  ALL_SQUARES,
  applyEvent,
  assistAllowed,
  boardModel,
  destinations,
  emptyState,
  fileOf,
  findMove,
  formatOdds,
  heatLevel,
  normaliseTyped,
  oddsFrom,
  parseUci,
  rankOf,
  readPlacement,
  sapperActions,
  squareClasses,
  stateFromView,
  type Color,
  type Effect,
  type MsState,
  type SapperAction,
  type PieceOn,
  squareIndex,
  cgDests,
  placementWith,
} from './model';
import { verifyReveal, type Verification } from './commitment';
import { notationList, PlyHistory } from './notation';
import { fetchEvents } from './history';
import { BoardKeys } from '../board/keyboard';
import { announce } from '../board/blind';
import { sanWords, coordinateWords } from '../board/words';
import './messages';
import { srSummary } from './srsummary';
import { icon, type IconName } from '../icons';
import './minesweeper.css';

// The overlay lives inside chessground's container (so it matches the board to the pixel)
// and is patched by its own snabbdom instance.
const patchOverlay = init([classModule, attributesModule, propsModule, styleModule, eventListenersModule]);

const BOOM_MS = 1100;
const LIFT_MS = 700;
const FOG_GONE_MS = 2200;
const LOG_SIZE = 6;
const PIECE_SHOWN_MS = 320; // the destroyed piece stays on its mine this long, then vanishes

const isRole = (r: string): r is PieceOn['role'] => ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'].includes(r);

interface Transient {
  booms: Map<string, number>; // square → until (ms)
  cleared: Map<string, { by: string; until: number }>;
  lifting: Map<string, number>;
  fogGoneUntil: number;
  shakeUntil: number;
}

const COMMITMENTS_KEY = 'arbiter.ms.commitments';

/** The commitment this browser first saw for a game, kept across reloads, so that the check
 *  at the end compares the reveal with what was published at the start, not with what the
 *  server says at the end. Returns the remembered value (the first one). */
function rememberCommitment(gameId: string, commitment: string): string {
  try {
    const all = JSON.parse(localStorage.getItem(COMMITMENTS_KEY) ?? '{}') as Record<string, string>;
    if (all[gameId]) return all[gameId];
    all[gameId] = commitment;
    const ids = Object.keys(all);
    for (const id of ids.slice(0, Math.max(0, ids.length - 200))) delete all[id];
    localStorage.setItem(COMMITMENTS_KEY, JSON.stringify(all));
  } catch {
    /* no storage: this page's first sight only */
  }
  return commitment;
}

export function createMinesweeperScreen(ctx: GameContext): GameScreen {
  let st: MsState = emptyState();
  let published = ''; // the first commitment this browser saw for the game
  let haveView = false;
  let ownOrientation: Color = ctx.seat === 'black' ? 'black' : 'white';
  // the page may own the orientation (its Flip button, local "turn the board")
  const orient = (): Color => (ctx.orientation ? ctx.orientation() : ownOrientation);
  let sapperMode = false;
  let selected: string | null = null;
  let oddsOn = false;
  let odds = new Map<string, number>();
  let oddsState: 'idle' | 'loading' | 'ok' | 'error' = 'idle';
  let oddsError = '';
  let message: string | null = null; // last rejection / input error
  let typed = '';
  let sending = false;
  let destroyed = false;
  const log: { text: () => string; icon?: IconName }[] = []; // newest first; translated when drawn (language switch)
  const fx: Transient = { booms: new Map(), cleared: new Map(), lifting: new Map(), fogGoneUntil: 0, shakeUntil: 0 };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let refetchTimer: ReturnType<typeof setTimeout> | null = null;
  let verification: Verification | null = null;
  let verifiedFor = '';
  let exploding: { square: string; role: PieceOn['role']; color: Color; until: number } | null = null;
  // the move list's notation: the plies from the game's events (fetched once after a reload)
  let history = new PlyHistory();
  const liveEvents: any[] = [];
  let historyLoading = false;
  let historyTries = 0;
  let initialPlacement = '';

  let cg: BoardApi | null = null;
  let overlayEl: HTMLElement | null = null;
  let overlayVnode: VNode | HTMLElement | null = null;

  const now = () => Date.now();
  // Every change of this screen's state goes through redraw(), which bumps `version`; the
  // page also re-renders on its own (clock ticks), and then the board and the overlay are
  // left alone unless something they show has changed.
  let version = 0;
  const redraw = () => {
    version++;
    ctx.redraw();
  };
  let lastBoardSig = '';
  let lastOverlaySig = '';

  function later(ms: number, f: () => void): void {
    const id = setTimeout(() => {
      timers.delete(id);
      if (!destroyed) f();
    }, ms);
    timers.add(id);
  }

  function myToken(): string | null {
    if (ctx.seat === 'spectator') return tokenFor(ctx.id);
    return tokenFor(ctx.id, ctx.seat) ?? tokenFor(ctx.id);
  }

  function active(): boolean {
    return st.status === 'active' && !st.result;
  }

  /** The colour this browser may move now, if any. */
  function moverNow(): Color | null {
    if (!haveView || !active() || !st.legalFresh || sending || ctx.summary?.status === 'open') return null;
    if (ctx.local) return st.turn;
    return ctx.seat === st.turn ? st.turn : null;
  }

  function sappers(): SapperAction[] {
    return moverNow() ? sapperActions(st.legalMoves, st.turn) : [];
  }

  function say(line: () => string, ic?: IconName): void {
    announce(line());
    log.unshift({ text: line, icon: ic });
    log.length = Math.min(log.length, LOG_SIZE);
  }

  // ---------------------------------------------------------------- server traffic

  function adoptView(view: any): void {
    const v = view && view.view && typeof view.view === 'object' && 'fen' in view.view ? view.view : view;
    const prev = haveView ? st : undefined;
    st = stateFromView(v, prev);
    if (typeof v?.initialFen === 'string') initialPlacement = v.initialFen.trim().split(/\s+/)[0];
    if (!published && st.commitment) published = rememberCommitment(ctx.id, st.commitment);
    haveView = true;
    if (selected && !readPlacement(st.placement).has(selected)) selected = null;
    if (!moverNow()) sapperMode = false;
    checkReveal();
  }

  /** Fetches the past events when the plies seen live do not cover the game's moves. */
  function ensureHistory(): void {
    if (historyLoading || history.matches(st.moves) || historyTries >= 3) return;
    historyLoading = true;
    historyTries++;
    fetchEvents(ctx.id, myToken(), st.eventsSeen)
      .then((events) => {
        if (destroyed) return;
        const fresh = new PlyHistory();
        for (const ev of events) fresh.add(ev);
        for (const ev of liveEvents) fresh.add(ev);
        history = fresh;
        if (history.matches(st.moves)) historyTries = 0;
        redraw();
      })
      .catch(() => {
        /* the list keeps the squares */
      })
      .finally(() => {
        historyLoading = false;
      });
  }

  function scheduleRefetch(): void {
    if (refetchTimer) return;
    // the page re-fetches the view after events (setView); this is only a fallback
    refetchTimer = setTimeout(() => {
      refetchTimer = null;
      if (!st.legalFresh && !destroyed) void refetch(0);
    }, 1500);
  }

  async function refetch(attempt: number): Promise<void> {
    try {
      const g = await api.game(ctx.id, myToken());
      if (destroyed) return;
      const v = g.view;
      if (typeof v?.events === 'number' && v.events < st.eventsSeen) {
        if (attempt < 6) later(80 * (attempt + 1), () => void refetch(attempt + 1));
        return;
      }
      adoptView(v);
      redraw();
      if (oddsOn) void fetchOdds();
    } catch {
      if (attempt < 6) later(200 * (attempt + 1), () => void refetch(attempt + 1));
    }
  }

  async function fetchOdds(): Promise<void> {
    const token = myToken();
    if (!token) {
      oddsState = 'error';
      oddsError = t('ms.oddsOff');
      redraw();
      return;
    }
    oddsState = odds.size ? 'ok' : 'loading';
    const forEvents = st.eventsSeen;
    try {
      const body = await api.assist(ctx.id, token);
      if (destroyed || forEvents !== st.eventsSeen) return; // a newer position asked again
      odds = oddsFrom(body, st.fog);
      oddsState = 'ok';
    } catch (e) {
      if (destroyed) return;
      oddsState = 'error';
      const code = (e as { code?: string }).code;
      oddsError = code === 'assist-off' ? t('ms.oddsOff') : (e as Error).message;
      odds = new Map();
    }
    redraw();
  }

  function send(uci: string): void {
    const mover = moverNow();
    if (!mover) {
      message = t('ms.notYourTurn');
      redraw();
      return;
    }
    sending = true;
    message = null;
    sapperMode = false;
    selected = null;
    ctx
      .act({ type: 'move', move: uci }, ctx.local ? mover : undefined)
      .catch((e: Error) => {
        message = e.message || String(e);
      })
      .finally(() => {
        sending = false;
        if (!destroyed) {
          version++;
          syncBoard(true);
          redraw();
        }
      });
    syncBoard();
    redraw();
  }

  function checkReveal(): void {
    if (!st.reveal) {
      verification = null;
      return;
    }
    const key = JSON.stringify(st.reveal) + '|' + published;
    if (key === verifiedFor) return;
    verifiedFor = key;
    verification = verifyReveal(st.reveal, published || st.commitment, st.seenMines);
  }

  function colorName(c: Color): string {
    return t(`ms.color.${c}`);
  }

  function effect(e: Effect, ev: any): void {
    const at = now();
    switch (e.kind) {
      case 'move':
        announce(t('words.played', { side: colorName(ev.by === 'black' ? 'black' : 'white'), move: lastPlyWords(String(ev.uci ?? '')) }));
        // a sapper's result comes as `mine-cleared` and `fog-lifted` (if its square was fogged)
        if (e.capture) ctx.sound.capture();
        else ctx.sound.move();
        break;
      case 'explosion':
        if (isRole(e.piece)) {
          exploding = { square: e.square, role: e.piece, color: e.color, until: at + PIECE_SHOWN_MS };
          later(PIECE_SHOWN_MS + 10, () => {
            exploding = null;
            syncBoard();
          });
        }
        fx.booms.set(e.square, at + BOOM_MS);
        fx.shakeUntil = at + 600;
        ctx.sound.capture();
        ctx.sound.notify();
        say(() => t('ms.ev.explosion', { color: colorName(e.color), piece: t(`ms.piece.${e.piece}`), square: e.square }), 'boom');
        break;
      case 'cleared':
        fx.cleared.set(e.square, { by: e.by, until: at + BOOM_MS * 2 });
        say(() => (e.by === 'king' ? t('ms.ev.clearedKing', { square: e.square }) : t('ms.ev.clearedSapper', { square: e.square })), e.by === 'king' ? 'crown' : 'bomb');
        break;
      case 'lifted':
        for (const sq of e.squares) fx.lifting.set(sq, at + LIFT_MS);
        break;
      case 'fog-gone':
        for (const sq of e.squares) fx.lifting.set(sq, at + FOG_GONE_MS);
        fx.fogGoneUntil = at + FOG_GONE_MS;
        ctx.sound.notify();
        say(() => t('ms.ev.fogGone'), 'sun');
        break;
      case 'check':
        say(() => t('ms.ev.check', { color: colorName(e.side) }));
        break;
      default:
        break;
    }
    later(FOG_GONE_MS + 50, () => redraw());
    later(BOOM_MS + 50, () => redraw());
  }

  /** The last ply in words: its notation when the plies are known, else its squares. */
  function lastPlyWords(uci: string): string {
    const recs = history.records;
    if (!history.matches(st.moves) || !recs.length) return coordinateWords(uci);
    const names = notationList(initialPlacement, recs);
    return sanWords(names[names.length - 1]);
  }

  const keys = new BoardKeys({
    files: 8,
    ranks: 10,
    board: () => cg,
    orientation: () => orient(),
    // sapper mode: Enter on the target or on its pawn saps
    activate: (sq) => {
      if (!sapperMode) return false;
      const a = sappers().find((x) => x.target === sq || x.pawn === sq);
      if (a) send(a.uci);
      return true;
    },
    cancel: () => {
      if (!sapperMode) return;
      sapperMode = false;
      syncBoard();
      redraw();
    },
    notes: (sq) => {
      const out: string[] = [];
      if (st.fog.has(sq)) out.push(t('ms.legendFog'));
      else if (st.mines.has(sq)) out.push(t('ms.legendMine'));
      else if (st.numbers.get(sq)) out.push(`${st.numbers.get(sq)}: ${t('ms.legendNumber')}`);
      const a = sapperMode ? sappers().find((x) => x.target === sq) : undefined;
      if (a) out.push(t('ms.sapAt', { target: a.target, pawn: a.pawn }));
      return out;
    },
    say: (text) => {
      announce(text);
      redraw();
    },
  });

  function sapperTargetOf(pawn: string, color: Color): string | null {
    const r = rankOf(pawn) + (color === 'white' ? 1 : -1);
    return r >= 1 && r <= 10 ? pawn[0] + r : null;
  }

  // ---------------------------------------------------------------- board

  function boardDests(): Map<Key, Key[]> {
    if (!moverNow() || sapperMode) return new Map();
    return cgDests(st.legalMoves);
  }

  /** While an explosion plays, the destroyed piece is drawn on its mine for a moment. */
  function shownPlacement(): string {
    if (exploding && exploding.until > now() && st.placement) {
      return placementWith(st.placement, exploding.square, { role: exploding.role, color: exploding.color });
    }
    return st.placement;
  }

  function onBoardMove(orig: Key, dest: Key): void {
    const from = keyToSquare(orig);
    const to = keyToSquare(dest);
    const uci = findMove(st.legalMoves, from, to);
    if (uci) send(uci);
    else syncBoard(true);
  }

  // The square the board has selected, in our notation.
  function boardSelection(): string | null {
    const sel = cg?.state.selectable.selected;
    return sel && typeof sel === 'string' ? keyToSquare(sel) : null;
  }

  function onSelect(key: Key): void {
    const sq = keyToSquare(key);
    selected = boardSelection();
    if (sapperMode) {
      const a = sappers().find((s) => s.target === sq || s.pawn === sq);
      if (a && a.target === sq) send(a.uci);
    }
    redraw();
  }

  function boardConfig() {
    const mover = moverNow();
    return {
      fen: shownPlacement() || '8/8/8/8/8/8/8/8/8/8',
      orientation: orient(),
      turnColor: st.turn,
      check: st.check ?? false,
      lastMove: st.lastMove ? st.lastMove.map(squareToKey) : undefined,
      viewOnly: false,
      movable: {
        free: false,
        color: mover ?? undefined,
        dests: boardDests(),
        showDests: true,
      },
      premovable: { enabled: false },
    } as const;
  }

  function syncBoard(force = false): void {
    if (!cg) return;
    const mover = moverNow();
    const sig = [shownPlacement(), orient(), st.turn, st.check, st.lastMove?.join('-'), mover, sapperMode, st.legalMoves.length, st.eventsSeen].join('|');
    if (force || sig !== lastBoardSig) {
      cg.set(boardConfig() as any);
      lastBoardSig = sig;
    }
    if (!mover) selected = null;
    renderOverlayNow(force);
  }

  function mountBoard(el: HTMLElement): void {
    cg = createBoard(el, {
      ...(boardConfig() as any),
      dimensions: BOARD_8x10,
      movable: { ...(boardConfig().movable as any), events: { after: onBoardMove } },
      events: {
        select: onSelect,
        insert: (elements) => attachOverlay(elements.container),
      },
      drawable: { enabled: true, visible: true },
    });
    attachOverlay(cg.state.dom.elements.container);
    renderOverlayNow();
  }

  function attachOverlay(container: HTMLElement): void {
    if (overlayEl && overlayEl.parentElement === container) return;
    const holder = document.createElement('div');
    container.appendChild(holder);
    overlayEl = holder;
    overlayVnode = holder;
    lastOverlaySig = '';
  }

  function renderOverlayNow(force = false): void {
    if (!overlayVnode || !cg) return;
    const sig = `${version}|${orient()}|${getLang()}`;
    if (!force && sig === lastOverlaySig) return;
    lastOverlaySig = sig;
    if (overlayEl && cg.state.dom.elements.container !== overlayEl.parentElement && !(overlayVnode as VNode).elm) return;
    overlayVnode = patchOverlay(overlayVnode, renderOverlay());
    const elm = (overlayVnode as VNode).elm as HTMLElement | undefined;
    if (elm) overlayEl = elm;
  }

  function pos(sq: string): { left: string; top: string } {
    const f = fileOf(sq);
    const r = rankOf(sq);
    const white = orient() === 'white';
    const x = white ? f : 7 - f;
    const y = white ? 10 - r : r - 1;
    return { left: `${x * 12.5}%`, top: `${y * 10}%` };
  }

  function renderOverlay(): VNode {
    const model = boardModel(st);
    const at = now();
    const sapList = sappers();
    const targets = new Map<string, SapperAction>();
    for (const a of sapList) if (sapperMode || a.pawn === selected) targets.set(a.target, a);
    const showOdds = oddsOn && oddsState === 'ok' && assistAllowed(ctx.summary, st);
    const layout = new Set(st.reveal?.mines ?? []);
    // chessground's destination dots lie under the fog: draw those in fogged squares again
    const fogDests = new Set<string>();
    if (selected && moverNow() && !sapperMode) for (const to of destinations(st.legalMoves).get(selected) ?? []) if (st.fog.has(to)) fogDests.add(to);
    const cells: VNode[] = [];
    for (const sq of ALL_SQUARES) {
      const info = model.get(sq)!;
      const classes: Record<string, boolean> = {};
      // a game set up without mines is 8x10 chess: no fog zone to mark
      if (st.minesAtStart > 0 || info.fog || info.mine) for (const c of squareClasses(info)) classes[c] = true;
      const boomUntil = fx.booms.get(sq) ?? 0;
      const lift = fx.lifting.get(sq) ?? 0;
      const cleared = fx.cleared.get(sq);
      classes.boom = boomUntil > at;
      classes.lifting = lift > at && !info.fog;
      classes['cleared-fx'] = !!cleared && cleared.until > at;
      classes['layout-mine'] = layout.has(sq);
      classes['sap-target'] = targets.has(sq);
      const p = showOdds && info.fog ? odds.get(sq) : undefined;
      if (p !== undefined) classes[`heat${heatLevel(p)}`] = true;
      const kids: (VNode | string)[] = [];
      if (info.fog) kids.push(h('div.ms-fog', { key: 'fog' }));
      else if (classes.lifting) kids.push(h('div.ms-fog.ms-fog-out', { key: 'fogout' }));
      if (!info.fog && info.mine) kids.push(h('span.ms-mine', { key: 'mine', attrs: { 'aria-hidden': 'true' } }, [icon('bomb')]));
      if (!info.fog && !info.mine && info.number > 0)
        kids.push(h(`span.ms-num.n${info.number}`, { key: 'num', attrs: { 'aria-hidden': 'true' } }, String(info.number)));
      if (layout.has(sq) && !info.mine) kids.push(h('span.ms-layout', { key: 'layout', attrs: { 'aria-hidden': 'true' } }, [icon('bomb')]));
      if (fogDests.has(sq)) kids.push(h('span.ms-dest', { key: 'dest', attrs: { 'aria-hidden': 'true' } }));
      if (classes.boom) kids.push(h('span.ms-boom', { key: 'boom', attrs: { 'aria-hidden': 'true' } }, [icon('boom')]));
      if (classes['cleared-fx']) kids.push(h('span.ms-cleared', { key: 'cleared', attrs: { 'aria-hidden': 'true' } }, [icon(cleared!.by === 'king' ? 'crown' : 'check')]));
      if (p !== undefined) kids.push(h('span.ms-odds', { key: 'odds', attrs: { 'data-testid': `ms-odds-${sq}` } }, formatOdds(p)));
      const target = targets.get(sq);
      if (target)
        kids.push(
          h(
            'button.ms-sap',
            {
              key: 'sap',
              class: { full: sapperMode },
              attrs: {
                type: 'button',
                'data-testid': `ms-sap-${sq}`,
                'aria-label': t('ms.sapAt', { target: sq, pawn: target.pawn }),
                title: t('ms.sapAt', { target: sq, pawn: target.pawn }),
              },
              on: {
                click: (e: MouseEvent) => {
                  e.preventDefault();
                  e.stopPropagation();
                  send(target.uci);
                },
                mousedown: (e: MouseEvent) => e.stopPropagation(),
                touchstart: (e: TouchEvent) => e.stopPropagation(),
              },
            },
            [icon('bomb')],
          ),
        );
      cells.push(h('div.ms-sq', { key: sq, class: classes, style: pos(sq), attrs: { 'data-sq': sq } }, kids));
    }
    return h(
      'div.ms-overlay',
      {
        class: { 'sapper-mode': sapperMode, 'fog-gone-fx': fx.fogGoneUntil > at, 'odds-on': showOdds },
        attrs: { 'data-testid': 'ms-overlay' },
      },
      cells,
    );
  }

  // ---------------------------------------------------------------- panels

  function renderCounter(): VNode {
    return h(
      'div.ms-counter',
      { attrs: { 'data-testid': 'ms-counter', 'aria-label': t('ms.counterAria', { n: st.counter, total: st.minesAtStart }), role: 'status' } },
      [
        h('span.ms-counter-icon', { attrs: { 'aria-hidden': 'true' } }, [icon('bomb')]),
        h('span.ms-counter-label', t('ms.counter')),
        h('strong.ms-counter-value', { attrs: { 'data-testid': 'ms-counter-value' } }, t('ms.counterValue', { n: st.counter, total: st.minesAtStart })),
      ],
    );
  }

  function renderStatus(): VNode {
    const items: VNode[] = [];
    if (active()) {
      const mine = moverNow() !== null || (!ctx.local && ctx.seat === st.turn);
      items.push(
        h('span.ms-turn', { attrs: { 'data-testid': 'ms-turn' }, class: { mine } }, [
          h(`span.ms-turn-dot.${st.turn}`),
          ctx.local || ctx.seat === 'spectator' ? t(`ms.toMove.${st.turn}`) : ctx.seat === st.turn ? t('ms.yourMove') : t('ms.waiting'),
        ]),
      );
      if (st.check) items.push(h('span.ms-check', { attrs: { 'data-testid': 'ms-check' } }, t('ms.check')));
    }
    if (st.minesAtStart > 0)
      items.push(
        h('span.ms-fogleft', { attrs: { 'data-testid': 'ms-fogleft' } }, st.fogGone ? t('ms.fogGoneBanner') : t('ms.fogLeft', { n: st.fog.size })),
      );
    // the overlay is drawn for the eyes; the same facts in words for screen readers
    const nums = [...st.numbers].sort((a, b) => squareIndex(a[0]) - squareIndex(b[0]));
    const fogged = [...st.fog].sort((a, b) => squareIndex(a) - squareIndex(b));
    items.push(h('p.sr-only', { attrs: { 'data-testid': 'ms-sr-summary' } }, srSummary([...st.mines], nums, fogged).join(' ')));
    return h('div.ms-status', items);
  }

  function renderFogGone(): VNode | null {
    if (!st.fogGone || !haveView || st.minesAtStart === 0) return null;
    return h('div.ms-foggone', { attrs: { 'data-testid': 'ms-foggone-banner', role: 'status' }, class: { fresh: fx.fogGoneUntil > now() } }, [
      h('strong', t('ms.fogGoneBanner')),
      h('span', ' ' + t('ms.fogGoneNote')),
    ]);
  }

  function renderSapper(): VNode {
    const list = sappers();
    const mover = moverNow();
    const kids: VNode[] = [h('h3', t('ms.sapper'))];
    const selAction = list.find((a) => a.pawn === selected);
    if (mover && list.length) {
      kids.push(
        h('div.ms-sap-row', [
          h(
            'button.ms-sapper-toggle',
            {
              class: { on: sapperMode },
              attrs: { type: 'button', 'data-testid': 'ms-sapper-toggle', 'aria-pressed': String(sapperMode), title: 'S' },
              on: { click: () => toggleSapper() },
            },
            sapperMode ? t('ms.sapCancel') : [icon('bomb'), ' ', t('ms.sapperMode')],
          ),
          selAction && !sapperMode
            ? h(
                'button.ms-sap-selected',
                { attrs: { type: 'button', 'data-testid': 'ms-sap-selected' }, on: { click: () => send(selAction.uci) } },
                [icon('bomb'), ' ', t('ms.sapSelected', { target: selAction.target })],
              )
            : null,
        ].filter(Boolean) as VNode[]),
      );
      if (sapperMode) {
        kids.push(h('p.ms-hint', t('ms.sapperModeOn')));
        kids.push(
          h(
            'div.ms-sap-list',
            { attrs: { role: 'group', 'aria-label': t('ms.sapper') } },
            list.map((a) =>
              h(
                'button.ms-sap-item',
                { attrs: { type: 'button', 'data-testid': `ms-sap-item-${a.target}` }, on: { click: () => send(a.uci) } },
                [icon('bomb'), ` ${a.target}`],
              ),
            ),
          ),
        );
      }
    } else if (mover) kids.push(h('p.ms-hint', t('ms.sapperNone')));
    kids.push(h('p.ms-help', t('ms.sapperHelp')));
    return h('section.ms-panel.ms-sapper', kids);
  }

  function toggleSapper(): void {
    if (!moverNow() || !sappers().length) return;
    sapperMode = !sapperMode;
    selected = null;
    cg?.selectSquare(null);
    syncBoard();
    redraw();
  }

  function submitTyped(): void {
    const text = normaliseTyped(typed);
    if (!text) return;
    const m = parseUci(text);
    const uci = m ? findMove(st.legalMoves, m.from, m.to) : null;
    if (!moverNow()) message = t('ms.notYourTurn');
    else if (!uci || (m && m.promotion && m.promotion !== 'q')) message = t('ms.notLegal', { move: typed.trim() });
    else {
      typed = '';
      send(uci);
      return;
    }
    redraw();
  }

  function renderInput(): VNode {
    const onSubmit = (e: Event) => {
      e.preventDefault();
      submitTyped();
      const input = (e.target as HTMLFormElement).querySelector('input');
      if (input && typed === '') input.value = '';
    };
    return h('form.ms-typed', { on: { submit: onSubmit } }, [
      h('label', { attrs: { for: 'ms-move-input' } }, t('ms.typeMove')),
      h('div.ms-typed-row', [
        h('input#ms-move-input', {
          attrs: {
            type: 'text',
            autocomplete: 'off',
            autocapitalize: 'off',
            spellcheck: 'false',
            placeholder: t('ms.typeMoveHint'),
            'data-testid': 'ms-move-input',
            disabled: !moverNow(),
          },
          props: { value: typed },
          on: { input: (e: Event) => (typed = (e.target as HTMLInputElement).value) },
        }),
        h('button', { attrs: { type: 'submit', 'data-testid': 'ms-move-submit', disabled: !moverNow() } }, t('ms.typeMoveGo')),
      ]),
      message ? h('p.ms-error', { attrs: { role: 'alert', 'data-testid': 'ms-error' } }, message) : null,
    ].filter(Boolean) as VNode[]);
  }

  function renderOdds(): VNode | null {
    const allowed = assistAllowed(ctx.summary, st);
    if (!allowed) return null;
    const kids: VNode[] = [
      h(
        'button.ms-odds-toggle',
        {
          attrs: { type: 'button', 'data-testid': 'ms-odds-toggle', 'aria-pressed': String(oddsOn) },
          on: {
            click: () => {
              oddsOn = !oddsOn;
              if (oddsOn) void fetchOdds();
              renderOverlayNow();
              redraw();
            },
          },
        },
        oddsOn ? t('ms.oddsHide') : t('ms.oddsShow'),
      ),
    ];
    if (oddsOn && oddsState === 'loading') kids.push(h('p.ms-hint', t('ms.oddsLoading')));
    if (oddsOn && oddsState === 'error') kids.push(h('p.ms-error', { attrs: { 'data-testid': 'ms-odds-error' } }, t('ms.oddsError', { error: oddsError })));
    if (oddsOn && oddsState === 'ok')
      kids.push(
        h('div.ms-heat-legend', { attrs: { 'aria-hidden': 'true' } }, [0, 1, 2, 3, 4].map((l) => h(`span.heat${l}`, ['0%', '<15%', '<35%', '≥35%', '100%'][l]))),
      );
    kids.push(h('p.ms-help', t('ms.oddsHelp')));
    return h('section.ms-panel.ms-odds-panel', [h('h3', t('ms.odds')), ...kids]);
  }

  function renderLegend(): VNode {
    return h('details.ms-panel.ms-legend', [
      h('summary', t('ms.legend')),
      h('ul', [
        h('li', [h('span.ms-swatch.fog'), ' ', t('ms.legendFog')]),
        h('li', [h('span.ms-swatch.clear'), ' ', t('ms.legendClear')]),
        h('li', [h('span.ms-swatch.mine', [icon('bomb')]), ' ', t('ms.legendMine')]),
        h('li', [h('span.ms-legend-nums', [1, 2, 3, 4, 5, 6, 7, 8].map((n) => h(`span.ms-num.n${n}`, String(n)))), ' ', t('ms.legendNumber')]),
      ]),
      h('p.ms-help', t('ms.fogZone')),
      h('p.ms-help', t('ms.promotionNote')),
    ]);
  }

  function renderRules(): VNode {
    return h('details.ms-panel.ms-rules', { attrs: { 'data-testid': 'ms-rules' } }, [
      h('summary', t('ms.rules')),
      h('ul', [1, 2, 3, 4, 5, 6].map((i) => h('li', t(`ms.rules.${i}`)))),
      h('p', [h('a', { attrs: { href: '/rules#minesweeper', target: '_blank', rel: 'noopener', 'data-testid': 'ms-rules-full' } }, t('ms.rules.full'))]),
    ]);
  }

  function renderMoves(): VNode {
    const rows: VNode[] = [];
    const start = st.turn === 'white' ? (st.moves.length % 2 === 0 ? 'white' : 'black') : st.moves.length % 2 === 0 ? 'black' : 'white';
    // who made the first move: the side to move now, back by the number of plies
    const offset = start === 'black' ? 1 : 0;
    // SAN-like when the plies are known (notation.ts), else the squares; the squares stay for screen readers
    const names = history.matches(st.moves) ? notationList(initialPlacement, history.records, st.result?.reason === 'checkmate') : null;
    const fmt = (ply: number): (string | VNode)[] => {
      const uci = st.moves[ply];
      const m = parseUci(uci);
      if (!m) return [uci];
      const squares = m.from === m.to ? m.from : `${m.from}–${m.to}${m.promotion ? '=Q' : ''}`;
      const sap = m.from === m.to ? [icon('bomb'), ' '] : [];
      if (names) return [...sap, names[ply], h('span.sr-only', ` (${squares}${m.from === m.to ? ' ' + t('ms.sapper') : ''})`)];
      if (m.from === m.to) return [`${m.from} `, icon('bomb'), h('span.sr-only', t('ms.sapper'))];
      return [squares];
    };
    const plies: (number | null)[] = [...(offset ? [null] : []), ...st.moves.map((_, i) => i)];
    for (let i = 0; i < plies.length; i += 2) {
      const a = plies[i];
      const b = plies[i + 1];
      rows.push(
        h('li', [
          h('span.ms-mv-n', `${i / 2 + 1}.`),
          h('span.ms-mv', a === null ? ['…'] : fmt(a)),
          b !== undefined && b !== null ? h('span.ms-mv', fmt(b)) : h('span.ms-mv'),
        ]),
      );
    }
    return h('section.ms-panel.ms-moves', [
      h('h3', t('ms.moves')),
      rows.length ? h('ol.ms-movelist', { attrs: { 'data-testid': 'ms-moves' } }, rows) : h('p.ms-hint', t('ms.noMoves')),
    ]);
  }

  function renderLog(): VNode {
    return h('section.ms-panel.ms-log', [
      h('h3', t('ms.events')),
      h(
        'ul',
        { attrs: { 'aria-live': 'polite', 'data-testid': 'ms-log' } },
        log.map((l, i) => h('li', { key: String(log.length - i) }, l.icon ? [icon(l.icon), ' ', l.text()] : [l.text()])),
      ),
    ]);
  }

  function renderCommitment(): VNode {
    const kids: (VNode | null)[] = [
      h('h3', t('ms.commitment')),
      h('code.ms-hash', { attrs: { 'data-testid': 'ms-commitment' } }, published || st.commitment || '—'),
      published && st.commitment && published !== st.commitment
        ? h('p.ms-verify-failed', { attrs: { role: 'alert', 'data-testid': 'ms-commitment-changed' } }, t('ms.commitmentChanged', { now: st.commitment }))
        : null,
      h('p.ms-help', t('ms.commitmentHelp')),
    ];
    if (st.reveal) {
      const v = verification;
      kids.push(h('h3', t('ms.reveal')));
      kids.push(
        h('p', { attrs: { 'data-testid': 'ms-reveal-mines' } }, t('ms.revealMines', { list: st.reveal.mines.length ? st.reveal.mines.join(', ') : t('ms.revealNone') })),
      );
      kids.push(h('code.ms-preimage', st.reveal.preimage));
      if (v)
        kids.push(
          v.ok
            ? h('p.ms-verified', { attrs: { 'data-testid': 'ms-verify', 'data-ok': 'true', role: 'status' } }, t('ms.verified'))
            : h(
                'p.ms-verify-failed',
                { attrs: { 'data-testid': 'ms-verify', 'data-ok': 'false', role: 'alert' } },
                t('ms.verifyFailed', {
                  why: v.problems.map((p) => t(`ms.problem.${p}`, { list: v.missing.join(', ') })).join('; '),
                }),
              ),
        );
    }
    return h('section.ms-panel.ms-commit', kids.filter(Boolean) as VNode[]);
  }

  function renderBoard(): VNode {
    const at = now();
    return h(
      'div.ms-board-area',
      {
        class: { shake: fx.shakeUntil > at, 'fog-gone': st.fogGone && st.minesAtStart > 0, 'fog-gone-fx': fx.fogGoneUntil > at },
        attrs: { 'data-testid': 'ms-board', 'data-mover': moverNow() ?? 'none' },
      },
      [
        h('div.board-wrap.ratio-8x10', [
          h('div.cg-wrap.ms-cg', {
            key: 'cg',
            attrs: { role: 'img', 'aria-label': t('ms.boardLabel') },
            hook: {
              insert: (vnode) => mountBoard(vnode.elm as HTMLElement),
              postpatch: () => syncBoard(),
              destroy: () => {
                cg?.destroy();
                cg = null;
                overlayVnode = null;
                overlayEl = null;
              },
            },
          }),
          keys.render(),
        ]),
        h('div.ms-board-tools', [
          ctx.orientation ? null : h(
            'button.ms-flip',
            {
              attrs: { type: 'button', 'data-testid': 'ms-flip', title: t('ms.flip'), 'aria-label': t('ms.flip') },
              on: {
                click: () => {
                  ownOrientation = ownOrientation === 'white' ? 'black' : 'white';
                  syncBoard();
                  redraw();
                },
              },
            },
            [icon('flip')],
          ),
          renderCounter(),
        ].filter(Boolean) as VNode[]),
      ],
    );
  }

  function onKey(e: KeyboardEvent): void {
    const tag = (e.target as HTMLElement | null)?.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 's' || e.key === 'S') {
      toggleSapper();
      e.preventDefault();
    } else if (e.key === 'Escape' && sapperMode) {
      sapperMode = false;
      syncBoard();
      redraw();
    }
  }
  if (typeof document !== 'undefined') document.addEventListener('keydown', onKey);
  // The board unselects a piece clicked again when the button comes up, and tells no one: its
  // select event fired (a timer later) on the way down and may have seen the piece still
  // selected, so a slow click would leave the pawn's sapper marks behind. Read the selection
  // again on button up (the window hears it after the board's own listener on the document).
  function onPointerUp(): void {
    const now = boardSelection();
    if (now === selected) return;
    selected = now;
    redraw();
  }
  if (typeof window !== 'undefined') {
    window.addEventListener('mouseup', onPointerUp);
    window.addEventListener('touchend', onPointerUp);
  }
  // test hook: the screen's public state (nothing the server did not send)
  if (typeof window !== 'undefined')
    (window as any).__msState = () => ({ ...st, fog: [...st.fog], mines: [...st.mines], numbers: Object.fromEntries(st.numbers), mover: moverNow(), sending, haveView });

  return {
    setView(view: any) {
      adoptView(view);
      ensureHistory();
      if (oddsOn) void fetchOdds();
      redraw(); // the board follows in the render's postpatch hook
    },
    applyEvent(ev: any) {
      const wasFresh = typeof ev.seq !== 'number' || ev.seq >= st.eventsSeen;
      const counterBefore = st.counter;
      const e = applyEvent(st, ev);
      liveEvents.push(ev);
      history.add(ev);
      if (wasFresh) effect(e, ev);
      if (ev.type === 'commitment' && !published && ev.commitment) published = rememberCommitment(ctx.id, String(ev.commitment));
      if (ev.type === 'move' && wasFresh) {
        // a sapper action that found a mine lowers the counter (and `mine-cleared` follows)
        if (e.kind === 'move' && e.sapper && Number(ev.counter) >= counterBefore) {
          const target = sapperTargetOf(e.from, ev.by === 'black' ? 'black' : 'white');
          if (target) say(() => t('ms.ev.sapEmpty', { square: target }));
        }
        scheduleRefetch();
      }
      if (ev.type === 'reveal' || ev.type === 'result') {
        checkReveal();
        if (ev.type === 'result' && wasFresh) ctx.sound.notify();
        if (oddsOn) void fetchOdds();
      }
      // the board follows at the next render (one frame later), so that a move and the
      // explosion that ends it reach chessground together and the piece is seen landing
      redraw();
    },
    words() {
      if (!haveView) return null;
      const nums = [...st.numbers].sort((a, b) => squareIndex(a[0]) - squareIndex(b[0]));
      const fogged = [...st.fog].sort((a, b) => squareIndex(a) - squareIndex(b));
      const notes = st.minesAtStart > 0 ? [t('ms.counterAria', { n: st.counter, total: st.minesAtStart }) + '.', ...srSummary([...st.mines], nums, fogged)] : [];
      if (st.check) notes.unshift(t('ms.check'));
      return { placement: st.placement, notes };
    },
    render(): VNode {
      checkReveal();
      return h('div.ms-screen', { attrs: { 'data-testid': 'ms-screen' } }, [
        // the fog-lifted banner stands beside the board (on a phone: with the panels), never above it
        h('div.ms-main', [renderBoard(), renderStatus()]),
        h('aside.ms-side', [
          renderFogGone(),
          renderSapper(),
          ctx.seat === 'spectator' && !ctx.local ? null : renderInput(), // a spectator gets no input
          renderOdds(),
          renderLog(),
          renderMoves(),
          renderCommitment(),
          renderLegend(),
          renderRules(),
        ].filter(Boolean) as VNode[]),
      ]);
    },
    destroy() {
      destroyed = true;
      for (const id of timers) clearTimeout(id);
      timers.clear();
      if (refetchTimer) clearTimeout(refetchTimer);
      if (typeof document !== 'undefined') document.removeEventListener('keydown', onKey);
      if (typeof window !== 'undefined') {
        window.removeEventListener('mouseup', onPointerUp);
        window.removeEventListener('touchend', onPointerUp);
      }
      cg?.destroy();
      cg = null;
    },
  };

}
