import { log, outer } from './nested';

describe('outer', () => {
//^^^^^^^^ calls ts:src/nested.spec:describe (from the module)
//        ^^^^^ definition test ts:src/nested.spec:outer
//        ^^^^^ tests ts:src/nested:outer (convention)
  it('runs', () => {
//^^ calls ts:src/nested.spec:it
//    ^^^^ definition test ts:src/nested.spec:outer > runs
//    ^^^^ tests ts:src/nested:log
//    ^^^^ tests ts:src/nested:outer
    class Fake {
//        ^^^^ definition class ts:src/nested.spec:outer > runs.Fake
      run() {
//    ^^^ definition method ts:src/nested.spec:outer > runs.Fake.run
        log('fake');
//      ^^^ calls ts:src/nested:log
      }
    }
    function helper() {
//           ^^^^^^ definition function ts:src/nested.spec:outer > runs.helper
      return new Fake();
//               ^^^^ calls ts:src/nested.spec:outer > runs.Fake
    }
    helper().run();
//  ^^^^^^ calls ts:src/nested.spec:outer > runs.helper
//           ^^^ calls ts:src/nested.spec:outer > runs.Fake.run (inferred)
    outer([1]);
//  ^^^^^ calls ts:src/nested:outer
  });
});

declare function describe(name: string, body: () => void): void;
//               ^^^^^^^^ definition function ts:src/nested.spec:describe
declare function it(name: string, body: () => void): void;
//               ^^ definition function ts:src/nested.spec:it
