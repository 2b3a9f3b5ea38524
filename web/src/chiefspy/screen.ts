// The Chief & Spy game screen (docs/rules.md#chief--spy, docs/chiefspy.md): secret set-up, the
// board with Great pieces and own values, battles announced and animated, the Spy gambit as two
// steps, promotion from the reserve, score, commitments and verified reveals, the deduction
// notebook and (when allowed) the automatic deduction from GET /api/games/{id}/assist.
// Everything shown comes from this seat's view and events; nothing secret is inferred here.
import { h, type VNode } from 'snabbdom';
import type { GameContext, GameScreen } from '../games/types';
import { createBoard, installPieces, type BoardApi } from '../board/setup';
import { squareToKey, keyToSquare } from '../board/keys';
import type { Key } from 'chessgroundx/types';
import { api } from '../api';
import { tokenFor } from '../session';
import { t } from '../i18n';
import { SLOTS, type Slot, type Colour, verifyReveal, shortHex } from './commitment';
import { SETUP_VALUES, type SetupState, emptySetup, setupFrom, isComplete, setValuesAction } from './setup';
import { type InputState, idle, firstDests, secondDests, drop, dropSecond, stopHere, choosePromotion, promotionPiece, gambitOrigins } from './moveinput';
import { type Notebook, loadNotebook, saveNotebook, toggle, resetSlot, pin } from './notebook';
import './messages';
import { identityIcon, pieceName, valueName } from './names';
import { renderValueEntry } from './value-entry';
import { renderRules } from './rules';
import { icon } from '../icons';
import { BoardKeys } from '../board/keyboard';
import { announce, type BoardWords } from '../board/blind';
import { coordinateWords } from '../board/words';
import './chiefspy.css';

type Seat = 'white' | 'black';
const other = <T extends Seat>(c: T): T => (c === 'white' ? 'black' : 'white') as T;
const ROLE_LETTER: Record<string, string> = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };

const colourName = (c: string) => t(`cs.colour.${c}`);

/** A small piece picture (the board's own piece images), with a Great mark when asked. */
function pieceIcon(role: string, colour: string, great = false): VNode {
  return h(`span.cg-wrap.cs-icon${great ? '.cs-icon-great' : ''}`, { attrs: { 'aria-hidden': 'true' } }, [
    h(`piece.${ROLE_LETTER[role] ?? 'p'}-piece.${colour}`),
  ]);
}

interface Announce {
  n: number;
  seq: number | null;
  round: number;
  battle: any;
  gambit: boolean;
  promotion: any;
}

class ChiefSpyScreen implements GameScreen {
  private view: any = null;
  private cg: BoardApi | null = null;
  private previewCg: BoardApi | null = null; // the set-up's board preview
  private setup: SetupState = emptySetup();
  private setupKey = '';
  private handedOver = '';
  private input: InputState = idle();
  private announce: Announce | null = null;
  private annCount = 0;
  /** The seqs of the battle events announced (each got its card): the e2e tests compare them with the socket's. */
  private battleSeqs: number[] = [];
  private stale = false;
  private error: string | null = null;
  private busy = false;
  private notebook: Notebook | null = null;
  private notebookKey = '';
  private assist: any = null;
  private assistState: 'hidden' | 'loading' | 'shown' | 'off' = 'hidden';
  private commitSeen: Record<string, { white: string; black: string }> = {};
  private showFull: Record<string, boolean> = {};
  private refreshing = false;
  private refreshAgain = false;
  private minEvents = 0;
  private destroyed = false;
  private keys = new BoardKeys({
    board: () => this.cg,
    orientation: () => this.orientation(),
    notes: (sq) => this.squareNotes(sq),
    cancel: () => {
      if (this.input.kind !== 'idle') this.cancelInput();
    },
    say: (text) => (announce(text), this.ctx.redraw()),
  });

  constructor(private ctx: GameContext) {
    installPieces();
    try {
      this.commitSeen = JSON.parse(localStorage.getItem(this.commitStoreKey()) ?? '{}') ?? {};
    } catch {
      this.commitSeen = {};
    }
  }

  // ---- data ----------------------------------------------------------------------------

  private commitStoreKey() {
    return `arbiter.chiefspy.commitments.${this.ctx.id}`;
  }

  private rememberCommitments(round: number, c: any) {
    if (!c || !c.white || !c.black || this.commitSeen[round]) return;
    this.commitSeen[round] = { white: c.white, black: c.black };
    try {
      localStorage.setItem(this.commitStoreKey(), JSON.stringify(this.commitSeen));
    } catch {
      /* storage unavailable */
    }
  }

  /** The seat whose view this screen shows (local games: whoever has to act). */
  private seat(): Seat | null {
    const s = this.view?.seat ?? this.ctx.seat;
    return s === 'white' || s === 'black' ? s : null;
  }

  private myColour(): Colour | null {
    return this.view?.myColour ?? null;
  }

  private token(seat?: Seat | null): string | null {
    if (this.ctx.local && seat) return tokenFor(this.ctx.id, seat) ?? tokenFor(this.ctx.id);
    if (seat === null) return null;
    return tokenFor(this.ctx.id, this.ctx.seat === 'spectator' ? undefined : this.ctx.seat);
  }

  setView(view: any): void {
    if (!view) return;
    // Local games: the page's view is its own seat's; show the view of the seat that acts.
    if (this.ctx.local) {
      const want = this.wantedSeatFor(view);
      if (want && view.seat !== want) {
        if (typeof view.events === 'number') this.minEvents = Math.max(this.minEvents, view.events);
        this.refresh(want);
        return;
      }
    }
    this.adoptView(view);
  }

  /** Local games: the seat that has to act in `view` (set-up: the first not ready; play: to move). */
  private wantedSeatFor(view: any): Seat | null {
    if (view?.phase === 'setup') return !view.ready?.white ? 'white' : !view.ready?.black ? 'black' : null;
    if (view?.phase === 'play' && (view.toMove === 'white' || view.toMove === 'black')) return view.toMove;
    return null;
  }

  private adoptView(view: any): void {
    // A view older than the one shown (two refreshes crossing) is dropped.
    if (this.view && typeof view.events === 'number' && typeof this.view.events === 'number' && view.events < this.view.events) return;
    const prevRound = this.view?.round;
    this.view = view;
    this.stale = false;
    if (view.phase === 'play' && view.commitments) this.rememberCommitments(view.round, view.commitments);
    const key = `${view.round}:${view.seat}`;
    if (key !== this.setupKey) {
      this.setupKey = key;
      this.setup = setupFrom(view.myValues);
    } else if (view.myValues && !isComplete(this.setup)) {
      this.setup = setupFrom(view.myValues);
    }
    if (prevRound !== view.round) this.input = idle();
    if (view.phase === 'play' && this.announce && this.announce.round !== view.round) this.announce = null;
    this.loadNotes();
    this.syncBoard(this.input.kind === 'idle');
    if (this.assistAllowed()) this.fetchAssist();
    this.ctx.redraw();
  }

  applyEvent(ev: any): void {
    if (!ev || this.destroyed) return;
    if (typeof ev.seq === 'number') this.minEvents = Math.max(this.minEvents, ev.seq + 1);
    const v = this.view;
    // Already in the view shown (local games fetch the acting seat's view themselves): announce
    // it, but leave the board as the newer view has it.
    const covered = typeof ev.seq === 'number' && typeof v?.events === 'number' && ev.seq < v.events;
    switch (ev.type) {
      case 'setup':
        this.input = idle();
        this.stale = true;
        break;
      case 'values-set':
        if (v && ev.round === v.round) v.myValues = ev.values;
        break;
      case 'ready':
        if (v && ev.round === v.round) v.ready = { ...(v.ready ?? {}), [ev.seat]: true };
        break;
      case 'round-start':
        announce(t('cs.round', { n: ev.round }));
        this.announce = null;
        this.rememberCommitments(ev.round, ev.commitments);
        this.ctx.sound.notify();
        if (!covered) {
          this.stale = true;
          this.cg?.set({ fen: ev.fen, lastMove: undefined });
        }
        break;
      case 'move':
        this.onMoveEvent(ev, covered);
        break;
      case 'round-end':
        announce(t('cs.roundEnd', { n: ev.round, reason: t(`cs.reason.${ev.reason}`) }));
        this.stale = true;
        this.input = idle();
        break;
      case 'result':
        this.input = idle();
        break;
      default:
        break;
    }
    // Events carry no legal moves, piece ids or reserves: the page asks for a fresh view after
    // every event and hands it to setView, which (in a local game) fetches the acting seat's.
    this.ctx.redraw();
  }

  private onMoveEvent(ev: any, covered = false) {
    const said = [t('words.played', { side: colourName(ev.colour === 'black' ? 'black' : 'white'), move: coordinateWords(String(ev.move ?? '')) })];
    if (ev.gambit) said.push(t('cs.gambit.played'));
    if (ev.battle) {
      const bt = this.battleText(ev.battle);
      said.push(`${t('cs.battle.title', { square: ev.battle.contested })}: ${bt.vs}. ${bt.bonus}. ${bt.winner}.`);
    }
    if (ev.promotion) said.push(t('cs.promoted', { piece: pieceName(ev.promotion.id) }) + '.');
    announce(said.join(' '));
    if (!covered) {
      this.input = idle();
      this.stale = true;
      const parts = String(ev.move ?? '').split('+');
      const first = parts[0] ?? '';
      const last = parts[parts.length - 1] ?? '';
      try {
        const lastMove: Key[] = [squareToKey(first.slice(0, 2)), ...(parts.length > 1 ? [squareToKey(parts[0].slice(2, 4))] : []), squareToKey(last.slice(2, 4))];
        this.cg?.set({ fen: ev.fen, lastMove, movable: { color: undefined, dests: new Map() } });
      } catch {
        this.cg?.set({ fen: ev.fen });
      }
    }
    if (ev.battle || ev.gambit || ev.promotion) {
      const seq = typeof ev.seq === 'number' ? ev.seq : null;
      this.announce = { n: ++this.annCount, seq, round: ev.round, battle: ev.battle ?? null, gambit: !!ev.gambit, promotion: ev.promotion ?? null };
      if (ev.battle && seq !== null) this.battleSeqs.push(seq);
    }
    if (ev.battle) this.ctx.sound.capture();
    else this.ctx.sound.move();
  }

  /** Local games: fetches the view of `seat` (the page's connection holds the creator's seat). */
  private refreshSeat: Seat | null = null;
  private behind = 0;
  private refresh(seat: Seat | null) {
    if (this.destroyed) return;
    this.refreshSeat = seat;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    const want = this.minEvents;
    api
      .game(this.ctx.id, this.token(seat))
      .then((g) => {
        if (this.destroyed) return;
        if (g.result !== undefined) this.ctx.summary.result = g.result;
        if (g.status) this.ctx.summary.status = g.status;
        if (g.assist) this.ctx.summary.assist = g.assist;
        if (typeof g.view?.events === 'number' && g.view.events < want) {
          // Behind the events already seen: ask again, a few times at most.
          if (++this.behind <= 5) this.refreshAgain = true;
        } else if (g.view) {
          this.behind = 0;
          const again = this.wantedSeatFor(g.view);
          if (this.ctx.local && again && again !== g.view.seat) {
            this.refreshSeat = again;
            this.refreshAgain = true;
          }
          else this.adoptView(g.view);
        }
      })
      .catch(() => {
        /* the connection's next view will do */
      })
      .finally(() => {
        this.refreshing = false;
        if (this.refreshAgain) {
          this.refreshAgain = false;
          this.refresh(this.refreshSeat);
        }
      });
  }

  private assistAllowed(): boolean {
    if (this.myColour() === null) return false;
    const s = this.ctx.summary;
    return !!s.assist?.enabled || s.status === 'finished' || this.view?.phase === 'over';
  }

  private assistKey = '';
  private fetchAssist() {
    const v = this.view;
    if (!v || v.phase === 'setup') return;
    const key = `${v.round}:${v.phase}:${v.battles?.length ?? 0}:${v.seat}`;
    if (key === this.assistKey) return;
    this.assistKey = key;
    const token = this.token(this.seat());
    if (!token) return;
    if (this.assistState !== 'shown') this.assistState = 'loading';
    api
      .assist(this.ctx.id, token)
      .then((a) => {
        this.assist = a;
        this.assistState = 'shown';
      })
      .catch((e: any) => {
        // 403 assist-off: not agreed (yet); anything else (e.g. nothing to deduce): try later.
        this.assistState = e?.code === 'assist-off' ? 'off' : 'hidden';
        if (this.assistState === 'hidden') this.assistKey = '';
        this.assist = null;
      })
      .finally(() => this.ctx.redraw());
  }

  private loadNotes() {
    const v = this.view;
    if (!v || !this.myColour()) {
      this.notebook = null;
      return;
    }
    const key = `${this.ctx.id}:${v.round}:${v.seat}`;
    if (key === this.notebookKey && this.notebook) return;
    this.notebookKey = key;
    this.notebook = loadNotebook(this.ctx.local ? `${this.ctx.id}.${v.seat}` : this.ctx.id, v.round);
  }

  private saveNotes() {
    const v = this.view;
    if (!v || !this.notebook) return;
    saveNotebook(this.ctx.local ? `${this.ctx.id}.${v.seat}` : this.ctx.id, v.round, this.notebook);
  }

  // ---- board ---------------------------------------------------------------------------

  private orientation(): Colour {
    if (this.ctx.local) return this.ctx.orientation?.() ?? this.myColour() ?? 'white';
    const mine = this.myColour() ?? 'white';
    // The page's Flip button: its orientation differs from the seat's default when flipped.
    const page = this.ctx.orientation?.();
    const seatDefault = this.ctx.seat === 'black' ? 'black' : 'white';
    return page && page !== seatDefault ? other(mine) : mine;
  }

  private myTurn(): boolean {
    const v = this.view;
    return !!v && v.phase === 'play' && Array.isArray(v.legalMoves) && v.legalMoves.length > 0 && !!this.myColour();
  }

  private toKeys(m: Map<string, string[]>): Map<Key, Key[]> {
    const out = new Map<Key, Key[]>();
    for (const [o, ds] of m) out.set(squareToKey(o), ds.map(squareToKey));
    return out;
  }

  private syncBoard(resetPosition: boolean) {
    const v = this.view;
    const cg = this.cg;
    if (!cg || !v) return;
    const turn: Colour = / b /.test(v.fen ?? '') ? 'black' : 'white';
    const mine = this.myTurn();
    const colour = this.myColour() ?? undefined;
    if (this.input.kind === 'gambit') {
      cg.set({
        turnColor: colour,
        movable: { color: colour, dests: this.toKeys(secondDests(this.input)) },
      });
      cg.selectSquare(squareToKey(this.input.mid));
      return;
    }
    if (resetPosition) {
      let lastMove: Key[] | undefined;
      const lm = v.moves?.length ? String(v.moves[v.moves.length - 1]) : '';
      if (lm) {
        const parts = lm.split('+');
        try {
          lastMove = [squareToKey(parts[0].slice(0, 2)), squareToKey(parts[parts.length - 1].slice(2, 4))];
        } catch {
          lastMove = undefined;
        }
      }
      cg.set({ fen: v.fen, lastMove });
    }
    cg.set({
      orientation: this.orientation(),
      turnColor: turn,
      viewOnly: false,
      movable: {
        free: false,
        color: mine && !this.busy ? colour : undefined,
        dests: mine ? this.toKeys(firstDests(v.legalMoves)) : new Map(),
        showDests: true,
        events: { after: (o, d) => this.onUserMove(o, d) },
      },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
    });
  }

  private onUserMove(orig: Key, dest: Key) {
    const v = this.view;
    if (!v) return;
    const from = keyToSquare(orig);
    const to = keyToSquare(dest);
    const r = this.input.kind === 'gambit' ? dropSecond(this.input, from, to) : drop(v.legalMoves ?? [], from, to);
    this.input = r.state;
    this.error = null;
    if (r.send) this.sendMove(r.send);
    else if (r.state.kind === 'gambit') this.syncBoard(false);
    else if (r.state.kind === 'idle') this.syncBoard(true);
    this.ctx.redraw();
  }

  private sendMove(move: string) {
    this.busy = true;
    this.cg?.unselect();
    this.syncBoard(false);
    this.ctx
      .act({ type: 'move', move }, this.ctx.local ? (this.seat() ?? undefined) : undefined)
      .catch((e: Error) => {
        this.error = e?.message ?? String(e);
        this.syncBoard(true);
      })
      .finally(() => {
        this.busy = false;
        this.syncBoard(false);
        this.ctx.redraw();
      });
  }

  private cancelInput() {
    this.input = idle();
    if (this.focusBack) {
      this.focusBack = false;
      this.keys.focus();
    }
    this.cg?.unselect();
    this.syncBoard(true);
    this.ctx.redraw();
  }

  private focusBack = false;
  private resolve(r: { state: InputState; send: string | null }) {
    this.input = r.state;
    if (this.focusBack && r.state.kind === 'idle') {
      this.focusBack = false;
      this.keys.focus();
    }
    if (r.send) this.sendMove(r.send);
    this.ctx.redraw();
  }

  private act(action: object) {
    this.error = null;
    this.busy = true;
    this.ctx.redraw();
    return this.ctx
      .act(action, this.ctx.local ? (this.seat() ?? undefined) : undefined)
      .catch((e: Error) => {
        this.error = e?.message ?? String(e);
      })
      .finally(() => {
        this.busy = false;
        this.ctx.redraw();
      });
  }

  // ---- rendering -----------------------------------------------------------------------

  render(): VNode {
    const v = this.view;
    if (!v) return h('div.cs-screen', { attrs: { 'data-testid': 'chiefspy-screen' } }, '…');
    const setupPhase = v.phase === 'setup';
    // The set-up form (or its hand-over) takes the board's place; everything that comes and
    // goes while the board is shown (the round's end, the wait for the opponent's set-up, an
    // error) stands beside or below it, so that the board never moves under the cursor.
    const form = setupPhase && this.setupVisible();
    return h('div.cs-screen', { attrs: { 'data-testid': 'chiefspy-screen', 'data-phase': v.phase, 'data-round': String(v.round) } }, [
      this.renderStatus(),
      h('div.cs-layout', [
        h('div.cs-main', [
          form ? this.renderRoundEnd() : null,
          form ? this.renderSetup() : null,
          h('div.cs-board-area', { class: { 'cs-hidden': form } }, [this.renderBoard(), this.renderInputBar()]),
          this.error ? h('p.cs-error', { attrs: { role: 'alert', 'data-testid': 'cs-error' } }, t('cs.error', { msg: this.error })) : null,
        ]),
        h('aside.cs-side', [
          form ? this.renderSetupPreview() : null, // beside the form (on a phone: below it)
          form ? null : this.renderRoundEnd(),
          setupPhase && !form ? this.renderSetup() : null,
          this.renderAnnounce(),
          this.renderMyValuesPanel(),
          this.renderReserves(),
          this.renderCommitments(),
          this.renderNotebook(),
          this.renderAssist(),
          this.renderBattleLog(),
          this.renderRounds(),
          renderRules(),
        ]),
      ]),
    ]);
  }

  /** The last round's end, while the next set-up runs or once the match is over. */
  private renderRoundEnd(): VNode | null {
    const v = this.view;
    const rounds: any[] = v.rounds ?? [];
    const last = rounds[rounds.length - 1];
    if (!last || v.phase === 'play') return null;
    const pts = last.points ?? {};
    const who = (['white', 'black'] as Seat[]).filter((s) => pts[s] > 0).map((s) => `${this.seatLabel(s)} +${pts[s]}`);
    return h('div.cs-roundend', { attrs: { 'data-testid': 'round-end', role: 'status' } }, [
      h('strong', t('cs.roundEnd', { n: last.round, reason: t(`cs.reason.${last.reason}`) })),
      who.length ? h('span', ` ${who.join(', ')}`) : null,
    ]);
  }

  private seatLabel(seat: Seat): string {
    if (!this.ctx.local && seat === this.ctx.seat) return t('cs.you');
    if (!this.ctx.local && this.ctx.seat !== 'spectator') return t('cs.opponent');
    return t(`cs.seat.${seat}`);
  }

  private renderStatus(): VNode {
    const v = this.view;
    const colourOf = v.colourOf ?? { white: 'white', black: 'black' };
    const seats: Seat[] = this.ctx.seat === 'black' && !this.ctx.local ? ['black', 'white'] : ['white', 'black'];
    const turn: Colour = / b /.test(v.fen ?? '') ? 'black' : 'white';
    return h('div.cs-status', [
      h('span.cs-round', { attrs: { 'data-testid': 'cs-round', title: t('cs.roundOf', { n: v.round }) } }, t('cs.round', { n: v.round })),
      h(
        'span.cs-score',
        { attrs: { 'data-testid': 'cs-score', 'aria-label': t('cs.score') } },
        seats.flatMap((s, i) => [
          i ? h('span.cs-score-sep', '–') : null,
          h('span.cs-score-seat', [
            h('span.cs-seat-name', `${this.seatLabel(s)} `),
            h(`span.cs-colour-dot.${colourOf[s]}`, { attrs: { title: t('cs.playsColour', { colour: colourName(colourOf[s]) }) } }),
            h('b', { attrs: { 'data-testid': `cs-score-${s}` } }, String(v.score?.[s] ?? 0)),
          ]),
        ]),
      ),
      v.phase === 'play'
        ? h('span.cs-turn', { attrs: { 'data-testid': 'cs-turn', 'aria-live': 'polite' } }, this.myTurn() && !this.ctx.local ? t('cs.yourMove') : t('cs.toMove', { colour: colourName(turn) }))
        : v.phase === 'over'
          ? h('span.cs-turn', { attrs: { 'data-testid': 'cs-over' } }, t('cs.over'))
          : null,
    ]);
  }

  // -- set-up

  /** Whether this device shows a set-up form now (so the board is hidden under it). */
  private setupVisible(): boolean {
    const v = this.view;
    const seat = this.seat();
    return v.phase === 'setup' && !!seat && !v.ready?.[seat] && !!this.myColour();
  }

  private renderSetup(): VNode {
    const v = this.view;
    const seat = this.seat();
    const colour = this.myColour();
    if (!seat || !colour) return h('div.cs-setup.cs-wait', { attrs: { 'data-testid': 'setup-spectator' } }, t('cs.setup.spectator'));
    if (v.ready?.[seat]) {
      const otherSeat = other(seat);
      return h('div.cs-setup.cs-wait', { attrs: { 'data-testid': 'setup-waiting', 'aria-live': 'polite' } }, [
        h('p', this.ctx.local ? t('cs.setup.waitingSeat', { seat: t(`cs.seat.${otherSeat}`) }) : t('cs.setup.waiting')),
        !this.ctx.local && v.myValues ? this.renderOwnValues(v.myValues, colour) : null,
      ]);
    }
    // Local games: a hand-over screen before each player's secret set-up.
    const handKey = `${v.round}:${seat}`;
    if (this.ctx.local && this.handedOver !== handKey) {
      const name = t(`cs.seat.${seat}`);
      return h('div.cs-setup.cs-handover', { attrs: { 'data-testid': 'setup-handover' } }, [
        h('p', t('cs.setup.handover', { seat: name, colour: colourName(colour) })),
        h(
          'button.cs-btn.primary',
          { attrs: { 'data-testid': 'setup-handover-go' }, on: { click: () => ((this.handedOver = handKey), this.ctx.redraw()) } },
          t('cs.setup.handoverGo', { seat: name }),
        ),
      ]);
    }
    return renderValueEntry({
      get: () => this.setup,
      update: (st) => ((this.setup = st), this.ctx.redraw()),
      colour,
      title: this.ctx.local ? t('cs.setup.titleSeat', { seat: t(`cs.seat.${seat}`), colour: colourName(colour) }) : t('cs.setup.title'),
      testid: 'setup',
      prefix: 'setup',
      sel: 'div.cs-setup',
      readyLabel: t('cs.setup.ready'),
      busy: this.busy,
      ready: () => this.act(setValuesAction(this.setup)),
      extra: [
        h(
          'button.cs-btn.link',
          { attrs: { type: 'button', 'data-testid': 'setup-server-random', disabled: this.busy }, on: { click: () => this.act({ type: 'set-values', random: true }) } },
          t('cs.setup.serverRandom'),
        ),
      ],
    });
  }

  /** The set-up form is on screen (not its hand-over): its values are this device's to see. */
  private formShowing(): boolean {
    const v = this.view;
    if (!this.setupVisible()) return false;
    return !this.ctx.local || this.handedOver === `${v.round}:${this.seat()}`;
  }

  /** A small board during the set-up: the round's position from this side, each value on its
   *  piece as it is given, the Great pieces marked. */
  private renderSetupPreview(): VNode | null {
    const v = this.view;
    const colour = this.myColour();
    if (!colour || !this.formShowing()) return null;
    const at = (sq: string) => {
      const f = sq.charCodeAt(0) - 97;
      const r = Number(sq.slice(1)) - 1;
      const white = colour === 'white';
      return { left: `${(white ? f : 7 - f) * 12.5}%`, top: `${(white ? 7 - r : r) * 12.5}%` };
    };
    const marks: VNode[] = [];
    for (const c of ['white', 'black'] as Colour[]) {
      const rank = c === 'white' ? '1' : '8';
      for (const slot of SLOTS) {
        const sq = `${slot}${rank}`;
        const val = c === colour ? this.setup.values[slot] : null;
        const great = slot <= 'c';
        if (!great && !val) continue;
        marks.push(
          h('div.cs-sq', { key: sq, class: { great }, style: at(sq), attrs: { 'data-square': sq } }, [
            great ? h('span.cs-great-mark', 'G') : null,
            val ? h('span.cs-val', val) : null,
          ]),
        );
      }
    }
    const fen = typeof v.fen === 'string' && v.fen ? v.fen : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1';
    return h('section.cs-panel.cs-setup-preview', { attrs: { 'data-testid': 'setup-preview' } }, [
      h('h3', t('cs.setup.preview')),
      h('div.board-wrap.cs-board.cs-preview-board', { attrs: { role: 'img', 'aria-label': t('cs.setup.preview') } }, [
        h('div.cg-wrap', {
          key: `cs-preview-${colour}`,
          hook: {
            insert: (vn) => {
              this.previewCg?.destroy();
              this.previewCg = createBoard(vn.elm as HTMLElement, { fen, orientation: colour, viewOnly: true, coordinates: false, animation: { enabled: false }, drawable: { enabled: false, visible: false } });
            },
            destroy: () => {
              this.previewCg?.destroy();
              this.previewCg = null;
            },
          },
        }),
        h('div.cs-overlay', { attrs: { 'aria-hidden': 'true' } }, marks),
      ]),
    ]);
  }

  private renderOwnValues(values: Record<string, string>, colour: Colour): VNode {
    return h('div.cs-own-values', { attrs: { 'data-testid': 'own-values' } }, [
      h('h3', t('cs.setup.yourValues')),
      h(
        'ul.cs-valuelist',
        SLOTS.map((s) => h('li', [identityIcon(s, colour), h('span', pieceName(s)), h('b', values[s])])),
      ),
    ]);
  }

  // -- board and overlay

  private renderBoard(): VNode {
    const mover = this.myTurn() && !this.busy && this.input.kind === 'idle' ? (this.myColour() ?? 'none') : this.input.kind !== 'idle' ? 'input' : 'none';
    return h('div.board-wrap.cs-board', { attrs: { 'data-testid': 'cs-board', 'data-mover': mover } }, [
      h('div.cg-wrap', {
        key: 'cs-board',
        hook: {
          insert: (vn) => {
            this.cg = createBoard(vn.elm as HTMLElement, { orientation: this.orientation(), fen: this.view?.fen });
            this.syncBoard(true);
          },
          destroy: () => {
            this.cg?.destroy();
            this.cg = null;
          },
        },
      }),
      this.renderOverlay(),
      this.keys.render(),
    ]);
  }

  /** Words a square's keyboard name adds: a Great piece, one's own value, the notebook's guess. */
  private squareNotes(sq: string): string[] {
    const v = this.view;
    if (!v || this.stale || v.phase === 'setup' || !Array.isArray(v.pieces)) return [];
    const p = v.pieces.find((x: any) => x.square === sq);
    if (!p) return [];
    const me = this.myColour();
    const out: string[] = [];
    if (p.id) out.push(pieceName(p.id));
    if (p.great) out.push(t('cs.great'));
    if (p.colour === me && p.initial) out.push(p.changed ? t('cs.changed', { v: p.initial }) : t('cs.initial', { v: valueName(p.initial) }));
    else if (p.colour !== me && p.id && this.notebook) {
      const poss = this.notebook[p.id as Slot];
      if (poss && poss.length && poss.length <= 3) out.push(`${t('cs.notebook')}: ${poss.join('/')}`);
    }
    return out;
  }

  words(): BoardWords | null {
    const v = this.view;
    if (!v || typeof v.fen !== 'string' || v.phase === 'setup') return null;
    const squareNotes: Record<string, string> = {};
    for (const p of Array.isArray(v.pieces) ? v.pieces : []) {
      const n = this.squareNotes(p.square);
      if (n.length) squareNotes[p.square] = n.join(', ');
    }
    return { placement: v.fen.split(' ')[0], squareNotes, notes: [t('cs.round', { n: v.round })] };
  }

  private pos(square: string): { left: string; top: string } {
    const f = square.charCodeAt(0) - 97;
    const r = Number(square.slice(1)) - 1;
    const white = this.orientation() === 'white';
    return { left: `${(white ? f : 7 - f) * 12.5}%`, top: `${(white ? 7 - r : r) * 12.5}%` };
  }

  private renderOverlay(): VNode {
    const v = this.view;
    const me = this.myColour();
    const items: VNode[] = [];
    if (!this.stale && v.phase !== 'setup' && Array.isArray(v.pieces)) {
      for (const p of v.pieces) {
        if (!p.id) continue;
        const marks: VNode[] = [];
        if (p.great) marks.push(h('span.cs-great-mark', { attrs: { title: t('cs.great') } }, 'G'));
        if (p.colour === me && p.initial) {
          marks.push(
            h(
              'span.cs-val',
              { class: { changed: !!p.changed }, attrs: { title: p.changed ? t('cs.changed', { v: p.initial }) : t('cs.initial', { v: valueName(p.initial) }), 'data-testid': `val-${p.square}` } },
              p.changed ? `${p.initial}?` : p.initial,
            ),
          );
        } else if (p.colour !== me && this.notebook && me) {
          const poss = this.notebook[p.id as Slot];
          if (poss && poss.length <= 3 && poss.length > 0) marks.push(h('span.cs-note', { attrs: { title: t('cs.notebook') } }, poss.join('/')));
        }
        if (!marks.length) continue;
        // While a gambit waits for its second step, the Spy's marks follow it to the middle square.
        const at = this.input.kind === 'gambit' && p.square === this.input.from ? this.input.mid : p.square;
        items.push(h('div.cs-sq', { key: `${p.square}`, class: { great: !!p.great, own: p.colour === me }, style: this.pos(at), attrs: { 'data-square': at } }, marks));
      }
    }
    const a = this.announce;
    if (a?.battle && v.phase !== 'setup') {
      const b = a.battle;
      items.push(
        h('div.cs-clash', { key: `clash-${a.n}`, class: { [b.winner]: true }, style: this.pos(b.contested), attrs: { 'data-testid': 'battle-clash', 'aria-hidden': 'true' } }, [
          h('span.cs-clash-icon', [icon('swords')]),
          h('span.cs-clash-bonus', `+${b.bonus.attacker}/+${b.bonus.defender}`),
        ]),
      );
    }
    return h('div.cs-overlay', { attrs: { 'aria-hidden': 'true' } }, items);
  }

  private renderInputBar(): VNode | null {
    const st = this.input;
    if (st.kind === 'gambit') {
      return h('div.cs-inputbar.cs-gambit', { attrs: { 'data-testid': 'gambit-bar', role: 'status' } }, [
        h('strong', t('cs.gambit')),
        ' ',
        h('span', st.plain ? t('cs.gambit.second', { square: st.mid }) : t('cs.gambit.secondOnly', { square: st.mid })),
        h(
          'div.cs-gambit-targets',
          st.seconds.map((sq) =>
            h('button.cs-btn', { attrs: { type: 'button', 'data-testid': `gambit-target-${sq}` }, on: { click: () => this.resolve(dropSecond(this.input, st.mid, sq)) } }, [icon('swords'), ` ${sq}`]),
          ),
        ),
        st.plain ? h('button.cs-btn', { attrs: { type: 'button', 'data-testid': 'gambit-stop' }, on: { click: () => this.resolve(stopHere(this.input)) } }, t('cs.gambit.stop')) : null,
        h('button.cs-btn.link', { attrs: { type: 'button', 'data-testid': 'gambit-cancel' }, on: { click: () => this.cancelInput() } }, t('cs.gambit.cancel')),
      ]);
    }
    if (st.kind === 'promote') {
      const colour = this.myColour() ?? 'white';
      return h('div.cs-inputbar.cs-promote', { attrs: { 'data-testid': 'promotion-picker', role: 'dialog', 'aria-label': t('cs.promote.title') } }, [
        h('strong', t('cs.promote.title')),
        h(
          'div.cs-promote-options',
          st.options.map((suffix, i) => {
            const p = promotionPiece(suffix);
            return h(
              'button.cs-btn.cs-promote-opt',
              {
                attrs: { type: 'button', 'data-testid': `promo-${suffix}` },
                on: { click: () => this.resolve(choosePromotion(this.input, suffix)) },
                // chosen from the keyboard squares: the picker takes the focus, and gives it back after
                hook: i === 0 ? { insert: (vn) => this.keys.hasFocus() && (this.focusBack = true, (vn.elm as HTMLElement).focus()) } : undefined,
              },
              [pieceIcon(p.role, colour, p.great), h('span', pieceName(p.id))],
            );
          }),
        ),
        h('button.cs-btn.link', { attrs: { type: 'button', 'data-testid': 'promotion-cancel' }, on: { click: () => this.cancelInput() } }, t('cs.promote.cancel')),
      ]);
    }
    const v = this.view;
    if (!this.myTurn()) return null;
    return h('div.cs-typed', [
      gambitOrigins(v.legalMoves).length ? h('p.cs-hint.cs-gambit-hint', { attrs: { 'data-testid': 'gambit-hint' } }, t('cs.gambit.hint')) : null,
      h('label.cs-move-label', [
        h('span', t('cs.typeMove')),
        h('input.cs-move-input', {
          attrs: { type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'e2e4 · b1c3+c3d5 · e7e8gn', 'data-testid': 'cs-move-input', disabled: this.busy },
          on: {
            keydown: (e: KeyboardEvent) => {
              if (e.key !== 'Enter') return;
              const el = e.target as HTMLInputElement;
              const mv = el.value.trim().toLowerCase();
              if (!mv) return;
              if (!(v.legalMoves as string[]).includes(mv)) {
                this.error = t('cs.typeMove.illegal', { move: mv });
                this.ctx.redraw();
                return;
              }
              el.value = '';
              this.input = idle();
              this.sendMove(mv);
            },
          },
        }),
      ]),
    ]);
  }

  // -- side panels

  private fighterText(f: any): string {
    return `${colourName(f.colour)} ${pieceName(f.id)} (${f.square})`;
  }

  private battleText(b: any): { vs: string; bonus: string; winner: string } {
    const winnerColour = b.winner === 'attacker' ? b.attacker.colour : b.defender.colour;
    return {
      vs: t('cs.battle.vs', { attacker: this.fighterText(b.attacker), defender: this.fighterText(b.defender) }),
      bonus: t('cs.battle.bonus', { a: b.bonus.attacker, d: b.bonus.defender }),
      winner: t(`cs.battle.winner.${b.winner}`, { colour: colourName(winnerColour) }),
    };
  }

  private renderAnnounce(): VNode | null {
    const a = this.announce;
    const counted = { 'data-testid': 'announce', 'data-battles': String(this.battleSeqs.length), 'data-battle-seqs': this.battleSeqs.join(',') };
    if (!a) return h('div.cs-announce.empty', { attrs: { 'aria-live': 'polite', ...counted } });
    const items: VNode[] = [];
    if (a.gambit) {
      items.push(h('p.cs-gambit-played', { attrs: { 'data-testid': 'gambit-played' } }, t('cs.gambit.played')));
      // The opponent's gambit shows which piece is its Spy: one tap notes it.
      const spy = a.battle?.attacker;
      const me = this.myColour();
      if (spy?.id && me && spy.colour !== me && this.notebook && this.view?.phase === 'play')
        items.push(
          h(
            'button.cs-btn.link',
            {
              attrs: { type: 'button', 'data-testid': 'note-spy' },
              on: { click: () => ((this.notebook = pin(this.notebook!, spy.id as Slot, 'S')), this.saveNotes(), this.ctx.redraw()) },
            },
            t('cs.gambit.note', { piece: pieceName(spy.id) }),
          ),
        );
    }
    if (a.battle) {
      const bt = this.battleText(a.battle);
      items.push(
        h('div.cs-battle-card', { key: `ann-${a.n}`, class: { [a.battle.winner]: true }, attrs: { 'data-testid': 'battle-announce', 'data-winner': a.battle.winner, 'data-seq': String(a.seq ?? '') } }, [
          h('h3', [icon('swords'), ' ', t('cs.battle.title', { square: a.battle.contested })]),
          h('p', bt.vs),
          h('p.cs-bonus', bt.bonus),
          h('p.cs-winner', { attrs: { 'data-testid': 'battle-winner' } }, bt.winner),
        ]),
      );
    }
    if (a.promotion) items.push(h('p', { attrs: { 'data-testid': 'promotion-announce' } }, t('cs.promoted', { piece: pieceName(a.promotion.id) })));
    return h('div.cs-announce', { attrs: { 'aria-live': 'polite', ...counted } }, items);
  }

  /** Own initial values during play (also what a screen reader gets instead of the board marks). */
  private renderMyValuesPanel(): VNode | null {
    const v = this.view;
    const me = this.myColour();
    if (!me || !v.myValues || v.phase !== 'play') return null;
    const changed = new Set<string>((v.pieces ?? []).filter((p: any) => p.colour === me && p.changed).map((p: any) => p.id));
    const fallen = new Set<string>(v.reserves?.[me]?.pieces ?? []);
    return h('details.cs-panel', { attrs: { 'data-testid': 'my-values' } }, [
      h('summary', t('cs.setup.yourValues')),
      h(
        'ul.cs-valuelist',
        SLOTS.map((s) =>
          h('li', { class: { fallen: fallen.has(s) } }, [
            identityIcon(s, me),
            h('span', `${pieceName(s)}${fallen.has(s) ? ` (${t('cs.notebook.offBoard')})` : ''}`),
            h('b', { attrs: { title: changed.has(s) ? t('cs.changed', { v: v.myValues[s] }) : '' } }, changed.has(s) ? `${v.myValues[s]}?` : v.myValues[s]),
          ]),
        ),
      ),
    ]);
  }

  private renderReserves(): VNode | null {
    const v = this.view;
    if (!v.reserves || v.phase === 'setup') return null;
    const side = (c: Colour) => {
      const r = v.reserves[c] ?? { pieces: [], pawns: 0 };
      const pieces: string[] = r.pieces ?? [];
      return h('div.cs-reserve', { attrs: { 'data-testid': `reserve-${c}` } }, [
        h('span.cs-reserve-label', `${colourName(c)}: `),
        ...pieces.map((id) => h('span.cs-reserve-piece', { attrs: { title: pieceName(id) } }, [identityIcon(id, c), h('span.sr-only', pieceName(id))])),
        r.pawns ? h('span.cs-reserve-pawns', [pieceIcon('pawn', c), t('cs.reserves.pawns', { n: r.pawns })]) : null,
        !pieces.length && !r.pawns ? h('span.cs-muted', t('cs.reserves.none')) : null,
      ]);
    };
    return h('section.cs-panel', [h('h3', t('cs.reserves')), side('white'), side('black')]);
  }

  private renderCommitments(): VNode | null {
    const v = this.view;
    if (!v.commitments) return null;
    const one = (c: Colour) => {
      const hex: string = v.commitments[c];
      const k = `${v.round}-${c}`;
      return h('div.cs-commit', [
        h('span', `${colourName(c)}: `),
        h(
          'button.cs-hex',
          {
            attrs: { type: 'button', title: hex, 'data-testid': `commitment-${c}`, 'data-full': hex, 'aria-label': `${t('cs.commitment.show')}: ${hex}`, 'aria-expanded': String(!!this.showFull[k]) },
            on: { click: () => ((this.showFull[k] = !this.showFull[k]), this.ctx.redraw()) },
          },
          this.showFull[k] ? hex : shortHex(hex),
        ),
      ]);
    };
    return h('section.cs-panel', [h('h3', t('cs.commitment')), one('white'), one('black')]);
  }

  private renderNotebook(): VNode | null {
    const v = this.view;
    const me = this.myColour();
    const nb = this.notebook;
    if (!me || !nb || v.phase === 'setup') return null;
    const opp = other(me);
    const fallen = new Set<string>(v.reserves?.[opp]?.pieces ?? []);
    return h('details.cs-panel.cs-notebook', { attrs: { 'data-testid': 'notebook', open: true } }, [
      h('summary', t('cs.notebook')),
      h('p.cs-help', t('cs.notebook.help')),
      h(
        'div.cs-nb-rows',
        SLOTS.map((s) =>
          h('div.cs-nb-row', { key: s, class: { fallen: fallen.has(s) } }, [
            h('span.cs-nb-name', [identityIcon(s, opp), pieceName(s), fallen.has(s) ? h('span.cs-muted', ` (${t('cs.notebook.offBoard')})`) : null]),
            h(
              'span.cs-nb-chips',
              SETUP_VALUES.map((val) => {
                const on = nb[s].includes(val);
                return h(
                  'button.cs-nb-chip',
                  {
                    class: { on, special: val === 'C' || val === 'S' },
                    attrs: { type: 'button', 'aria-pressed': String(on), 'data-testid': `nb-${s}-${val}`, 'aria-label': t('cs.notebook.toggle', { piece: pieceName(s), v: valueName(val) }) },
                    on: {
                      click: () => {
                        this.notebook = toggle(this.notebook!, s, val);
                        this.saveNotes();
                        this.ctx.redraw();
                      },
                    },
                  },
                  val,
                );
              }),
            ),
            h(
              'button.cs-btn.link.cs-nb-reset',
              { attrs: { type: 'button', 'aria-label': `${t('cs.notebook.reset')} ${pieceName(s)}` }, on: { click: () => ((this.notebook = resetSlot(this.notebook!, s)), this.saveNotes(), this.ctx.redraw()) } },
              '↺',
            ),
          ]),
        ),
      ),
    ]);
  }

  private renderAssist(): VNode | null {
    if (!this.myColour() || this.assistState === 'hidden') return null;
    if (this.assistState === 'off') return h('section.cs-panel.cs-assist', { attrs: { 'data-testid': 'assist-off' } }, [h('h3', t('cs.assist')), h('p.cs-muted', t('cs.assist.off'))]);
    if (this.assistState === 'loading' && !this.assist) return h('section.cs-panel.cs-assist', [h('h3', t('cs.assist')), h('p.cs-muted', t('cs.assist.loading'))]);
    const a = this.assist;
    const pieces: any[] = Array.isArray(a?.pieces) ? a.pieces : [];
    return h('section.cs-panel.cs-assist', { attrs: { 'data-testid': 'assist' } }, [
      h('h3', t('cs.assist')),
      h('p.cs-help', t('cs.assist.help')),
      typeof a?.assignments === 'number' ? h('p', { attrs: { 'data-testid': 'assist-assignments' } }, t('cs.assist.assignments', { n: a.assignments })) : null,
      h('table.cs-odds', [
        h('thead', h('tr', [h('th', ''), ...SETUP_VALUES.map((val) => h('th', { attrs: { scope: 'col' } }, val))])),
        h(
          'tbody',
          pieces.map((p) =>
            h('tr', { attrs: { 'data-testid': `assist-${p.id}` } }, [
              h('th', { attrs: { scope: 'row', title: `${pieceName(p.id)}${p.square ? ` ${p.square}` : ''}` } }, [
                identityIcon(p.id, p.colour ?? other(this.myColour() ?? 'white')),
                h('span.sr-only', `${pieceName(p.id)} `),
                p.square ?? '',
              ]),
              ...SETUP_VALUES.map((val) => {
                const x = Number(p.odds?.[val] ?? 0);
                const pct = Math.round(x * 100);
                return h(
                  'td',
                  { class: { zero: x === 0, sure: x >= 0.999 }, style: { '--p': String(x) } as any, attrs: { title: `${pieceName(p.id)} = ${valueName(val)}: ${(x * 100).toFixed(1)}%` } },
                  x === 0 ? '·' : pct === 0 ? '<1%' : `${pct}%`,
                );
              }),
            ]),
          ),
        ),
      ]),
      this.notebook && pieces.length
        ? h(
            'button.cs-btn.link',
            {
              attrs: { type: 'button', 'data-testid': 'assist-apply' },
              on: {
                click: () => {
                  const nb = { ...this.notebook! };
                  for (const p of pieces) if ((SLOTS as readonly string[]).includes(p.id)) nb[p.id as Slot] = SETUP_VALUES.filter((val) => Number(p.odds?.[val] ?? 0) > 0);
                  this.notebook = nb;
                  this.saveNotes();
                  this.ctx.redraw();
                },
              },
            },
            t('cs.assist.apply'),
          )
        : null,
    ]);
  }

  private renderBattleLog(): VNode | null {
    const v = this.view;
    if (v.phase === 'setup') return null;
    const bs: any[] = v.battles ?? [];
    return h('section.cs-panel.cs-log', { attrs: { 'data-testid': 'battle-log' } }, [
      h('h3', t('cs.battle.log')),
      bs.length
        ? h(
            'ol',
            { attrs: { reversed: true } },
            [...bs].reverse().map((b) => {
              const bt = this.battleText(b);
              return h('li', { class: { [b.winner]: true } }, [h('span', `${bt.vs} · ${bt.bonus} · `), h('b', bt.winner)]);
            }),
          )
        : h('p.cs-muted', t('cs.battle.none')),
    ]);
  }

  private renderRounds(): VNode | null {
    const rounds: any[] = this.view.rounds ?? [];
    if (!rounds.length) return null;
    return h('section.cs-panel.cs-rounds', { attrs: { 'data-testid': 'rounds' } }, [
      h('h3', t('cs.reveal')),
      ...rounds.map((r) => {
        const reason = t(`cs.reason.${r.reason}`);
        const seen = this.commitSeen[r.round];
        const sides = (['white', 'black'] as Colour[]).map((c) => {
          const rev = r.reveal?.[c];
          if (!rev) return null;
          const published = seen?.[c] ?? null;
          const ok = verifyReveal(c, rev, published ?? rev.commitment);
          return h('div.cs-reveal-side', { attrs: { 'data-testid': `reveal-${r.round}-${c}` } }, [
            h('div.cs-reveal-head', [
              h('b', `${colourName(c)} (${this.seatLabel(rev.seat ?? (r.colourOf?.white === c ? 'white' : 'black'))})`),
              ' ',
              h(
                `span.cs-verify.${ok ? 'ok' : 'bad'}`,
                { attrs: { 'data-testid': `reveal-verified-${r.round}-${c}`, title: ok ? (published ? t('cs.reveal.verifiedTitle') : t('cs.reveal.verifiedSelf')) : '' } },
                ok ? `✓ ${t('cs.reveal.verified')}` : `✗ ${t('cs.reveal.bad')}`,
              ),
            ]),
            h(
              'ul.cs-valuelist',
              SLOTS.map((s) => h('li', [identityIcon(s, c), h('span', pieceName(s)), h('b', String(rev.values?.[s] ?? '?'))])),
            ),
            h('p.cs-salt', [h('span', `${t('cs.reveal.salt')}: `), h('code', { attrs: { title: rev.salt } }, shortHex(rev.salt)), ' · ', h('code', { attrs: { title: rev.commitment } }, shortHex(rev.commitment))]),
          ]);
        });
        const [first, second]: Seat[] = this.ctx.seat === 'black' && !this.ctx.local ? ['black', 'white'] : ['white', 'black'];
        return h('div.cs-round-result', { attrs: { 'data-testid': `round-${r.round}` } }, [
          h('p.cs-round-line', [
            h('b', t('cs.reveal.round', { n: r.round, reason })),
            ' · ',
            // the names of the score above (You / Opponent for a player), own seat first
            t('cs.reveal.points', { w: `${this.seatLabel(first)} ${r.points?.[first] ?? 0}`, b: `${r.points?.[second] ?? 0} ${this.seatLabel(second)}` }),
          ]),
          r.reveal ? h('div.cs-reveal', sides) : h('p.cs-muted', t('cs.reveal.none')),
        ]);
      }),
    ]);
  }

  destroy(): void {
    this.destroyed = true;
    this.cg?.destroy();
    this.cg = null;
    this.previewCg?.destroy();
    this.previewCg = null;
  }
}

export function createChiefSpyScreen(ctx: GameContext): GameScreen {
  return new ChiefSpyScreen(ctx);
}
