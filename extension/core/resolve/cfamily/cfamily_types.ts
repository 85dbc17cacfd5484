/**
 * C/C++ type texts
 * ================
 * A type as written (`const std::vector<Foo>&`, `struct node *`, `std::unique_ptr<Bar>`) → the
 * name of the class a receiver of that type reaches members of: qualifiers, `struct`/`class`
 * tags, pointers and references dropped; a smart pointer, `optional` or `reference_wrapper` is
 * what it wraps (`p->f()` reaches Bar's f); other templates are their template (`Box<int>` → Box).
 */

const WRAPPERS = /^(?:::)?(?:std::)?(unique_ptr|shared_ptr|weak_ptr|optional|reference_wrapper|atomic|auto_ptr)$/;
const QUALIFIERS = /\b(const|volatile|constexpr|mutable|static|inline|extern|register|restrict|__restrict|typename|struct|class|union|enum)\b/g;

/** The template arguments of a type text at its top level, split on top-level commas. */
function splitArgs(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '<' || c === '(') depth++;
    else if (c === '>' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out.map((s) => s.trim());
}

/** Removes every `<…>` (balanced) from a name: `n::A<T>::B<U>` → `n::A::B`. */
export function withoutTemplateArgs(text: string): string {
  let out = '';
  let depth = 0;
  for (const c of text) {
    if (c === '<') depth++;
    else if (c === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

/** The class name a type text reaches (`::`-qualified as written), or undefined for `auto`, builtins and function types. */
export function receiverTypeName(text: string, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  let t = text.replace(QUALIFIERS, ' ').replace(/[*&]+/g, ' ').replace(/\[[^\]]*\]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!t || t.includes('(')) return undefined;
  const lt = t.indexOf('<');
  if (lt > 0 && t.endsWith('>')) {
    const head = t.slice(0, lt).trim();
    if (WRAPPERS.test(head)) {
      const first = splitArgs(t.slice(lt + 1, -1))[0];
      return first !== undefined ? receiverTypeName(first, depth + 1) : undefined;
    }
  }
  t = withoutTemplateArgs(t).replace(/\s+/g, '');
  if (!/^(::)?[A-Za-z_]\w*(::[A-Za-z_~]\w*)*$/.test(t) || t === 'auto' || t === 'void') return undefined;
  return t;
}
