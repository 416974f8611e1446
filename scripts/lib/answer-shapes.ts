/**
 * The JSON Schemas of src/client/lib/answer-shapes.gen.ts, written by zod from the contract's
 * schemas: the answers the app reads as it starts, checked there without zod (json-shape.ts,
 * docs/decisions/025). `npm run shapes` writes the file; a unit test holds it to the schemas.
 */
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { cachedUserRecordSchema } from '../../src/client/auth/user-record';
import { dashboardSchema } from '../../src/shared/schemas/dashboard';
import { accountSummarySchema } from '../../src/shared/schemas/invoice';
import { unreadCountSchema } from '../../src/shared/schemas/notifications';
import { userByUidResponseSchema } from '../../src/shared/schemas/user-row';

export const ANSWER_SHAPES_FILE = 'src/client/lib/answer-shapes.gen.ts';

/** Each shape's name in the file, its schema, and what it reads. */
const SHAPES: ReadonlyArray<[name: string, schema: z.ZodType, what: string]> = [
  ['userByUidAnswerShape', userByUidResponseSchema, 'The answer of `GET /api/db/users/uid/{uid}`.'],
  ['cachedUserRecordShape', cachedUserRecordSchema, "The record's copy in sessionStorage."],
  ['dashboardShape', dashboardSchema, 'The row of `GET /api/db/dashboard`.'],
  ['unreadCountShape', unreadCountSchema, 'The row of `GET /api/db/notifications/unread-count`.'],
  ['accountSummaryShape', accountSummarySchema, 'The row of `GET /api/db/invoices/account`.'],
];

/** The file's text, formatted as the repository formats TypeScript. */
export async function answerShapesSource(): Promise<string> {
  const parts = SHAPES.map(([name, schema, what]) => {
    const { $schema: _, ...shape } = z.toJSONSchema(schema, { io: 'output' });
    return `/** ${what} */\nexport const ${name}: JsonShape = ${JSON.stringify(shape)};\n`;
  });
  const text = [
    '// Written by `npm run shapes` (scripts/lib/answer-shapes.ts) from the zod schemas: do not edit.',
    "import type { JsonShape } from './json-shape';",
    '',
    ...parts,
  ].join('\n');
  const options = await resolveConfig(ANSWER_SHAPES_FILE);
  return format(text, { ...options, filepath: ANSWER_SHAPES_FILE });
}
