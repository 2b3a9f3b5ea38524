// The computer's analysis of a finished chess game (POST/GET /api/games/{id}/analysis,
// docs/api.md): the request and its progress, the marks and evaluations of the move list,
// the evaluation graph, and the evaluation and best line of the position on the board.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import './analysis-messages';
import './analysis.css';

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';
/** From White's view: centipawns, or mate in N moves (negative: Black mates; 0: mated). */
export interface Evaluation {
  cp?: number;
  mate?: number;
  winner?: 'white' | 'black';
}
export interface AnalysedPosition {
  ply: number;
  eval: Evaluation;
  win: number; // White's winning chances, 0–100
  best: string | null;
  line: string[];
}
export interface AnalysedMove {
  ply: number;
  color: 'white' | 'black';
  san: string;
  uci: string;
  drop: number;
  loss: number;
  judgement: Judgement | null;
  mark: string;
}
export interface SideSummary {
  moves: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  accuracy: number | null;
  acpl: number | null;
}
export interface GameAnalysis {
  initialFen: string;
  nodesPerPosition: number;
  positions: AnalysedPosition[];
  moves: AnalysedMove[];
  players: { white: SideSummary; black: SideSummary };
}

/** The analysis out of a 200 answer, or null when it does not have the expected shape. */
export function parseAnalysis(body: any): GameAnalysis | null {
  const a = body?.analysis;
  if (!a || !Array.isArray(a.positions) || !Array.isArray(a.moves) || !a.players) return null;
  if (a.positions.length !== a.moves.length + 1) return null;
  return a as GameAnalysis;
}

/** "+0.23", "-1.50", "0.00", "#3", "#-2"; a mate on the board is the result, "1-0" or "0-1". */
export function formatEval(e: Evaluation | undefined): string {
  if (!e) return '';
  if (typeof e.mate === 'number') {
    if (e.mate === 0) return e.winner === 'black' ? '0-1' : '1-0';
    return `#${e.mate}`;
  }
  const cp = e.cp ?? 0;
  const s = (Math.abs(cp) / 100).toFixed(2);
  return cp > 0 ? `+${s}` : cp < 0 ? `-${s}` : '0.00';
}

/** What the move list shows next to ply `ply` (1 = the first move). */
export function moveAnnotation(a: GameAnalysis, ply: number): { mark: string; judgement: Judgement | null; eval: string } | null {
  const m = a.moves[ply - 1];
  const p = a.positions[ply];
  if (!m || !p) return null;
  return { mark: m.mark ?? '', judgement: m.judgement ?? null, eval: formatEval(p.eval) };
}

function turnAndNumber(initialFen: string): { white: boolean; number: number } {
  const f = initialFen.split(' ');
  return { white: f[1] !== 'b', number: Number(f[5]) || 1 };
}

/** SAN moves played from the position after `ply` plies, numbered: "2... Qh4#", "3. Nf3 Nc6 4. Bb5". */
export function numberedLine(line: readonly string[], ply: number, initialFen: string): string {
  const start = turnAndNumber(initialFen);
  // half-moves since the start position's move 1 with White to move
  let half = (start.number - 1) * 2 + (start.white ? 0 : 1) + ply;
  const out: string[] = [];
  line.forEach((san, i) => {
    const number = Math.floor(half / 2) + 1;
    if (half % 2 === 0) out.push(`${number}. ${san}`);
    else out.push(i === 0 ? `${number}... ${san}` : san);
    half++;
  });
  return out.join(' ');
}

/** The SAN of ply `ply` with its move number: "3. g4", "2... e5". */
export function numberedMove(san: string, ply: number, initialFen: string): string {
  return numberedLine([san], ply - 1, initialFen);
}

export const GRAPH_W = 240;
export const GRAPH_H = 64;

/** The graph's points: x along the plies, y White's winning chances (top: White wins). */
export function graphPoints(a: GameAnalysis, width = GRAPH_W, height = GRAPH_H): { x: number; y: number }[] {
  const n = a.positions.length;
  return a.positions.map((p, i) => ({
    x: n > 1 ? Math.round((i / (n - 1)) * width * 10) / 10 : width / 2,
    y: Math.round((1 - Math.min(100, Math.max(0, p.win)) / 100) * height * 10) / 10,
  }));
}

/** The ply under a click at `fraction` (0–1) of the graph's width. */
export function plyAt(a: GameAnalysis, fraction: number): number {
  const n = a.positions.length;
  return Math.max(0, Math.min(n - 1, Math.round(fraction * (n - 1))));
}

type State = 'unknown' | 'idle' | 'running' | 'done' | 'error';
type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

const POLL_MS = 400;

export class AnalysisPanel {
  state: State = 'unknown';
  progress = { done: 0, total: 0 };
  data: GameAnalysis | null = null;
  error = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;

  constructor(
    private gameId: string,
    private redraw: () => void,
    private fetcher: Fetcher = (input, init) => fetch(input, init),
  ) {}

  /** The game is over: shows an analysis someone already asked for (asking costs nothing). */
  gameOver(): void {
    if (this.state !== 'unknown') return;
    this.state = 'idle';
    void this.call('GET', true);
  }

  request(): void {
    if (this.state === 'running' || this.state === 'done') return;
    this.error = '';
    this.state = 'running';
    this.progress = { done: 0, total: 0 };
    this.redraw();
    void this.call('POST', false);
  }

  destroy(): void {
    this.destroyed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async call(method: 'GET' | 'POST', checking: boolean): Promise<void> {
    let status = 0;
    let body: any = null;
    try {
      const r = await this.fetcher(`/api/games/${this.gameId}/analysis`, { method });
      status = r.status;
      const text = await r.text();
      body = text ? JSON.parse(text) : null;
    } catch (e) {
      body = { error: (e as Error).message };
    }
    if (this.destroyed) return;
    this.handle(status, body, checking);
  }

  /** A server answer; exported through the class for tests. */
  handle(status: number, body: any, checking = false): void {
    if (status === 200 && body?.status === 'none') {
      this.state = 'idle'; // nobody asked yet: the button
    } else if (status === 200) {
      const a = parseAnalysis(body);
      if (a) {
        this.data = a;
        this.state = 'done';
      } else {
        this.state = 'error';
        this.error = t('analysis.failed');
      }
    } else if (status === 202) {
      this.state = 'running';
      this.progress = { done: Number(body?.done) || 0, total: Number(body?.total) || 0 };
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.call('GET', false);
      }, POLL_MS);
    } else if (checking) {
      this.state = 'idle'; // the check failed: the button stays
    } else {
      this.state = 'error';
      this.error = status === 429 ? t('analysis.limited') : (body?.error ?? t('analysis.failed'));
    }
    this.redraw();
  }

  /** The mark and evaluation after a move's SAN in the move list. */
  cell(ply: number): VNode[] {
    const ann = this.data ? moveAnnotation(this.data, ply) : null;
    if (!ann) return [];
    return [
      ann.mark ? h(`span.mark.${ann.judgement}`, { attrs: { title: t(`analysis.${ann.judgement}`) } }, ann.mark) : null,
      h('span.move-eval', ann.eval),
    ].filter((v): v is VNode => v !== null);
  }

  /** The panel under the move list: nothing during the game. */
  render(over: boolean, ply: number, go: (ply: number) => void): VNode | null {
    if (!over) return null;
    this.gameOver();
    const attrs = { 'data-testid': 'analysis', 'data-state': this.state };
    if (this.state === 'done' && this.data) return h('div.analysis', { attrs }, this.renderDone(this.data, ply, go));
    if (this.state === 'running') {
      const { done, total } = this.progress;
      return h('div.analysis', { attrs }, [
        h('p.analysis-progress', { attrs: { role: 'status' } }, total ? t('analysis.running', { done, total }) : t('analysis.starting')),
        h('progress', { attrs: { max: String(Math.max(1, total)), value: String(done) } }),
      ]);
    }
    return h('div.analysis', { attrs }, [
      h('button.analysis-request', { attrs: { type: 'button', 'data-testid': 'analysis-request' }, on: { click: () => this.request() } }, t('analysis.request')),
      this.state === 'error' ? h('p.error', { attrs: { role: 'alert', 'data-testid': 'analysis-error' } }, this.error) : null,
    ]);
  }

  private renderDone(a: GameAnalysis, ply: number, go: (ply: number) => void): VNode[] {
    const side = (color: 'white' | 'black') => {
      const s = a.players[color];
      return h('tr', { attrs: { 'data-testid': `analysis-${color}` } }, [
        h('th', { attrs: { scope: 'row' } }, t(`analysis.${color}`)),
        h('td', s.accuracy === null ? '–' : `${Math.round(s.accuracy)}%`),
        h('td', String(s.inaccuracies)),
        h('td', String(s.mistakes)),
        h('td', String(s.blunders)),
        h('td', s.acpl === null ? '–' : String(s.acpl)),
      ]);
    };
    const pos = a.positions[Math.min(ply, a.positions.length - 1)];
    const move = ply > 0 ? a.moves[ply - 1] : null;
    const before = ply > 0 ? a.positions[ply - 1] : null;
    return [
      h('h3', t('analysis.title')),
      h('table.analysis-summary', { attrs: { 'data-testid': 'analysis-summary' } }, [
        h('thead', [h('tr', [h('th', ''), h('th', { attrs: { title: t('analysis.accuracy') } }, t('analysis.accuracyShort')), h('th', { attrs: { title: t('analysis.inaccuracy') } }, '?!'), h('th', { attrs: { title: t('analysis.mistake') } }, '?'), h('th', { attrs: { title: t('analysis.blunder') } }, '??'), h('th', { attrs: { title: t('analysis.acpl') } }, t('analysis.acplShort'))])]),
        h('tbody', [side('white'), side('black')]),
      ]),
      this.renderGraph(a, ply, go),
      h('div.analysis-position', { attrs: { 'data-testid': 'analysis-position', 'data-ply': String(ply) } }, [
        h('p', [h('span.muted', t('analysis.eval') + ' '), h('strong', { attrs: { 'data-testid': 'analysis-eval' } }, formatEval(pos.eval))]),
        move?.judgement && before?.best
          ? h('p', { attrs: { 'data-testid': 'analysis-judgement' } }, [
              h(`span.mark.${move.judgement}`, numberedMove(move.san, ply, a.initialFen) + move.mark),
              ' ' + t(`analysis.${move.judgement}`) + '. ' + t('analysis.bestWas', { move: before.best }),
            ])
          : null,
        pos.line.length
          ? h('p', [h('span.muted', t('analysis.bestLine') + ' '), h('span', { attrs: { 'data-testid': 'analysis-line' } }, numberedLine(pos.line, ply, a.initialFen))])
          : h('p.muted', { attrs: { 'data-testid': 'analysis-line' } }, t('analysis.noMoves')),
      ]),
      h('p.analysis-budget.muted', t('analysis.budget', { nodes: a.nodesPerPosition.toLocaleString() })),
    ];
  }

  private renderGraph(a: GameAnalysis, ply: number, go: (ply: number) => void): VNode {
    const pts = graphPoints(a);
    const line = pts.map((p) => `${p.x},${p.y}`).join(' ');
    const area = `0,${GRAPH_H} ${line} ${GRAPH_W},${GRAPH_H}`;
    const cursor = pts[Math.min(ply, pts.length - 1)];
    const marks = a.moves
      .filter((m) => m.judgement === 'mistake' || m.judgement === 'blunder')
      .map((m) => h(`circle.${m.judgement}`, { attrs: { cx: pts[m.ply].x, cy: pts[m.ply].y, r: 2.5 } }));
    return h(
      'svg.analysis-graph',
      {
        attrs: { viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': t('analysis.graph'), 'data-testid': 'analysis-graph' },
        on: {
          click: (e: MouseEvent) => {
            const box = (e.currentTarget as Element).getBoundingClientRect();
            if (box.width > 0) go(plyAt(a, (e.clientX - box.left) / box.width));
          },
        },
      },
      [
        h('rect.graph-black', { attrs: { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H } }),
        h('polygon.graph-white', { attrs: { points: area } }),
        h('line.graph-mid', { attrs: { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2 } }),
        h('polyline.graph-line', { attrs: { points: line } }),
        ...marks,
        cursor ? h('line.graph-cursor', { attrs: { x1: cursor.x, y1: 0, x2: cursor.x, y2: GRAPH_H } }) : null,
      ].filter((v): v is VNode => v !== null),
    );
  }
}
