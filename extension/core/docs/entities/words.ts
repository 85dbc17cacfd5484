/**
 * Words that are not entities
 * ===========================
 * Plain-text gazetteer hits and mined n-grams skip these: English function words, and the common
 * words that also happen to be function names (`get`, `run`, `main`, `test`). In a code span they
 * still count: backticks say the writer meant the code.
 */

export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each either else etc few for from further had has have having he her here hers him
  his how i if in into is it its itself just let may me might more most must my no nor not now of off on once only or other
  our ours out over own per same shall she should so some such than that the their theirs them then there these they this
  those through thus to too under until up upon us very via was we were what when where which while who whom whose why will
  with within without would yet you your yours`.split(/\s+/),
);

/** Common English and docs words that are also everyday identifiers: never a plain-text code mention. */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `get set put post run main start stop init setup load save read write open close send receive call apply build make parse
  format render update delete remove add create list find search filter map reduce sort join split merge check test tests
  use used uses using help info debug log error errors warn warning value values data item items key keys name names type
  types id ids index count size length path paths file files dir module modules package class object string number boolean
  true false null none default config options option settings setting params args kwargs self this new old next prev first
  last all any one two three run runs step steps note notes example examples usage install installation overview
  introduction summary reference api apis guide docs doc see also more less each every other same only just well good bad
  user users client server request response result results handler handlers event events message messages time date now
  today version versions release change changes update updates fix fixes feature features issue issues support return
  returns yield raise throw catch try finally async await wait done ok yes no on off up down in out start end begin
  line lines text word words page pages section sections table tables view views model models state status store cache
  queue job jobs task tasks work worker workers service services app apps application system systems code source sources
  content contents input output inputs outputs copy move keep clear reset flush sync refresh retry connect disconnect
  login logout sign register validate validation handle process dispatch emit notify subscribe publish`.split(/\s+/),
);

/** Headings that name a part of a document, not a thing: never mined as an entity. */
export const GENERIC_HEADINGS: ReadonlySet<string> = new Set(
  `overview introduction intro summary usage installation install installing setup getting started quick start quickstart
  example examples notes note reference api references see also related further reading faq faqs troubleshooting changelog
  contents table of license licence contributing configuration configuring requirements prerequisites dependencies
  background context motivation details description how to what why when where who features limitations caveats warning
  warnings tip tips important todo next steps step steps conclusion appendix glossary index options parameters returns
  arguments properties methods attributes deployment deploying deploy testing tests process guide runbook`.split(/\s+/),
);

/** Bold labels that introduce a paragraph rather than name a thing. */
export const EMPHASIS_LABELS: ReadonlySet<string> = new Set(
  ['note', 'notes', 'warning', 'important', 'tip', 'caution', 'danger', 'info', 'example', 'deprecated', 'required', 'optional', 'default', 'todo', 'yes', 'no', 'new', 'beta', 'experimental'],
);

/** All-capital words that are document furniture rather than names. */
export const ACRONYM_STOP: ReadonlySet<string> = new Set(
  ['API', 'APIS', 'URL', 'URLS', 'URI', 'CLI', 'FAQ', 'TODO', 'README', 'UI', 'ID', 'IDS', 'OK', 'PR', 'PRS', 'CI', 'CD', 'TBD', 'EOF', 'NOTE', 'FIXME', 'XXX', 'ASAP', 'FYI', 'AND', 'OR', 'NOT', 'THE', 'NEW', 'ALL', 'GET', 'PUT', 'POST', 'LICENSE', 'CHANGELOG', 'MUST', 'SHOULD', 'MAY', 'WARNING', 'IMPORTANT'],
);

/** Days and months are capitalised without being names. */
export const CALENDAR: ReadonlySet<string> = new Set(
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'.split(' '),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** A word that, written bare in prose, is far more often English than code. */
export function isCommonWord(word: string): boolean {
  const w = word.toLowerCase();
  return STOPWORDS.has(w) || COMMON_WORDS.has(w);
}
