/**
 * Rust type text
 * ==============
 * Parses a type as the facts keep it (`&'a mut Vec<crate::Item>`, `Result<(Prerelease, &str), Error>`,
 * `impl Iterator<Item = T> + '_`) into the little the resolver reads: paths with their generic
 * arguments, tuples, slices and arrays, trait objects. References and raw pointers are
 * transparent (method calls auto-dereference); lifetimes are dropped.
 */

export type TypeNode =
  | { k: 'path'; path: string[]; args: TypeNode[] }
  | { k: 'tuple'; items: TypeNode[] }
  | { k: 'slice'; elem: TypeNode }
  | { k: 'dyn'; bounds: TypeNode[] }
  | { k: 'other' };

const OTHER: TypeNode = { k: 'other' };
const MAX_TYPE_DEPTH = 24;

function tokenize(text: string): string[] {
  return text.match(/'[A-Za-z_]\w*|[A-Za-z_]\w*|::|->|[<>()[\],&*+;=!]|\d+/g) ?? [];
}

export function parseType(text: string): TypeNode {
  const tokens = tokenize(text);
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  const next = (): string | undefined => tokens[i++];

  const type = (depth: number): TypeNode => {
    if (depth > MAX_TYPE_DEPTH) return OTHER;
    let t = peek();
    while (t === '&' || t === '*' || t?.startsWith("'") || t === 'mut' || t === 'const') {
      next();
      t = peek();
    }
    if (t === undefined) return OTHER;
    if (t === 'dyn' || t === 'impl') {
      next();
      const bounds: TypeNode[] = [type(depth + 1)];
      while (peek() === '+') {
        next();
        if (peek()?.startsWith("'")) next();
        else bounds.push(type(depth + 1));
      }
      return { k: 'dyn', bounds: bounds.filter((b) => b.k !== 'other') };
    }
    if (t === '(') {
      next();
      const items: TypeNode[] = [];
      let comma = false;
      while (peek() !== undefined && peek() !== ')') {
        items.push(type(depth + 1));
        if (peek() === ',') {
          comma = true;
          next();
        } else break;
      }
      if (peek() === ')') next();
      return items.length === 1 && !comma ? items[0]! : { k: 'tuple', items };
    }
    if (t === '[') {
      next();
      const elem = type(depth + 1);
      let level = 1;
      while (peek() !== undefined && level > 0) {
        const x = next();
        if (x === '[') level++;
        else if (x === ']') level--;
      }
      return { k: 'slice', elem };
    }
    if (t === 'fn' || t === 'unsafe' || t === 'extern') {
      skipRest();
      return OTHER;
    }
    if (!/^[A-Za-z_]/.test(t)) {
      next();
      return OTHER;
    }
    const path: string[] = [];
    let args: TypeNode[] = [];
    for (;;) {
      const seg = next();
      if (seg === undefined || !/^[A-Za-z_]/.test(seg)) break;
      path.push(seg);
      if (peek() === '<') args = genericArgs(depth);
      if (peek() === '::') {
        next();
        if (peek() === '<') args = genericArgs(depth);
        continue;
      }
      break;
    }
    return path.length ? { k: 'path', path, args } : OTHER;
  };

  const genericArgs = (depth: number): TypeNode[] => {
    next(); // <
    const args: TypeNode[] = [];
    while (peek() !== undefined && peek() !== '>') {
      if (peek()?.startsWith("'")) next();
      else if (tokens[i + 1] === '=' && /^[A-Za-z_]/.test(peek()!)) {
        // `Item = T`: an associated type binding, kept as an argument.
        i += 2;
        args.push(type(depth + 1));
      } else args.push(type(depth + 1));
      if (peek() === ',') next();
      else if (peek() !== '>') {
        skipTo('>');
        break;
      }
    }
    if (peek() === '>') next();
    return args;
  };

  const skipTo = (close: string): void => {
    let level = 0;
    while (peek() !== undefined) {
      const x = peek()!;
      if (x === '<' || x === '(' || x === '[') level++;
      if ((x === '>' || x === ')' || x === ']') && level === 0 && x === close) return;
      if (x === '>' || x === ')' || x === ']') level--;
      next();
    }
  };
  const skipRest = (): void => {
    i = tokens.length;
  };

  return type(0);
}
