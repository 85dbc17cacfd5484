/**
 * Reading a model's JSON
 * ======================
 * Models wrap JSON in code fences, prefix it with a sentence, or stop half-way. This takes the
 * first complete JSON object out of a reply, or says it found none; validation of each item is
 * the caller's (extract.ts, reconcile.ts), so one bad item never costs the batch.
 */

/** The first JSON object in `text`, or undefined. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [text.trim(), ...(fenced?.[1] ? [fenced[1].trim()] : [])];
  for (const c of candidates) {
    const v = tryParse(c);
    if (v) return v;
  }
  // A sentence before or after: the outermost balanced braces.
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return tryParse(text.slice(start, i + 1));
  }
  return undefined;
}

function tryParse(s: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(s);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
