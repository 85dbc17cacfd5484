/**
 * Rust resolution rules
 * =====================
 * One assertion per rule of resolve/rust on the rust_rules fixture (a Cargo workspace of two
 * crates): paths through `mod` files, `crate::`/`self::`/`super::`, `pub use` re-exports, other
 * workspace crates, associated functions, receivers typed by `self`, fields, typed and inferred
 * `let`s, `?` and unwrap, trait objects and bounds, trait default methods, macros, tests.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFiles, indexFixture, targets } from '../helpers/workspace';

const rs = (path: string, qn: string): string => `rs:${path}:${qn}`;
const LIB = 'app/src/lib';
const REPO = 'app/src/repo';
const SERVICE = 'app/src/service/mod';
const HELPERS = 'app/src/service/helpers';
const UTIL = 'util/src/lib';

describe('rust resolution rules', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('rust_rules');
  });
  after(async () => ws.close());

  const calls = (from: string): string[] => targets(ws, 'calls', from);

  it('structs are classes, traits interfaces, impl methods Type.method with method_of, trait impls implements', () => {
    assert.equal(ws.graph.graph.getNodeAttribute(rs(REPO, 'Repository'), 'kind'), 'class');
    assert.equal(ws.graph.graph.getNodeAttribute(rs(UTIL, 'Shape'), 'kind'), 'interface');
    assert.ok(edge(ws, 'method_of', rs(REPO, 'Repository.new'), rs(REPO, 'Repository')));
    assert.ok(edge(ws, 'implements', rs(SERVICE, 'Service'), rs(UTIL, 'Shape')));
  });

  it('associated functions through a `use`d type and Self::', () => {
    assert.ok(calls(rs(SERVICE, 'Service.new')).includes(rs(REPO, 'Repository.new')));
    assert.ok(calls(rs(REPO, 'Repository.with_items')).includes(rs(REPO, 'Repository.new')));
  });

  it('method calls through self, struct fields and `let x = Type::new()`', () => {
    const run = calls(rs(SERVICE, 'Service.run'));
    for (const t of [rs(REPO, 'Repository.add'), rs(REPO, 'Repository.find'), rs(SERVICE, 'Service.log')]) assert.ok(run.includes(t), t);
    assert.ok(calls(rs(LIB, 'run')).includes(rs(SERVICE, 'Service.run')));
  });

  it('unwrap and ? reach the inside of an Option/Result; Vec indexing its element', () => {
    assert.ok(calls(rs(SERVICE, 'Service.run')).includes(rs(REPO, 'Item.total')));
    assert.ok(calls(rs(REPO, 'Repository.price_of')).includes(rs(REPO, 'Item.total')));
    assert.ok(calls(rs(REPO, 'Repository.first_total')).includes(rs(REPO, 'Item.total')));
  });

  it('paths: `pub use` re-exports, super::, crate::, child modules, inline modules, other workspace crates', () => {
    assert.ok(calls(rs(SERVICE, 'Service.run')).includes(rs(HELPERS, 'assist')));
    assert.ok(calls(rs(SERVICE, 'Service.run')).includes(rs(HELPERS, 'make_service')));
    assert.ok(calls(rs(HELPERS, 'assist')).includes(rs(REPO, 'Repository.new')));
    assert.ok(calls(rs(LIB, 'run')).includes(rs(LIB, 'mk.build')));
    assert.ok(calls(rs(SERVICE, 'Service.new')).includes(rs('util/src/text', 'slugify')));
    assert.ok(calls(rs('app/src/main', 'main')).includes(rs(LIB, 'run')));
  });

  it('a trait object or bound reaches the trait method; a default method through the impl', () => {
    assert.deepEqual(calls(rs(UTIL, 'describe')), [rs(UTIL, 'Shape.area')]);
    assert.deepEqual(calls(rs(UTIL, 'total')), [rs(UTIL, 'Shape.double')]);
    assert.ok(calls(rs(LIB, 'run')).includes(rs(UTIL, 'Shape.double')));
    assert.ok(calls(rs(LIB, 'run')).includes(rs(SERVICE, 'Service.area')));
  });

  it('a macro_rules! of the workspace is called; nested functions are symbols of their own', () => {
    assert.ok(calls(rs(LIB, 'shapes_total')).includes(rs(UTIL, 'square')));
    assert.ok(calls(rs(SERVICE, 'Service.log')).includes(rs(SERVICE, 'Service.log.prefix')));
  });

  it('#[test], #[tokio::test] and #[cfg(test)] mod tests are tests with tests edges', () => {
    assert.equal(ws.graph.graph.getNodeAttribute(rs('app/tests/integration', 'finds'), 'kind'), 'test');
    assert.equal(ws.graph.graph.getNodeAttribute(rs('util/src/text', 'tests'), 'kind'), 'test');
    assert.ok(edge(ws, 'tests', rs('util/src/text', 'tests.slugifies'), rs('util/src/text', 'slugify')));
    assert.ok(edge(ws, 'tests', rs('app/tests/integration', 'runs'), rs(LIB, 'run')));
  });

  it('imports: mod files, use paths to files, std and dependencies as externals', () => {
    assert.ok(edge(ws, 'imports', 'file:app/src/lib.rs', 'file:app/src/repo.rs'));
    assert.ok(edge(ws, 'imports', 'file:app/src/lib.rs', 'file:app/src/service/mod.rs'));
    assert.ok(edge(ws, 'imports', 'file:app/src/service/mod.rs', 'file:util/src/lib.rs'));
    assert.ok(edge(ws, 'imports', 'file:app/src/repo.rs', 'ext:std'));
  });

  it('a receiver it cannot type gives no edge (no name-only guess)', async () => {
    const w = await indexFiles({
      'Cargo.toml': '[package]\nname = "x"\n',
      'src/lib.rs': 'pub struct A;\nimpl A { pub fn unique_name(&self) {} }\npub fn f(x: impl Fn() -> u8, y: u8) { let z = x(); z.unique_name(); y.unique_name(); }\n',
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rs:src/lib:f'), []);
    } finally {
      await w.close();
    }
  });

  it('`let x = x(…)` calls the function x; `Trait::m(x)` reaches the impl of x\'s type; a `use` under an off cfg binds nothing', async () => {
    const w = await indexFiles({
      'Cargo.toml': '[package]\nname = "x"\n',
      'src/lib.rs': [
        'mod other;',
        'pub struct P;',
        'impl core::fmt::Display for P { fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result { Ok(()) } }',
        'impl core::fmt::Debug for P { fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result { core::fmt::Display::fmt(self, f) } }',
        'fn op(s: &str) -> (u8, &str) { (1, s) }',
        'pub fn parse(s: &str) {',
        '    let (op, rest) = op(s);',
        '    helper();',
        '}',
        '#[cfg(some_custom_cfg)]',
        'use crate::other::helper;',
        '#[cfg(not(some_custom_cfg))]',
        'use crate::other::fallback as helper;',
      ].join('\n'),
      'src/other.rs': 'pub fn helper() {}\npub fn fallback() {}\n',
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rs:src/lib:parse'), ['rs:src/lib:op', 'rs:src/other:fallback']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/lib:P.Debug.fmt'), ['rs:src/lib:P.fmt']);
    } finally {
      await w.close();
    }
  });

  it('a module shared by test crates (tests/common/mod.rs) reaches `crate::` through the first crate that declares it', async () => {
    const w = await indexFiles({
      'Cargo.toml': '[package]\nname = "x"\n',
      'src/lib.rs': 'pub fn api() {}\n',
      'tests/a.rs': 'mod common;\npub fn local() {}\n#[test]\nfn t() { common::setup(); x::api(); }\n',
      'tests/common/mod.rs': 'pub fn setup() { crate::local(); }\n',
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rs:tests/a:t'), ['rs:src/lib:api', 'rs:tests/common/mod:setup']);
      assert.deepEqual(targets(w, 'calls', 'rs:tests/common/mod:setup'), ['rs:tests/a:local']);
    } finally {
      await w.close();
    }
  });

  it('2015-edition uses from the crate root; fn beside a mod of its name; generic impls, fields typed by a parameter, impls for std types', async () => {
    const w = await indexFiles({
      'Cargo.toml': '[package]\nname = "old"\n',
      'src/lib.rs': 'pub mod kv;\npub mod as_map { use super::*; pub fn run(s: &str) { as_map(s); } }\npub fn as_map(s: &str) {}\n',
      'src/kv.rs': [
        'use kv::Key;',
        'pub trait ToKey { fn to_key(&self) -> Key; }',
        'pub struct Key;',
        'impl Key { pub fn from_str(s: &str) -> Key { Key } }',
        'impl ToKey for str { fn to_key(&self) -> Key { Key::from_str(self) } }',
        "impl<'a, T> ToKey for &'a T where T: ToKey + ?Sized { fn to_key(&self) -> Key { (**self).to_key() } }",
        'pub struct Wrap<S>(S);',
        'impl<S: ToKey> Wrap<S> { pub fn key(&self) -> Key { self.0.to_key() } }',
        'impl<K: ToKey, V> ToKey for (K, V) { fn to_key(&self) -> Key { self.0.to_key() } }',
        'pub fn direct(s: &str) -> Key { s.to_key() }',
      ].join('\n'),
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rs:src/lib:as_map.run'), ['rs:src/lib:as_map']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/kv:str.to_key'), ['rs:src/kv:Key.from_str']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/kv:T.to_key'), ['rs:src/kv:ToKey.to_key']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/kv:Wrap.key'), ['rs:src/kv:ToKey.to_key']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/kv:tuple.to_key'), ['rs:src/kv:ToKey.to_key']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/kv:direct'), ['rs:src/kv:str.to_key']);
    } finally {
      await w.close();
    }
  });

  it('without a Cargo.toml, or with an unreadable one, files still resolve by folder', async () => {
    const w = await indexFiles({
      'Cargo.toml': '[[[ not toml',
      'src/lib.rs': 'mod a;\npub fn top() { a::inner(); }\n',
      'src/a.rs': 'pub fn inner() { crate::top(); }\n',
    });
    try {
      assert.deepEqual(targets(w, 'calls', 'rs:src/lib:top'), ['rs:src/a:inner']);
      assert.deepEqual(targets(w, 'calls', 'rs:src/a:inner'), ['rs:src/lib:top']);
    } finally {
      await w.close();
    }
  });
});
