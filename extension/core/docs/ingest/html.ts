/**
 * HTML → blocks
 * =============
 * parse5 (the WHATWG parser, so any tag soup parses as a browser would) with source locations,
 * so a block's lines are its element's lines in the file. Kept: headings, paragraphs, lists
 * (`<ol>` as steps), tables, `<pre>` code, `<dl>` definitions, and loose text in containers.
 * Dropped, with a note: page chrome (nav, page header and footer, aside, role=navigation and
 * friends, sidebars, breadcrumbs), scripts and styles, hidden elements, and tables of contents
 * (a `.toc`/`#toc`-like element, or a list whose every entry is an in-page anchor). When the page
 * marks its content with one `<main>` (or role=main), only that is read.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { BlockBuilder, mergeInline, type Inline, type RawBlock, type RawItem } from './blocks';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

export interface HtmlBlocks {
  blocks: RawBlock[];
  title?: string;
  notes: string[];
}

const DROP_TAGS = new Set(['nav', 'aside', 'script', 'style', 'noscript', 'template', 'svg', 'iframe', 'button', 'select', 'input', 'textarea', 'form', 'object', 'canvas', 'footer', 'head', 'link', 'meta']);
const DROP_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'search', 'complementary', 'menu', 'menubar', 'toolbar']);
const CHROME = /^(hd|ft|toc|toctree-wrapper|table-?of-?contents|contents|local-?toc|page-?toc|breadcrumbs?|sidebar|sphinxsidebar|sphinxsidebarwrapper|side-?nav|(?:global|top|main|site|primary|secondary|sub)-?nav(?:bar|igation)?|navbar|nav|navigation|nav-?links|menu|skip-?link|headerlink|related|pagination|site-?(?:header|footer|nav)|page-?footer|footer|cookie-?(?:banner|consent)|edit-?this-?page|back-?to-?top)$/i;
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'img', 'ins', 'kbd', 'label', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'wbr', 'big', 'strike', 'abbr', 'acronym']);
const HEADING = /^h([1-6])$/;

export function htmlBlocks(html: string): HtmlBlocks {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const notes = new Set<string>();
  const reader = new Reader(notes);
  const title = findFirst(doc, (el) => el.tagName === 'title');
  const mains: Element[] = [];
  collect(doc, (el) => el.tagName === 'main' || attr(el, 'role') === 'main', mains);
  const root: ParentNode = mains.length === 1 ? mains[0]! : (findFirst(doc, (el) => el.tagName === 'body') ?? doc);
  if (mains.length === 1) notes.add('read only <main>');
  reader.container(root);
  const titleText = title ? squash(textOf(title)) : '';
  const h1 = reader.out.blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  const pageTitle = titleText || h1;
  return { blocks: reader.out.blocks, ...(pageTitle ? { title: pageTitle } : {}), notes: [...notes] };
}

class Reader {
  readonly out = new BlockBuilder();
  constructor(private readonly notes: Set<string>) {}

  /** A container's children: runs of inline content become paragraphs, block children are read. */
  container(parent: ParentNode): void {
    let run: Node[] = [];
    const flush = (): void => {
      if (!run.length) return;
      const text = squash(run.map((n) => textOf(n)).join(''));
      if (text) {
        const [start, end] = linesOfRun(run);
        this.out.add('paragraph', text, start, end, mergeInline(run.map(inlineOf)));
      }
      run = [];
    };
    for (const child of parent.childNodes) {
      if (child.nodeName === '#text' || (isElement(child) && INLINE.has(child.tagName) && !findFirst(child, isBlock) && !this.dropped(child))) run.push(child);
      else if (isElement(child) && INLINE.has(child.tagName) && !this.dropped(child)) {
        // An inline element wrapping blocks (`<b>` reopened around a list by the parser): a container.
        flush();
        this.container(child);
      } else if (isElement(child)) {
        flush();
        this.block(child);
      }
    }
    flush();
  }

  private dropped(el: Element): boolean {
    const why = dropReason(el);
    if (why) this.notes.add(`dropped ${why}`);
    return why !== undefined;
  }

  private block(el: Element): void {
    if (this.dropped(el)) return;
    const tag = el.tagName;
    const [start, end] = linesOf(el);
    const heading = HEADING.exec(tag);
    if (heading) {
      this.out.heading(Number(heading[1]), squash(textOf(el)), start, end, inlineOf(el));
      return;
    }
    switch (tag) {
      case 'p':
        this.out.add('paragraph', squash(textOf(el)), start, end, inlineOf(el));
        return;
      case 'ul':
      case 'ol':
      case 'menu': {
        if (isAnchorList(el)) {
          this.notes.add('dropped a table of contents');
          return;
        }
        const items: RawItem[] = children(el, 'li').map((li) => {
          const [s, e] = contentLines(li);
          return { text: squash(textOf(li)), startLine: s, endLine: e, ...inlineOf(li) };
        });
        const ordered = tag === 'ol';
        const first = Number(attr(el, 'start') ?? 1) || 1;
        const text = items.map((it, i) => `${ordered ? `${first + i}.` : '-'} ${it.text}`).join('\n');
        if (!items.length) return;
        this.out.add(ordered ? 'steps' : 'list', text, items[0]!.startLine, items[items.length - 1]!.endLine, { ...mergeInline(items), items });
        return;
      }
      case 'dl': {
        let term: Element | undefined;
        for (const child of el.childNodes) {
          if (!isElement(child)) continue;
          if (child.tagName === 'dt') term = child;
          else if (child.tagName === 'dd' && term) {
            const [s] = contentLines(term);
            const meaning = squash(textOf(child));
            // An empty <dd> (Sphinx puts an API signature alone in a <dl>): the term is a line of prose.
            if (!meaning) this.out.add('paragraph', squash(textOf(term)), s, contentLines(term)[1], inlineOf(term));
            else this.out.add('definition', `${squash(textOf(term))}: ${meaning}`, s, contentLines(child)[1], mergeInline([inlineOf(term), inlineOf(child)]));
          } else if (child.tagName === 'div') this.block(child); // <dl><div><dt>…</dt><dd>…</dd></div></dl>
        }
        return;
      }
      case 'table': {
        const rows = descendants(el, 'tr').filter((tr) => closest(tr, 'table') === el);
        if (rows.some((tr) => findFirst(tr, (c) => c.tagName === 'table'))) {
          this.container(el); // a layout table: read what is inside
          return;
        }
        const items: RawItem[] = rows.map((tr) => {
          const [s, e] = contentLines(tr);
          const cells = tr.childNodes.filter((c): c is Element => isElement(c) && (c.tagName === 'td' || c.tagName === 'th'));
          return { text: cells.map((c) => squash(textOf(c))).join(' | '), startLine: s, endLine: e, ...inlineOf(tr) };
        });
        const header = rows[0] && rows[0].childNodes.some((c) => isElement(c) && c.tagName === 'th');
        if (!items.length) return;
        this.out.add('table', items.map((i) => i.text).join('\n'), items[0]!.startLine, items[items.length - 1]!.endLine, { ...mergeInline(items), items: header ? items.slice(1) : items });
        return;
      }
      case 'pre': {
        const code = findFirst(el, (c) => c.tagName === 'code');
        const classes = `${attr(el, 'class') ?? ''} ${code ? (attr(code, 'class') ?? '') : ''} ${attr(el.parentNode as Element, 'class') ?? ''}`;
        const language = /(?:language|lang|highlight)-([\w+#-]+)/.exec(classes)?.[1];
        this.out.add('code', textOf(el, true).replace(/^\n/, '').trimEnd(), start, end, language ? { language } : {});
        return;
      }
      case 'hr':
      case 'img':
        return;
      default:
        this.container(el);
    }
  }
}

function isBlock(el: Element): boolean {
  return !INLINE.has(el.tagName);
}

function isElement(n: Node): n is Element {
  return 'tagName' in n;
}

function attr(el: Element | null | undefined, name: string): string | undefined {
  return el && 'attrs' in el ? el.attrs.find((a) => a.name === name)?.value : undefined;
}

function dropReason(el: Element): string | undefined {
  const tag = el.tagName;
  if (DROP_TAGS.has(tag)) return `<${tag}>`;
  if (tag === 'header' && !closest(el, 'article') && !closest(el, 'main')) return '<header>';
  const role = attr(el, 'role');
  if (role && DROP_ROLES.has(role)) return `role=${role}`;
  if (attr(el, 'hidden') !== undefined || attr(el, 'aria-hidden') === 'true') return 'hidden elements';
  const id = attr(el, 'id');
  if (id && CHROME.test(id)) return /toc|contents/i.test(id) ? 'a table of contents' : `#${id}`;
  const cls = (attr(el, 'class') ?? '').split(/\s+/).find((c) => CHROME.test(c));
  if (cls) return /toc|contents/i.test(cls) ? 'a table of contents' : `.${cls}`;
  return undefined;
}

/** A list of two or more entries that are only links into this page: a table of contents. */
function isAnchorList(list: Element): boolean {
  const items = children(list, 'li');
  if (items.length < 2) return false;
  const anchors = descendants(list, 'a');
  if (anchors.length < items.length || !anchors.every((a) => (attr(a, 'href') ?? '').startsWith('#'))) return false;
  const linked = squash(anchors.map((a) => textOf(a)).join(' ')).replace(/\s/g, '');
  return linked.length >= squash(textOf(list)).replace(/\s/g, '').length * 0.9;
}

function children(el: Element, tag: string): Element[] {
  return el.childNodes.filter((c): c is Element => isElement(c) && c.tagName === tag);
}

function descendants(el: ParentNode, tag: string): Element[] {
  const out: Element[] = [];
  collect(el, (c) => c.tagName === tag, out);
  return out;
}

function collect(el: ParentNode, test: (el: Element) => boolean, out: Element[]): void {
  for (const c of el.childNodes) {
    if (!isElement(c)) continue;
    if (test(c)) out.push(c);
    collect(c, test, out);
  }
  const content = (el as { content?: ParentNode }).content;
  if (content && el.nodeName === 'template') collect(content, test, out);
}

function findFirst(el: ParentNode, test: (el: Element) => boolean): Element | undefined {
  for (const c of el.childNodes) {
    if (!isElement(c)) continue;
    if (test(c)) return c;
    const found = findFirst(c, test);
    if (found) return found;
  }
  return undefined;
}

function closest(el: Element, tag: string): Element | undefined {
  for (let p = el.parentNode; p; p = (p as Element).parentNode) if (isElement(p as Node) && (p as Element).tagName === tag) return p as Element;
  return undefined;
}

/** Text content, skipping what is dropped (scripts, hidden parts, heading anchors). */
function textOf(node: Node, pre = false): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (!isElement(node)) return '';
  if (node.tagName === 'br') return pre ? '\n' : ' ';
  if (dropReason(node)) return '';
  const inner = node.childNodes.map((c) => textOf(c, pre)).join('');
  // Block-level children are separated, so `<li>a<ul><li>b</li></ul></li>` does not read `ab`.
  return pre || INLINE.has(node.tagName) ? inner : ` ${inner} `;
}

function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function inlineOf(node: Node): Inline {
  const codeSpans: string[] = [];
  const emphasis: string[] = [];
  const links: string[] = [];
  const walk = (n: Node): void => {
    if (!isElement(n) || dropReason(n)) return;
    if (n.tagName === 'code' || n.tagName === 'tt' || n.tagName === 'kbd') {
      if (!closest(n, 'pre')) codeSpans.push(squash(textOf(n)));
      return;
    }
    if (n.tagName === 'strong' || n.tagName === 'b') emphasis.push(squash(textOf(n)));
    if (n.tagName === 'a') {
      const href = attr(n, 'href');
      if (href && !/^javascript:/i.test(href)) links.push(href);
    }
    for (const c of n.childNodes) walk(c);
  };
  walk(node);
  return { codeSpans: codeSpans.filter(Boolean), emphasis: emphasis.filter(Boolean), links };
}

/** An element's first and last source lines (the end tag's line; else its last descendant's). */
function linesOf(el: Node): [number, number] {
  const loc = (el as Element).sourceCodeLocation;
  const start = loc?.startLine ?? 1;
  let end = loc?.endTag?.endLine ?? loc?.endLine ?? start;
  if (isElement(el) && !loc?.endTag) for (const c of el.childNodes) end = Math.max(end, linesOf(c)[1]);
  return [start, Math.max(start, end)];
}

function newlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** The lines of an element's visible text (from its first to its last non-blank text node). */
function contentLines(el: Element): [number, number] {
  let start = 0;
  let end = 0;
  const walk = (n: Node): void => {
    if (n.nodeName === '#text') {
      const t = n as DefaultTreeAdapterMap['textNode'];
      if (!/\S/.test(t.value) || !t.sourceCodeLocation) return;
      const lead = newlines(t.value.slice(0, t.value.length - t.value.trimStart().length));
      const trail = newlines(t.value.slice(t.value.trimEnd().length));
      if (!start) start = t.sourceCodeLocation.startLine + lead;
      end = t.sourceCodeLocation.endLine - trail;
    } else if (isElement(n) && !dropReason(n)) for (const c of n.childNodes) walk(c);
  };
  walk(el);
  return start ? [start, Math.max(start, end)] : linesOf(el);
}

function linesOfRun(run: Node[]): [number, number] {
  // Leading and trailing whitespace-only text nodes do not count.
  const meaningful = run.filter((n) => n.nodeName !== '#text' || /\S/.test((n as DefaultTreeAdapterMap['textNode']).value));
  const nodes = meaningful.length ? meaningful : run;
  const first = nodes[0]!;
  const startLoc = (first as Element).sourceCodeLocation;
  let start = startLoc?.startLine ?? 1;
  if (first.nodeName === '#text') {
    const value = (first as DefaultTreeAdapterMap['textNode']).value;
    start += newlines(value.slice(0, value.length - value.trimStart().length));
  }
  const last = nodes[nodes.length - 1]!;
  let end = linesOf(last)[1];
  if (last.nodeName === '#text') {
    const value = (last as DefaultTreeAdapterMap['textNode']).value;
    end -= newlines(value.slice(value.trimEnd().length));
  }
  return [start, Math.max(start, end)];
}
