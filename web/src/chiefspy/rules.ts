// "Rules in brief" for the Chief & Spy screen: the battle arithmetic, the Chief and the Spy,
// the gambit, promotion from the reserve and round scoring, with a worked example, and a link
// to the full rules (docs/rules.md, shown at /rules). web/test/rules-consistency.test.ts checks
// every number and key term of these texts, in both languages, against docs/rules.md.
import { h, type VNode } from 'snabbdom';
import { t } from '../i18n';
import './messages';

/** The message keys of the panel's points, in order. */
export const CS_RULE_KEYS = Array.from({ length: 10 }, (_, i) => `cs.rules.${i + 1}`);

export function renderRules(): VNode {
  return h('details.cs-panel.cs-rules', { attrs: { 'data-testid': 'cs-rules' } }, [
    h('summary', t('cs.rules')),
    h('ul', CS_RULE_KEYS.map((k) => h('li', t(k)))),
    h('p.cs-rules-example', { attrs: { 'data-testid': 'cs-rules-example' } }, [h('strong', t('cs.rules.exampleTitle')), ' ', t('cs.rules.example')]),
    h('p', [
      h('a', { attrs: { href: '/rules#chiefspy', target: '_blank', rel: 'noopener', 'data-testid': 'cs-rules-full' } }, t('cs.rules.full')),
    ]),
  ]);
}
