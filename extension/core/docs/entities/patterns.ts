/**
 * Pattern mentions
 * ================
 * What regular expressions find in prose without any gazetteer: versions (`v1.2.3`, `Python 3.11`),
 * identifiers (`ADR-0003`, `JIRA-123`, `CVE-2024-1234`), standards (`ISO 8601`, `RFC 7231`,
 * `PEP 8`, `OAuth 2.0`) and identifier-shaped tokens (CamelCase, snake_case, dotted API names).
 * Each hit carries a canonical key, so `RFC 7231` and `rfc7231` become one entity.
 */

export interface PatternHit {
  surface: string;
  start: number;
  end: number;
  type: 'version' | 'id' | 'standard' | 'team' | 'api' | 'token';
  /** Canonical form for the entity id: lower case, spaces as `-`. */
  key: string;
  /** ADR hits: the record's number, for linking to an adr node. */
  adrNumber?: number;
}

/** Standards written as a name and a number, or a name and an optional version. */
const STANDARD_RES: RegExp[] = [
  /\b(?:ISO|IEC|IEEE|ECMA|ITU-T|ANSI|NIST|FIPS|W3C)[ -]?\d{2,5}(?:[-:]\d+)*\b/g,
  /\bRFC[ -]?\d{3,5}\b/g,
  /\bPEP[ -]?\d{1,4}\b/g,
  /\b(?:OAuth|TLS|SSL|HTTP|HTTPS|WCAG|OpenAPI|OpenID Connect|SAML|JSON Schema|JSON-LD|GraphQL|gRPC|WebSocket|SemVer|OpenTelemetry|ECMAScript|ES|UTF|CommonMark|YAML|TOML|JWT|SMTP|IMAP|MQTT|AMQP|IPv|Unicode)(?:[ /-]?v?\d+(?:\.\d+)*)(?![\w.]*\d)/g,
  /\b(?:HMAC-)?SHA-?(?:1|224|256|384|512)\b|\bHMAC\b/g,
  // Standards that are names on their own.
  /\b(?:SemVer|Semantic Versioning|OAuth|OpenID Connect|JSON Schema|JSON-LD|GraphQL|gRPC|WebSocket|OpenAPI|OpenTelemetry|CommonMark|Unicode|WCAG)\b/g,
];

/** `the Platform team`, `Growth squad`: who owns things. */
const TEAM_RE = /\b(?!(?:The|A|An|Our|Your|Each|Every|This|That|Both|Any)\b)[A-Z][\w-]*(?: [A-Z][\w-]*)? (?:team|squad|guild|chapter|group)\b/g;

const ID_RES: RegExp[] = [
  /\bADR[- ]?(\d{1,4})\b/g,
  /\bCVE-\d{4}-\d{4,7}\b/g,
  /\bGHSA(?:-[a-z0-9]{4}){3}\b/g,
  // JIRA-style keys: PROJ-123. UTF-8 and the like are standards and were taken first.
  /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b/g,
];

const VERSION_RES: RegExp[] = [
  /\bv\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?\b/g,
  // A product then a bare version: `Python 3.11`, `Node.js 20`, `Django 5.0.2`.
  /\b(?:Python|Node(?:\.js)?|Django|Flask|React|Vue|Angular|TypeScript|Java|Go|Rust|Ruby|Rails|PHP|PostgreSQL|Postgres|MySQL|Redis|Kafka|Kubernetes|Docker|Ubuntu|Debian|npm|pip|VS Code|Electron|Chrome|Firefox|Safari|\.NET|Spring|Elasticsearch|MongoDB|SQLite)[ ]v?\d+(?:\.\d+){0,3}\+?(?![\w.]*\d\.\d)/g,
  // `version 2.4`, `release 1.0`.
  /\b(?:version|release|versions|releases)[ ]v?\d+(?:\.\d+){1,3}\b/gi,
  // A bare x.y.z (three parts): nearly always a version.
  /(?<![\w.])\d+\.\d+\.\d+(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?![\w.]*\d)/g,
];

/** Identifier-shaped words: CamelCase with two humps, camelCase, snake_case, dotted API names, calls. */
const TOKEN_RE = /(?<![\w$@/.-])(?:[A-Za-z_$][\w$]*)(?:(?:\.|::)[A-Za-z_$][\w$]*)*(?:\(\))?(?![\w$])/g;

export function canonicalKey(surface: string): string {
  return surface.trim().toLowerCase().replace(/\s+/g, '-');
}

function collect(text: string, res: RegExp[], type: PatternHit['type'], taken: boolean[], out: PatternHit[]): void {
  for (const re of res) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (end === start) {
        re.lastIndex++;
        continue;
      }
      if (overlaps(taken, start, end)) continue;
      const surface = m[0];
      let key = canonicalKey(surface);
      const hit: PatternHit = { surface, start, end, type, key };
      if (type === 'id' && /^ADR/i.test(surface) && m[1]) {
        hit.adrNumber = Number(m[1]);
        key = `adr-${m[1].padStart(4, '0')}`;
        hit.key = key;
      }
      if (type === 'standard') hit.key = key.replace(/^(rfc|pep|iso)-?(\d)/, '$1-$2');
      mark(taken, start, end);
      out.push(hit);
    }
  }
}

function overlaps(taken: boolean[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (taken[i]) return true;
  return false;
}

function mark(taken: boolean[], start: number, end: number): void {
  for (let i = start; i < end; i++) taken[i] = true;
}

/** Versions, ids and standards, longest-first by family (standards, then ids, then versions), never overlapping. */
export function findPatterns(text: string): PatternHit[] {
  const taken: boolean[] = [];
  const out: PatternHit[] = [];
  const digits = /\d/.test(text);
  collect(text, digits ? STANDARD_RES : STANDARD_RES.slice(-2), 'standard', taken, out);
  // Ids and versions all carry a digit: most prose lines have none.
  if (digits) {
    collect(text, ID_RES, 'id', taken, out);
    collect(text, VERSION_RES, 'version', taken, out);
  }
  collect(text, [TEAM_RE], 'team', taken, out);
  return out.sort((a, b) => a.start - b.start);
}

/** Word-shaped tokens with offsets (every identifier-like word, dotted chains kept whole). */
export function* identifierTokens(text: string): Generator<{ surface: string; start: number; end: number }> {
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(text); m; m = TOKEN_RE.exec(text)) {
    yield { surface: m[0], start: m.index, end: m.index + m[0].length };
  }
}

/** A lower-case name ending in digits: a package or tool (`htmlparser2`, `parse5`, `log4j`). */
export function isNumberedName(word: string): boolean {
  return /^[a-z][a-z-]{2,}[a-z]\d{1,2}$/.test(word);
}

/** CamelCase with two humps, camelCase, snake_case: an identifier even outside a code span. */
export function isCompoundIdentifier(word: string): boolean {
  if (/^[A-Z0-9_]+$/.test(word)) return /[A-Z]_[A-Z]/.test(word) && word.length > 4; // MAX_RETRIES, not HTTP
  return /^[A-Z]+[a-z0-9]+[A-Z]/.test(word) || /^[a-z][a-z0-9]*[A-Z]/.test(word) || /[a-zA-Z0-9]_[a-zA-Z0-9]/.test(word) || /^_[a-z]/.test(word);
}

/**
 * A dotted chain worth a mention on its own: `requests.get`, `app.config.from_object`, `Client.send()`.
 * Sentence-like false positives (`e.g`, `i.e`, file names such as `README.md`) are left out.
 */
export function isApiChain(token: string): boolean {
  const bare = token.replace(/\(\)$/, '');
  const parts = bare.split(/\.|::/);
  if (parts.length < 2) return false;
  if (parts.some((p) => p.length < 2)) return false;
  if (/\.(md|txt|html?|pdf|docx?|json|ya?ml|toml|ini|cfg|lock|py|ts|tsx|js|jsx|mjs|cjs|sh|css|png|svg|jpg)$/i.test(bare)) return false;
  return token.endsWith('()') || parts.some((p) => isCompoundIdentifier(p)) || parts.length >= 3 || /^[a-z]/.test(parts[0]!) && /^[a-z_]/.test(parts[1]!);
}
