/**
 * A git repository made by the test
 * =================================
 * A small Python project with an ADR, a doc and tests, committed, then changed the way a
 * review would see it: a governed class's method edited, a function removed that a record
 * names, a function renamed, a file renamed, a function added. `commit()` records the
 * working tree so the same change can be read as two refs, or staged.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface GitFixture {
  root: string;
  git(...args: string[]): string;
  write(path: string, text: string): void;
  /** Applies the change to the working tree (nothing staged). */
  change(): void;
  dispose(): void;
}

const BILLING = `class Invoice:
    def __init__(self, lines):
        self.lines = lines

    def amount(self):
        return sum(self.lines)


def total(invoices: list[Invoice]):
    return sum(i.amount() for i in invoices)


def old_helper(x):
    return x * 2


def rename_me(x):
    return x + 1
`;

const REPORT = `from app.billing import Invoice, total, rename_me


def summary(lines):
    return total([Invoice(lines)])


def bump(x):
    return rename_me(x)


class CreditNote(Invoice):
    pass
`;

const TESTS = `from app.billing import Invoice
from app.report import summary


def test_amount():
    assert Invoice([1, 2]).amount() == 3


def test_summary():
    assert summary([1, 2]) == 3
`;

const ADR = `# 1. Invoices are summed in one place

Status: accepted

## Context

Totals drifted between reports.

## Decision

\`Invoice\` owns the arithmetic; \`old_helper\` doubles amounts for legacy exports and \`rename_me\` bumps counters.

## Consequences

Reports call \`total\`. Legacy rows go through \`app/legacy_export.py\`.
`;

const GUIDE = `# Billing guide

Use \`summary\` for reports; it calls \`total\` over \`Invoice\` objects.
`;

export function makeGitFixture(): GitFixture {
  const root = mkdtempSync(join(tmpdir(), 'kg-changes-'));
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  git('init', '-q', '-b', 'main');
  write('app/__init__.py', '');
  write('app/billing.py', BILLING);
  write('app/report.py', REPORT);
  write('app/legacy_export.py', 'def export_rows(rows):\n    return list(rows)\n');
  write('tests/test_billing.py', TESTS);
  write('docs/adr/0001-invoices-are-summed-in-one-place.md', ADR);
  write('docs/guide.md', GUIDE);
  write('.gitignore', '.kg-memory/\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'billing');
  return {
    root,
    git,
    write,
    change() {
      // Invoice given a field and Invoice.amount edited (the class is governed), old_helper removed, rename_me → renamed, new added.
      write('app/billing.py', BILLING.replace('class Invoice:\n', 'class Invoice:\n    currency = "EUR"\n\n').replace('return sum(self.lines)', 'return sum(self.lines) - self.discount()')
        .replace('\n\ndef old_helper(x):\n    return x * 2\n', '')
        .replace('def rename_me(x):', 'def renamed(x):')
        .concat('\n\ndef new_rate(x):\n    return x / 100\n'));
      write('app/report.py', REPORT.replace(/rename_me/g, 'renamed'));
      renameSync(join(root, 'app/legacy_export.py'), join(root, 'app/exports.py'));
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
