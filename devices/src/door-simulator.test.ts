import { describe, expect, it } from 'vitest';
import { handleDeviceJob } from './agent.ts';
import { DoorSimulator } from './door-simulator.ts';
import { DeviceOfflineError } from './driver.ts';

const at = new Date('2026-11-22T10:00:00.000Z');

describe('DoorSimulator', () => {
  it('opens and records the request', async () => {
    const door = new DoorSimulator({ now: () => at });

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
    const door = new DoorSimulator({ now: () => at });
    const first = await door.execute({ device: 'door', action: 'open', requestId: 'req-1' });

    const replay = await door.execute({ device: 'door', action: 'open', requestId: 'req-1' });

    expect(replay).toEqual(first);
    expect(door.openedRequestIds()).toEqual(['req-1']);
  });

  it('refuses while offline and opens once back online', async () => {
    const door = new DoorSimulator({ now: () => at, offline: true });

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
    const door = new DoorSimulator({ now: () => at });

    await handleDeviceJob(door, { device: 'door', action: 'open', requestId: 'req-1' });

    expect(door.openedRequestIds()).toEqual(['req-1']);
  });

  it('rejects data that is not a command', async () => {
    const door = new DoorSimulator({ now: () => at });

    await expect(handleDeviceJob(door, { device: 'door', action: 'open' })).rejects.toThrow(/requestId/);
    expect(door.events).toEqual([]);
  });
});
