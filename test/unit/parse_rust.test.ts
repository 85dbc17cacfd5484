/**
 * Rust extraction
 * ===============
 * What the Rust extractor makes of items, impl blocks, modules, uses, calls (macro arguments
 * included), bindings and broken input.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractFacts } from '../../extension/core/parse/extract';

const SOURCE = `//! A module.
use crate::{a::B, c::{D as E, self}, f::*};
pub use self::x::Y;
extern crate alloc;
mod m;

/// A point.
#[derive(Debug)]
pub struct P { pub x: u8, y: Vec<u8> }
pub struct T(u8, String);
pub enum Op { A, B(u8) }
pub trait Tr: Sup { fn z(); fn d(&self) -> u8 { self.z2() } }
pub(crate) type Al = u8;
pub const C: u8 = 1;
static S: u8 = 2;
macro_rules! mm { () => {} }

impl P {
    pub fn new() -> Self { let v: Vec<u8> = Vec::new(); let (a, b) = pair()?; P { x: a.m(), y: v } }
}
impl fmt::Display for P { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "{}", self.x.to_string()) } }
impl fmt::Debug for P { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }

fn outer() { fn inner() {} inner(); let c = |q: P| q.go(); assert_eq!(foo(1).bar(), Vec::<u8>::new()); mm!(); }

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn t() { outer(); }
    #[tokio::test]
    async fn u() {}
}
`;

describe('rust extraction', () => {
  it('items: kinds, qualified names, parents, impl targets, docs, attributes, visibility', async () => {
    const f = await extractFacts('src/lib.rs', SOURCE, 'rust');
    assert.equal(f.parseErrors, 0);
    assert.equal(f.doc, 'A module.');
    const by = new Map(f.symbols.map((s) => [s.qualifiedName, s]));
    const kind = (qn: string): string | undefined => by.get(qn)?.kind;
    assert.equal(kind('P'), 'class');
    assert.equal(kind('T'), 'class');
    assert.equal(kind('Op'), 'enum');
    assert.equal(kind('Tr'), 'interface');
    assert.equal(kind('Tr.z'), 'method');
    assert.equal(kind('Al'), 'type');
    assert.equal(kind('C'), 'constant');
    assert.equal(kind('S'), 'variable');
    assert.equal(kind('mm'), 'function');
    assert.ok(by.get('mm')!.decorators!.includes('macro_rules!'));
    assert.equal(kind('outer.inner'), 'function');
    assert.equal(kind('tests'), 'test');
    assert.equal(kind('tests.t'), 'test');
    assert.equal(kind('tests.u'), 'test');
    assert.equal(by.get('tests.t')!.parent, 'tests');
    const p = by.get('P')!;
    assert.equal(p.doc, 'A point.');
    assert.deepEqual(p.decorators, ['derive(Debug)']);
    assert.equal(p.exported, true);
    assert.deepEqual(p.fields?.map((x) => [x.name, x.type]), [['x', 'u8'], ['y', 'Vec<u8>']]);
    assert.deepEqual(by.get('T')!.fields?.map((x) => x.name), ['0', '1']);
    assert.equal(by.get('Al')!.exported, false);
    assert.deepEqual(by.get('Tr')!.bases, ['Sup']);
    const ctor = by.get('P.new')!;
    assert.equal(ctor.parent, 'P');
    assert.equal(ctor.implFor, 'P');
    assert.equal(ctor.returnType, 'Self');
    assert.equal(ctor.isStatic, true);
    // Display and Debug both define fmt: the second is qualified by its trait.
    assert.equal(by.get('P.fmt')!.implTrait, 'fmt::Display');
    assert.equal(by.get('P.Debug.fmt')!.implTrait, 'fmt::Debug');
    assert.equal(by.get('P.fmt')!.params?.[0]?.name, 'self');
  });

  it('use trees become one import per leaf; mod and extern crate are imports too', async () => {
    const f = await extractFacts('src/lib.rs', SOURCE, 'rust');
    const imports = f.imports.map((i) => [i.module, i.names.map((n) => `${n.imported}>${n.local}`).join(','), i.star ?? false, i.rustMod ?? '', i.scope ?? '']);
    assert.deepEqual(imports, [
      ['crate::a::B', 'B>B', false, '', ''],
      ['crate::c::D', 'D>E', false, '', ''],
      ['crate::c', 'c>c', false, '', ''],
      ['crate::f', '', true, '', ''],
      ['self::x::Y', 'Y>Y', false, '', ''],
      ['alloc', 'alloc>alloc', false, 'extern', ''],
      ['m', '*module*>m', false, 'file', ''],
      ['tests', '*module*>tests', false, 'inline', ''],
      ['super', '', true, '', 'tests'],
    ]);
  });

  it('calls: paths, methods, `?`, macros and the calls inside macro arguments; typed locals', async () => {
    const f = await extractFacts('src/lib.rs', SOURCE, 'rust');
    const calls = (caller: string): string[] => f.calls.filter((c) => c.caller === caller).map((c) => c.callee.join(' '));
    assert.deepEqual(calls('P.new'), ['Vec::new', 'pair', 'a m']);
    assert.deepEqual(calls('outer'), ['inner', 'q go', 'assert_eq!', 'foo', 'foo() bar', 'Vec::new', 'mm!']);
    assert.deepEqual(calls('P.fmt'), ['write!', 'self x to_string']);
    assert.deepEqual(calls('Tr.d'), ['self z2']);
    const locals = f.symbols.find((s) => s.qualifiedName === 'P.new')!.locals!;
    assert.deepEqual(locals.map((b) => [b.name, b.type, b.value?.join(' ')]), [
      ['v', 'Vec<u8>', 'Vec::new()'],
      ['a', undefined, 'pair() try? 0'],
      ['b', undefined, 'pair() try? 1'],
    ]);
    // A typed closure parameter types its receiver; the closure itself is transparent.
    assert.deepEqual(f.symbols.find((s) => s.qualifiedName === 'outer')!.locals!.map((b) => [b.name, b.type]), [['q', 'P']]);
  });

  it('broken syntax is indexed as far as it parses', async () => {
    const f = await extractFacts('src/lib.rs', 'pub fn ok() { helper(); }\nfn broken( {\nimpl X { fn m(&self) {} }\n', 'rust');
    assert.ok(f.parseErrors > 0);
    assert.ok(f.symbols.some((s) => s.qualifiedName === 'ok'));
    assert.ok(f.calls.some((c) => c.caller === 'ok' && c.callee[0] === 'helper'));
  });
});
