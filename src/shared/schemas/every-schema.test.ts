/**
 * Rules every schema of the contract keeps, checked by walking every schema each module of this
 * folder exports, so that a field added tomorrow is held to them without a line here.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_INT } from '../api';
import { bigIdSchema } from './common';
import { CONTROL_CHARACTER_MESSAGE, textSchema } from './fields';

declare global {
  interface ImportMeta {
    /** Vite's import of every module a pattern matches (vitest runs on Vite). */
    glob(pattern: string, options: { eager: true }): Record<string, Record<string, unknown>>;
  }
}

const modules = import.meta.glob('./*.ts', { eager: true });

/** One schema met on the walk: where it is, and whether an input (a strict object) holds it. */
interface Visit {
  schema: z.ZodType;
  /** `orderCreateSchema.Lines.[].ItemNumber` */
  path: string;
  /** The name of the object field it sits under, if any. */
  key: string | undefined;
  input: boolean;
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every schema inside `schema`, through wrappers, pipes, unions, arrays and objects. */
function* walk(
  schema: z.ZodType,
  path: string,
  key: string | undefined,
  input: boolean,
  seen: Set<z.ZodType>,
): Generator<Visit> {
  if (seen.has(schema)) return;
  seen.add(schema);
  yield { schema, path, key, input };
  const def = defOf(schema);
  const inner = (child: unknown, step: string, childKey = key, childInput = input) =>
    isSchema(child) ? walk(child, `${path}${step}`, childKey, childInput, seen) : [];
  switch (def.type) {
    case 'object': {
      const strict = isSchema(def.catchall) && defOf(def.catchall).type === 'never';
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        yield* inner(field, `.${name}`, name, input || strict);
      }
      break;
    }
    case 'array':
      yield* inner(def.element, '.[]');
      break;
    case 'pipe':
      yield* inner(def.in, '');
      yield* inner(def.out, '');
      break;
    case 'union':
      for (const option of def.options as unknown[]) yield* inner(option, '');
      break;
    case 'intersection':
      yield* inner(def.left, '');
      yield* inner(def.right, '');
      break;
    case 'record':
      yield* inner(def.valueType, '.*');
      break;
    case 'tuple':
      for (const item of def.items as unknown[]) yield* inner(item, '.[]');
      break;
    case 'lazy':
      yield* inner((def.getter as () => unknown)(), '');
      break;
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional: one inner schema.
      yield* inner(def.innerType, '');
  }
}

/** Every schema of every module of the folder, exported ones and those inside them. */
function everySchema(): Visit[] {
  const visits: Visit[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      const at = `${file.replace('./', '')}:${name}`;
      const roots = isSchema(value)
        ? [[at, value] as const]
        : // A table of field schemas (the access request's fields, shared with a form).
          typeof value === 'object' && value !== null
          ? Object.entries(value)
              .filter((entry): entry is [string, z.ZodType] => isSchema(entry[1]))
              .map(([field, schema]) => [`${at}.${field}`, schema] as const)
          : [];
      for (const [path, schema] of roots)
        visits.push(...walk(schema, path, undefined, false, new Set()));
    }
  }
  return visits;
}

describe('every schema of the contract', () => {
  const visits = everySchema();

  it('is found by the walk', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    expect(visits.filter((v) => v.input).length).toBeGreaterThan(100);
  });

  it('refuses a control character in every text an input takes', () => {
    const open: string[] = [];
    for (const { schema, path, input } of visits) {
      if (!input || defOf(schema).type !== 'string') continue;
      // Refused by the text rule, or by a stricter one (a format, a date); a length bound alone
      // does not count, since longer text would pass it.
      const result = schema.safeParse('a\u0000b');
      const refused =
        !result.success &&
        result.error.issues.some((issue) => issue.code !== 'too_small' && issue.code !== 'too_big');
      if (!refused) open.push(path);
    }
    expect(open).toEqual([]);
  });

  it('bounds every id at what its column holds', () => {
    // `Id`, `CustomerId`, `customerId`, `ReleaseIds`…: a row id, or a list of them.
    const idLike = (key: string | undefined) => key !== undefined && /(^id|Id|Ids)$/.test(key);
    const ids = visits.filter((v) => idLike(v.key) && defOf(v.schema).type === 'number');
    expect(ids.length).toBeGreaterThan(50);
    const unbounded = ids
      .filter(({ schema }) =>
        // The event stream's tables count in bigserial: any whole number JavaScript keeps exactly.
        schema === bigIdSchema
          ? schema.safeParse(Number.MAX_SAFE_INTEGER + 1).success
          : schema.safeParse(MAX_INT + 1).success,
      )
      .map((v) => v.path);
    expect(unbounded).toEqual([]);
  });

  it('says what is wrong with a control character, and keeps tabs and line breaks', () => {
    const result = textSchema().safeParse('PO\u00001');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    for (const bad of ['\u0007', '\u001b[31m', '\u007f', '\u0085', '\u000b']) {
      expect(textSchema().safeParse(`a${bad}b`).success, JSON.stringify(bad)).toBe(false);
    }
    expect(textSchema().safeParse('Dock 4\r\nCall\tahead — Zoë').success).toBe(true);
  });
});
