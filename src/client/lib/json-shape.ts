/**
 * Reads a value against a JSON Schema that zod wrote from one of the contract's schemas
 * (`z.toJSONSchema`, in answer-shapes.gen.ts), with zod's output for a valid value: the same
 * object without the keys the schema does not name. It knows the few keywords zod writes for plain
 * shapes (objects, arrays, strings, integers, booleans, null, enums, nullable, records with enum
 * keys) and refuses a schema with any other, so a rule it cannot check is never passed silently.
 *
 * Why: the answers the app reads as it starts (the user record, the dashboard, the unread count)
 * are checked here, and zod (27 kB) comes with the pages that need it (docs/decisions/025).
 */
import { isRecord } from './api-client';

export interface JsonShape {
  readonly $schema?: string;
  readonly type?: JsonType | readonly JsonType[];
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly properties?: Readonly<Record<string, JsonShape>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonShape;
  readonly propertyNames?: JsonShape;
  readonly items?: JsonShape;
  readonly anyOf?: readonly JsonShape[];
}
type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

const KEYWORDS = new Set([
  '$schema',
  'type',
  'enum',
  'minimum',
  'maximum',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'anyOf',
]);

/** The keywords of `shape` (at any depth) that this reader does not know. */
export function unknownKeywords(shape: JsonShape): string[] {
  const found = new Set<string>();
  const walk = (s: JsonShape) => {
    for (const key of Object.keys(s)) if (!KEYWORDS.has(key)) found.add(key);
    for (const inner of Object.values(s.properties ?? {})) walk(inner);
    for (const inner of s.anyOf ?? []) walk(inner);
    if (s.items) walk(s.items);
    if (s.propertyNames) walk(s.propertyNames);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties);
  };
  walk(shape);
  return [...found];
}

/** Thrown when an answer does not have the contract's shape; `path` says where. */
export class ShapeError extends Error {
  constructor(readonly path: string) {
    super(`The answer does not have the expected shape at ${path || 'its top'}`);
    this.name = 'ShapeError';
  }
}

/** What `read` gives for a value that does not fit. */
const NONE = Symbol('none');

function hasType(type: JsonType, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
  }
}

function read(shape: JsonShape, value: unknown): unknown {
  if (shape.anyOf) {
    for (const option of shape.anyOf) {
      const result = read(option, value);
      if (result !== NONE) return result;
    }
    return NONE;
  }
  if (shape.type !== undefined) {
    const types = typeof shape.type === 'string' ? [shape.type] : shape.type;
    if (!types.some((t) => hasType(t, value))) return NONE;
  }
  if (shape.enum && !shape.enum.includes(value)) return NONE;
  if (typeof value === 'number') {
    if (shape.minimum !== undefined && value < shape.minimum) return NONE;
    if (shape.maximum !== undefined && value > shape.maximum) return NONE;
  }
  if (Array.isArray(value)) {
    if (!shape.items) return value;
    const out: unknown[] = [];
    for (const item of value) {
      const result = read(shape.items, item);
      if (result === NONE) return NONE;
      out.push(result);
    }
    return out;
  }
  if (isRecord(value)) return readObject(shape, value);
  return value;
}

function readObject(shape: JsonShape, value: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = {};
  const named = shape.properties ?? {};
  for (const key of shape.required ?? []) if (value[key] === undefined) return NONE;
  for (const [key, inner] of Object.entries(named)) {
    if (value[key] === undefined) continue;
    const result = read(inner, value[key]);
    if (result === NONE) return NONE;
    out[key] = result;
  }
  // A schema for the other keys (a record): each is checked and kept. Without one (`false`, or no
  // keyword), the other keys are dropped, as zod's objects drop them.
  const rest = shape.additionalProperties;
  if (typeof rest === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key in named) continue;
      if (shape.propertyNames && read(shape.propertyNames, key) === NONE) return NONE;
      const result = read(rest, item);
      if (result === NONE) return NONE;
      out[key] = result;
    }
  }
  return out;
}

/**
 * A reader of `shape` with zod's `parse`/`safeParse` interface, typed as `T` (the type zod infers
 * from the schema the shape was written from). `parse` throws a ShapeError.
 */
export function shapeReader<T>(shape: JsonShape) {
  const bad = unknownKeywords(shape);
  if (bad.length > 0) throw new Error(`json-shape cannot check ${bad.join(', ')}`);
  return {
    parse(value: unknown): T {
      const result = read(shape, value);
      if (result === NONE) throw new ShapeError(firstMismatch(shape, value, ''));
      return result as T;
    },
    safeParse(value: unknown): { success: true; data: T } | { success: false } {
      const result = read(shape, value);
      return result === NONE ? { success: false } : { success: true, data: result as T };
    },
  };
}

/** Where the value first departs from the shape, for the error's message (slow path). */
function firstMismatch(shape: JsonShape, value: unknown, path: string): string {
  if (isRecord(value) && shape.properties) {
    for (const [key, inner] of Object.entries(shape.properties)) {
      if (value[key] === undefined) {
        if (shape.required?.includes(key)) return `${path}.${key}`;
        continue;
      }
      if (read(inner, value[key]) === NONE)
        return firstMismatch(inner, value[key], `${path}.${key}`);
    }
  }
  if (Array.isArray(value) && shape.items) {
    const index = value.findIndex((item) => read(shape.items!, item) === NONE);
    if (index >= 0) return firstMismatch(shape.items, value[index], `${path}[${index}]`);
  }
  return path;
}
