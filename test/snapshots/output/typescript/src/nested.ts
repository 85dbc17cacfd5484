/** Nested definitions, arrow callbacks and a parameter named like its type. */
export function log(x: unknown): void {
//              ^^^ definition function ts:src/nested:log
  console.log(x);
}

export function outer(items: number[]) {
//              ^^^^^ definition function ts:src/nested:outer
  function inner() {
//         ^^^^^ definition function ts:src/nested:outer.inner
    log('inner');
//  ^^^ calls ts:src/nested:log
  }
  const arrow = () => log('arrow');
//      ^^^^^ definition function ts:src/nested:outer.arrow
//                    ^^^ calls ts:src/nested:log
  class Local {
//      ^^^^^ definition class ts:src/nested:outer.Local
    go() {
//  ^^ definition method ts:src/nested:outer.Local.go
      inner();
//    ^^^^^ calls ts:src/nested:outer.inner
    }
  }
  items.forEach(() => arrow());
//                    ^^^^^ calls ts:src/nested:outer.arrow
  new Local().go();
//    ^^^^^ calls ts:src/nested:outer.Local
//            ^^ calls ts:src/nested:outer.Local.go
  return first('abc');
//       ^^^^^ calls ts:src/nested:first
}

export function first(string: string) {
//              ^^^^^ definition function ts:src/nested:first
  return string.charAt(0);
}
