// The kiosks' hand-over of card reads: one read to one waiting browser of its reader, never another's.
import { describe, expect, it } from 'vitest';
import { CardKiosks, readerOfKioskCookie, signKiosk } from './kiosks.ts';

const read = (reader: string, cardid = '1000000001') => ({ reader, cardid, at: new Date().toISOString() });

describe('CardKiosks', () => {
  it('gives a read to the longest-waiting kiosk of its reader only', async () => {
    const kiosks = new CardKiosks();
    const first = kiosks.wait('counter', 1_000);
    const second = kiosks.wait('counter', 50);
    const other = kiosks.wait('darkroom', 50);
    kiosks.deliver(read('counter'));
    expect(await first).toMatchObject({ reader: 'counter' });
    expect(await second).toBeNull();
    expect(await other).toBeNull();
  });

  it('keeps an unclaimed read 3 s for a kiosk between two polls, and ignores stale reads', async () => {
    let now = Date.now();
    const kiosks = new CardKiosks(() => now);
    kiosks.deliver(read('counter'));
    expect(await kiosks.wait('counter', 10)).toMatchObject({ cardid: '1000000001' });
    kiosks.deliver(read('counter'));
    now += 4_000;
    expect(await kiosks.wait('counter', 10)).toBeNull();
    kiosks.deliver({ ...read('counter'), at: new Date(now - 20_000).toISOString() });
    expect(await kiosks.wait('counter', 10)).toBeNull();
  });
});

describe('kiosk cookie', () => {
  it('names its reader only when signed with the portal secret', () => {
    expect(readerOfKioskCookie('s', signKiosk('s', 'counter'))).toBe('counter');
    expect(readerOfKioskCookie('s', signKiosk('t', 'counter'))).toBeNull();
    expect(readerOfKioskCookie('s', 'counter.x')).toBeNull();
    expect(readerOfKioskCookie('s', undefined)).toBeNull();
  });
});
