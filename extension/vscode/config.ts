/**
 * Settings
 * ========
 * The extension's settings (contributes.configuration in package.json), read fresh each time so
 * that a change takes effect without a reload.
 */
import * as vscode from 'vscode';
import type { WorkspaceOptions } from '../core/workspace';
import type { DocsConfigInput, EmbeddingsConfig } from '../core/docs/config';
import { decisionOptions } from './decisions_model';
import { LANGUAGE_SETTINGS, languagesForSettings, type LanguageSetting } from '../core/parse/languages';
import { DEFAULT_MAX_FILE_BYTES } from '../core/index/walk';

export interface Settings {
  include: string[];
  exclude: string[];
  languages: LanguageSetting[];
  maxFileSize: number;
  maxFiles: number;
  adrFolder: string;
  adrFilenamePattern: string;
  codeLens: { callers: boolean; tests: boolean; decisions: boolean; notes: boolean };
  mcp: { enabled: boolean; port: number; socket: string };
  docs: { enabled: boolean; include: string[]; exclude: string[]; embeddings: { provider: 'off' | 'openai' | 'onnx'; baseUrl: string; model: string; apiKeyEnv: string; onnxFolder: string } };
}

export function readSettings(scope?: vscode.ConfigurationScope): Settings {
  const c = vscode.workspace.getConfiguration('kgMemory', scope);
  return {
    include: c.get<string[]>('include', []),
    exclude: c.get<string[]>('exclude', []),
    languages: c.get<Settings['languages']>('languages', [...LANGUAGE_SETTINGS]),
    maxFileSize: c.get<number>('maxFileSize', DEFAULT_MAX_FILE_BYTES),
    maxFiles: c.get<number>('maxFiles', 50_000),
    adrFolder: c.get<string>('adr.folder', ''),
    adrFilenamePattern: c.get<string>('adr.filenamePattern', ''),
    codeLens: {
      callers: c.get<boolean>('codeLens.callers', true),
      tests: c.get<boolean>('codeLens.tests', true),
      decisions: c.get<boolean>('codeLens.decisions', true),
      notes: c.get<boolean>('codeLens.notes', true),
    },
    mcp: { enabled: c.get<boolean>('mcp.enabled', true), port: c.get<number>('mcp.port', 0), socket: c.get<string>('mcp.socket', '') },
    docs: {
      enabled: c.get<boolean>('docs.enabled', true),
      include: c.get<string[]>('docs.include', []),
      exclude: c.get<string[]>('docs.exclude', []),
      embeddings: {
        provider: c.get<'off' | 'openai' | 'onnx'>('docs.embeddings.provider', 'off'),
        baseUrl: c.get<string>('docs.embeddings.baseUrl', ''),
        model: c.get<string>('docs.embeddings.model', ''),
        apiKeyEnv: c.get<string>('docs.embeddings.apiKeyEnv', 'OPENAI_API_KEY'),
        onnxFolder: c.get<string>('docs.embeddings.onnxFolder', ''),
      },
    },
  };
}

/** The settings that decide what is indexed, as core Workspace options. */
export function indexOptions(s: Settings): Pick<WorkspaceOptions, 'include' | 'exclude' | 'maxFileSize' | 'maxFiles' | 'languages' | 'decisions' | 'docs'> {
  return {
    ...(s.include.length ? { include: s.include } : {}),
    ...(s.exclude.length ? { exclude: s.exclude } : {}),
    maxFileSize: s.maxFileSize,
    maxFiles: s.maxFiles,
    languages: languagesForSettings(s.languages),
    // An invalid pattern falls back to the default (decisions_docs.ts logs why).
    decisions: decisionOptions(s.adrFolder, s.adrFilenamePattern).options,
    docs: docsOptions(s.docs),
  };
}

/** The docs settings as core options; the embeddings key is read from the environment variable named, never from settings. */
function docsOptions(d: Settings['docs']): DocsConfigInput {
  const e = d.embeddings;
  const apiKey = process.env[e.apiKeyEnv || 'OPENAI_API_KEY'];
  const embeddings: EmbeddingsConfig | undefined =
    e.provider === 'openai' && e.baseUrl && e.model
      ? { provider: 'openai', baseUrl: e.baseUrl, model: e.model, ...(apiKey ? { apiKey } : {}) }
      : e.provider === 'onnx' && e.onnxFolder
        ? { provider: 'onnx', folder: e.onnxFolder }
        : undefined;
  return {
    enabled: d.enabled,
    ...(d.include.length ? { include: d.include } : {}),
    ...(d.exclude.length ? { exclude: d.exclude } : {}),
    ...(embeddings ? { embeddings } : {}),
  };
}

/** Settings whose change means the folder must be indexed again. */
export const INDEX_SETTINGS = [
  'kgMemory.include',
  'kgMemory.exclude',
  'kgMemory.languages',
  'kgMemory.maxFileSize',
  'kgMemory.maxFiles',
  'kgMemory.adr.folder',
  'kgMemory.adr.filenamePattern',
  'kgMemory.docs.enabled',
  'kgMemory.docs.include',
  'kgMemory.docs.exclude',
  'kgMemory.docs.embeddings.provider',
  'kgMemory.docs.embeddings.baseUrl',
  'kgMemory.docs.embeddings.model',
  'kgMemory.docs.embeddings.apiKeyEnv',
  'kgMemory.docs.embeddings.onnxFolder',
];
