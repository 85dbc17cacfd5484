/**
 * Docs ingestion: secret redaction
 * ================================
 * Every kind of secret the redactor knows is replaced, the line count never changes, prose that
 * merely names a secret survives, and a secret planted in a fixture reaches no block and no chunk
 * in any format (Markdown, text, HTML, and the DOCX/PDF paths, which redact the converted text).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chunkDocument, extractDocument, redactSecrets } from '../../extension/core/docs/ingest';

const FIXTURES = join(__dirname, '..', 'fixtures', 'docs');

/** One sample per kind; each value is fake but shaped like the real thing. */
const SAMPLES: [kind: string, text: string, secret: string][] = [
  ['aws_access_key', 'key AKIAIOSFODNN7EXAMPLE here', 'AKIAIOSFODNN7EXAMPLE'],
  ['aws_secret_key', 'aws_secret_access_key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  ['github_token', 'token ghp_Abcdefghijklmnopqrstuvwxyz0123456789', 'ghp_Abcdefghijklmnopqrstuvwxyz0123456789'],
  ['github_token', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ'],
  ['gitlab_token', 'use glpat-Xy9aB8cD7eF6gH5iJ4kL now', 'glpat-Xy9aB8cD7eF6gH5iJ4kL'],
  ['slack_token', 'xoxb-123456789012-123456789012-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb-123456789012'],
  ['slack_webhook', 'post to https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX', 'XXXXXXXXXXXXXXXXXXXXXXXX'],
  ['stripe_key', 'sk_live_51HxYzAbCdEfGhIjKlMnOpQr', 'sk_live_51HxYzAbCdEfGhIjKlMnOpQr'],
  ['openai_key', 'OPENAI sk-proj-Abc123Def456Ghi789Jkl012Mno345', 'sk-proj-Abc123Def456Ghi789Jkl012Mno345'],
  ['openai_key', 'legacy sk-Abc123Def456Ghi789Jkl012Mno345Pqr678', 'sk-Abc123Def456Ghi789Jkl012Mno345Pqr678'],
  ['anthropic_key', 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'],
  ['google_api_key', 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW', 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW'],
  ['google_oauth_token', 'ya29.a0AfH6SMBx3Kq9Zr7pLmNoPqRsTuVwXyZ', 'ya29.a0AfH6SMBx3Kq9Zr7pLmNoPqRsTuVwXyZ'],
  ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ', 'eyJzdWIiOiJhZG1pbiJ9'],
  ['url_password', 'postgres://deploy:Tr0ub4dor-and-3@db.example.com/app', 'Tr0ub4dor-and-3'],
  ['url_password', 'https://user:s3cr3t@git.example.com/repo.git', 's3cr3t'],
  ['password', 'password=hunter2-Staging!', 'hunter2-Staging!'],
  ['password', 'DB_PASSWORD: "correct horse battery staple"', 'correct horse battery staple'],
  ['api_key', 'api_key = "q8Xv-93kLmZ-0pQr"', 'q8Xv-93kLmZ-0pQr'],
  ['secret', 'client_secret: Zx81-kkQp-22LmNo', 'Zx81-kkQp-22LmNo'],
  ['token', "token: 'a1b2c3d4e5f6'", 'a1b2c3d4e5f6'],
  ['bearer_token', 'Authorization: Bearer 9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e', '9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e'],
  ['private_key', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAAAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5\n-----END OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ'],
];

describe('redactSecrets', () => {
  for (const [kind, text, secret] of SAMPLES) {
    it(`redacts ${kind}: ${text.slice(0, 32)}`, () => {
      const r = redactSecrets(`before\n${text}\nafter`);
      assert.ok(!r.text.includes(secret), r.text);
      assert.ok(r.text.includes(`[REDACTED:${kind}]`), r.text);
      assert.deepEqual(r.kinds, [kind]);
      assert.equal(r.count, 1);
      assert.equal(r.text.split('\n').length, text.split('\n').length + 2, 'line count unchanged');
      assert.ok(r.text.startsWith('before\n') && r.text.endsWith('\nafter'));
    });
  }

  it('redacts an unterminated private key up to the blank line', () => {
    const r = redactSecrets('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nMIIEvQIBADANBgkq\n\nNext paragraph.');
    assert.equal(r.text, '[REDACTED:private_key]\n\n\n\nNext paragraph.');
  });

  it('leaves prose, placeholders and variable references alone', () => {
    const prose = [
      'Token: a unit of text the model reads.',
      'Password policy: twelve characters.',
      'Set password=${DB_PASSWORD} in the environment.',
      'api_key = "<your key here>"',
      'secret: changeme',
      'The word token and the word password are not secrets.',
      'Bearer tokens are sent in the Authorization header.',
      'Visit https://example.com/docs@v2 for the changelog.',
      'See sk-learn docs and ghp_short.',
    ].join('\n');
    const r = redactSecrets(prose);
    assert.equal(r.text, prose);
    assert.equal(r.count, 0);
  });
});

describe('planted secrets never reach blocks or chunks', () => {
  it('HTML character references do not smuggle a key past redaction', async () => {
    const facts = await extractDocument('x.html', Buffer.from('<p>key &#65;KIAIOSFODNN7EXAMPLE and <code>ghp&#x5f;Abcdefghijklmnopqrstuvwxyz0123456789</code></p>'));
    const json = JSON.stringify(facts.blocks);
    assert.ok(!json.includes('AKIAIOSFODNN7EXAMPLE') && !json.includes('ghp_Abc'), json);
    assert.equal(facts.redactions, 3); // two in the paragraph text, and the code span's own copy
  });

  const planted = [
    'Tr0ub4dor-and-3',
    'AKIAIOSFODNN7EXAMPLE',
    'wJalrXUtnFEMI',
    'ghp_Abcdefghij',
    'glpat-Xy9aB8',
    'xoxb-1234',
    'sk_live_51Hx',
    'sk-proj-Abc123',
    'sk-ant-api03',
    'AIzaSyA1b2C3',
    'eyJhbGciOiJIUzI1NiJ9',
    'hunter2',
    'q8Xv-93kLmZ',
    'Zx81-kkQp',
    '9f8e7d6c5b4a3f2e1d0c',
    'MIIEowIBAAKCAQEA',
    'VTLw7onLRnrq0',
  ];
  const assertClean = (where: string, text: string): void => {
    for (const s of planted) assert.ok(!text.includes(s), `${s} survived in ${where}`);
  };

  it('Markdown fixture: redacted, lines kept, glossary prose kept', async () => {
    const path = 'docs/secrets.md';
    const source = readFileSync(join(FIXTURES, 'secrets.md'));
    const facts = await extractDocument(path, source);
    assert.ok(facts.redactions >= 16, `${facts.redactions} redactions`);
    for (const b of facts.blocks) assertClean(`block ${b.startLine}`, JSON.stringify(b));
    for (const c of chunkDocument(facts, { targetTokens: 60 })) assertClean(c.id, JSON.stringify(c));
    const last = facts.blocks[facts.blocks.length - 1]!;
    assert.match(last.text, /^Glossary words are not secrets: Token: a unit of text\. Password policy/);
    assert.equal(last.startLine, source.toString('utf8').split('\n').findIndex((l) => l.startsWith('Glossary words')) + 1);
  });

  for (const format of ['txt', 'html', 'docx-like html']) {
    it(`the same secrets in ${format}`, async () => {
      const markdown = readFileSync(join(FIXTURES, 'secrets.md'), 'utf8');
      const body = markdown.split('\n');
      const [path, bytes] =
        format === 'txt'
          ? ['docs/secrets.txt', Buffer.from(markdown)]
          : format === 'html'
            ? ['docs/secrets.html', Buffer.from(`<html><body>${body.map((l) => `<p>${l}</p>`).join('\n')}</body></html>`)]
            : ['docs/secrets.htm', Buffer.from(`<table><tr><td><pre>${markdown}</pre></td></tr></table><a href="https://deploy:Tr0ub4dor-and-3@example.com/">x</a>`)];
      const facts = await extractDocument(path, bytes);
      assert.ok(facts.redactions >= 16);
      for (const b of facts.blocks) assertClean(`${format} block`, JSON.stringify(b));
      for (const c of chunkDocument(facts)) assertClean(`${format} ${c.id}`, JSON.stringify(c));
    });
  }
});
