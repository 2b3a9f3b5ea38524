// A pool's rating history as an inline SVG (snabbdom's DOM calls, no chart library): axes with
// round ratings and the first and last dates, a line through the games, a point per game (a
// link to it when the server named it), and a title that says it in words.
import { h, type VNode } from 'snabbdom';
import { t, getLang } from '../i18n';
import { plotGeometry, DEFAULT_BOX, type HistoryPoint } from './plot-geometry';

let ids = 0;

function shortDate(ms: number): string {
  return new Date(ms).toLocaleDateString(getLang(), { month: 'short', day: 'numeric' });
}

export function renderRatingPlot(pool: string, poolName: string, history: HistoryPoint[]): VNode {
  const box = DEFAULT_BOX;
  const g = plotGeometry(history, box);
  const id = `plot-title-${++ids}`;
  const first = g.points[0];
  const last = g.points[g.points.length - 1];
  const title = !last
    ? poolName
    : g.points.length === 1
      ? t('profile.plotTitleOne', { pool: poolName, last: Math.round(last.rating) })
      : t('profile.plotTitle', { pool: poolName, first: Math.round(first.rating), last: Math.round(last.rating), n: g.points.length });
  const line = g.points.map((p) => `${p.x},${p.y}`).join(' ');
  return h(
    'svg.rating-plot',
    {
      attrs: { viewBox: `0 0 ${box.width} ${box.height}`, role: 'img', 'aria-labelledby': id, 'data-testid': `plot-${pool}`, 'data-points': String(g.points.length) },
    },
    [
      h('title', { attrs: { id } }, title),
      // grid and y labels
      ...g.yTicks.flatMap((tick) => [
        h('line.plot-grid', { attrs: { x1: g.x0, y1: tick.y, x2: g.x1, y2: tick.y } }),
        h('text.plot-label', { attrs: { x: g.x0 - 6, y: tick.y + 4, 'text-anchor': 'end' } }, String(tick.rating)),
      ]),
      // axes
      h('line.plot-axis', { attrs: { x1: g.x0, y1: g.y0, x2: g.x0, y2: g.y1 } }),
      h('line.plot-axis', { attrs: { x1: g.x0, y1: g.y1, x2: g.x1, y2: g.y1 } }),
      first ? h('text.plot-label', { attrs: { x: g.x0, y: box.height - 6, 'text-anchor': 'start' } }, shortDate(g.minAt)) : null,
      last && g.maxAt !== g.minAt ? h('text.plot-label', { attrs: { x: g.x1, y: box.height - 6, 'text-anchor': 'end' } }, shortDate(g.maxAt)) : null,
      g.points.length > 1 ? h('polyline.plot-line', { attrs: { points: line } }) : null,
      ...g.points.map((p) => h('circle.plot-point', { attrs: { cx: p.x, cy: p.y, r: 3.5 } }, [h('title', `${Math.round(p.rating)} · ${shortDate(p.at)}`)])),
    ].filter((v): v is VNode => v !== null),
  );
}
