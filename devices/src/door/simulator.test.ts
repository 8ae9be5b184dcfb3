import { describe, expect, it } from 'vitest';
import { handleDeviceJob } from '../agent.ts';
import { DoorSimulator } from './simulator.ts';
import { DeviceOfflineError } from '../driver.ts';

const at = new Date('2026-11-22T10:00:00.000Z');

describe('DoorSimulator', () => {
  it('opens and records the request', async () => {
    const door = new DoorSimulator({ now: () => at, relayDelayMs: 0 });

    const outcome = await door.execute({ device: 'door', action: 'open', requestId: 'req-1' });

    expect(outcome).toEqual({
      device: 'door',
      action: 'open',
      requestId: 'req-1',
      completedAt: at.toISOString(),
    });
    expect(door.events).toEqual([{ kind: 'opened', requestId: 'req-1', at }]);
  });

  it('returns the first outcome for a replayed request without opening again', async () => {
    const door = new DoorSimulator({ now: () => at, relayDelayMs: 0 });
    const first = await door.execute({ device: 'door', action: 'open', requestId: 'req-1' });

    const replay = await door.execute({ device: 'door', action: 'open', requestId: 'req-1' });

    expect(replay).toEqual(first);
    expect(door.openedRequestIds()).toEqual(['req-1']);
  });

  it('refuses while offline and opens once back online', async () => {
    const door = new DoorSimulator({ now: () => at, offline: true, relayDelayMs: 0 });

    await expect(door.execute({ device: 'door', action: 'open', requestId: 'req-1' })).rejects.toBeInstanceOf(
      DeviceOfflineError,
    );
    door.setOnline(true);
    await door.execute({ device: 'door', action: 'open', requestId: 'req-1' });

    expect(door.events.map((event) => event.kind)).toEqual(['refused_offline', 'came_online', 'opened']);
  });
});

describe('handleDeviceJob', () => {
  it('drives the door with a door command', async () => {
    const door = new DoorSimulator({ now: () => at, relayDelayMs: 0 });

    await handleDeviceJob(door, { device: 'door', action: 'open', requestId: 'req-1' });

    expect(door.openedRequestIds()).toEqual(['req-1']);
  });

  it('rejects data that is not a command', async () => {
    const door = new DoorSimulator({ now: () => at, relayDelayMs: 0 });

    await expect(handleDeviceJob(door, { device: 'door', action: 'open' })).rejects.toThrow(/requestId/);
    expect(door.events).toEqual([]);
  });
});

describe('DoorSimulator failure modes', () => {
  it('takes the relay delay to open', async () => {
    const door = new DoorSimulator({ relayDelayMs: 120 });
    const started = performance.now();
    await door.execute({ device: 'door', action: 'open', requestId: 'req-slow' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(door.open).toBe(true);
  });

  it('is unreachable for the configured share of commands, and a retry may get through', async () => {
    const draws = [0.1, 0.9];
    const door = new DoorSimulator({
      relayDelayMs: 0,
      unreachableRate: 0.5,
      random: () => draws.shift() ?? 1,
    });
    const command = { device: 'door', action: 'open', requestId: 'req-flaky' } as const;

    await expect(door.execute(command)).rejects.toBeInstanceOf(DeviceOfflineError);
    await door.execute(command);

    expect(door.events.map((event) => event.kind)).toEqual(['unreachable', 'opened']);
  });

  it('refuses a rate outside 0 to 1', () => {
    expect(() => new DoorSimulator({ unreachableRate: 2 })).toThrow(/between 0 and 1/);
  });
});
