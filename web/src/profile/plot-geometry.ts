// The rating history plot's geometry: points in a box, y ticks at round ratings, the x range.
// Pure: plot.ts draws it as SVG.

export interface HistoryPoint {
  /** When (ms since the epoch; seconds are taken for ms × 1000 when small). */
  at: number;
  rating: number;
  game?: string;
}

export interface PlotBox {
  width: number;
  height: number;
  /** Room for the y labels on the left and the x labels below. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface PlotGeometry {
  points: { x: number; y: number; rating: number; at: number; game?: string }[];
  yTicks: { y: number; rating: number }[];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  minAt: number;
  maxAt: number;
}

export const DEFAULT_BOX: PlotBox = { width: 480, height: 180, left: 44, bottom: 22, top: 8, right: 10 };

export function toMs(at: number): number {
  return at < 1e11 ? at * 1000 : at;
}

/** A tick step of 1, 2 or 5 × 10ⁿ giving about `count` ticks over `span`. */
export function niceStep(span: number, count = 4): number {
  if (!(span > 0)) return 50;
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/**
 * Points placed by time (x) and rating (y, higher up). The rating range is padded and rounded
 * to ticks (at least 100 points tall, so one game's change does not fill the box); a single
 * point, or points all at one time, stand in the middle.
 */
export function plotGeometry(history: HistoryPoint[], box: PlotBox = DEFAULT_BOX): PlotGeometry {
  const pts = history
    .filter((p) => Number.isFinite(p.rating) && Number.isFinite(p.at))
    .map((p) => ({ ...p, at: toMs(p.at) }))
    .sort((a, b) => a.at - b.at);
  const x0 = box.left;
  const x1 = box.width - box.right;
  const y0 = box.top;
  const y1 = box.height - box.bottom;
  if (!pts.length) return { points: [], yTicks: [], x0, x1, y0, y1, minAt: 0, maxAt: 0 };
  let lo = Math.min(...pts.map((p) => p.rating));
  let hi = Math.max(...pts.map((p) => p.rating));
  if (hi - lo < 100) {
    const mid = (hi + lo) / 2;
    lo = mid - 50;
    hi = mid + 50;
  }
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const minAt = pts[0].at;
  const maxAt = pts[pts.length - 1].at;
  const xOf = (at: number, i: number) => {
    if (maxAt === minAt) return pts.length === 1 ? (x0 + x1) / 2 : x0 + ((x1 - x0) * i) / (pts.length - 1);
    return x0 + ((x1 - x0) * (at - minAt)) / (maxAt - minAt);
  };
  const yOf = (r: number) => y1 - ((y1 - y0) * (r - lo)) / (hi - lo);
  const round = (n: number) => Math.round(n * 10) / 10;
  const yTicks: { y: number; rating: number }[] = [];
  for (let r = lo; r <= hi + step / 2; r += step) yTicks.push({ y: round(yOf(r)), rating: Math.round(r) });
  return {
    points: pts.map((p, i) => ({ x: round(xOf(p.at, i)), y: round(yOf(p.rating)), rating: p.rating, at: p.at, game: p.game })),
    yTicks,
    x0,
    x1,
    y0,
    y1,
    minAt,
    maxAt,
  };
}
