// The client's "Rules in brief" texts (Chief & Spy and Minesweeper Chess, English and Italian)
// against docs/rules.md, the project's rulebook, so the two cannot drift apart silently:
//  - every fact below is read from a brief text and from the game's section of docs/rules.md
//    in the same language, and the numbers each one captures must be equal (the numbers live
//    only in those two places; this file holds the phrasing, not the values);
//  - every number in a brief text must be read by some fact or be part of a worked sum
//    (`5 + 2 = 7`, `min(5, 7 − 4) = 3`) that is correct and appears in docs/rules.md too;
//  - the Chief & Spy example is replayed through the battle rule (web/src/companion/battle.ts,
//    itself checked against the C++ referee);
//  - each section of the English half of docs/rules.md holds the same numbers as the same
//    section of the Italian half.
// The last tests change every number of the brief texts, and every number of docs/rules.md in
// one half, one at a time, and require the check to notice each change.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasMessage, setLang, t, type Lang } from '../src/i18n';
import '../src/minesweeper/messages';
import { resolveBattle, type Value } from '../src/companion/battle';

// snabbdom's style module reads `window` when it loads; the panel module imports snabbdom
(globalThis as any).window ??= globalThis;
const { CS_RULE_KEYS } = await import('../src/chiefspy/rules');
const { slugify } = await import('../src/lobby/markdown');

const DOC = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8');
const LANGS: Lang[] = ['en', 'it'];
type Game = 'chiefspy' | 'minesweeper';

/** The client texts that state a rule, by game. */
const BRIEF_KEYS: Record<Game, string[]> = {
  chiefspy: [...CS_RULE_KEYS, 'cs.rules.example', 'cs.roundOf', 'cs.reason.no-progress', 'cs.setup.incomplete', 'cs.great.legend'],
  minesweeper: [1, 2, 3, 4, 5, 6].map((i) => `ms.rules.${i}`).concat(['ms.fogZone', 'ms.legendNumber', 'ms.promotionNote', 'ms.sapperHelp', 'ms.fogGoneNote']),
};

/** Each game's level-2 heading in each half of docs/rules.md. */
const SECTION: Record<Game, Record<Lang, string>> = {
  chiefspy: { en: 'Chief & Spy', it: 'Chief & Spy' },
  minesweeper: { en: 'Minesweeper Chess', it: 'Scacchi Campo Minato' },
};

interface Fact {
  /** Read in the brief texts; its groups are the numbers compared. */
  brief: RegExp;
  /** Read in the game's section of docs/rules.md, same language; the same number of groups. */
  doc: RegExp;
  /** Turns the brief's captures into the doc's form (a range 2–7 into the list 2, 3, … 7). */
  expand?: (c: string[]) => string[];
}

const range = (c: string[]) => {
  const out: number[] = [];
  for (let n = Number(c[0]); n <= Number(c[1]); n++) out.push(n);
  return [out.join(', ')];
};

/** The worked Chief & Spy example: the two values, and the two bonuses. */
const EXAMPLE: Record<Lang, { values: Fact; bonuses: Fact }> = {
  en: {
    values: { brief: /knight \(value (\d+)\) attacks a bishop worth (\d+)/, doc: /White's knight has the value (\d+), which is also its initial value\. It attacks a black bishop whose value is (\d+)/ },
    bonuses: { brief: /bonus \+(\d+) against \+(\d+)/, doc: /White's bonus: [^=]*= \+(\d+)\. Black's bonus: [^=]*= \+(\d+)\./ },
  },
  it: {
    values: { brief: /cavallo \(valore (\d+)\) attacca un alfiere che vale (\d+)/, doc: /Il cavallo bianco ha valore (\d+), che è anche il suo valore iniziale\. Attacca un alfiere nero che vale (\d+)/ },
    bonuses: { brief: /bonus \+(\d+) contro \+(\d+)/, doc: /Bonus del Bianco: [^=]*= \+(\d+)\. Bonus del Nero: [^=]*= \+(\d+)\./ },
  },
};

const FACTS: Record<Game, Record<Lang, Fact[]>> = {
  chiefspy: {
    en: [
      { brief: /the values ((?:\d+, )+\d+), C \(Chief\) and S \(Spy\)/, doc: /the values ((?:\d+, )+\d+), C and S, one value per piece/ },
      { brief: /each of (\d+)–(\d+), C and S/, doc: /the values ((?:\d+, )+\d+), C and S, one value per piece/, expand: range },
      { brief: /your (\d+) back-rank pieces/, doc: /gives their (\d+) other pieces/ },
      { brief: /Pawns are worth (\d+)/, doc: /Pawns are worth (\d+)/ },
      { brief: /the king moves like a queen/, doc: /except that the king moves like a queen/ },
      { brief: /There is no check and no checkmate/, doc: /There is no check, no checkmate and no stalemate/ },
      { brief: /Great rook, knight and bishop \(queen side\)/, doc: /The rook, knight and bishop on the queen's side [^.]* are the Great rook, the Great knight and the Great bishop/ },
      { brief: /the attacker gets \+(\d+), the defender \+(\d+)/, doc: /The attacker gets \+(\d+) base and the defender \+(\d+) base/ },
      {
        brief: /adds \+(\d+) for every other piece of its own that could capture on the contested square/,
        doc: /adds \+(\d+) for every other piece of its own that could capture on the contested square/,
      },
      { brief: /Total = value \+ bonus\. The higher total wins/, doc: /Total = value \+ bonus\. The higher total wins/ },
      { brief: /equal totals remove both pieces/, doc: /Equal totals: both pieces leave the board/ },
      {
        brief: /its new value is its total minus the loser's value, never above its initial value/,
        doc: /Its new value is its total minus the loser's value, but never more than its own initial value/,
      },
      { brief: /The Chief beats every piece except the Spy/, doc: /The Chief beats every piece except the Spy/ },
      {
        brief: /The Spy loses to every piece except the Chief, which it beats attacking or defending/,
        doc: /The Spy loses to every piece except the Chief, and it beats the Chief whether it attacks or defends/,
      },
      { brief: /Chief against Chief, or Spy against Spy: the higher bonus wins/, doc: /Chief against Chief, Spy against Spy(?: \[D\])?: the higher bonus wins/ },
      { brief: /told who won and the two bonuses, never a value/, doc: /Nobody is told a value: not the loser's, and not the winner's new one, not even its owner/ },
      { brief: /Spy may move twice in one turn if the second move attacks an enemy piece/, doc: /The Spy may move twice in one turn, provided its second move attacks an enemy piece/ },
      { brief: /a bishop Spy may first step one square orthogonally/, doc: /If the Spy is a bishop \(Great or not\), its first move may instead be one step orthogonally/ },
      { brief: /It shows which piece is your Spy/, doc: /it shows the opponent which piece is the Spy/ },
      { brief: /a pawn reaching the last rank brings back one of your fallen pieces, with its initial value/, doc: /returns on the promotion square with its initial value/ },
      { brief: /With none fallen, it stays a pawn/, doc: /When none does, the pawn stays a pawn/ },
      { brief: /A round ends when a Chief or a Spy leaves the board/, doc: /A round ends the moment a Chief or a Spy leaves the board/ },
      { brief: /the Chief scores (\d+) points, the Spy (\d+)/, doc: /Taking the opponent's Chief scores (\d+) points, taking their Spy scores (\d+) point/ },
      { brief: /first to (\d+) points/i, doc: /The match ends as soon as a player has (\d+) points or more/ },
      { brief: /(\d+)(?: to |–)(\d+) rounds/, doc: /A match therefore lasts (\d+) to (\d+) rounds/ },
      { brief: /the colours swap each round/, doc: /the colours swap between rounds/ },
      { brief: /Resigning, running out of time/, doc: /Resigning or running out of time(?: \[D\])? counts as losing one's Chief/ },
      { brief: /having no legal move counts as losing your Chief/, doc: /cannot move on its turn[^.]*loses the round as if its Chief had been taken/ },
      { brief: /(\d+) plies without (?:a )?battle or (?:a )?pawn move/, doc: /(\d+) plies in a row pass with no battle and no pawn move is drawn/ },
      EXAMPLE.en.values,
      EXAMPLE.en.bonuses,
      { brief: /attacker wins, bonus \+(\d+) \/ \+(\d+)/, doc: /told only that the attacker won, with bonuses \+(\d+) and \+(\d+)/ },
    ],
    it: [
      { brief: /i valori ((?:\d+, )+\d+), C \(Capo\) e S \(Spia\)/, doc: /i valori ((?:\d+, )+\d+), C e S, un valore per pezzo/ },
      { brief: /ciascuno di (\d+)–(\d+), C e S/, doc: /i valori ((?:\d+, )+\d+), C e S, un valore per pezzo/, expand: range },
      { brief: /ai tuoi (\d+) pezzi della prima traversa/, doc: /assegna ai suoi (\d+) altri pezzi/ },
      { brief: /I pedoni valgono (\d+)/, doc: /I pedoni valgono (\d+)/ },
      { brief: /tranne il re, che si muove come la donna/, doc: /tranne il re, che si muove come la donna/ },
      { brief: /Non esistono scacco né scacco matto/, doc: /Non esistono scacco, scacco matto né stallo/ },
      { brief: /la Grande torre, il Grande cavallo e il Grande alfiere/, doc: /sono la Grande torre, il Grande cavallo e il Grande alfiere/ },
      { brief: /l'attaccante riceve \+(\d+), il difensore \+(\d+)/, doc: /L'attaccante riceve \+(\d+) di base e il difensore \+(\d+) di base/ },
      {
        brief: /aggiunge \+(\d+) per ogni altro suo pezzo che potrebbe catturare sulla casa contesa/,
        doc: /aggiunge \+(\d+) per ogni altro suo pezzo che potrebbe catturare sulla casa contesa/,
      },
      { brief: /Totale = valore \+ bonus\. Vince il totale più alto/, doc: /Totale = valore \+ bonus\. Vince il totale più alto/ },
      { brief: /a totali pari entrambi i pezzi escono/, doc: /Totali pari: entrambi i pezzi lasciano la scacchiera/ },
      {
        brief: /il nuovo valore è il suo totale meno il valore dello sconfitto, mai oltre il suo valore iniziale/,
        doc: /Il suo nuovo valore è il suo totale meno il valore dello sconfitto, ma mai più del suo valore iniziale/,
      },
      { brief: /Il Capo sconfigge ogni pezzo tranne la Spia/, doc: /Il Capo sconfigge ogni pezzo tranne la Spia/ },
      {
        brief: /La Spia perde contro ogni pezzo tranne il Capo, che sconfigge sia in attacco sia in difesa/,
        doc: /La Spia perde contro ogni pezzo tranne il Capo, e sconfigge il Capo sia in attacco sia in difesa/,
      },
      { brief: /Capo contro Capo, o Spia contro Spia: vince il bonus più alto/, doc: /Capo contro Capo, Spia contro Spia(?: \[D\])?: vince il bonus più alto/ },
      { brief: /chi ha vinto e i due bonus, mai un valore/, doc: /Nessuno viene a sapere un valore: né quello dello sconfitto né il nuovo valore del vincitore, nemmeno il suo proprietario/ },
      {
        brief: /la tua Spia può muovere due volte nello stesso turno se la seconda mossa attacca un pezzo avversario/,
        doc: /La Spia può muovere due volte nello stesso turno, purché la seconda mossa attacchi un pezzo avversario/,
      },
      { brief: /una Spia alfiere può prima fare un passo ortogonale/, doc: /Se la Spia è un alfiere \(Grande o no\), la prima mossa può invece essere un passo ortogonale/ },
      { brief: /Rivela quale pezzo è la tua Spia/, doc: /rivela all'avversario quale pezzo è la Spia/ },
      { brief: /un pedone che raggiunge l'ultima traversa fa rientrare uno dei tuoi pezzi caduti, con il suo valore iniziale/, doc: /rientra sulla casa di promozione con il suo valore iniziale/ },
      { brief: /Se non ne è caduto nessuno, resta pedone/, doc: /Quando non c'è, il pedone resta pedone/ },
      { brief: /Un round finisce quando un Capo o una Spia lascia la scacchiera/, doc: /Un round finisce nel momento in cui un Capo o una Spia lascia la scacchiera/ },
      { brief: /il Capo vale (\d+) punti, la Spia (\d+)/, doc: /Prendere il Capo avversario vale (\d+) punti, prendere la sua Spia vale (\d+) punto/ },
      { brief: /arriva (?:per primo )?a (\d+) punti/, doc: /La partita finisce appena un giocatore ha (\d+) punti o più/ },
      { brief: /(\d+)(?: a |–)(\d+) round/, doc: /Una partita dura quindi da (\d+) a (\d+) round/ },
      { brief: /i colori si scambiano a ogni round/, doc: /i colori si scambiano fra un round e l'altro/ },
      { brief: /Abbandonare, finire il tempo/, doc: /Abbandonare o finire il tempo(?: \[D\])? vale come perdere il proprio Capo/ },
      { brief: /restare senza mosse legali vale come perdere il proprio Capo/, doc: /al suo turno non può muovere[^.]*perde il round come se le avessero preso il Capo/ },
      { brief: /(\d+) semimosse senza scontri né mosse di pedone/, doc: /passano (\d+) semimosse di fila senza scontri e senza mosse di pedone è patta/ },
      EXAMPLE.it.values,
      EXAMPLE.it.bonuses,
      { brief: /vince l'attaccante, bonus \+(\d+) \/ \+(\d+)/, doc: /ha vinto l'attaccante, con bonus \+(\d+) e \+(\d+)/ },
    ],
  },
  minesweeper: {
    en: [
      { brief: /ranks (\d+)(?:–| to )(\d+)/i, doc: /Ranks (\d+)–(\d+) \(\d+ squares\) are the fog zone/ },
      { brief: /with (\d+) hidden mines/, doc: /places exactly (\d+) mines/ },
      { brief: /among the (\d+) neighbours/, doc: /how many mines are still on the board among its (\d+) neighbours/ },
      { brief: /lifts the fog there and on the squares around it/, doc: /the fog lifts from that square and from those of its neighbours/ },
      { brief: /A piece landing on a mine is destroyed/, doc: /any other piece \| lands on a mine \| the piece is destroyed and the mine removed/ },
      { brief: /A king landing on one removes it unharmed/, doc: /king \| lands on a mine \| the mine is removed and the king is unharmed/ },
      { brief: /Passing over a mine does nothing/, doc: /passes over a mine \| nothing: only the landing square counts/ },
      { brief: /instead of moving, a pawn may check the square in front of it/i, doc: /Instead of moving, a pawn may sap the square directly in front of it/ },
      { brief: /A sapper action is a pawn's whole move/, doc: /It is the pawn's whole move/ },
      {
        brief: /its side loses at once \(king exposed\)/,
        doc: /King exposed(?: \[D\])?\. If a piece is destroyed by a hidden mine and its disappearance leaves its own king attacked, its side loses at once/,
      },
      { brief: /When every mine is found or gone, the fog lifts for good/, doc: /When every mine has been discovered or removed, the fog lifts for good/ },
      { brief: /Every mine is discovered or removed: from now on it is chess on this board/, doc: /discovered or removed, the fog lifts for good and the game goes on as chess on this board/ },
      { brief: /visible mines still explode/, doc: /a discovered mine still destroys a piece that lands on it/ },
      { brief: /Pawns promote to a queen/, doc: /Promotion: automatically to a queen/ },
      { brief: /Checkmate wins as in chess/, doc: /Check, checkmate and stalemate as in chess/ },
    ],
    it: [
      { brief: /traverse (?:da )?(\d+)(?:–| a )(\d+)/i, doc: /Le traverse (\d+)–(\d+) \(\d+ case\) sono la zona di nebbia/ },
      { brief: /con (\d+) mine nascoste/, doc: /piazza esattamente (\d+) mine/ },
      { brief: /tra le (\d+) case vicine/, doc: /quante mine sono ancora sulla scacchiera tra le sue (\d+) case vicine/ },
      { brief: /solleva la nebbia lì e sulle case intorno/, doc: /la nebbia si alza da quella casa e dalle sue vicine/ },
      { brief: /Un pezzo che arriva su una mina è distrutto/, doc: /qualsiasi altro pezzo \| arriva su una mina \| il pezzo è distrutto e la mina rimossa/ },
      { brief: /Il re invece la rimuove illeso/, doc: /re \| arriva su una mina \| la mina è rimossa e il re è illeso/ },
      { brief: /Passare sopra una mina non fa nulla/, doc: /passa sopra una mina \| nulla: conta solo la casa d'arrivo/ },
      { brief: /invece di muovere, un pedone può controllare la casa davanti a sé/i, doc: /Invece di muovere, un pedone può sminare la casa direttamente davanti a sé/ },
      { brief: /L'azione del geniere è l'intera mossa di un pedone/, doc: /È l'intera mossa del pedone/ },
      {
        brief: /perde subito \(re esposto\)/,
        doc: /Re esposto(?: \[D\])?\. Se un pezzo è distrutto da una mina nascosta e la sua scomparsa lascia attaccato il proprio re, quella parte perde subito/,
      },
      { brief: /Quando tutte le mine sono trovate o rimosse, la nebbia si alza per sempre/, doc: /Quando ogni mina è stata scoperta o rimossa, la nebbia si alza per sempre/ },
      { brief: /Ogni mina è stata scoperta o rimossa: da ora si gioca a scacchi su questa scacchiera/, doc: /scoperta o rimossa, la nebbia si alza per sempre e si continua a giocare a scacchi su questa scacchiera/ },
      { brief: /le mine visibili esplodono ancora/, doc: /una mina scoperta distrugge ancora il pezzo che ci arriva sopra/ },
      { brief: /promossi (?:automaticamente )?a donna/, doc: /Promozione: automaticamente a donna/ },
      { brief: /Lo scacco matto vince come negli scacchi/, doc: /Scacco, scacco matto e stallo come negli scacchi/ },
    ],
  },
};

/** Markup and line breaks out: emphasis marks, code ticks, typographic apostrophes, white space. */
const norm = (s: string) => s.replace(/\*\*|\*|`/g, '').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();

/** docs/rules.md cut at its level-1 headings: the English half, then the Italian one. */
function halves(doc: string): Record<Lang, string> {
  const parts = doc.split(/^# /m).slice(1);
  return { en: parts[0] ?? '', it: parts[1] ?? '' };
}

/** The level-2 sections of a half: the text before the first one, then each section. */
function sections(half: string): { title: string; text: string }[] {
  return half.split(/^## /m).map((s, i) => ({ title: i ? s.slice(0, s.indexOf('\n')).trim() : '', text: s }));
}

let cached: { doc: string; texts: Map<string, string> } | null = null;

function section(doc: string, game: Game, lang: Lang): string {
  if (cached?.doc !== doc) cached = { doc, texts: new Map() };
  const key = `${game}/${lang}`;
  if (!cached.texts.has(key)) {
    const s = sections(halves(doc)[lang]).find((x) => x.title === SECTION[game][lang]);
    cached.texts.set(key, s ? norm(s.text) : '');
  }
  return cached.texts.get(key)!;
}

type Briefs = Record<Lang, Record<string, string>>;

function clientBriefs(): Briefs {
  const out: Briefs = { en: {}, it: {} };
  for (const lang of LANGS) {
    setLang(lang, false);
    for (const key of Object.values(BRIEF_KEYS).flat()) if (hasMessage(key, lang)) out[lang][key] = norm(t(key));
  }
  setLang('en', false);
  return out;
}

const numbers = (s: string) => (s.match(/\d+/g) ?? []).sort();
const SUM = /(\d+) \+ (\d+) = (\d+)/g;
const MIN = /min\((\d+), (\d+) [−-] (\d+)\) = (\d+)/g;

/** Everything wrong between the brief texts and docs/rules.md; [] when they agree. */
function check(doc: string, briefs: Briefs): string[] {
  const problems: string[] = [];
  for (const game of Object.keys(BRIEF_KEYS) as Game[]) {
    for (const lang of LANGS) {
      const sec = section(doc, game, lang);
      if (!sec) {
        problems.push(`${game}/${lang}: no section "## ${SECTION[game][lang]}" in docs/rules.md`);
        continue;
      }
      const texts = BRIEF_KEYS[game].map((k) => [k, briefs[lang][k]] as const);
      const covered = new Map<string, boolean[]>(texts.map(([k, s]) => [k, Array.from(s ?? '', () => false)]));
      for (const [k, s] of texts) if (s === undefined) problems.push(`${lang}: no text for ${k}`);
      for (const f of FACTS[game][lang]) {
        const docMatches = [...sec.matchAll(new RegExp(f.doc.source, 'g' + f.doc.flags))].map((m) => m.slice(1).join(' | '));
        if (!docMatches.length) problems.push(`${game}/${lang}: docs/rules.md no longer says ${f.doc}`);
        if (new Set(docMatches).size > 1) problems.push(`${game}/${lang}: docs/rules.md disagrees with itself on ${f.doc}: ${[...new Set(docMatches)].join(' / ')}`);
        let found = false;
        for (const [k, s] of texts) {
          if (!s) continue;
          for (const m of s.matchAll(new RegExp(f.brief.source, 'gd' + f.brief.flags))) {
            found = true;
            const said = (f.expand ? f.expand(m.slice(1)) : m.slice(1)).join(' | ');
            if (docMatches.length && !docMatches.includes(said))
              problems.push(`${lang} ${k} says "${m[0]}" but docs/rules.md says "${docMatches[0]}" (${f.doc})`);
            m.indices!.slice(1).forEach((span) => span && covered.get(k)!.fill(true, span[0], span[1]));
          }
        }
        if (!found) problems.push(`${game}/${lang}: no brief text says ${f.brief} any more (rewrite the fact with the text)`);
      }
      // worked sums: right, and the same sum in docs/rules.md
      for (const [k, s] of texts) {
        if (!s) continue;
        for (const m of s.matchAll(new RegExp(SUM.source, 'gd'))) {
          if (Number(m[1]) + Number(m[2]) !== Number(m[3])) problems.push(`${lang} ${k}: ${m[0]} is wrong`);
          if (!sec.includes(m[0])) problems.push(`${lang} ${k}: "${m[0]}" is not in docs/rules.md`);
          covered.get(k)!.fill(true, m.index, m.index + m[0].length);
        }
        for (const m of s.matchAll(new RegExp(MIN.source, 'gd'))) {
          if (Math.min(Number(m[1]), Number(m[2]) - Number(m[3])) !== Number(m[4])) problems.push(`${lang} ${k}: ${m[0]} is wrong`);
          if (!sec.includes(m[0])) problems.push(`${lang} ${k}: "${m[0]}" is not in docs/rules.md`);
          covered.get(k)!.fill(true, m.index, m.index + m[0].length);
        }
        for (const m of s.matchAll(/\d+/g))
          if (!covered.get(k)![m.index]) problems.push(`${lang} ${k}: the number ${m[0]} in "${s}" is not checked against docs/rules.md (add a fact)`);
      }
    }
    // the same numbers in both languages of each text
    for (const k of BRIEF_KEYS[game]) {
      const [en, it] = [briefs.en[k], briefs.it[k]];
      if (en && it && numbers(en).join() !== numbers(it).join()) problems.push(`${k}: English has the numbers ${numbers(en)}, Italian ${numbers(it)}`);
    }
  }
  // the Chief & Spy example, through the battle rule
  for (const lang of LANGS) {
    const s = briefs[lang]['cs.rules.example'] ?? '';
    const v = EXAMPLE[lang].values.brief.exec(s);
    const b = EXAMPLE[lang].bonuses.brief.exec(s);
    if (!v || !b) {
      problems.push(`${lang}: the Chief & Spy example has no values or bonuses`);
      continue;
    }
    const [a, d] = [Number(v[1]), Number(v[2])];
    const [ab, db] = [Number(b[1]), Number(b[2])];
    const out = resolveBattle({ attacker: String(a) as Value, defender: String(d) as Value, attackerSupport: ab - 1, defenderSupport: db });
    const expected = [`${a} + ${ab} = ${out.attacker.total}`, `${d} + ${db} = ${out.defender.total}`, `min(${a}, ${out.attacker.total} − ${d}) = ${out.attacker.value}`];
    if (out.winner !== 'attacker') problems.push(`${lang}: in the example the attacker does not win by the battle rule (${out.winner})`);
    for (const e of expected) if (!s.includes(e)) problems.push(`${lang}: the example should say "${e}" by the battle rule`);
  }
  // every worked sum of docs/rules.md is right
  for (const m of norm(doc).matchAll(SUM)) if (Number(m[1]) + Number(m[2]) !== Number(m[3])) problems.push(`docs/rules.md: ${m[0]} is wrong`);
  for (const m of norm(doc).matchAll(MIN)) if (Math.min(Number(m[1]), Number(m[2]) - Number(m[3])) !== Number(m[4])) problems.push(`docs/rules.md: ${m[0]} is wrong`);
  // every link inside docs/rules.md leads to one of its headings (GitHub's anchors)
  const ids = new Set<string>();
  for (const m of doc.matchAll(/^#{1,6} +(.*)$/gm)) {
    const base = slugify(m[1]);
    let id = base;
    for (let n = 1; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
  }
  for (const m of doc.matchAll(/\]\(#([^)]*)\)/g)) if (!ids.has(m[1])) problems.push(`docs/rules.md: the link #${m[1]} leads nowhere`);
  // the two halves of docs/rules.md: the same sections with the same numbers (link targets aside)
  const [en, it] = [sections(halves(doc).en), sections(halves(doc).it)];
  if (en.length !== it.length) problems.push(`docs/rules.md: ${en.length} English sections, ${it.length} Italian`);
  const prose = (s: string) => s.replace(/\]\(#[^)]*\)/g, ']');
  for (let i = 0; i < Math.min(en.length, it.length); i++) {
    const [ne, ni] = [numbers(prose(en[i].text)), numbers(prose(it[i].text))];
    if (ne.join() !== ni.join()) {
      const count = (a: string[], x: string) => a.filter((y) => y === x).length;
      const diff = [...new Set([...ne, ...ni])].filter((x) => count(ne, x) !== count(ni, x)).map((x) => `${x}: ${count(ne, x)} in English, ${count(ni, x)} in Italian`);
      problems.push(`docs/rules.md section "${en[i].title || '(top)'}" / "${it[i].title || '(top)'}": the numbers differ (${diff.join('; ')})`);
    }
  }
  return problems;
}

describe('Rules in brief against docs/rules.md', () => {
  const briefs = clientBriefs();

  it('every brief text exists in English and Italian', () => {
    const missing = LANGS.flatMap((lang) => Object.values(BRIEF_KEYS).flat().filter((k) => !hasMessage(k, lang)).map((k) => `${lang} ${k}`));
    expect(missing).toEqual([]);
  });

  it('agree: every number and key term of the brief texts is in docs/rules.md, and the two halves agree', () => {
    expect(check(DOC, briefs)).toEqual([]);
  });

  it('checks facts that carry numbers, in both games and languages', () => {
    for (const game of Object.keys(FACTS) as Game[])
      for (const lang of LANGS) expect(FACTS[game][lang].filter((f) => /\(\\d\+\)/.test(f.brief.source)).length).toBeGreaterThanOrEqual(3);
  });

  it('notices a number changed in a brief text only (every number of every text, one at a time)', () => {
    let tried = 0;
    const missed: string[] = [];
    for (const lang of LANGS)
      for (const [key, text] of Object.entries(briefs[lang]))
        for (const m of text.matchAll(/\d+/g)) {
          const changed = text.slice(0, m.index) + String(Number(m[0]) + 1) + text.slice(m.index! + m[0].length);
          const mutated: Briefs = { en: { ...briefs.en }, it: { ...briefs.it } };
          mutated[lang][key] = changed;
          tried++;
          if (!check(DOC, mutated).length) missed.push(`${lang} ${key}: "${changed}"`);
        }
    expect(tried).toBeGreaterThan(40);
    expect(missed).toEqual([]);
  }, 120_000);

  it('notices a number changed in one half of docs/rules.md only (every number, one at a time)', () => {
    const start = DOC.search(/^# /m);
    let tried = 0;
    const missed: string[] = [];
    for (const m of DOC.slice(start).matchAll(/\d+/g)) {
      const at = start + m.index!;
      const changed = DOC.slice(0, at) + String(Number(m[0]) + 1) + DOC.slice(at + m[0].length);
      tried++;
      if (!check(changed, briefs).length) missed.push(`${m[0]} at "${DOC.slice(at - 30, at + 20).replace(/\n/g, ' ')}"`);
    }
    expect(tried).toBeGreaterThan(300);
    expect(missed).toEqual([]);
  }, 120_000);

  it('notices a rule changed in both halves of docs/rules.md but not in the client', () => {
    const both = (from: string, to: string, doc = DOC) => {
      expect(doc.split(from).length).toBeGreaterThan(1);
      return doc.split(from).join(to);
    };
    const cases = [
      both('Pawns are worth 1', 'Pawns are worth 2', both('I pedoni valgono 1', 'I pedoni valgono 2')),
      both('100 plies in a row', '50 plies in a row', both('passano 100 semimosse', 'passano 50 semimosse')),
      both('exactly 4 mines', 'exactly 5 mines', both('esattamente 4 mine', 'esattamente 5 mine')),
      both('scores 2 points, taking their Spy scores 1 point', 'scores 3 points, taking their Spy scores 1 point', both('vale 2 punti, prendere la sua Spia', 'vale 3 punti, prendere la sua Spia')),
      both('Ranks 4–7 (32 squares)', 'Ranks 3–7 (40 squares)', both('Le traverse 4–7 (32 case)', 'Le traverse 3–7 (40 case)')),
      both('the king moves like a queen', 'the king moves like a king'),
    ];
    for (const doc of cases) expect(check(doc, briefs)).not.toEqual([]);
  });
});
