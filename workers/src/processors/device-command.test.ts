import { describe, expect, it } from 'vitest';
import { type DeviceCommand, InvalidJobDataError } from '../device-commands.ts';
import { processDeviceCommand } from './device-command.ts';

function recordingSender() {
  const sent: DeviceCommand[] = [];
  const send = async (command: DeviceCommand) => {
    sent.push(command);
    return { jobId: command.requestId };
  };
  return { sent, send };
}

describe('processDeviceCommand', () => {
  it('forwards a door command to the door queue under its request id', async () => {
    const { sent, send } = recordingSender();

    const result = await processDeviceCommand({ device: 'door', action: 'open', requestId: 'req-1' }, send);

    expect(result).toEqual({ forwardedTo: 'door', jobId: 'req-1' });
    expect(sent).toEqual([{ device: 'door', action: 'open', requestId: 'req-1' }]);
  });

  it('forwards only the fields of the command', async () => {
    const { sent, send } = recordingSender();

    await processDeviceCommand({ device: 'door', action: 'open', requestId: 'req-2', note: 'extra' }, send);

    expect(sent).toEqual([{ device: 'door', action: 'open', requestId: 'req-2' }]);
  });

  it.each([
    ['not an object', 'open the door'],
    ['an unknown device', { device: 'toaster', action: 'open', requestId: 'req-3' }],
    ['an unknown action', { device: 'door', action: 'explode', requestId: 'req-4' }],
    ['no request id', { device: 'door', action: 'open' }],
    ['a request id BullMQ refuses', { device: 'door', action: 'open', requestId: 'a:b' }],
  ])('rejects %s as invalid job data and sends nothing', async (_case, data) => {
    const { sent, send } = recordingSender();

    await expect(processDeviceCommand(data, send)).rejects.toBeInstanceOf(InvalidJobDataError);
    expect(sent).toEqual([]);
  });
});
