// Small inline SVG icons drawn for this client (no icon font, no emoji font needed: a symbol
// such as ⏮ or 💣 is an empty box on a system without one). Each is a 24×24 drawing in
// currentColor (the bomb keeps its spark), sized 1em and hidden from screen readers: the
// control that holds one names itself (aria-label or text).
import { h, type VNode } from 'snabbdom';

export type IconName = 'first' | 'prev' | 'next' | 'last' | 'flip' | 'download' | 'bomb' | 'boom' | 'crown' | 'check' | 'sun' | 'swords' | 'gear';

type Shape = [tag: 'path' | 'circle' | 'rect', attrs: Record<string, string | number>];

const SPARK = '#f5a623';

const SHAPES: Record<IconName, Shape[]> = {
  gear: [
  // a toothed wheel: the settings
  ['path', { d: 'M10.3 2h3.4l.5 2.6 1.9.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.9 2.6.5v3.4l-2.6.5-.8 1.9 1.5 2.2-2.4 2.4-2.2-1.5-1.9.8-.5 2.6h-3.4l-.5-2.6-1.9-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.9L2 13.7v-3.4l2.6-.5.8-1.9-1.5-2.2 2.4-2.4 2.2 1.5 1.9-.8zM12 8.3a3.7 3.7 0 1 0 0 7.4 3.7 3.7 0 0 0 0-7.4z', 'fill-rule': 'evenodd' }],
  ],
  // |◀  ◀  ▶  ▶|
  first: [
    ['rect', { x: 4, y: 5, width: 2.6, height: 14, rx: 0.6 }],
    ['path', { d: 'M20 5.2v13.6a.6.6 0 0 1-.92.5L8.6 12.5a.6.6 0 0 1 0-1l10.48-6.8a.6.6 0 0 1 .92.5z' }],
  ],
  prev: [['path', { d: 'M17 5.2v13.6a.6.6 0 0 1-.92.5L5.6 12.5a.6.6 0 0 1 0-1l10.48-6.8a.6.6 0 0 1 .92.5z' }]],
  next: [['path', { d: 'M7 5.2v13.6a.6.6 0 0 0 .92.5l10.48-6.8a.6.6 0 0 0 0-1L7.92 4.7a.6.6 0 0 0-.92.5z' }]],
  last: [
    ['rect', { x: 17.4, y: 5, width: 2.6, height: 14, rx: 0.6 }],
    ['path', { d: 'M4 5.2v13.6a.6.6 0 0 0 .92.5l10.48-6.8a.6.6 0 0 0 0-1L4.92 4.7a.6.6 0 0 0-.92.5z' }],
  ],
  // two arrows, up and down
  flip: [['path', { d: 'M7 3l-4 4.5h2.8V21h2.4V7.5H11L7 3zm10 18l4-4.5h-2.8V3h-2.4v13.5H13l4 4.5z' }]],
  // an arrow onto a tray
  download: [['path', { d: 'M10.8 3h2.4v9.1l3.2-3.2 1.7 1.7L12 16.7l-6.1-6.1 1.7-1.7 3.2 3.2V3zM4 18.6h16V21H4z' }]],
  // a round bomb with its fuse and a spark
  bomb: [
    ['circle', { cx: 10.5, cy: 13.5, r: 8.5 }],
    ['rect', { x: 14.9, y: 5.3, width: 4, height: 3.6, rx: 0.8, transform: 'rotate(45 16.9 7.1)' }],
    ['path', { d: 'M18.4 5.6c.4-1.4 1.3-2.3 2.6-2.6', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.4, 'stroke-linecap': 'round' }],
    ['circle', { cx: 21.4, cy: 2.7, r: 1.9, fill: SPARK }],
    ['circle', { cx: 7.6, cy: 10.6, r: 2, fill: '#fff', 'fill-opacity': 0.5 }],
  ],
  // an explosion: a jagged star
  boom: [
    ['path', { d: 'M12 1.5l2.3 5.6 5.4-3-1.9 5.9 5.7 1.3-5 3.2 3.6 4.8-5.9-.6.2 6-4.4-4.2-4.4 4.2.2-6-5.9.6 3.6-4.8-5-3.2 5.7-1.3-1.9-5.9 5.4 3z', fill: SPARK, stroke: '#b33000', 'stroke-width': 1 }],
    ['path', { d: 'M12 7.5l1.3 3.2 3.4-.6-2.2 2.7 2.2 2.7-3.4-.6L12 18l-1.3-3.1-3.4.6 2.2-2.7-2.2-2.7 3.4.6z', fill: '#fff3a0' }],
  ],
  crown: [['path', { d: 'M3 7.5l4.6 4 4.4-6.5 4.4 6.5 4.6-4-1.8 11H4.8zM4.8 19.8h14.4V22H4.8z' }]],
  check: [['path', { d: 'M9.2 16.6L4.6 12l-1.8 1.8 6.4 6.4L21.2 8.2l-1.8-1.8z' }]],
  sun: [
    ['circle', { cx: 12, cy: 12, r: 4.6 }],
    ['path', { d: 'M12 1.5v3.2M12 19.3v3.2M1.5 12h3.2M19.3 12h3.2M4.6 4.6l2.3 2.3M17.1 17.1l2.3 2.3M4.6 19.4l2.3-2.3M17.1 6.9l2.3-2.3', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' }],
  ],
  // two crossed swords
  swords: [
    [
      'path',
      {
        d: 'M3.5 3.5L16 16M20.5 3.5L8 16M13.2 18.8l5.6-5.6M5.2 13.2l5.6 5.6M16 16l4.5 4.5M8 16l-4.5 4.5',
        fill: 'none',
        stroke: 'currentColor',
        'stroke-width': 2.2,
        'stroke-linecap': 'round',
      },
    ],
  ],
};

/** An inline SVG icon (class `icon icon-<name>`). */
export function icon(name: IconName, cls = ''): VNode {
  return h(
    `svg.icon.icon-${name}${cls ? '.' + cls : ''}`,
    { attrs: { viewBox: '0 0 24 24', width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true', focusable: 'false' } },
    SHAPES[name].map(([tag, attrs]) => h(tag, { attrs })),
  );
}
