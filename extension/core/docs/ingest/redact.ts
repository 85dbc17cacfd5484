/**
 * Secret redaction
 * ================
 * Runs on a document's text before any block is built, so a key pasted into a runbook never
 * reaches a chunk, the store, or an answer. Each match becomes `[REDACTED:<kind>]`; a private-key
 * block keeps its line breaks, so every line number after it is still right.
 *
 * Every repetition that can backtrack is bounded, so a hostile line costs linear time.
 * Provider tokens are matched by their published prefixes (they are precise); assignments
 * (`password=…`, `secret: …`, `api_key = "…"`) only when the value looks like a secret rather
 * than prose or a placeholder, so a glossary line such as `Token: a unit of text` survives.
 */

export interface Redaction {
  text: string;
  count: number;
  /** The kinds found, sorted. */
  kinds: string[];
}

interface Rule {
  kind: string;
  pattern: RegExp;
  /** The replacement for one match (default: the whole match becomes the marker). */
  replace?: (match: string, ...groups: string[]) => string | undefined;
}

const marker = (kind: string): string => `[REDACTED:${kind}]`;

/** Shannon entropy in bits per character. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** A value that reads like a secret: not a placeholder, a variable reference or a plain word. */
function secretLike(value: string, quoted: boolean): boolean {
  if (value.startsWith('[REDACTED:')) return false;
  if (/^(\$|<|\{\{|%|\*+$|x+$|\.\.\.|…)/i.test(value)) return false;
  if (/^(none|null|nil|true|false|required|optional|string|changeme|password|secret|your[-_ ].*|example)$/i.test(value)) return false;
  if (quoted) return value.length >= 4;
  return value.length >= 8 && /[\d_/+=!@#$%^&*-]/.test(value) && /[A-Za-z]/.test(value);
}

const RULES: Rule[] = [
  // Before everything else: a key block spans lines, and its base64 would look like other tokens.
  {
    kind: 'private_key',
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?=\n[ \t]*\n)|$(?![\s\S]))/g,
    replace: (m) => marker('private_key') + '\n'.repeat((m.match(/\n/g) ?? []).length),
  },
  { kind: 'anthropic_key', pattern: /\bsk-ant-(?:api|admin|oat|sid)\d{0,2}-[A-Za-z0-9_-]{20,}/g },
  { kind: 'openai_key', pattern: /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}(?:T3BlbkFJ[A-Za-z0-9_-]{10,})?/g },
  { kind: 'aws_access_key', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g },
  {
    kind: 'aws_secret_key',
    pattern: /(aws_?secret_?(?:access_?)?key(?:_id)?["']?\s*[:=]\s*["']?)([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    replace: (_m, key, _v) => `${key}${marker('aws_secret_key')}`,
  },
  { kind: 'github_token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { kind: 'gitlab_token', pattern: /\bgl(?:pat|ptt|dt|rt|cbt|oas|soat|ft|imt|agent)-[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack_token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { kind: 'slack_webhook', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]{20,}/g },
  { kind: 'stripe_key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b|\bwhsec_[A-Za-z0-9]{24,}\b/g },
  { kind: 'google_api_key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'google_oauth_token', pattern: /\bya29\.[0-9A-Za-z_-]{20,}/g },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,8192}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,8192}/g },
  {
    kind: 'url_password',
    pattern: /\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s:/@'"<>]{1,64}):([^\s@/'"<>]{1,128})@/gi,
    replace: (m, scheme, user, pass) => (pass.startsWith('[REDACTED:') || /^[$<{*]/.test(pass) ? undefined : `${scheme}${user}:${marker('url_password')}@`) ?? m,
  },
  {
    kind: 'bearer_token',
    pattern: /\b(Bearer|Token|Basic)(\s+)([A-Za-z0-9._~+/=-]{20,})/g,
    replace: (m, word, space, token) => (entropy(token) >= 3.5 && /\d/.test(token) ? `${word}${space}${marker('bearer_token')}` : m),
  },
  {
    // key [:=] value, the key naming a secret; quoted values or secret-looking bare words only.
    kind: 'assignment',
    pattern:
      /(\b[\w.-]{0,40}?(password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?)[\w.-]{0,40}["']?[ \t]{0,8}(?::|=|:=|=>)[ \t]{0,8})(?:"([^"\n]{0,512})"|'([^'\n]{0,512})'|([^\s"',;]{1,512}))/gi,
    replace: (m, prefix, name, dq, sq, bare) => {
      const quoted = dq !== undefined || sq !== undefined;
      const value = dq ?? sq ?? bare ?? '';
      if (!secretLike(value, quoted)) return m;
      const n = name.toLowerCase();
      const kind = /pass|pwd/.test(n) ? 'password' : /api|access|auth/.test(n) ? 'api_key' : n === 'token' ? 'token' : 'secret';
      const q = dq !== undefined ? '"' : sq !== undefined ? "'" : '';
      return `${prefix}${q}${marker(kind)}${q}`;
    },
  },
];

/** The text with every secret replaced by `[REDACTED:<kind>]`, the count and the kinds; line count unchanged. */
export function redactSecrets(text: string): Redaction {
  let count = 0;
  const kinds = new Set<string>();
  let out = text;
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    out = out.replace(rule.pattern, (m: string, ...rest: unknown[]) => {
      const groups = rest.slice(0, -2).map((g) => g as string);
      const replaced = rule.replace ? rule.replace(m, ...groups) : marker(rule.kind);
      if (replaced === undefined || replaced === m) return m;
      count++;
      const kind = /\[REDACTED:([a-z_]+)\]/.exec(replaced)?.[1] ?? rule.kind;
      kinds.add(kind);
      return replaced;
    });
  }
  return { text: out, count, kinds: [...kinds].sort() };
}
