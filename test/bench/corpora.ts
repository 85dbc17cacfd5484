/**
 * Bench corpora
 * =============
 * Fetches the real repositories the bench indexes, once, into test/bench/work/.corpora/ (a marker
 * file makes it idempotent): Django's sources from Debian's python3-django package (apt-get
 * download + dpkg -x) and zod's TypeScript sources from its npm tarball (npm pack). Extra folders
 * given on the command line are used in place. Also makes scratch copies and a 100k-line subset.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CORPORA_DIR, countSource, lineCount, runChild, SCRATCH_DIR, sourceFiles } from './util';

export interface Corpus {
  name: string;
  /** Where it came from and its version, e.g. "Debian python3-django 3:3.2.25-0+deb12u7". */
  origin: string;
  version: string;
  dir: string;
  language: 'python' | 'typescript' | 'mixed' | 'go' | 'csharp' | 'java' | 'rust' | 'ruby' | 'php' | 'kotlin';
  files: number;
  lines: number;
}

const MARKER = '.corpus.json';
const NOT_COPIED = new Set(['.kg-memory', '.codegraph', 'node_modules', '.git']);
/** Pinned so figures compare across runs; zod 4 ships its TypeScript sources in src/. */
export const TS_PACKAGE = 'zod@4.6.7';
const TIMEOUT_MS = 5 * 60_000;
/** Sphinx's HTML pages of a doc package, not its _static, _sources and search index. */
const SPHINX_PAGES = (src: string): boolean => !/[\\/]_(static|sources|images)([\\/]|$)|searchindex\.js$/.test(src);

function readMarker(dir: string): Corpus | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, MARKER), 'utf8')) as Corpus;
  } catch {
    return undefined;
  }
}

function writeMarker(c: Corpus): Corpus {
  writeFileSync(join(c.dir, MARKER), JSON.stringify(c, null, 2));
  return c;
}

async function must(command: string, args: string[], cwd: string): Promise<string> {
  const r = await runChild(command, args, { cwd, timeoutMs: TIMEOUT_MS });
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.timedOut ? 'timed out' : `exit ${r.code}`}): ${r.stderr.trim().slice(-400)}`);
  return r.stdout;
}

/**
 * A Debian package unpacked into a scratch folder (apt-get download + dpkg -x): its version and
 * the root of its files. The caller copies what it needs, then removes `dl`.
 */
async function debianPackage(name: string, dl: string): Promise<{ version: string; deb: string; root: string }> {
  rmSync(dl, { recursive: true, force: true });
  mkdirSync(dl, { recursive: true });
  const download = await runChild('apt-get', ['download', name], { cwd: dl, timeoutMs: TIMEOUT_MS });
  if (download.code !== 0) {
    // A fresh machine has no package lists yet.
    await must('apt-get', ['update'], dl);
    await must('apt-get', ['download', name], dl);
  }
  const deb = readdirSync(dl).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${name} left no .deb`);
  const version = (await must('dpkg-deb', ['-f', deb, 'Version'], dl)).trim();
  await must('dpkg', ['-x', deb, 'x'], dl);
  return { version, deb, root: join(dl, 'x') };
}

/**
 * One folder of a Debian package as a corpus, fetched once: `from` (a path inside the unpacked
 * package) is copied to `into` inside the corpus folder, keeping what `keep` accepts, and
 * `describe` says what the marker records.
 */
async function debianCorpus(
  folder: string,
  from: string[],
  into: string,
  describe: (version: string, dir: string) => Corpus,
  keep?: (src: string) => boolean,
  pkg = folder,
): Promise<Corpus> {
  const dir = join(CORPORA_DIR, folder);
  const known = readMarker(dir);
  if (known) return known;
  const dl = join(CORPORA_DIR, 'download', folder);
  const { version, deb, root } = await debianPackage(pkg, dl);
  const src = join(root, ...from);
  if (!existsSync(src)) throw new Error(`no ${from[from.length - 1]}/ folder in ${deb}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(src, join(dir, into), { recursive: true, ...(keep ? { filter: keep } : {}) });
  rmSync(dl, { recursive: true, force: true });
  return writeMarker(describe(version, dir));
}

/** Django from Debian: the python3-django package's django/ folder. */
export function django(): Promise<Corpus> {
  return debianCorpus('python3-django', ['usr', 'lib', 'python3', 'dist-packages', 'django'], 'django', (version, dir) => ({
    name: 'django',
    origin: `Debian python3-django ${version}`,
    version,
    dir,
    language: 'python',
    ...countSource(dir),
  }));
}

/** Django's documentation as HTML from Debian's python-django-doc package: the docs bench's real corpus. */
export function djangoDocs(): Promise<Corpus> {
  return debianCorpus(
    'python-django-doc',
    ['usr', 'share', 'doc', 'python-django-doc', 'html'],
    'docs',
    (version, dir) => ({
      name: 'django-docs',
      origin: `Debian python-django-doc ${version} (html/)`,
      version,
      dir,
      language: 'mixed',
      files: readdirSync(join(dir, 'docs'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length,
      lines: 0,
    }),
    // Only the pages: Sphinx's _static, _sources and search index are not documentation.
    SPHINX_PAGES,
  );
}

/**
 * A Python package from Debian with its documentation, as a repository lays them out: the code
 * package's module folder and the doc package's HTML pages under docs/ (which the defaults index).
 * For the full-index comparison with documents, issue 17.
 */
async function debianWithDocs(name: string, codePkg: string, module: string, docPkg: string): Promise<Corpus> {
  const dir = join(CORPORA_DIR, name);
  const known = readMarker(dir);
  if (known) return known;
  const dl = join(CORPORA_DIR, 'download', name);
  const code = await debianPackage(codePkg, join(dl, 'code'));
  const docs = await debianPackage(docPkg, join(dl, 'docs'));
  const codeSrc = join(code.root, 'usr', 'lib', 'python3', 'dist-packages', module);
  const docsSrc = join(docs.root, 'usr', 'share', 'doc', docPkg, 'html');
  for (const src of [codeSrc, docsSrc]) if (!existsSync(src)) throw new Error(`no ${src} in the unpacked packages`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(codeSrc, join(dir, module), { recursive: true });
  cpSync(docsSrc, join(dir, 'docs'), { recursive: true, filter: SPHINX_PAGES });
  rmSync(dl, { recursive: true, force: true });
  const pages = readdirSync(join(dir, 'docs'), { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  return writeMarker({ name, origin: `Debian ${codePkg} ${code.version} + ${docPkg} (${pages} HTML pages under docs/)`, version: code.version, dir, language: 'python', ...countSource(dir) });
}

/** pallets/click as Debian ships it: python3-click and python-click-doc's pages. */
export const clickWithDocs = (): Promise<Corpus> => debianWithDocs('click+docs', 'python3-click', 'click', 'python-click-doc');
/** psf/requests: python3-requests and python-requests-doc's pages. */
export const requestsWithDocs = (): Promise<Corpus> => debianWithDocs('requests+docs', 'python3-requests', 'requests', 'python-requests-doc');
/** Django: python3-django and python-django-doc's pages. */
export const djangoWithDocs = (): Promise<Corpus> => debianWithDocs('django+docs', 'python3-django', 'django', 'python-django-doc');

/** A TypeScript package with Markdown: src/ of its npm tarball, its package.json and its *.md files. */
export const TS_DOCS_PACKAGE = 'rxjs@7.8.2';

export async function rxjsWithDocs(): Promise<Corpus> {
  const dir = join(CORPORA_DIR, 'rxjs+docs');
  const known = readMarker(dir);
  if (known) return known;
  const { pkgDir, version } = await npmPackage(TS_DOCS_PACKAGE, join(CORPORA_DIR, 'download', 'rxjs'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(pkgDir, 'src'), join(dir, 'src'), { recursive: true });
  for (const f of readdirSync(pkgDir)) if (f === 'package.json' || f.endsWith('.md')) cpSync(join(pkgDir, f), join(dir, f));
  rmSync(dirname(pkgDir), { recursive: true, force: true });
  return writeMarker({ name: 'rxjs+docs', origin: `npm ${TS_DOCS_PACKAGE} (src/ and its Markdown)`, version, dir, language: 'typescript', ...countSource(dir) });
}

/** An npm tarball unpacked into `dl` (npm pack + tar): its package folder and version. */
async function npmPackage(spec: string, dl: string): Promise<{ pkgDir: string; version: string }> {
  rmSync(dl, { recursive: true, force: true });
  mkdirSync(dl, { recursive: true });
  const packed = (await must('npm', ['pack', spec, '--silent'], dl)).trim().split('\n').pop()!;
  await must('tar', ['xzf', packed], dl);
  const pkgDir = join(dl, 'package');
  return { pkgDir, version: (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version };
}

/**
 * A Go library from Debian as a corpus: a `golang-*-dev` package ships its module's sources under
 * /usr/share/gocode/src/<import path>; the module's folder is copied as a repository lays it out.
 * For the call-edge comparison with go/types (issue 15).
 */
export function debianGo(pkg: string, importPath: string): Promise<Corpus> {
  const parts = importPath.split('/');
  return debianCorpus(pkg, ['usr', 'share', 'gocode', 'src', ...parts], parts[parts.length - 1]!, (version, dir) => ({
    name: pkg,
    origin: `Debian ${pkg} ${version}`,
    version,
    dir,
    language: 'go',
    ...countSource(dir),
  }));
}

/**
 * A Rust crate from Debian as a corpus: a `librust-*-dev` package ships the crate's sources under
 * /usr/share/cargo/registry/<crate>-<version>/ (Cargo.toml, src/, tests/ …), copied as a
 * repository lays it out, in <dir>/<crateDir>. For the call-edge comparison with the hand-checked truth files (issue 15).
 */
export function debianRust(pkg: string, crateDir: string): Promise<Corpus> {
  return debianCorpus(pkg, ['usr', 'share', 'cargo', 'registry', crateDir], crateDir, (version, dir) => ({
    name: pkg,
    origin: `Debian ${pkg} ${version}`,
    version,
    dir,
    language: 'rust',
    ...countRust(dir),
  }));
}

/** Files and lines of the `.rs` files under a folder (bench/util's count knows the older languages only). */
function countRust(root: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, name.name);
      if (name.isDirectory()) walk(p);
      else if (name.name.endsWith('.rs')) {
        files++;
        lines += lineCount(readFileSync(p, 'utf8'));
      }
    }
  };
  walk(root);
  return { files, lines };
}

/**
 * A pure-Python package from Debian as a corpus: `module`'s folder under dist-packages, as a
 * repository lays it out, in <dir>/<crateDir>. For the call-edge comparison with pyright (issue 14).
 */
export function debianPython(pkg: string, module: string): Promise<Corpus> {
  return debianCorpus(pkg, ['usr', 'lib', 'python3', 'dist-packages', module], module, (version, dir) => ({
    name: pkg,
    origin: `Debian ${pkg} ${version}`,
    version,
    dir,
    language: 'python',
    ...countSource(dir),
  }));
}

/**
 * A PHP library from Debian as a corpus: a `php-*` package ships its sources under
 * /usr/share/php/<folder> (php-monolog: Monolog/); the folder is copied as it is laid out there.
 * For the call-edge comparison with the hand-checked PHP truth file (issue 16).
 */
export function debianPhp(pkg: string, folder: string): Promise<Corpus> {
  return debianCorpus(
    pkg,
    ['usr', 'share', 'php', folder],
    folder,
    (version, dir) => ({ name: pkg, origin: `Debian ${pkg} ${version} (usr/share/php/${folder})`, version, dir, language: 'php', ...countSource(dir) }),
    (src) => statSync(src).isDirectory() || src.endsWith('.php'),
  );
}

/** Pinned: the C# truth file (test/oracle/truth/csharp/) names lines of this version. */
export const CS_NPM_PACKAGE = 'edge-js@26.1.0';

/**
 * The C# sources of an npm package that ships them (edge-js: its .NET Core, .NET Framework and
 * Mono embeddings), with their .csproj files, laid out as in the tarball.
 */
export async function npmCsharp(spec = CS_NPM_PACKAGE): Promise<Corpus> {
  const name = spec.slice(0, spec.lastIndexOf('@')).replace(/^@/, '').replace('/', '-');
  const dir = join(CORPORA_DIR, `npm-cs-${name}`);
  const known = readMarker(dir);
  if (known) return known;
  const dl = join(CORPORA_DIR, 'download', `npm-cs-${name}`);
  const { pkgDir, version } = await npmPackage(spec, dl);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const csharp = (src: string): boolean => statSync(src).isDirectory() ? !src.endsWith(`${sep}node_modules`) : /\.(cs|csproj)$/.test(src);
  cpSync(pkgDir, dir, { recursive: true, filter: csharp });
  rmSync(dl, { recursive: true, force: true });
  return writeMarker({ name: `npm-cs-${name}`, origin: `npm ${spec} (.cs and .csproj files)`, version, dir, language: 'csharp', ...countSource(dir) });
}

/** Pinned: the Kotlin truth file (test/oracle/truth/kotlin) names lines of this version. */
export const KT_NPM_PACKAGE = 'react-native-gesture-handler@3.5.0';
/** A second, larger Kotlin corpus for throughput (react-native libraries ship their Android sources). */
export const KT_NPM_BENCH_PACKAGE = 'react-native-screens@4.30.1';

/** The Kotlin sources (`.kt`, `.kts`) of an npm package's android/ folder (react-native libraries ship them). */
export async function npmKotlin(spec = KT_NPM_PACKAGE): Promise<Corpus> {
  const name = spec.slice(0, spec.lastIndexOf('@')).replace(/^@/, '').replace('/', '-');
  const dir = join(CORPORA_DIR, `npm-kt-${name}`);
  const known = readMarker(dir);
  if (known) return known;
  const dl = join(CORPORA_DIR, 'download', `npm-kt-${name}`);
  const { pkgDir, version } = await npmPackage(spec, dl);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const kotlin = (src: string): boolean => (statSync(src).isDirectory() ? !src.endsWith(`${sep}node_modules`) : /\.kts?$/.test(src));
  cpSync(join(pkgDir, 'android'), join(dir, 'android'), { recursive: true, filter: kotlin });
  rmSync(dl, { recursive: true, force: true });
  return writeMarker({ name: `npm-kt-${name}`, origin: `npm ${spec} (android/, .kt and .kts files)`, version, dir, language: 'kotlin', ...countKotlin(dir) });
}

/** Files and lines of the Kotlin sources under a folder (countSource counts the bench's Python and TS/JS). */
function countKotlin(root: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/\.kts?$/.test(e.name)) {
        files++;
        lines += lineCount(readFileSync(join(d, e.name), 'utf8'));
      }
    }
  };
  walk(root);
  return { files, lines };
}

/** A folder of C# sources from a Debian package (gtk-sharp3-examples ships its samples under /usr/share). */
export function debianCsharp(pkg: string, from: string[]): Promise<Corpus> {
  const into = from[from.length - 1]!;
  return debianCorpus(
    `${pkg}-${into}`.toLowerCase(),
    from,
    into,
    (version, dir) => ({ name: pkg, origin: `Debian ${pkg} ${version} (${from.join('/')})`, version, dir, language: 'csharp', ...countSource(dir) }),
    (src) => statSync(src).isDirectory() || src.endsWith('.cs'),
    pkg,
  );
}

/**
 * A Ruby gem from Debian: a `ruby-*` package ships the gem's sources under
 * /usr/share/rubygems-integration/all/gems/<gem>-<version>/; its lib/ folder is copied as the gem lays it out.
 */
export function debianRuby(pkg: string, gemDir: string): Promise<Corpus> {
  return debianCorpus(
    pkg,
    ['usr', 'share', 'rubygems-integration', 'all', 'gems', gemDir, 'lib'],
    'lib',
    (version, dir) => ({ name: pkg, origin: `Debian ${pkg} ${version} (${gemDir}/lib)`, version, dir, language: 'ruby', ...countSource(dir) }),
    (src) => statSync(src).isDirectory() || src.endsWith('.rb'),
  );
}

/** A Ruby library from Debian that ships under /usr/lib/ruby/vendor_ruby (ruby-sequel): that folder as lib/. */
export function debianRubyVendor(pkg: string): Promise<Corpus> {
  return debianCorpus(
    pkg,
    ['usr', 'lib', 'ruby', 'vendor_ruby'],
    'lib',
    (version, dir) => ({ name: pkg, origin: `Debian ${pkg} ${version} (vendor_ruby)`, version, dir, language: 'ruby', ...countSource(dir) }),
    (src) => statSync(src).isDirectory() || src.endsWith('.rb'),
  );
}

/** The TypeScript sources of an npm package that ships them: src/ of its tarball and its package.json. */
export async function npmSources(spec: string): Promise<Corpus> {
  const name = spec.slice(0, spec.lastIndexOf('@')).replace(/^@/, '').replace('/', '-');
  const dir = join(CORPORA_DIR, `npm-${name}`);
  const known = readMarker(dir);
  if (known) return known;
  const dl = join(CORPORA_DIR, 'download', `npm-${name}`);
  const { pkgDir, version } = await npmPackage(spec, dl);
  if (!existsSync(join(pkgDir, 'src'))) throw new Error(`npm ${spec} ships no src/ folder`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(pkgDir, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(pkgDir, 'package.json'), join(dir, 'package.json'));
  rmSync(dl, { recursive: true, force: true });
  return writeMarker({ name: `npm-${name}`, origin: `npm ${spec} (src/)`, version, dir, language: 'typescript', ...countSource(dir) });
}

/** Java files and lines under a folder (util.ts's counter knows the bench's first languages only). */
function countJava(root: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.java')) {
        files++;
        lines += lineCount(readFileSync(join(dir, e.name), 'utf8'));
      }
    }
  };
  walk(root);
  return { files, lines };
}

/**
 * A slice of the JDK's own Java sources: Debian's openjdk-17-source ships them as src.zip, kept
 * once under the corpora folder; `packages` (dotted, under java.base, sub-packages included) are
 * unzipped into `openjdk-<name>/java.base/…`. javac compiles them with `--patch-module java.base=`.
 */
export async function openjdkSources(name: string, packages: readonly string[]): Promise<Corpus> {
  const dir = join(CORPORA_DIR, `openjdk-${name}`);
  const known = readMarker(dir);
  if (known) return known;
  const zip = join(CORPORA_DIR, 'openjdk-17-src.zip');
  const versionFile = `${zip}.version`;
  if (!existsSync(zip) || !existsSync(versionFile)) {
    const dl = join(CORPORA_DIR, 'download', 'openjdk-17-source');
    const { version, root } = await debianPackage('openjdk-17-source', dl);
    const src = join(root, 'usr', 'lib', 'jvm', 'openjdk-17', 'lib', 'src.zip');
    if (!existsSync(src)) throw new Error('openjdk-17-source ships no src.zip');
    cpSync(src, zip);
    writeFileSync(versionFile, version);
    rmSync(dl, { recursive: true, force: true });
  }
  const version = readFileSync(versionFile, 'utf8').trim();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await must('unzip', ['-q', '-o', zip, ...packages.map((p) => `java.base/${p.split('.').join('/')}/*`), '-d', dir], dir);
  return writeMarker({ name: `openjdk-${name}`, origin: `Debian openjdk-17-source ${version} (java.base: ${packages.join(', ')})`, version, dir, language: 'java', ...countJava(dir) });
}

/** zod's TypeScript sources (src/ of its npm tarball, with its package.json). */
export async function zod(): Promise<Corpus> {
  const dir = join(CORPORA_DIR, 'zod');
  const known = readMarker(dir);
  if (known) return known;
  const dl = join(CORPORA_DIR, 'download', 'zod');
  const { pkgDir, version } = await npmPackage(TS_PACKAGE, dl);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(pkgDir, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(pkgDir, 'package.json'), join(dir, 'package.json'));
  rmSync(dl, { recursive: true, force: true });
  const count = countSource(dir);
  return writeMarker({ name: 'zod', origin: `npm ${TS_PACKAGE.split('@')[0]} ${version} (src/)`, version, dir, language: 'typescript', ...count });
}

/** A folder from the command line, indexed as it is (copied for scratch runs). */
export async function local(path: string): Promise<Corpus> {
  const dir = resolve(path);
  if (!existsSync(dir)) throw new Error(`${path} does not exist`);
  const r = await runChild('git', ['-C', dir, 'describe', '--always', '--dirty'], { timeoutMs: 10_000 });
  const version = r.code === 0 ? r.stdout.trim() : 'local';
  const count = countSource(dir);
  return { name: basename(dir), origin: `local ${dir}`, version, dir, language: 'mixed', ...count };
}

/** A fresh copy of a corpus under .scratch/ (no .kg-memory/ or .codegraph/ of earlier runs). */
export function scratchCopy(corpus: Corpus, purpose: string): string {
  const dest = join(SCRATCH_DIR, `${corpus.name}-${purpose}`);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dirname(dest), { recursive: true });
  cpSync(corpus.dir, dest, {
    recursive: true,
    filter: (src) => {
      const rel = relative(corpus.dir, src);
      return rel === '' || (!rel.split(sep).some((part) => NOT_COPIED.has(part)) && basename(src) !== MARKER);
    },
  });
  return dest;
}

/** The first source files (in path order) of a corpus that add up to `lines` lines, copied. */
export function subsetCopy(corpus: Corpus, lines: number, purpose: string): { dir: string; files: number; lines: number } {
  const dest = join(SCRATCH_DIR, `${corpus.name}-${purpose}`);
  rmSync(dest, { recursive: true, force: true });
  let total = 0;
  let files = 0;
  for (const file of sourceFiles(corpus.dir)) {
    if (total >= lines) break;
    const text = readFileSync(file, 'utf8');
    const out = join(dest, relative(corpus.dir, file));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
    total += lineCount(text);
    files++;
  }
  return { dir: dest, files, lines: total };
}

/** The 100k-line subset of a corpus with documents under docs/, with all of its documents. */
export function subsetWithDocs(corpus: Corpus, lines: number, purpose: string): { name: string; origin: string; dir: string; files: number; lines: number } {
  const subset = subsetCopy(corpus, lines, purpose);
  if (existsSync(join(corpus.dir, 'docs'))) cpSync(join(corpus.dir, 'docs'), join(subset.dir, 'docs'), { recursive: true });
  return { name: `${corpus.name}-${purpose}`, origin: `${corpus.origin}, first ${subset.lines} lines of code`, ...subset };
}
