import { describe, expect, it } from 'vitest';
import { isPageCodeLoading, trackPageCode } from './page-code-loading';

describe('trackPageCode', () => {
  it('counts code as loading until it loads, or fails, and passes its outcome on', async () => {
    let loadFirst: (value: string) => void = () => undefined;
    let failSecond: (error: Error) => void = () => undefined;
    const first = trackPageCode(new Promise<string>((resolve) => (loadFirst = resolve)));
    const second = trackPageCode(new Promise<string>((_, reject) => (failSecond = reject)));
    expect(isPageCodeLoading()).toBe(true);

    loadFirst('page');
    await expect(first).resolves.toBe('page');
    expect(isPageCodeLoading()).toBe(true);

    failSecond(new Error('chunk not found'));
    await expect(second).rejects.toThrow('chunk not found');
    expect(isPageCodeLoading()).toBe(false);
  });
});
