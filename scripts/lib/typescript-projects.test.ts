import { describe, expect, it } from 'vitest';
import { buildInOrder, projectGraph } from './typescript-projects';

describe("tsconfig.json's projects", () => {
  it('are read with what each references, comments and all', () => {
    const graph = projectGraph();
    expect([...graph.keys()].sort()).toEqual([
      'sw/tsconfig.json',
      'tsconfig.client.json',
      'tsconfig.server.json',
      'tsconfig.shared.json',
      'tsconfig.tools.json',
    ]);
    expect(graph.get('tsconfig.shared.json')).toEqual([]);
    expect(graph.get('tsconfig.client.json')).toEqual(['tsconfig.shared.json']);
    expect(graph.get('tsconfig.tools.json')).toEqual(
      expect.arrayContaining(['tsconfig.client.json', 'tsconfig.server.json']),
    );
  });

  it('are built each once, after what they reference, independent ones side by side', async () => {
    const graph = new Map([
      ['shared', []],
      ['client', ['shared']],
      ['server', ['shared']],
      ['tools', ['client', 'server', 'shared']],
    ]);
    const events: string[] = [];
    const release: Record<string, () => void> = {};
    const building = buildInOrder(graph, (project) => {
      events.push(`start ${project}`);
      return new Promise<void>((resolve) => {
        release[project] = () => {
          events.push(`end ${project}`);
          resolve();
        };
      });
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(events).toEqual(['start shared']);
    release.shared!();
    await settle();
    // Both wait only for shared: they run at once.
    expect(events).toEqual(['start shared', 'end shared', 'start client', 'start server']);
    release.client!();
    await settle();
    expect(events).not.toContain('start tools');
    release.server!();
    await settle();
    expect(events.at(-1)).toBe('start tools');
    release.tools!();
    await building;
    expect(events.filter((e) => e.startsWith('start'))).toHaveLength(4);
  });

  it('are not built past a failed reference', async () => {
    const graph = new Map([
      ['shared', []],
      ['client', ['shared']],
    ]);
    const built: string[] = [];
    await expect(
      buildInOrder(graph, async (project) => {
        if (project === 'shared') throw new Error('shared failed');
        built.push(project);
      }),
    ).rejects.toThrow('shared failed');
    expect(built).toEqual([]);
  });
});
