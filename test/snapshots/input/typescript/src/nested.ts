/** Nested definitions, arrow callbacks and a parameter named like its type. */
export function log(x: unknown): void {
  console.log(x);
}

export function outer(items: number[]) {
  function inner() {
    log('inner');
  }
  const arrow = () => log('arrow');
  class Local {
    go() {
      inner();
    }
  }
  items.forEach(() => arrow());
  new Local().go();
  return first('abc');
}

export function first(string: string) {
  return string.charAt(0);
}
