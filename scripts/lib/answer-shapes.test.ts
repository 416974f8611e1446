import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_SHAPES_FILE, answerShapesSource } from './answer-shapes';

describe('answer-shapes.gen.ts', () => {
  it('is what zod writes from the schemas today (else run `npm run shapes`)', async () => {
    expect(readFileSync(ANSWER_SHAPES_FILE, 'utf8')).toBe(await answerShapesSource());
  });
});
