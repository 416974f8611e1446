/**
 * How `npm run bench` runs each of its parts (scripts/lib/bench-<part>.ts): in a process of its
 * own, which hands its result back as JSON in the file named by BENCH_RESULT_FILE. A file rather
 * than stdout: a part's stdout carries the server's request log (a line per request of a load
 * test), whose last lines may follow the result.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TSX_NODE, run } from './processes';

/** scripts/lib/bench-`part`.ts run to its end with `env` over this process's own; its result. */
export async function runPart<Result>(part: string, env: NodeJS.ProcessEnv): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), `portal-bench-${part}-`));
  const resultFile = join(dir, 'result.json');
  try {
    const [node, ...nodeArgs] = TSX_NODE;
    await run(node, [...nodeArgs, `scripts/lib/bench-${part}.ts`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, BENCH_RESULT_FILE: resultFile },
    });
    return JSON.parse(readFileSync(resultFile, 'utf8')) as Result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A part's whole process: `measure`'s result written to BENCH_RESULT_FILE (printed without one,
 * when the part is run by hand), and its exit code.
 */
export function partMain(measure: () => Promise<unknown>): void {
  measure().then(
    (result) => {
      if (process.env.BENCH_RESULT_FILE) {
        writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(result));
      } else {
        console.log(JSON.stringify(result));
      }
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
