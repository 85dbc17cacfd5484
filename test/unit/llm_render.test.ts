/**
 * Answer rendering
 * ================
 * Citations become links to the file at the line; a citation that is not a source stays text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerMarkdown, placeOf } from '../../extension/vscode/llm_render';

describe('answer rendering', () => {
  const answer = {
    question: 'why?',
    answer: 'One gateway [ADR-0002] in [shop/payments.py:12], see [the docs].\n\nSources:\n- ADR-0002\n- shop/payments.py:12',
    grounded: true,
    sources: [
      { cite: 'ADR-0002', id: 'adr:docs/adr/0002-x.md', loc: 'docs/adr/0002-x.md:1' },
      { cite: 'shop/payments.py:12', id: 'py:shop.payments:PaymentGateway', loc: 'shop/payments.py:12' },
    ],
    removed: [],
    context: [],
  };

  it('links each citation and each source to its file and line', () => {
    const md = answerMarkdown('/repo', answer);
    assert.match(md, /\[ADR-0002\]\(file:\/\/\/repo\/docs\/adr\/0002-x\.md#L1\)/);
    assert.match(md, /in \[shop\/payments\.py:12\]\(file:\/\/\/repo\/shop\/payments\.py#L12\)/);
    assert.match(md, /see \[the docs\]\./, 'not a source: left alone');
    assert.match(md, /\*\*Sources\*\*\n\n- \[ADR-0002\]\(file:/);
  });

  it('has no place for a source without a line', () => {
    assert.equal(placeOf('/repo', { cite: 'x', id: 'module:shop' }), undefined);
    assert.deepEqual(placeOf('/repo', { cite: 'a', id: 'a', loc: 'a/b.py:3' }), { file: '/repo/a/b.py', line: 3 });
  });
});
