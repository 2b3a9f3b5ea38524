// Companion mode page (/companion): a Chief & Spy match on a real board, refereed by this
// device alone (one shared device; a hand-over screen before each secret entry).
import { h, type VNode } from 'snabbdom';
import { redraw, type Page } from '../app';
import { t } from '../i18n';
import { identityIcon, pieceName } from '../chiefspy/names';
import { renderValueEntry } from '../chiefspy/value-entry';
import { installPieces } from '../board/setup';
import { icon as svgIcon } from '../icons';
import '../chiefspy/chiefspy.css';
import { type SetupValue, type SetupState, emptySetup } from '../chiefspy/setup';
import {
  SLOTS, type Slot, type Seat, type Colour, type PieceRef, type CompanionMatch, newMatch, setValues, isReady, colourOf, seatOf,
  piecesOnBoard, fallen, battle, promote, endRound, nextRound, other,
} from './model';
import {
  load, save, commit, undo, undoForm, loadDuo, saveDuo, loadDuoShown, saveDuoShown, loadForm, saveForm, type Saved, type LastBattle, type DuoShown, type BattleForm,
} from './store';
import { installCompanionApp } from './pwa/register';
import { battleText, roundText, matchText, promotedText, playerName, type RoundLike } from './announce';
import {
  type DuoMatch, type DuoBattle, newDuo, randomCode, isMatchCode, myColour, setMyValues, duoPieces, defenderCode, attackerResolve, defenderFinish, cancelWaiting,
  duoPromote, duoEndRound, duoNextRound,
} from './duo';
import './messages';
import './companion.css';

const great = (p: PieceRef) => p === 'a' || p === 'b' || p === 'c';

const icon = (p: PieceRef, colour: Colour): VNode => identityIcon(p, colour);
const colourName = (c: Colour) => t(`cs.colour.${c}`);

type Form = BattleForm;

class CompanionPage implements Page {
  private saved: Saved = load();
  private duo: DuoMatch | null = loadDuo();
  private joinCode = '';
  private duoCode = '';
  private duoShown: DuoShown | null = this.duo ? loadDuoShown(this.duo.code) : null;
  private typed = { white: '', black: '' }; // the names typed on the new-match form
  private entering: Seat | null = null; // a player is entering values now (after the hand-over)
  private setup: SetupState = emptySetup();
  private battleForm: Form = loadForm() ?? this.freshForm();
  private notice: string | null = null;
  private error: string | null = null;
  private peek: Seat | null = null;
  private promoteColour: Colour = 'white';

  private uninstallApp = installCompanionApp();

  constructor() {
    // The board's piece images (installed by the board module) are used for icons.
    installPieces();
  }

  // What is on screen mid-battle is saved as it changes, so a reload or a closed tab keeps it:
  // the battle being entered, the last announcement, a two-device answer code.
  private get form(): Form {
    return this.battleForm;
  }
  private set form(f: Form) {
    this.battleForm = f;
    saveForm(f);
  }

  private get result(): LastBattle | null {
    return this.saved.last ?? null;
  }
  private set result(r: LastBattle | null) {
    this.saved = { ...this.saved, last: r };
    save(this.saved);
  }

  private get duoResult(): DuoShown | null {
    return this.duoShown;
  }
  private set duoResult(r: DuoShown | null) {
    this.duoShown = r;
    saveDuoShown(this.duo?.code ?? null, r);
  }

  private get m(): CompanionMatch | null {
    return this.saved.match;
  }

  private freshForm(attackerColour: Colour = 'white'): Form {
    return { attackerColour, attacker: null, defender: null, attackerSupport: 0, defenderSupport: 0 };
  }

  private get names(): Record<Seat, string> | undefined {
    return (this.duo ?? this.m)?.names;
  }

  /** A player by the name typed at the start ("Player 1/2" without one). */
  private name(seat: Seat): string {
    return playerName(this.names, seat);
  }

  /** "White (Ann)": a colour this round, with its player's name. */
  private who(round: number, c: Colour): string {
    return `${colourName(c)} (${this.name(seatOf(round, c))})`;
  }

  /** Saves the match after an entry; `before` is the battle form as it was when the entry was
   * made (Undo gives it back). */
  private change(next: CompanionMatch | null, keepResult = false, before: Form = this.form) {
    this.saved = next ? commit(this.saved, next, before) : { match: null, undo: [], undone: 0 };
    save(this.saved);
    if (next?.phase !== 'play') this.form = this.freshForm(); // a finished round or match: no battle half-entered
    if (!keepResult) this.result = null;
    this.error = null;
    redraw();
  }

  private try(f: () => void) {
    try {
      f();
    } catch (e) {
      this.error = (e as Error).message;
      redraw();
    }
  }

  render(): VNode {
    if (this.duo) return this.renderDuo(this.duo);
    const m = this.m;
    return h('div.co-page', { attrs: { 'data-testid': 'companion-page', 'data-phase': m?.phase ?? 'none' } }, [
      h('h1', t('co.title')),
      m ? this.renderScore(m) : null,
      this.error ? h('p.cs-error', { attrs: { role: 'alert', 'data-testid': 'co-error' } }, t('co.error', { msg: this.error })) : null,
      !m ? this.renderNew() : m.phase === 'setup' ? this.renderSetup(m) : m.phase === 'play' ? this.renderPlay(m) : this.renderRoundOver(m),
      m ? this.renderFooter(m) : null,
    ]);
  }

  private renderNew(): VNode {
    const input = (seat: Seat) =>
      h('label.co-name', [
        h('span', t(`co.name.${seat}`)),
        h('input', {
          attrs: { type: 'text', maxlength: 24, placeholder: t(`cs.seat.${seat}`), 'data-testid': `co-name-${seat}` },
          props: { value: this.typed[seat] },
          on: { input: (e: Event) => (this.typed[seat] = (e.target as HTMLInputElement).value) },
        }),
      ]);
    return h('section.co-card', { attrs: { 'data-testid': 'co-new' } }, [
      h('p', t('co.intro')),
      h('fieldset', [h('legend', t('co.names')), input('white'), input('black')]),
      h(
        'button.cs-btn.primary',
        { attrs: { type: 'button', 'data-testid': 'co-start' }, on: { click: () => this.change(newMatch(this.trimmedNames())) } },
        t('co.start'),
      ),
      h('h2.co-sub', t('co.duo.title')),
      h('p.cs-help', t('co.duo.help')),
      h('div.co-duo-start', [
        h(
          'button.cs-btn',
          { attrs: { type: 'button', 'data-testid': 'co-duo-create' }, on: { click: () => this.setDuo(newDuo(randomCode(), 'white', this.trimmedNames())) } },
          t('co.duo.create'),
        ),
        h('label.co-name', [
          h('span', t('co.duo.codeLabel')),
          h('input', {
            attrs: { type: 'text', maxlength: 8, autocomplete: 'off', 'data-testid': 'co-duo-code' },
            props: { value: this.joinCode },
            on: { input: (e: Event) => (this.joinCode = (e.target as HTMLInputElement).value) },
          }),
        ]),
        h(
          'button.cs-btn',
          {
            attrs: { type: 'button', 'data-testid': 'co-duo-join' },
            on: {
              click: () => {
                if (!isMatchCode(this.joinCode)) {
                  this.error = t('co.duo.badCode');
                  redraw();
                  return;
                }
                this.setDuo(newDuo(this.joinCode, 'black', this.trimmedNames()));
              },
            },
          },
          t('co.duo.join'),
        ),
      ]),
    ]);
  }

  private trimmedNames() {
    return { white: this.typed.white.trim(), black: this.typed.black.trim() };
  }

  // ---- two devices ------------------------------------------------------------------------

  private setDuo(next: DuoMatch | null) {
    this.duo = next;
    saveDuo(next);
    if (!next) this.duoResult = null;
    if (next?.phase !== 'play') this.form = this.freshForm();
    this.error = null;
    redraw();
  }

  private duoTry(f: () => void) {
    try {
      this.error = null;
      f();
    } catch (e) {
      this.error = (e as Error).message;
    }
    redraw();
  }

  private renderDuo(m: DuoMatch): VNode {
    const mine = myColour(m);
    return h('div.co-page', { attrs: { 'data-testid': 'companion-page', 'data-phase': m.phase, 'data-mode': 'duo' } }, [
      h('h1', t('co.title')),
      h('p.co-duo-id', { attrs: { 'data-testid': 'co-duo-id' } }, [
        t('co.duo.thisDevice', { name: this.name(m.me), colour: colourName(mine) }),
        ' · ',
        t('co.duo.code'),
        ' ',
        h('code.co-code', { attrs: { 'data-testid': 'co-duo-matchcode' } }, `${m.code.slice(0, 3)}-${m.code.slice(3)}`),
      ]),
      this.renderScore(m),
      this.error ? h('p.cs-error', { attrs: { role: 'alert', 'data-testid': 'co-error' } }, this.error) : null,
      m.phase === 'setup'
        ? this.valueEntry(mine, t('co.setup.title', { name: this.name(m.me), colour: colourName(mine) }), (values) => this.setDuo(setMyValues(m, values)))
        : m.phase === 'play'
          ? this.renderDuoPlay(m)
          : this.renderDuoOver(m),
      h('div.co-footer', [
        h(
          'button.cs-btn.link',
          { attrs: { type: 'button', 'data-testid': 'co-reset' }, on: { click: () => (m.phase === 'over' || confirm(t('co.confirmNew'))) && this.setDuo(null) } },
          t('co.newMatch'),
        ),
      ]),
    ]);
  }

  private renderDuoResult(m: DuoMatch): VNode | null {
    const r = this.duoResult;
    if (!r) return null;
    const text = battleText(m.names, m.round, r.b, r.winner);
    return h('section.co-result.cs-battle-card', { class: { [r.winner]: true }, attrs: { 'data-testid': 'co-result', 'data-winner': r.winner, role: 'status' } }, [
      h('h3', [svgIcon('swords'), ' ', t('co.result.title')]),
      h('p.cs-winner', { attrs: { 'data-testid': 'co-winner' } }, text.winner),
      h('p', { attrs: { 'data-testid': 'co-remove' } }, text.remove),
      h('p.cs-bonus', t('cs.battle.bonus', { a: r.bonus.attacker, d: r.bonus.defender })),
      r.answer
        ? h('p.co-big', [t('co.duo.showAnswer', { name: this.name(seatOf(m.round, other(r.b.attackerColour))) }), ' ', h('code.co-code', { attrs: { 'data-testid': 'co-duo-answer' } }, r.answer)])
        : null,
      r.winner !== 'tie' ? h('p.cs-muted', t('co.result.secret')) : null,
    ]);
  }

  private renderDuoPlay(m: DuoMatch): VNode {
    const mine = myColour(m);
    const f = this.form;
    const ac = f.attackerColour;
    const dc = other(ac);
    const set = (patch: Partial<Form>) => ((this.form = { ...this.form, ...patch }), (this.duoResult = null), redraw());
    const ready = !!f.attacker && !!f.defender;
    const b = (): DuoBattle => ({ attackerColour: ac, attacker: f.attacker!, defender: f.defender!, attackerSupport: f.attackerSupport, defenderSupport: f.defenderSupport });
    const codeInput = (testid: string) =>
      h('input.co-code-input', {
        attrs: { type: 'text', maxlength: 9, autocomplete: 'off', spellcheck: 'false', 'data-testid': testid, 'aria-label': t('co.duo.enterCode') },
        props: { value: this.duoCode },
        on: { input: (e: Event) => (this.duoCode = (e.target as HTMLInputElement).value) },
      });
    let step: VNode;
    if (m.waiting) {
      const w = m.waiting;
      const code = defenderCode({ ...m, waiting: null }, w).code;
      step = h('div.co-duo-step', { attrs: { 'data-testid': 'co-duo-waiting' } }, [
        h('p.co-big', [t('co.duo.showCode', { name: this.name(seatOf(m.round, w.attackerColour)) }), ' ', h('code.co-code', { attrs: { 'data-testid': 'co-duo-defcode' } }, code)]),
        h('label.co-name', [h('span', t('co.duo.enterAnswer', { name: this.name(seatOf(m.round, w.attackerColour)) })), codeInput('co-duo-answer-input')]),
        h(
          'button.cs-btn.primary',
          {
            attrs: { type: 'button', 'data-testid': 'co-duo-finish' },
            on: {
              click: () =>
                this.duoTry(() => {
                  const r = defenderFinish(m, this.duoCode);
                  this.duoResult = { winner: r.outcome.winner, bonus: r.outcome.bonus, answer: null, b: w };
                  this.duoCode = '';
                  this.form = this.freshForm(other(w.attackerColour));
                  this.setDuo(r.match);
                }),
            },
          },
          t('co.duo.finish'),
        ),
        h('button.cs-btn.link', { attrs: { type: 'button', 'data-testid': 'co-duo-cancel' }, on: { click: () => this.setDuo(cancelWaiting(m)) } }, t('cs.gambit.cancel')),
      ]);
    } else if (ac === mine) {
      step = h('div.co-duo-step', [
        h('label.co-name', [h('span', t('co.duo.enterDefCode', { name: this.name(seatOf(m.round, dc)) })), codeInput('co-duo-defcode-input')]),
        h(
          'button.cs-btn.primary',
          {
            attrs: { type: 'button', 'data-testid': 'co-resolve', disabled: !ready },
            on: {
              click: () =>
                this.duoTry(() => {
                  const battle = b();
                  const r = attackerResolve(m, battle, this.duoCode);
                  this.duoResult = { winner: r.outcome.winner, bonus: r.outcome.bonus, answer: r.code, b: battle };
                  this.duoCode = '';
                  this.form = this.freshForm(dc);
                  this.setDuo(r.match);
                }),
            },
          },
          t('co.resolve'),
        ),
      ]);
    } else {
      step = h(
        'button.cs-btn.primary',
        { attrs: { type: 'button', 'data-testid': 'co-duo-defend', disabled: !ready }, on: { click: () => this.duoTry(() => this.setDuo(defenderCode(m, b()).match)) } },
        t('co.duo.defend'),
      );
    }
    return h('div.co-play', [
      this.renderDuoResult(m),
      h('section.co-card', { attrs: { 'data-testid': 'co-battle' } }, [
        h('h2', [svgIcon('swords'), ' ', t('co.play.title')]),
        h('p.cs-help', t('co.duo.playHelp')),
        this.attackerColourField(m.round, set, !!m.waiting),
        m.waiting ? null : h('div', this.battleFields(m.round, (c) => duoPieces(m, c), set)),
        step,
      ]),
      this.renderDuoSides(m),
      h('details.co-card', { attrs: { 'data-testid': 'co-end-round' } }, [
        h('summary', t('co.end')),
        h('div.co-end-buttons', [
          ...(['white', 'black'] as Seat[]).map((s) =>
            h('button.cs-btn', { attrs: { type: 'button', 'data-testid': `co-resign-${s}` }, on: { click: () => this.duoTry(() => this.setDuo(duoEndRound(m, 'resignation', s))) } }, t('co.resign', { name: this.name(s) })),
          ),
          h('button.cs-btn', { attrs: { type: 'button', 'data-testid': 'co-draw' }, on: { click: () => this.duoTry(() => this.setDuo(duoEndRound(m, 'draw'))) } }, t('co.drawRound')),
        ]),
        h('p.cs-help', t('co.duo.bothDevices')),
      ]),
    ]);
  }

  private renderDuoSides(m: DuoMatch): VNode {
    const side = (c: Colour) => {
      const pieces = duoPieces(m, c);
      const down = SLOTS.filter((x) => !pieces.includes(x));
      return h('div.co-side', { attrs: { 'data-testid': `co-side-${c}` } }, [
        h('h3', [h(`span.cs-colour-dot.${c}`), ` ${colourName(c)} — ${this.name(seatOf(m.round, c))}`]),
        h('div.co-line', [h('span.co-label', `${t('co.onBoard')}: `), ...pieces.filter((x) => x !== 'pawn').map((x) => h('span', { attrs: { title: pieceName(x) } }, [icon(x, c)]))]),
        h('div.co-line', [
          h('span.co-label', `${t('co.fallen')}: `),
          ...(down.length
            ? down.map((x) =>
                h(
                  'button.co-piece',
                  { attrs: { type: 'button', title: t('co.promote.do', { piece: pieceName(x) }), 'data-testid': `co-promote-${c}-${x}` }, on: { click: () => confirm(`${t('co.promote.do', { piece: pieceName(x) })}: ${this.who(m.round, c)}?`) && this.duoTry(() => this.setDuo(duoPromote(m, c, x))) } },
                  [icon(x, c), h('span', `↑ ${pieceName(x)}`)],
                ),
              )
            : [h('span.cs-muted', t('co.none'))]),
        ]),
      ]);
    };
    return h('section.co-card.co-state', [h('p.cs-help', t('co.duo.promoteHelp')), side('white'), side('black')]);
  }

  private renderDuoOver(m: DuoMatch): VNode {
    const last = m.rounds[m.rounds.length - 1];
    return h('div.co-roundover', [
      this.renderDuoResult(m),
      last ? this.renderRoundEnd(last) : null,
      m.phase === 'over'
        ? h('section.co-card.co-final', { attrs: { 'data-testid': 'co-match-over' } }, [h('h2', t('co.matchOver')), h('p.co-big', matchText(m.names, m.score))])
        : h('button.cs-btn.primary', { attrs: { type: 'button', 'data-testid': 'co-next-round' }, on: { click: () => this.duoTry(() => ((this.duoResult = null), this.setDuo(duoNextRound(m)))) } }, t('co.nextRound')),
    ]);
  }

  private renderScore(m: { round: number; score: Record<Seat, number> }): VNode {
    return h('div.co-score', { attrs: { 'data-testid': 'co-score' } }, [
      h('b', { attrs: { 'data-testid': 'co-round' } }, t('co.round', { n: m.round })),
      ...(['white', 'black'] as Seat[]).map((s) =>
        h('span.co-score-seat', [
          h(`span.cs-colour-dot.${colourOf(m.round, s)}`, { attrs: { title: t('co.plays', { name: this.name(s), colour: colourName(colourOf(m.round, s)) }) } }),
          ` ${this.name(s)} `,
          h('b', { attrs: { 'data-testid': `co-score-${s}` } }, String(m.score[s])),
        ]),
      ),
    ]);
  }

  // ---- set-up: hand-over, secret entry, hidden ----------------------------------------------

  private renderSetup(m: CompanionMatch): VNode {
    const seat: Seat | null = !isReady(m, 'white') ? 'white' : !isReady(m, 'black') ? 'black' : null;
    if (!seat) return h('div');
    const colour = colourOf(m.round, seat);
    const done = seat === 'black' && isReady(m, 'white') ? h('p.co-saved', { attrs: { 'data-testid': 'co-saved' } }, t('co.setup.saved', { name: this.name('white') })) : null;
    if (this.entering !== seat) {
      return h('section.co-card.co-handover', { attrs: { 'data-testid': `co-handover-${seat}` } }, [
        done,
        h('p.co-big', t('co.setup.handover', { name: this.name(seat), colour: colourName(colour) })),
        h(
          'button.cs-btn.primary',
          { attrs: { type: 'button', 'data-testid': 'co-go' }, on: { click: () => ((this.entering = seat), (this.setup = emptySetup()), redraw()) } },
          t('co.setup.go', { name: this.name(seat) }),
        ),
      ]);
    }
    return this.valueEntry(colour, t('co.setup.title', { name: this.name(seat), colour: colourName(colour) }), (values) => {
      const next = setValues(m, seat, values);
      this.entering = null;
      this.setup = emptySetup();
      this.change(next);
    });
  }

  /** The secret entry of one player's eight values (tap, drag or keyboard). */
  private valueEntry(colour: Colour, title: string, done: (values: Record<Slot, SetupValue>) => void): VNode {
    return renderValueEntry({
      get: () => this.setup,
      update: (st) => ((this.setup = st), redraw()),
      colour,
      title,
      testid: 'co-setup',
      prefix: 'co',
      sel: 'section.co-card.cs-setup',
      readyLabel: t('co.setup.ready'),
      ready: (values) => this.try(() => done(values)),
    });
  }

  // ---- play: battle entry, promotion, round end --------------------------------------------

  private pieceButtons(pieces: PieceRef[], colour: Colour, selected: PieceRef | null, prefix: string, pick: (p: PieceRef) => void): VNode {
    return h(
      'div.co-pieces',
      { attrs: { role: 'radiogroup' } },
      pieces.map((p) =>
        h(
          'button.co-piece',
          {
            key: p,
            class: { selected: selected === p, great: great(p) },
            attrs: { type: 'button', role: 'radio', 'aria-checked': String(selected === p), 'data-testid': `${prefix}-${p}` },
            on: { click: () => pick(p) },
          },
          [icon(p, colour), h('span', p === 'pawn' ? pieceName(null) : pieceName(p))],
        ),
      ),
    );
  }

  /** Who attacks: a colour toggle (changing it clears the chosen pieces). */
  private attackerColourField(round: number, set: (patch: Partial<Form>) => void, locked: boolean): VNode {
    const ac = this.form.attackerColour;
    return h('div.co-field', [
      h('span.co-label', t('co.attackerColour')),
      h(
        'div.co-toggle',
        { attrs: { role: 'radiogroup', 'aria-label': t('co.attackerColour') } },
        (['white', 'black'] as Colour[]).map((c) =>
          h(
            'button.cs-btn',
            {
              class: { selected: ac === c },
              attrs: { type: 'button', role: 'radio', 'aria-checked': String(ac === c), 'data-testid': `co-attacker-colour-${c}`, disabled: locked },
              on: { click: () => set({ attackerColour: c, attacker: null, defender: null }) },
            },
            [h(`span.cs-colour-dot.${c}`), ` ${this.who(round, c)}`],
          ),
        ),
      ),
    ]);
  }

  /** The two fighting pieces, the two support counts and the resulting bonuses. */
  private battleFields(round: number, pieces: (c: Colour) => PieceRef[], set: (patch: Partial<Form>) => void): VNode[] {
    const f = this.form;
    const ac = f.attackerColour;
    const dc = other(ac);
    return [
      h('div.co-field', [h('span.co-label', `${t('co.attacker')}: ${this.who(round, ac)}`), this.pieceButtons(pieces(ac), ac, f.attacker, 'co-att', (p) => set({ attacker: p }))]),
      h('div.co-field', [h('span.co-label', `${t('co.defender')}: ${this.who(round, dc)}`), this.pieceButtons(pieces(dc), dc, f.defender, 'co-def', (p) => set({ defender: p }))]),
      h('div.co-supports', [
        this.stepper(t('co.support.attacker'), f.attackerSupport, 'co-att-support', (n) => set({ attackerSupport: n })),
        this.stepper(t('co.support.defender'), f.defenderSupport, 'co-def-support', (n) => set({ defenderSupport: n })),
      ]),
      h('p.co-bonus', { attrs: { 'data-testid': 'co-bonus' } }, t('co.bonus', { a: 1 + f.attackerSupport, as: f.attackerSupport, d: f.defenderSupport })),
    ];
  }

  private stepper(label: string, value: number, testid: string, set: (n: number) => void): VNode {
    const clamp = (n: number) => Math.max(0, Math.min(15, n));
    return h('div.co-stepper', [
      h('span.co-stepper-label', { attrs: { id: `${testid}-label` } }, label),
      h('div.co-stepper-row', [
        h('button.cs-btn', { attrs: { type: 'button', 'aria-label': t('co.support.less'), 'data-testid': `${testid}-minus` }, on: { click: () => set(clamp(value - 1)) } }, '−'),
        h('input.co-num', {
          attrs: { type: 'number', min: 0, max: 15, inputmode: 'numeric', 'aria-labelledby': `${testid}-label`, 'data-testid': testid },
          props: { value: String(value) },
          on: { input: (e: Event) => set(clamp(Number((e.target as HTMLInputElement).value) || 0)) },
        }),
        h('button.cs-btn', { attrs: { type: 'button', 'aria-label': t('co.support.more'), 'data-testid': `${testid}-plus` }, on: { click: () => set(clamp(value + 1)) } }, '+'),
      ]),
    ]);
  }

  private renderPlay(m: CompanionMatch): VNode {
    const f = this.form;
    const ac = f.attackerColour;
    const dc = other(ac);
    const set = (patch: Partial<Form>) => ((this.form = { ...this.form, ...patch }), (this.result = null), (this.notice = null), redraw());
    const canResolve = !!f.attacker && !!f.defender;
    return h('div.co-play', [
      this.renderResult(m),
      this.notice ? h('p.co-notice', { attrs: { 'data-testid': 'co-notice', role: 'status' } }, this.notice) : null,
      h('section.co-card', { attrs: { 'data-testid': 'co-battle' } }, [
        h('h2', [svgIcon('swords'), ' ', t('co.play.title')]),
        h('p.cs-help', t('co.play.help')),
        this.attackerColourField(m.round, set, false),
        ...this.battleFields(m.round, (c) => piecesOnBoard(m, c), set),
        h(
          'button.cs-btn.primary.co-resolve',
          {
            attrs: { type: 'button', 'data-testid': 'co-resolve', disabled: !canResolve },
            on: {
              click: () =>
                this.try(() => {
                  const r = battle(m, { attackerColour: ac, attacker: f.attacker!, defender: f.defender!, attackerSupport: f.attackerSupport, defenderSupport: f.defenderSupport });
                  const res = { announce: r.announce, attacker: f.attacker!, defender: f.defender!, attackerColour: ac };
                  this.form = this.freshForm(dc);
                  this.change(r.match, true, f);
                  this.result = res;
                  redraw();
                }),
            },
          },
          t('co.resolve'),
        ),
      ]),
      this.renderBoardState(m),
      this.renderPromotion(m),
      this.renderEndRound(m),
      this.renderPeek(m),
    ]);
  }

  private renderResult(m: CompanionMatch): VNode | null {
    const r = this.result;
    if (!r) return null;
    const a = r.announce;
    const text = battleText(m.names, m.round, r, a.winner);
    return h('section.co-result.cs-battle-card', { key: `res-${this.saved.undo.length}`, class: { [a.winner]: true }, attrs: { 'data-testid': 'co-result', 'data-winner': a.winner, role: 'status', 'aria-live': 'assertive' } }, [
      h('h3', [svgIcon('swords'), ' ', t('co.result.title')]),
      h('p.cs-winner', { attrs: { 'data-testid': 'co-winner' } }, text.winner),
      h('p', { attrs: { 'data-testid': 'co-remove' } }, text.remove),
      h('p.cs-bonus', t('cs.battle.bonus', { a: a.bonus.attacker, d: a.bonus.defender })),
      a.winner !== 'tie' ? h('p.cs-muted', t('co.result.secret')) : null,
    ]);
  }

  private renderBoardState(m: CompanionMatch): VNode {
    const side = (c: Colour) => {
      const s = m.sides[c]!;
      const down = fallen(m, c);
      return h('div.co-side', { attrs: { 'data-testid': `co-side-${c}` } }, [
        h('h3', [h(`span.cs-colour-dot.${c}`), ` ${colourName(c)} — ${this.name(seatOf(m.round, c))}`]),
        h('div.co-line', [h('span.co-label', `${t('co.onBoard')}: `), ...SLOTS.filter((x) => s.onBoard[x]).map((x) => h('span', { attrs: { title: pieceName(x) } }, [icon(x, c)])), h('span', ` ${t('co.pawns', { n: s.pawns })}`)]),
        h('div.co-line', [
          h('span.co-label', `${t('co.fallen')}: `),
          ...(down.length ? down.map((x) => h('span.co-fallen', { attrs: { title: pieceName(x) } }, [icon(x, c), h('span.sr-only', pieceName(x))])) : [h('span.cs-muted', t('co.none'))]),
          8 - s.pawns > 0 ? h('span', ` · ${t('cs.reserves.pawns', { n: 8 - s.pawns })}`) : null,
        ]),
      ]);
    };
    return h('section.co-card.co-state', [side('white'), side('black')]);
  }

  private renderPromotion(m: CompanionMatch): VNode {
    const c = this.promoteColour;
    const down = fallen(m, c);
    return h('details.co-card', { attrs: { 'data-testid': 'co-promotion' } }, [
      h('summary', t('co.promote')),
      h('p.cs-help', t('co.promote.help')),
      h(
        'div.co-toggle',
        (['white', 'black'] as Colour[]).map((x) =>
          h(
            'button.cs-btn',
            { class: { selected: c === x }, attrs: { type: 'button', 'aria-pressed': String(c === x), 'data-testid': `co-promote-colour-${x}` }, on: { click: () => ((this.promoteColour = x), redraw()) } },
            this.who(m.round, x),
          ),
        ),
      ),
      down.length && (m.sides[c]?.pawns ?? 0) > 0
        ? h(
            'div.co-pieces',
            down.map((p) =>
              h(
                'button.co-piece',
                {
                  attrs: { type: 'button', 'data-testid': `co-promote-${p}` },
                  on: {
                    click: () =>
                      this.try(() => {
                        this.change(promote(m, c, p));
                        this.notice = promotedText(m.names, m.round, c, p);
                        redraw();
                      }),
                  },
                },
                [icon(p, c), h('span', t('co.promote.do', { piece: pieceName(p) }))],
              ),
            ),
          )
        : h('p.cs-muted', t('co.promote.none')),
    ]);
  }

  private renderEndRound(m: CompanionMatch): VNode {
    return h('details.co-card', { attrs: { 'data-testid': 'co-end-round' } }, [
      h('summary', t('co.end')),
      h('div.co-end-buttons', [
        ...(['white', 'black'] as Seat[]).map((s) =>
          h('button.cs-btn', { attrs: { type: 'button', 'data-testid': `co-resign-${s}` }, on: { click: () => this.try(() => this.change(endRound(m, 'resignation', s))) } }, t('co.resign', { name: this.name(s) })),
        ),
        ...(['white', 'black'] as Seat[]).map((s) =>
          h('button.cs-btn', { attrs: { type: 'button', 'data-testid': `co-nomove-${s}` }, on: { click: () => this.try(() => this.change(endRound(m, 'no-legal-move', s))) } }, t('co.noMove', { name: this.name(s) })),
        ),
        h('button.cs-btn', { attrs: { type: 'button', 'data-testid': 'co-draw' }, on: { click: () => this.try(() => this.change(endRound(m, 'draw'))) } }, t('co.drawRound')),
      ]),
    ]);
  }

  private renderPeek(m: CompanionMatch): VNode {
    if (this.peek) {
      const seat = this.peek;
      const c = colourOf(m.round, seat);
      const s = m.sides[c]!;
      return h('section.co-card.co-peek', { attrs: { 'data-testid': 'co-peek' } }, [
        h('p.co-big', t('co.peek.warn', { name: this.name(seat) })),
        h('ul.cs-valuelist', SLOTS.map((x) => h('li', [icon(x, c), h('span', pieceName(x)), h('b', s.initial[x])]))),
        h('button.cs-btn.primary', { attrs: { type: 'button', 'data-testid': 'co-peek-hide' }, on: { click: () => ((this.peek = null), redraw()) } }, t('co.peek.hide')),
      ]);
    }
    return h(
      'div.co-peek-buttons',
      (['white', 'black'] as Seat[]).map((s) =>
        h('button.cs-btn.link', { attrs: { type: 'button', 'data-testid': `co-peek-${s}` }, on: { click: () => ((this.peek = s), redraw()) } }, t('co.peek', { name: this.name(s) })),
      ),
    );
  }

  // ---- round over / match over ---------------------------------------------------------

  private renderRoundOver(m: CompanionMatch): VNode {
    const last = m.rounds[m.rounds.length - 1];
    return h('div.co-roundover', [
      this.renderResult(m),
      last ? this.renderRoundEnd(last) : null,
      m.phase === 'over'
        ? h('section.co-card.co-final', { attrs: { 'data-testid': 'co-match-over' } }, [
            h('h2', t('co.matchOver')),
            h('p.co-big', matchText(m.names, m.score)),
            h('button.cs-btn.primary', { attrs: { type: 'button', 'data-testid': 'co-new-match' }, on: { click: () => this.change(null) } }, t('co.newMatch')),
          ])
        : h('button.cs-btn.primary', { attrs: { type: 'button', 'data-testid': 'co-next-round' }, on: { click: () => this.try(() => this.change(nextRound(m))) } }, t('co.nextRound')),
      this.renderHistory(m),
    ]);
  }

  /** A round's end (both modes): who scored, why, the score. */
  private renderRoundEnd(r: RoundLike): VNode {
    const text = roundText(this.names, r);
    return h('section.co-card.cs-roundend', { attrs: { 'data-testid': 'co-round-over', role: 'status' } }, [
      h('p.co-big', text.headline),
      h('p', text.why),
      h('p', text.score),
    ]);
  }

  private renderHistory(m: CompanionMatch): VNode | null {
    if (!m.rounds.length) return null;
    return h('section.co-card', { attrs: { 'data-testid': 'co-history' } }, [
      h('h3', t('co.history')),
      ...m.rounds.map((r) => {
        const text = roundText(m.names, r);
        return h('div.co-round', [
          h('p', [h('b', text.headline), ` ${text.why}`]),
          h('details', [
            h('summary', t('co.reveal', { n: r.round })),
            ...(['white', 'black'] as Colour[]).map((c) =>
              h('div', [h('b', `${colourName(c)} — ${this.name(seatOf(r.round, c))}`), h('ul.cs-valuelist', SLOTS.map((x) => h('li', [icon(x, c), h('span', pieceName(x)), h('b', r.values[c][x])])))]),
            ),
          ]),
        ]);
      }),
    ]);
  }

  private renderFooter(m: CompanionMatch): VNode {
    return h('div.co-footer', [
      this.saved.undo.length && m.phase !== 'setup'
        ? h(
            'button.cs-btn',
            {
              attrs: { type: 'button', 'data-testid': 'co-undo' },
              on: {
                click: () => {
                  // The entry taken back comes back as it was entered (a battle with its attacker side, pieces and supports).
                  const form = undoForm(this.saved);
                  this.saved = undo(this.saved);
                  save(this.saved);
                  if (form) this.form = form;
                  this.result = null;
                  this.notice = null;
                  redraw();
                },
              },
            },
            t('co.undo'),
          )
        : null,
      this.saved.undone ? h('span.cs-muted', { attrs: { 'data-testid': 'co-undone' } }, t('co.undone', { n: this.saved.undone })) : null,
      h(
        'button.cs-btn.link',
        {
          attrs: { type: 'button', 'data-testid': 'co-reset' },
          on: {
            click: () => {
              if (m.phase === 'over' || confirm(t('co.confirmNew'))) {
                this.entering = null;
                this.change(null);
              }
            },
          },
        },
        t('co.newMatch'),
      ),
    ]);
  }

  destroy(): void {
    this.uninstallApp();
  }
}

export function companionPage(): Page {
  return new CompanionPage();
}
