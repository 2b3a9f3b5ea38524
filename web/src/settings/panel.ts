// The settings panel in the page header: board colours, piece set, blind mode, sound (on/off,
// volume, which events sound). Every change is stored at once and applies to all three games.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import { sound, SOUND_EVENTS, type SoundEvent } from '../sound';
import { prefs, setPrefs, applyPrefs, BOARD_THEMES, PIECE_SETS, type BoardTheme, type PieceSet } from './prefs';
import { installOutlinePieces } from './pieces';
import { icon } from '../icons';
import './messages';
import './settings.css';

applyPrefs();
installOutlinePieces();

let open = false;

function radios<T extends string>(name: string, legend: string, values: readonly T[], chosen: T, label: (v: T) => string, pick: (v: T) => void, swatch?: (v: T) => VNode): VNode {
  return h('fieldset.set-group', [
    h('legend', legend),
    h(
      'div.set-choices',
      values.map((v) =>
        h('label.set-choice', [
          h('input', { attrs: { type: 'radio', name, value: v, 'data-testid': `set-${name}-${v}` }, props: { checked: v === chosen }, on: { change: () => pick(v) } }),
          swatch ? swatch(v) : null,
          ' ' + label(v),
        ]),
      ),
    ),
  ]);
}

export function renderSettings(redraw: () => void): VNode {
  const p = prefs();
  const change = (f: () => void) => () => {
    f();
    redraw();
  };
  const muted = sound.isMuted();
  return h(
    'details.settings',
    {
      attrs: { 'data-testid': 'settings' },
      props: { open },
      on: {
        toggle: (e: Event) => (open = (e.target as HTMLDetailsElement).open),
        // Escape closes the panel and gives the focus back to its button
        keydown: (e: KeyboardEvent) => {
          if (e.key !== 'Escape' || !open) return;
          const d = e.currentTarget as HTMLDetailsElement;
          d.open = false;
          open = false;
          d.querySelector<HTMLElement>('summary')?.focus();
        },
      },
    },
    [
      h('summary', { attrs: { 'data-testid': 'settings-open' } }, [icon('gear'), h('span.set-label', t('set.title'))]),
      h('div.set-panel', { attrs: { 'data-testid': 'settings-panel' } }, [
        radios('board', t('set.board'), BOARD_THEMES, p.board, (v) => t(`set.board.${v}`), (v: BoardTheme) => change(() => setPrefs({ board: v }))(), (v) => h(`span.set-swatch.board-${v}`, { attrs: { 'aria-hidden': 'true' } })),
        radios('pieces', t('set.pieces'), PIECE_SETS, p.pieces, (v) => t(`set.pieces.${v}`), (v: PieceSet) => change(() => setPrefs({ pieces: v }))()),
        h('fieldset.set-group', [
          h('legend', t('set.sound')),
          h('label.check', [
            h('input', { attrs: { type: 'checkbox', 'data-testid': 'set-sound' }, props: { checked: !muted }, on: { change: (e: Event) => change(() => sound.setMuted(!(e.target as HTMLInputElement).checked))() } }),
            ' ' + t('set.soundOn'),
          ]),
          h('label.set-volume', [
            h('span', t('set.volume')),
            h('input', {
              attrs: { type: 'range', min: 0, max: 100, step: 5, 'data-testid': 'set-volume', disabled: muted },
              props: { value: String(sound.volume()) },
              on: { input: (e: Event) => change(() => sound.setVolume(Number((e.target as HTMLInputElement).value)))() },
            }),
            h('output', `${sound.volume()}%`),
          ]),
          h('div.set-events', [
            h('span', t('set.soundEvents')),
            ...SOUND_EVENTS.map((ev: SoundEvent) =>
              h('label.check', [
                h('input', {
                  attrs: { type: 'checkbox', 'data-testid': `set-sound-${ev}`, disabled: muted },
                  props: { checked: sound.eventOn(ev) },
                  on: { change: (e: Event) => change(() => sound.setEvent(ev, (e.target as HTMLInputElement).checked))() },
                }),
                ' ' + t(`set.sound.${ev}`),
              ]),
            ),
          ]),
        ]),
        h('fieldset.set-group', [
          h('legend', t('set.blindTitle')),
          h('label.check', [
            h('input', { attrs: { type: 'checkbox', 'data-testid': 'set-blind', 'aria-describedby': 'set-blind-help' }, props: { checked: p.blind }, on: { change: (e: Event) => change(() => setPrefs({ blind: (e.target as HTMLInputElement).checked }))() } }),
            ' ' + t('set.blind'),
          ]),
          h('p#set-blind-help.set-help', t('set.blindHelp')),
          h('p.set-help', t('set.keys')),
        ]),
      ]),
    ],
  );
}
