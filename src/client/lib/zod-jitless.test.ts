import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('reaches zod without importing it: zod reads jitless from the shared settings', () => {
    expect(z.config().jitless).toBe(true);
  });
});
