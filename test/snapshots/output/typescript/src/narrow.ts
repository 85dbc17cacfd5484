// `x instanceof T` narrows x: in the block, right of `&&`, after an early exit.
export class Sub {
//           ^^^ definition class ts:src/narrow:Sub
  closed = false;
  hasParent(x: unknown): boolean {
//^^^^^^^^^ definition method ts:src/narrow:Sub.hasParent
    return !!x;
  }
  add(teardown: unknown): void {
//^^^ definition method ts:src/narrow:Sub.add
    if (teardown instanceof Sub) {
      teardown.hasParent(this);
//             ^^^^^^^^^ calls ts:src/narrow:Sub.hasParent
    }
    if (teardown instanceof Sub && teardown.hasParent(1)) return;
//                                          ^^^^^^^^^ calls ts:src/narrow:Sub.hasParent
  }
  remove(t: unknown): void {
//^^^^^^ definition method ts:src/narrow:Sub.remove
    if (!(t instanceof Sub)) return;
    t.hasParent(2);
//    ^^^^^^^^^ calls ts:src/narrow:Sub.hasParent
  }
}
