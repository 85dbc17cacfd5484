// `x instanceof T` narrows x: in the block, right of `&&`, after an early exit.
export class Sub {
  closed = false;
  hasParent(x: unknown): boolean {
    return !!x;
  }
  add(teardown: unknown): void {
    if (teardown instanceof Sub) {
      teardown.hasParent(this);
    }
    if (teardown instanceof Sub && teardown.hasParent(1)) return;
  }
  remove(t: unknown): void {
    if (!(t instanceof Sub)) return;
    t.hasParent(2);
  }
}
