// The secret entry of one player's eight values — value chips and the eight back-rank pieces,
// by tap, drag or keyboard — shared by the game's set-up screen and the companion. The state
// logic is setup.ts; this is only its rendering.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { SLOTS, type Slot } from './commitment';
import {
  SETUP_VALUES, type SetupValue, type SetupState, emptySetup, tapChip, tapPiece, assign, swap, clearSlot, reroll, isComplete, holder, valueOfKey,
} from './setup';
import { identityIcon, pieceName, valueName } from './names';

export interface ValueEntry {
  /** The live state (read at each event: several can arrive before the next redraw). */
  get(): SetupState;
  update(s: SetupState): void;
  colour: string;
  title: string;
  /** `data-testid` of the whole form; controls are `${prefix}-chip-V`, `${prefix}-piece-S`, `${prefix}-random|clear|ready`. */
  testid: string;
  prefix: string;
  /** The form's element, e.g. 'div.cs-setup' or 'section.co-card.cs-setup'. */
  sel: string;
  readyLabel: string;
  busy?: boolean;
  ready(values: Record<Slot, SetupValue>): void;
  /** Buttons after "ready" (the game's "random by the server"). */
  extra?: VNode[];
}

export function renderValueEntry(o: ValueEntry): VNode {
  const st = o.get();
  const complete = isComplete(st);
  const focus = (i: number) => document.querySelector<HTMLElement>(`[data-testid="${o.prefix}-piece-${SLOTS[(i + 8) % 8]}"]`)?.focus();
  const onKey = (e: KeyboardEvent, slot: Slot) => {
    const val = valueOfKey(e.key);
    const idx = SLOTS.indexOf(slot);
    if (val) {
      e.preventDefault();
      o.update(assign(o.get(), slot, val));
      focus(idx + 1);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      o.update(clearSlot(o.get(), slot));
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
      e.preventDefault();
      focus(idx + 1);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      e.preventDefault();
      focus(idx - 1);
    }
  };
  const chip = (val: SetupValue) => {
    const on = holder(st, val);
    return h(
      'button.cs-chip',
      {
        key: val,
        class: { selected: st.chip === val, used: !!on, special: val === 'C' || val === 'S' },
        attrs: {
          type: 'button',
          draggable: 'true',
          'data-testid': `${o.prefix}-chip-${val}`,
          'aria-pressed': String(st.chip === val),
          'aria-label': valueName(val) + (on ? ` (${t('cs.setup.heldBy', { piece: pieceName(on) })})` : ''),
          title: on ? t('cs.setup.heldBy', { piece: pieceName(on) }) : valueName(val),
        },
        on: {
          click: () => o.update(tapChip(o.get(), val)),
          dragstart: (e: DragEvent) => e.dataTransfer?.setData('text/plain', `value:${val}`),
        },
      },
      [h('span.cs-chip-v', val), val === 'C' || val === 'S' ? h('span.cs-chip-name', valueName(val)) : null],
    );
  };
  const piece = (slot: Slot) => {
    const val = st.values[slot];
    return h(
      'button.cs-setup-piece',
      {
        key: slot,
        class: { selected: st.piece === slot, filled: !!val, great: slot <= 'c' },
        attrs: {
          type: 'button',
          draggable: 'true',
          'data-testid': `${o.prefix}-piece-${slot}`,
          'data-value': val ?? '',
          'aria-label': `${pieceName(slot)}: ${val ? valueName(val) : t('cs.setup.unassigned')}`,
          'aria-pressed': String(st.piece === slot),
        },
        on: {
          click: () => o.update(tapPiece(o.get(), slot)),
          keydown: (e: KeyboardEvent) => onKey(e, slot),
          dragstart: (e: DragEvent) => e.dataTransfer?.setData('text/plain', `piece:${slot}`),
          dragover: (e: DragEvent) => e.preventDefault(),
          drop: (e: DragEvent) => {
            e.preventDefault();
            const [kind, x] = (e.dataTransfer?.getData('text/plain') ?? '').split(':');
            if (kind === 'value' && (SETUP_VALUES as readonly string[]).includes(x)) o.update(assign(o.get(), slot, x as SetupValue));
            else if (kind === 'piece' && (SLOTS as readonly string[]).includes(x) && x !== slot) o.update(swap(o.get(), x as Slot, slot));
          },
        },
      },
      [identityIcon(slot, o.colour), h('span.cs-setup-name', [h('span.cs-file', slot), ' ', pieceName(slot)]), h('span.cs-setup-val', val ?? '–')],
    );
  };
  return h(o.sel, { attrs: { 'data-testid': o.testid } }, [
    h('h2', o.title),
    h('p.cs-help', t('cs.setup.help')),
    h('div.cs-chips', { attrs: { role: 'group', 'aria-label': t('cs.setup.values') } }, SETUP_VALUES.map(chip)),
    h('div.cs-setup-pieces', { attrs: { role: 'group', 'aria-label': t('cs.setup.pieces') } }, SLOTS.map(piece)),
    h('p.cs-legend', t('cs.great.legend')),
    h('div.cs-setup-actions', [
      h('button.cs-btn', { attrs: { type: 'button', 'data-testid': `${o.prefix}-random` }, on: { click: () => o.update(reroll(o.get())) } }, t('cs.setup.random')),
      h('button.cs-btn', { attrs: { type: 'button', 'data-testid': `${o.prefix}-clear` }, on: { click: () => o.update(emptySetup()) } }, t('cs.setup.clear')),
      h(
        'button.cs-btn.primary',
        {
          attrs: { type: 'button', 'data-testid': `${o.prefix}-ready`, disabled: !complete || !!o.busy, title: complete ? '' : t('cs.setup.incomplete') },
          on: { click: () => isComplete(o.get()) && o.ready(o.get().values as Record<Slot, SetupValue>) },
        },
        o.readyLabel,
      ),
      ...(o.extra ?? []),
    ]),
    complete ? null : h('p.cs-hint', t('cs.setup.incomplete')),
  ]);
}
