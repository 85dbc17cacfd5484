/**
 * Query arguments
 * ===============
 * Maps `kg-memory query <tool> <positional...> --flag value` onto the tool's input schema:
 * positionals fill the tool's positional fields in order (an array field takes the rest),
 * `--max-lines 5` or `--maxLines=5` sets `maxLines`, and values are typed by the schema
 * (numbers, booleans, repeated or comma-separated lists). The tool itself validates after.
 */
import { z } from 'zod';
import type { Tool } from '../../mcp';
import { UsageError } from './common';

/** Options of `query` itself, not of the tool. */
export interface QueryFlags {
  root?: string;
  pretty: boolean;
  help: boolean;
}

export interface ParsedQuery {
  args: Record<string, unknown>;
  flags: QueryFlags;
}

type FieldType = 'string' | 'number' | 'boolean' | 'array';

interface JsonSchemaProp {
  type?: string;
  items?: { type?: string };
}

/** Field name → how the CLI reads it, from the tool's JSON Schema. */
export function fieldTypes(tool: Tool): Map<string, FieldType> {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchemaProp> };
  const out = new Map<string, FieldType>();
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const t = prop.type === 'integer' || prop.type === 'number' ? 'number' : prop.type === 'boolean' ? 'boolean' : prop.type === 'array' ? 'array' : 'string';
    out.set(name, t);
  }
  return out;
}

const camel = (flag: string): string => flag.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

function convert(tool: Tool, name: string, type: FieldType, raw: string): unknown {
  switch (type) {
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${tool.name}: --${name} expects a number, got ${JSON.stringify(raw)}`);
      return n;
    }
    case 'boolean':
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw new UsageError(`${tool.name}: --${name} is a switch; write --${name} or --${name}=false`);
    default:
      return raw;
  }
}

export function parseQueryArgs(tool: Tool, argv: readonly string[]): ParsedQuery {
  const types = fieldTypes(tool);
  const flags: QueryFlags = { pretty: false, help: false };
  const args: Record<string, unknown> = {};
  const positionals: string[] = [];
  const push = (name: string, value: unknown): void => {
    const cur = args[name];
    args[name] = Array.isArray(cur) ? [...cur, value] : [value];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--') || a === '--') {
      if (a.startsWith('-') && a.length > 1 && !/^-\d/.test(a)) {
        if (a === '-h') {
          flags.help = true;
          continue;
        }
        throw new UsageError(`${tool.name}: unknown option ${a}; see kg-memory query ${tool.name} --help`);
      }
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(2, eq) : a.slice(2);
    const inline = eq > 0 ? a.slice(eq + 1) : undefined;
    if (flag === 'help') {
      flags.help = true;
      continue;
    }
    if (flag === 'pretty') {
      flags.pretty = true;
      continue;
    }
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(`${tool.name}: --${flag} needs a value`);
      i++;
      return next;
    };
    if (flag === 'root') {
      flags.root = takeValue();
      continue;
    }
    const name = camel(flag);
    const type = types.get(name);
    if (type === undefined) {
      const known = [...types.keys()].map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
      throw new UsageError(`${tool.name}: unknown option --${flag}; it takes ${known.length ? known.join(', ') : 'no options'} (and --root, --pretty)`);
    }
    if (type === 'boolean') args[name] = inline === undefined ? true : convert(tool, name, 'boolean', inline);
    else if (type === 'array') for (const v of takeValue().split(',')) push(name, v.trim());
    else args[name] = convert(tool, name, type, takeValue());
  }
  const fields = [...tool.positional];
  for (let p = 0; p < positionals.length; p++) {
    const field = fields[p];
    if (field === undefined) {
      throw new UsageError(`${tool.name}: unexpected argument ${JSON.stringify(positionals[p])}; it takes ${fields.length ? fields.map((f) => `<${f}>`).join(' ') : 'no positional arguments'}`);
    }
    if (types.get(field) === 'array') {
      for (const v of positionals.slice(p)) push(field, v);
      break;
    }
    args[field] = convert(tool, field, types.get(field) ?? 'string', positionals[p]!);
  }
  return { args, flags };
}

/** `--help` text of one tool: its description and options. */
export function toolHelp(tool: Tool): string {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchemaProp & { description?: string; enum?: string[] }>;
    required?: string[];
  };
  const usage = `kg-memory query ${tool.name} ${tool.positional.map((p) => `<${p}>`).join(' ')} [options] [--root DIR] [--pretty]`;
  const lines = [usage.replace(/ +/g, ' '), '', tool.description, '', 'Options:'];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const flag = `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const req = schema.required?.includes(name) ? ' (required)' : '';
    lines.push(`  ${flag.padEnd(18)} ${prop.type ?? ''}${req}  ${prop.description ?? ''}`);
  }
  return lines.join('\n');
}
