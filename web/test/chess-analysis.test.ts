import { describe, it, expect, vi, afterEach } from 'vitest';
import type { VNode } from 'snabbdom';
import { setLang } from '../src/i18n';

// snabbdom's style module reads `window` when it loads
(globalThis as any).window ??= globalThis;
const { AnalysisPanel, formatEval, graphPoints, moveAnnotation, numberedLine, numberedMove, parseAnalysis, plyAt, GRAPH_W, GRAPH_H } = await import('../src/chess/analysis');

// The server's answer for 1. f3 e5 2. g4?? Qh4# (GET /api/games/{id}/analysis, docs/api.md).
const FOOLS_MATE = {
  status: 'done',
  game: 'abc',
  analysis: {
    initialFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    nodesPerPosition: 100000,
    positions: [
      { ply: 0, eval: { cp: 23 }, win: 52.1, best: 'Nc3', line: ['Nc3', 'd5', 'd4'] },
      { ply: 1, eval: { cp: -30 }, win: 47.2, best: 'e6', line: ['e6', 'd4'] },
      { ply: 2, eval: { cp: -33 }, win: 47.0, best: 'e4', line: ['e4', 'Nc6', 'Nc3'] },
      { ply: 3, eval: { mate: -1 }, win: 2.5, best: 'Qh4#', line: ['Qh4#'] },
      { ply: 4, eval: { mate: 0, winner: 'black' }, win: 2.5, best: null, line: [] },
    ],
    moves: [
      { ply: 1, color: 'white', san: 'f3', uci: 'f2f3', drop: 4.9, loss: 53, judgement: null, mark: '' },
      { ply: 2, color: 'black', san: 'e5', uci: 'e7e5', drop: 0, loss: 0, judgement: null, mark: '' },
      { ply: 3, color: 'white', san: 'g4', uci: 'g2g4', drop: 44.5, loss: 967, judgement: 'blunder', mark: '??' },
      { ply: 4, color: 'black', san: 'Qh4#', uci: 'd8h4', drop: 0, loss: 0, judgement: null, mark: '' },
    ],
    players: {
      white: { moves: 2, inaccuracies: 0, mistakes: 0, blunders: 1, accuracy: 46.0, acpl: 510 },
      black: { moves: 2, inaccuracies: 0, mistakes: 0, blunders: 0, accuracy: 100.0, acpl: 0 },
    },
  },
};

function text(v: VNode | string | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  return (v.text ?? '') + (v.children ?? []).map((c) => text(c as VNode | string)).join('');
}

function find(v: VNode | null, testid: string): VNode | null {
  if (!v || typeof v !== 'object') return null;
  if (v.data?.attrs?.['data-testid'] === testid) return v;
  for (const c of v.children ?? []) {
    const f = find(c as VNode, testid);
    if (f) return f;
  }
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  setLang('en', false);
});

describe('analysis: evaluations and lines', () => {
  it('formats centipawns, mates and a mate on the board', () => {
    expect(formatEval({ cp: 23 })).toBe('+0.23');
    expect(formatEval({ cp: -150 })).toBe('-1.50');
    expect(formatEval({ cp: 0 })).toBe('0.00');
    expect(formatEval({ mate: 3 })).toBe('#3');
    expect(formatEval({ mate: -1 })).toBe('#-1');
    expect(formatEval({ mate: 0, winner: 'black' })).toBe('0-1');
    expect(formatEval({ mate: 0, winner: 'white' })).toBe('1-0');
  });

  it('numbers a best line from the position it starts in', () => {
    const start = FOOLS_MATE.analysis.initialFen;
    expect(numberedLine(['e4', 'e5', 'Nf3'], 0, start)).toBe('1. e4 e5 2. Nf3');
    expect(numberedLine(['Qh4#'], 3, start)).toBe('2... Qh4#');
    expect(numberedLine(['Nc6', 'Nc3', 'Nf6'], 3, start)).toBe('2... Nc6 3. Nc3 Nf6');
    expect(numberedMove('g4', 3, start)).toBe('2. g4');
    // A game from a FEN with Black to move at move 10.
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 10';
    expect(numberedLine(['Nf6', 'Bc4'], 0, fen)).toBe('10... Nf6 11. Bc4');
    expect(numberedLine(['Bc4'], 1, fen)).toBe('11. Bc4');
  });

  it('annotates each move with its mark and the evaluation after it', () => {
    const a = parseAnalysis(FOOLS_MATE)!;
    expect(a).not.toBeNull();
    expect(moveAnnotation(a, 3)).toEqual({ mark: '??', judgement: 'blunder', eval: '#-1' });
    expect(moveAnnotation(a, 1)).toEqual({ mark: '', judgement: null, eval: '-0.30' });
    expect(moveAnnotation(a, 4)?.eval).toBe('0-1');
    expect(moveAnnotation(a, 5)).toBeNull();
    expect(parseAnalysis({ analysis: { positions: [], moves: [{}], players: {} } })).toBeNull();
  });

  it('draws the graph over the plies, White on top', () => {
    const a = parseAnalysis(FOOLS_MATE)!;
    const pts = graphPoints(a);
    expect(pts).toHaveLength(5);
    expect(pts[0].x).toBe(0);
    expect(pts[4].x).toBe(GRAPH_W);
    expect(pts[0].y).toBeLessThan(GRAPH_H / 2); // 52.1% for White: above the middle
    expect(pts[3].y).toBeGreaterThan(GRAPH_H * 0.9); // Black mates
    expect(plyAt(a, 0)).toBe(0);
    expect(plyAt(a, 0.74)).toBe(3);
    expect(plyAt(a, 2)).toBe(4);
  });
});

describe('analysis panel', () => {
  it('offers the button only once the game is over, and checks for an analysis already made', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ status: 'none' }), { status: 200 }));
    const redraw = vi.fn();
    const p = new AnalysisPanel('abc', redraw, fetcher);
    expect(p.render(false, 0, () => {})).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
    const v = p.render(true, 0, () => {});
    expect(fetcher).toHaveBeenCalledWith('/api/games/abc/analysis', { method: 'GET' });
    expect(find(v, 'analysis-request')).not.toBeNull();
    await vi.waitFor(() => expect(redraw).toHaveBeenCalled());
    expect(p.state).toBe('idle');
  });

  it('shows the progress while it runs, polls, then marks the moves and shows the best line', async () => {
    vi.useFakeTimers();
    const answers = [new Response(JSON.stringify(FOOLS_MATE), { status: 200 })];
    const fetcher = vi.fn(async () => answers.shift()!);
    const p = new AnalysisPanel('abc', () => {}, fetcher);
    p.state = 'idle';
    p.handle(202, { status: 'running', done: 2, total: 5 });
    const running = p.render(true, 0, () => {});
    expect(running?.data?.attrs?.['data-state']).toBe('running');
    expect(text(running)).toContain('position 2 of 5');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetcher).toHaveBeenCalledWith('/api/games/abc/analysis', { method: 'GET' });
    expect(p.state).toBe('done');

    expect(p.cell(3).map(text)).toEqual(['??', '#-1']);
    expect(p.cell(1).map(text)).toEqual(['-0.30']); // no mark, the evaluation only
    const go = vi.fn();
    const done = p.render(true, 3, go);
    expect(text(find(done, 'analysis-eval'))).toBe('#-1');
    expect(text(find(done, 'analysis-judgement'))).toBe('2. g4?? Blunder. Best was e4');
    expect(text(find(done, 'analysis-line'))).toBe('2... Qh4#');
    expect(text(find(done, 'analysis-white'))).toContain('46%');
    expect(find(done, 'analysis-graph')?.children?.length).toBeGreaterThan(3);
    // On the mated position there is no line.
    expect(text(find(p.render(true, 4, go), 'analysis-line'))).toContain('the game is over');
  });

  it('says so in Italian, and when the server refuses', () => {
    const p = new AnalysisPanel('abc', () => {}, vi.fn());
    p.state = 'idle';
    setLang('it', false);
    expect(text(find(p.render(true, 0, () => {}), 'analysis-request'))).toBe('Analisi del computer');
    p.handle(429, { code: 'too-many-analyses', error: 'x' });
    expect(p.state).toBe('error');
    expect(text(find(p.render(true, 0, () => {}), 'analysis-error'))).toContain('Troppe analisi');
    p.handle(409, { code: 'not-finished', error: 'the game is not over' });
    expect(p.error).toBe('the game is not over');
  });
});
