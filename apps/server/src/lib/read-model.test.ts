import { describe, expect, it } from 'vitest';
import { ReadModel } from './read-model.js';

const deferred = () => {
  let resolve!: (body: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReadModel', () => {
  it('loads an answer once however many ask at the same time, then answers from memory', async () => {
    const model = new ReadModel();
    let loads = 0;
    const load = async () => {
      loads++;
      return '{"a":1}';
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => model.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    await model.get('k', load);
    expect(loads).toBe(1);
  });

  it('never keeps an answer whose load began before an invalidation', async () => {
    const model = new ReadModel();
    const slow = deferred();
    const first = model.get('k', () => slow.promise);
    model.invalidate();
    slow.resolve('"old"');
    expect((await first).body).toBe('"old"');
    expect((await model.get('k', async () => '"new"')).body).toBe('"new"');
  });

  it('serves a stale answer while refreshing it, and never one older than the bound', async () => {
    let now = 0;
    const model = new ReadModel({ freshMs: 2_000, maxAgeMs: 5_000, clock: () => now });
    await model.get('k', async () => '1');
    now = 2_500;
    const next = deferred();
    // Stale but within the bound: the old answer now, the new one loading behind it.
    expect((await model.get('k', () => next.promise)).body).toBe('1');
    next.resolve('2');
    await next.promise;
    await Promise.resolve();
    expect((await model.get('k', async () => 'unused')).body).toBe('2');
    now = 2_500 + 5_000;
    expect((await model.get('k', async () => '3')).body).toBe('3');
  });

  it('forgets a failed load so the next ask tries again', async () => {
    const model = new ReadModel();
    await expect(model.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await model.get('k', async () => 'ok')).body).toBe('ok');
  });

  it('keeps at most maxEntries answers', async () => {
    const model = new ReadModel({ maxEntries: 3 });
    for (let i = 0; i < 10; i++) await model.get(`/page/${i}`, async () => String(i));
    expect(model.size).toBe(3);
  });
});

