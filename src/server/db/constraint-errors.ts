/**
 * Recognising a constraint the database refused, whichever driver raised it (PGlite and
 * node-postgres both set PostgreSQL's SQLSTATE as `code`; Drizzle wraps them in `cause`).
 * Handlers check uniqueness first to answer with a field message; these catch the race where
 * two requests pass that check at once.
 */
function sqlState(err: unknown): string | undefined {
  for (let current = err, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code))
      return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err) === '23503';

/** The errors to answer a refused constraint with; one not named here is rethrown as it is. */
export interface ViolationAnswers {
  unique?: () => Error;
  foreignKey?: () => Error;
}

/** Runs a write, answering the race past the caller's own checks as those checks do. */
export async function answerViolations<T>(
  write: () => Promise<T>,
  answers: ViolationAnswers,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (answers.unique && isUniqueViolation(err)) throw answers.unique();
    if (answers.foreignKey && isForeignKeyViolation(err)) throw answers.foreignKey();
    throw err;
  }
}
