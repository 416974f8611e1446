/** `npm run shapes`: writes src/client/lib/answer-shapes.gen.ts from the zod schemas. */
import { writeFileSync } from 'node:fs';
import { ANSWER_SHAPES_FILE, answerShapesSource } from './lib/answer-shapes';

writeFileSync(ANSWER_SHAPES_FILE, await answerShapesSource());
console.log(`wrote ${ANSWER_SHAPES_FILE}`);
