import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { preparedPerShape } from './prepared';

describe('preparedPerShape', () => {
  it('builds once per database and shape, and again for another shape or another database', () => {
    const built: string[] = [];
    const statement = preparedPerShape((db: Db, shape: { sort: string; cursor: boolean }) => {
      const name = `${String((db as unknown as { name: string }).name)} ${shape.sort} ${shape.cursor}`;
      built.push(name);
      return { name };
    });
    const one = { name: 'one' } as unknown as Db;
    const two = { name: 'two' } as unknown as Db;

    const first = statement(one, { sort: 'Id', cursor: false });
    expect(statement(one, { sort: 'Id', cursor: false })).toBe(first);
    expect(statement(one, { sort: 'Id', cursor: true })).not.toBe(first);
    expect(statement(two, { sort: 'Id', cursor: false })).not.toBe(first);
    expect(built).toEqual(['one Id false', 'one Id true', 'two Id false']);
  });
});
