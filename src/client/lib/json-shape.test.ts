import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cachedUserRecordSchema } from '../auth/user-record';
import { dashboardSchema } from '../../shared/schemas/dashboard';
import { unreadCountSchema } from '../../shared/schemas/notifications';
import { userByUidResponseSchema } from '../../shared/schemas/user-row';
import {
  cachedUserRecordShape,
  dashboardShape,
  unreadCountShape,
  userByUidAnswerShape,
} from './answer-shapes.gen';
import { ShapeError, shapeReader, unknownKeywords, type JsonShape } from './json-shape';

/** A value `shape` accepts, with two items in every array and every optional key present. */
function sampleOf(shape: JsonShape): unknown {
  if (shape.anyOf) return sampleOf(shape.anyOf[0]!);
  if (shape.enum) return shape.enum[shape.enum.length - 1];
  const type = typeof shape.type === 'string' ? shape.type : shape.type?.[0];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(shape.properties ?? {})) out[key] = sampleOf(inner);
      if (typeof shape.additionalProperties === 'object')
        for (const key of shape.required ?? []) out[key] = sampleOf(shape.additionalProperties);
      return out;
    }
    case 'array':
      return shape.items ? [sampleOf(shape.items), sampleOf(shape.items)] : [];
    case 'integer':
      return Math.max(shape.minimum ?? 0, 7);
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'text';
  }
}

const REPLACEMENTS: unknown[] = [null, 'x', 3, -1, 1.5, 2 ** 60, true, [], {}, undefined];

/** `value` with the value at `path` replaced (undefined: the key removed). */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  if (rest.length === 0 && by === undefined && !Array.isArray(value)) delete copy[head];
  else copy[head] = replaced(copy[head], rest, by);
  return copy;
}

/** Every path into `value`'s objects and arrays, the root included. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const inner =
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, item]) =>
          pathsOf(item, [...path, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [path, ...inner];
}

const CASES: Array<[string, z.ZodType, JsonShape]> = [
  ['the user record answer', userByUidResponseSchema, userByUidAnswerShape],
  ["the record's kept copy", cachedUserRecordSchema, cachedUserRecordShape],
  ['the dashboard', dashboardSchema, dashboardShape],
  ['the unread count', unreadCountSchema, unreadCountShape],
];

describe('json-shape reads the answers as their zod schemas do', () => {
  it.each(CASES)('%s: uses only keywords it knows', (_, __, shape) => {
    expect(unknownKeywords(shape)).toEqual([]);
  });

  it.each(CASES)(
    '%s: every value with one part replaced or removed, accepted or refused alike',
    (_, schema, shape) => {
      const reader = shapeReader(shape);
      const sample = sampleOf(shape);
      expect(schema.safeParse(sample).success).toBe(true);
      const extra = { ...(sample as object), Unnamed: 1 };
      const variants = [
        sample,
        extra,
        ...pathsOf(sample).flatMap((path) => REPLACEMENTS.map((by) => replaced(sample, path, by))),
        ...pathsOf(sample).map((path) => replaced(sample, path, { Unnamed: 1 })),
      ];
      let refused = 0;
      for (const value of variants) {
        const expected = schema.safeParse(value);
        const got = reader.safeParse(value);
        expect(got.success, JSON.stringify(value)).toBe(expected.success);
        if (expected.success && got.success) expect(got.data).toEqual(expected.data);
        if (!expected.success) refused++;
      }
      // The comparison means something only if both sides refuse and accept values.
      expect(refused).toBeGreaterThan(variants.length / 4);
      expect(refused).toBeLessThan(variants.length);
    },
  );

  it('parse names where a value departs from the shape', () => {
    const reader = shapeReader(dashboardShape);
    const sample = sampleOf(dashboardShape);
    expect(() => reader.parse(replaced(sample, ['OnHandLines', 1, 'QtyOnHand'], 'many'))).toThrow(
      new ShapeError('.OnHandLines[1].QtyOnHand'),
    );
    expect(() => reader.parse(replaced(sample, ['WeekStart'], undefined))).toThrow(
      new ShapeError('.WeekStart'),
    );
  });

  it('refuses a shape with a keyword it cannot check', () => {
    expect(() => shapeReader({ type: 'string', pattern: '^a' } as JsonShape)).toThrow(/pattern/);
  });
});
