import { describe, expect, it, vi } from 'vitest';
import type { PageModule } from '../routes-table';
import { lazyPage } from './lazy-page';

const SomePage = () => null;

describe('lazyPage', () => {
  it('loads the page once however often it is preloaded, and has it at hand afterwards', async () => {
    const load = vi.fn(async (): Promise<PageModule> => ({ default: SomePage }));
    const page = lazyPage(load);
    expect(page.loaded()).toBeNull();
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(page.loaded()).toBe(SomePage);
  });

  it('keeps a failed preload quiet and tries again the next time', async () => {
    const load = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new Error('chunk not found'))
      .mockResolvedValueOnce({ default: SomePage });
    const page = lazyPage(load);
    await expect(page.preload()).resolves.toBeUndefined();
    expect(page.loaded()).toBeNull();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(page.loaded()).toBe(SomePage);
  });
});
