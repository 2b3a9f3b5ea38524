// The chess screen: chessgroundx board with the server's legal moves, premove, promotion
// picker, SAN move list with navigation, sounds.
import { h, type VNode } from 'snabbdom';
import type { Key, Piece } from 'chessgroundx/types';
import type { GameContext, GameScreen, Seat } from '../games/types';
import { t } from '../i18n';
import { createBoard, type BoardApi } from '../board/setup';
import { destsFromMoves, squareToKey, keyToSquare, moveKeys, splitMove } from '../board/keys';
import { placements, parsePlacement, isCapture, turnOf } from './replay';
import { PlyCursor, moveRows } from './movelist';
import { matchMove } from './saninput';
import { icon } from '../icons';
import { BoardKeys } from '../board/keyboard';
import { announce, type BoardWords } from '../board/blind';
import { sanWords } from '../board/words';
import { AnalysisPanel } from './analysis';
import './messages';
import './chess.css';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Keep the current move visible inside the move list (without scrolling the page). */
function scrollToCurrent(list: HTMLElement): void {
  const cur = list.querySelector<HTMLElement>('.move.current');
  if (!cur) return;
  const top = cur.offsetTop; // the list is positioned: offsets are relative to it
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight;
}

export function createChessScreen(ctx: GameContext): GameScreen {
  return new ChessScreen(ctx);
}

class ChessScreen implements GameScreen {
  private cg: BoardApi | null = null;
  private initialFen = START;
  private fen = START;
  private moves: string[] = [];
  private san: string[] = [];
  private fens: string[] = [];
  private checks: boolean[] = [false];
  private legal: string[] = [];
  private toMove: Seat | null = 'white';
  private status = 'active';
  private cursor = new PlyCursor();
  private promotion: { from: string; to: string; seat: Seat } | null = null;
  private error = '';
  private typed = '';
  private typedPending = false; // typed before the new legal moves arrived: submitted with them
  private awaiting = false; // a move of ours is on its way
  private keyHandler = (e: KeyboardEvent) => this.onKey(e);
  private promotionByKeys = false; // the promotion came from the keyboard squares: focus goes back there
  private keys = new BoardKeys({
    board: () => this.cg,
    orientation: () => this.orientation(),
    say: (text) => (announce(text), this.ctx.redraw()),
  });

  private analysis: AnalysisPanel; // the computer's analysis, once the game is over

  constructor(private ctx: GameContext) {
    document.addEventListener('keydown', this.keyHandler);
    this.analysis = new AnalysisPanel(ctx.id, () => ctx.redraw());
  }

  // ---- server data -------------------------------------------------------------------

  setView(view: any): void {
    const before = this.moves.length;
    this.initialFen = view.initialFen ?? START;
    this.fen = view.fen ?? this.initialFen;
    this.moves = Array.isArray(view.moves) ? view.moves.slice() : [];
    this.san = Array.isArray(view.san) && view.san.length === this.moves.length ? view.san.slice() : this.moves.slice();
    this.fens = placements(this.initialFen, this.moves);
    this.fens[this.fens.length - 1] = this.fen.split(' ')[0];
    this.checks = [false, ...this.san.map((s) => /[+#]$/.test(s))];
    this.checks[this.checks.length - 1] = !!view.check;
    this.legal = Array.isArray(view.legalMoves) ? view.legalMoves : [];
    this.toMove = view.toMove ?? null;
    this.status = view.status ?? 'active';
    this.cursor.setLength(this.moves.length);
    // a view taken before our own move arrived: keep showing the move on its way
    if (this.awaiting && this.moves.length <= before && this.status === 'active') {
      this.ctx.redraw();
      return;
    }
    this.awaiting = false;
    this.syncBoard(true);
    if (this.typedPending) {
      this.typedPending = false;
      this.submitTyped();
    }
    this.ctx.redraw();
  }

  applyEvent(ev: any): void {
    if (ev.type === 'move' && typeof ev.uci === 'string') {
      if (ev.ply !== undefined && ev.ply !== this.moves.length + 1) return; // not the next ply
      const before = parsePlacement(this.fens[this.fens.length - 1] ?? this.fen);
      const capture = isCapture(before, ev.uci);
      const by: Seat = ev.by === 'white' || ev.by === 'black' ? ev.by : ev.fen ? (turnOf(ev.fen) === 'white' ? 'black' : 'white') : (this.toMove ?? 'white');
      announce(t('words.played', { side: t(`words.${by}`), move: sanWords(typeof ev.san === 'string' ? ev.san : ev.uci) }));
      this.moves.push(ev.uci);
      this.san.push(typeof ev.san === 'string' ? ev.san : ev.uci);
      if (ev.fen) this.fen = ev.fen;
      this.fens.push(this.fen.split(' ')[0]);
      this.checks.push(!!ev.check);
      this.toMove = ev.fen ? turnOf(ev.fen) : this.toMove === 'white' ? 'black' : 'white';
      this.legal = []; // the next view brings the new legal moves
      this.awaiting = false;
      this.cursor.setLength(this.moves.length);
      if (capture) this.ctx.sound.capture();
      else this.ctx.sound.move();
      this.syncBoard(false);
      this.ctx.redraw();
    } else if (ev.type === 'takeback' && typeof ev.ply === 'number' && this.moves.length === ev.ply + (ev.plies ?? 0)) {
      // moves taken back (docs/api.md): the list is cut to ev.ply (else the next view mends it)
      const n = ev.ply;
      this.moves.length = n;
      this.san.length = n;
      this.fens.length = n + 1;
      this.checks.length = n + 1;
      if (typeof ev.fen === 'string') {
        this.fen = ev.fen;
        this.fens[n] = ev.fen.split(' ')[0];
        this.toMove = turnOf(ev.fen);
      }
      this.checks[n] = !!ev.check;
      this.legal = [];
      this.awaiting = false;
      this.promotion = null;
      this.cg?.cancelPremove();
      this.cursor.setLength(n);
      this.syncBoard(false);
      this.ctx.redraw();
    } else if (ev.type === 'result') {
      this.status = 'finished';
      this.toMove = null;
      this.legal = [];
      this.syncBoard(false);
      this.ctx.redraw();
    }
  }

  words(): BoardWords {
    const notes = this.checks[this.cursor.ply] ? [t('words.check')] : [];
    if (!this.cursor.following) notes.unshift(t('chess.viewing', { ply: this.cursor.ply, total: this.cursor.length }));
    return { placement: this.fens[this.cursor.ply] ?? this.fen.split(' ')[0], notes };
  }

  destroy(): void {
    document.removeEventListener('keydown', this.keyHandler);
    this.analysis.destroy();
    this.cg?.destroy();
    this.cg = null;
  }

  // ---- who moves ---------------------------------------------------------------------

  private orientation(): Seat {
    if (this.ctx.orientation) return this.ctx.orientation();
    return this.ctx.seat === 'black' ? 'black' : 'white';
  }

  /** The colour this browser moves now (null: none), and whether premoves are allowed. */
  private mover(): { color: Seat | undefined; premove: boolean } {
    if (this.status !== 'active' || this.ctx.summary.status !== 'active' || (this.ctx.seat === 'spectator' && !this.ctx.local)) return { color: undefined, premove: false };
    if (!this.cursor.following) return { color: undefined, premove: false };
    if (this.ctx.local) return { color: this.toMove ?? undefined, premove: false };
    const seat = this.ctx.seat as Seat;
    return { color: seat, premove: this.toMove !== seat };
  }

  private syncBoard(_fromView: boolean): void {
    const cg = this.cg;
    if (!cg) return;
    const ply = this.cursor.ply;
    const last = ply > 0 ? moveKeys(this.moves[ply - 1]) : null;
    const turn: Seat = ply === this.moves.length ? turnOf(this.fen) : (turnOf(this.initialFen) === 'white') === (ply % 2 === 0) ? 'white' : 'black';
    const { color, premove } = this.mover();
    const myTurn = color !== undefined && this.toMove === color && !this.awaiting;
    cg.set({
      fen: this.fens[ply] ?? this.fen,
      orientation: this.orientation(),
      turnColor: turn,
      check: this.checks[ply] ?? false,
      lastMove: last ?? undefined,
      viewOnly: false,
      movable: {
        free: false,
        color: color,
        dests: myTurn ? destsFromMoves(this.legal) : new Map(),
        showDests: true,
        events: { after: (o, d, meta) => this.userMove(o, d, meta.premove) },
      },
      premovable: { enabled: premove },
      draggable: { enabled: color !== undefined },
      selectable: { enabled: color !== undefined },
    });
    if (!last) cg.set({ lastMove: undefined });
    if (!color) cg.cancelPremove();
    if (myTurn && this.legal.length) {
      // play a premove once it is legal (chessgroundx checks it against the dests)
      setTimeout(() => this.cg?.playPremove(), 0);
    }
  }

  // ---- user input --------------------------------------------------------------------

  private userMove(orig: Key, dest: Key, _premove: boolean): void {
    const from = keyToSquare(orig);
    const to = keyToSquare(dest);
    const seat = (this.ctx.local ? this.toMove : this.ctx.seat) as Seat;
    const promos = this.legal.filter((m) => m.startsWith(from + to) && m.length > (from + to).length);
    if (promos.length) {
      this.promotionByKeys = this.keys.hasFocus();
      this.promotion = { from, to, seat };
      this.ctx.redraw();
      return;
    }
    this.send(from + to, seat);
  }

  private choosePromotion(p: string): void {
    const pr = this.promotion;
    if (!pr) return;
    this.promotion = null;
    const cg = this.cg;
    if (cg) {
      // show the promoted piece at once
      const color = pr.seat;
      const role = `${p}-piece` as Piece['role'];
      cg.setPieces(new Map([[squareToKey(pr.to), { role, color, promoted: true }]]));
    }
    this.send(pr.from + pr.to + p, pr.seat);
    if (this.promotionByKeys) this.keys.focus();
  }

  private cancelPromotion(): void {
    this.promotion = null;
    if (this.promotionByKeys) this.keys.focus();
    this.syncBoard(false);
    this.ctx.redraw();
  }

  private send(uci: string, seat: Seat): void {
    this.error = '';
    this.awaiting = true;
    this.ctx
      .act({ type: 'move', move: uci }, this.ctx.local ? seat : undefined)
      .catch((e: Error) => {
        this.awaiting = false;
        this.error = e.message;
        this.syncBoard(false); // back to the server's position
        this.ctx.redraw();
      });
    this.ctx.redraw();
  }

  private submitTyped(): void {
    const typed = this.typed.trim();
    if (!typed) return;
    // Between a move event and the fresh view the legal moves are not known yet (or our own
    // move is still on its way): keep the text and submit it when they arrive.
    if (this.status === 'active' && this.mover().color && (this.awaiting || (this.toMove === this.mover().color && !this.legal.length))) {
      this.typedPending = true;
      return;
    }
    const mv = this.mover().color && this.toMove === this.mover().color ? matchMove(typed, this.legal, this.fen) : null;
    if (!mv) {
      this.error = t('chess.illegal', { move: typed });
      this.ctx.redraw();
      return;
    }
    this.typed = '';
    const s = splitMove(mv);
    if (s && this.cg) this.cg.move(squareToKey(s.from), squareToKey(s.to));
    this.send(mv, (this.ctx.local ? this.toMove : this.ctx.seat) as Seat);
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (this.promotion && e.key === 'Escape') {
      this.cancelPromotion();
      return;
    }
    if (this.cursor.key(e.key)) {
      e.preventDefault();
      this.syncBoard(false);
      this.ctx.redraw();
    }
  }

  /** Threefold repetition (placement and side to move) or the 50-move rule, as far as the
   * client can tell; the server decides. */
  private claimable(): boolean {
    const n = this.fens.length - 1;
    if (n < 8 && Number(this.fen.split(' ')[4] ?? 0) < 100) return false;
    if (Number(this.fen.split(' ')[4] ?? 0) >= 100) return true;
    const last = this.fens[n];
    let count = 0;
    for (let i = n; i >= 0; i -= 2) if (this.fens[i] === last) count++;
    return count >= 3;
  }

  private claimDraw(): void {
    const seat = (this.ctx.local ? this.toMove : this.ctx.seat) as Seat;
    this.ctx.act({ type: 'claim-draw' }, this.ctx.local ? seat : undefined).catch((e: Error) => {
      this.error = e.message;
      this.ctx.redraw();
    });
  }

  private nav(f: () => void): void {
    f();
    this.syncBoard(false);
    this.ctx.redraw();
  }

  // ---- render ------------------------------------------------------------------------

  render(): VNode {
    const c = this.cursor;
    if (this.cg && this.cg.state.orientation !== this.orientation()) this.cg.set({ orientation: this.orientation() });
    const firstTurn = turnOf(this.initialFen);
    const firstNumber = Number(this.initialFen.split(' ')[5]) || 1;
    const rows = moveRows(this.san, firstTurn, firstNumber);
    const moveCell = (m: { san: string; ply: number } | null) =>
      m
        ? h(
            'button.move',
            {
              class: { current: m.ply === c.ply },
              attrs: { type: 'button', 'data-ply': String(m.ply), 'data-testid': `move-${m.ply}`, 'aria-current': m.ply === c.ply ? 'step' : 'false' },
              on: { click: () => this.nav(() => c.go(m.ply)) },
            },
            [m.san, ...this.analysis.cell(m.ply)],
          )
        : h('span.move.empty', '…');
    const navBtn = (id: 'first' | 'prev' | 'next' | 'last', label: string, f: () => void, disabled: boolean) =>
      h('button.nav', { attrs: { type: 'button', 'data-testid': `nav-${id}`, title: label, 'aria-label': label, disabled }, on: { click: () => this.nav(f) } }, [icon(id)]);

    const mv = this.mover();
    const canMove = mv.color && this.toMove === mv.color && !this.awaiting && this.legal.length && c.following ? mv.color : '';
    return h('div.chess-screen', { attrs: { 'data-testid': 'chess-screen', 'data-ply': String(c.ply), 'data-moves': String(this.moves.length), 'data-can-move': canMove, 'data-turn': this.toMove ?? '' } }, [
      h('div.board-area', [
        h('div.board-wrap', [
          h('div.cg-wrap.chess-board', {
            key: 'board',
            attrs: { 'data-testid': 'board', role: 'img', 'aria-label': t('chess.boardLabel') },
            hook: {
              insert: (vnode) => {
                this.cg = createBoard(vnode.elm as HTMLElement, { orientation: this.orientation() });
                this.syncBoard(true);
              },
              destroy: () => {
                this.cg?.destroy();
                this.cg = null;
              },
            },
          }),
          this.keys.render(),
          this.promotion ? this.renderPromotion() : null,
        ]),
      ]),
      h('div.chess-side', [
        h('div.nav-bar', { attrs: { role: 'group', 'aria-label': t('chess.moves') } }, [
          navBtn('first', t('chess.first'), () => c.first(), c.ply === 0),
          navBtn('prev', t('chess.prev'), () => c.prev(), c.ply === 0),
          navBtn('next', t('chess.next'), () => c.next(), c.ply === c.length),
          navBtn('last', t('chess.last'), () => c.last(), c.ply === c.length),
        ]),
        h(
          'div.movelist',
          {
            attrs: { 'data-testid': 'movelist', role: 'list', 'aria-label': t('chess.moves') },
            hook: { insert: (v) => scrollToCurrent(v.elm as HTMLElement), postpatch: (_o, v) => scrollToCurrent(v.elm as HTMLElement) },
          },
          rows.length
            ? rows.map((r) => h('div.move-row', { attrs: { role: 'listitem' } }, [h('span.move-no', `${r.n}.`), moveCell(r.white), moveCell(r.black)]))
            : [h('p.muted', t('chess.noMoves'))],
        ),
        this.analysis.render(this.status !== 'active' && this.moves.length > 0, c.ply, (ply) => this.nav(() => c.go(ply))),
        h('p.sr-only', { attrs: { 'aria-live': 'polite' } }, this.san.length ? t('chess.lastMove', { n: Math.ceil((this.san.length + (firstTurn === 'black' ? 1 : 0)) / 2) + firstNumber - 1, san: this.san[this.san.length - 1] }) : ''),
        !c.following ? h('p.viewing', { attrs: { 'data-testid': 'viewing' } }, t('chess.viewing', { ply: c.ply, total: c.length })) : null,
        this.mover().color
          ? h('form.type-move', { on: { submit: (e: Event) => (e.preventDefault(), this.submitTyped()) } }, [
              h('label', [
                h('span', t('chess.typeMove')),
                h('input', {
                  attrs: { type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: t('chess.typeMoveHint'), 'data-testid': 'type-move' },
                  props: { value: this.typed },
                  on: { input: (e: Event) => (this.typed = (e.target as HTMLInputElement).value) },
                  hook: { update: (_o, v) => ((v.elm as HTMLInputElement).value !== this.typed && ((v.elm as HTMLInputElement).value = this.typed)) },
                }),
              ]),
            ])
          : null,
        canMove && this.claimable()
          ? h('button.claim', { attrs: { type: 'button', 'data-testid': 'claim-draw' }, on: { click: () => this.claimDraw() } }, t('chess.claimDraw'))
          : null,
        this.error ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'move-error' } }, this.error) : null,
      ]),
    ]);
  }

  private renderPromotion(): VNode {
    const pr = this.promotion!;
    const color = pr.seat;
    // keys: q r b n choose, the arrows go along the choices, Escape cancels (onKey)
    const promoKeys = (e: KeyboardEvent) => {
      const k = e.key.toLowerCase();
      if (['q', 'r', 'b', 'n'].includes(k) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        this.choosePromotion(k);
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const all = [...(e.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('button.promo')];
        const i = all.indexOf(document.activeElement as HTMLElement);
        const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1;
        all[(i + step + all.length) % all.length]?.focus();
        e.preventDefault();
        e.stopPropagation();
      }
    };
    return h('div.promotion', { attrs: { role: 'dialog', 'aria-label': t('chess.promote'), 'data-testid': 'promotion' }, on: { keydown: promoKeys } }, [
      h('p', t('chess.promote')),
      h(
        'div.promo-choices.cg-wrap',
        ['q', 'r', 'b', 'n'].map((p) =>
          h(
            'button.promo',
            {
              attrs: { type: 'button', 'data-testid': `promo-${p}`, title: t(`chess.piece.${p}`), 'aria-label': t(`chess.piece.${p}`) },
              on: { click: () => this.choosePromotion(p) },
              hook: p === 'q' ? { insert: (v) => (v.elm as HTMLElement).focus() } : undefined,
            },
            [h(`piece.${p}-piece.${color}`)],
          ),
        ),
      ),
      h('button.cancel', { attrs: { type: 'button' }, on: { click: () => this.cancelPromotion() } }, t('chess.cancel')),
    ]);
  }
}
