/**
 * Review summary
 * ==============
 * A ChangesResult as Markdown a CI job can post on a pull request: the changed definitions
 * with their blast radius, the tests to run, the decisions that govern the change and the
 * record mentions it makes stale. Table cells are escaped so a name cannot break the table.
 */
import type { ChangesResult } from './changes';
import type { Page } from '../query';

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;
const more = (p: Page<unknown>): string => (p.more ? `\n…and ${p.more} more.\n` : '');

export function changesMarkdown(r: ChangesResult): string {
  const out: string[] = [];
  const c = r.counts;
  out.push('## Impact of this change', '');
  out.push(`${r.base} → ${r.head}: ${c.files} files, ${c.definitions} definitions, ${c.callers} callers, ${c.tests} tests, ${c.decisions} decisions${c.stale ? `, **${c.stale} stale record mentions**` : ''}.`, '');

  if (r.definitions.items.length) {
    out.push('### Changed definitions', '', '| change | definition | where | callers | dependents |', '| --- | --- | --- | --- | --- |');
    for (const d of r.definitions.items) {
      const name = d.was ? `${code(d.was.name)} → ${code(d.name)}` : code(d.name);
      const callers = d.callers ? d.callers.items.slice(0, 3).map((i) => code(i.loc ?? i.id)).join(', ') + (d.callers.items.length + (d.callers.more ?? 0) > 3 ? ` (+${d.callers.items.length + (d.callers.more ?? 0) - 3})` : '') : '';
      const dependents = d.dependents ? String(d.dependents.items.length + (d.dependents.more ?? 0)) : '';
      out.push(`| ${d.change} | ${cell(name)} (${d.kind}) | ${cell(d.loc)} | ${cell(callers)} | ${dependents} |`);
    }
    out.push(more(r.definitions));
  }
  if (r.tests.items.length) {
    out.push('### Tests to run', '');
    for (const t of r.tests.items) out.push(`- ${code(t.loc ?? t.id)} ${cell(t.name ?? t.id)}: ${t.how}${t.depth > 1 ? `, ${t.depth} calls away` : ''}, reaches ${t.reaches}`);
    out.push(more(r.tests));
  }
  if (r.decisions.items.length) {
    out.push('### Decisions that govern it', '');
    for (const d of r.decisions.items) out.push(`- ${code(d.loc ?? d.id)} ${d.title ?? d.id}${d.status ? ` (${d.status})` : ''}: governs ${d.governs.map(code).join(', ')}`);
    out.push(more(r.decisions));
  }
  if (r.stale.items.length) {
    out.push('### Record mentions made stale', '');
    for (const s of r.stale.items) out.push(`- ${code(s.loc)} names ${code(s.text)}: ${s.because}`);
    out.push(more(r.stale));
  }
  if (r.docs.items.length) {
    out.push('### Docs that mention it', '');
    for (const d of r.docs.items) out.push(`- ${code(d.loc ?? d.id)}: ${d.mentions.map(code).join(', ')}`);
    out.push(more(r.docs));
  }
  if (r.files.items.length) {
    out.push('### Files', '');
    for (const f of r.files.items) out.push(`- ${f.status} ${code(f.oldPath ? `${f.oldPath} → ${f.path}` : f.path)} (+${f.added} −${f.removed})`);
    out.push(more(r.files));
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
