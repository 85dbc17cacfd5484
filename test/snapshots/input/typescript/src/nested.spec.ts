import { log, outer } from './nested';

describe('outer', () => {
  it('runs', () => {
    class Fake {
      run() {
        log('fake');
      }
    }
    function helper() {
      return new Fake();
    }
    helper().run();
    outer([1]);
  });
});

declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => void): void;
