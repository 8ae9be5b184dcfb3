import { type DeviceCommand, parseDeviceCommand } from '../device-commands.ts';

/** Puts a command on its device's queue under the command's request id. */
export type DeviceQueueSender = (command: DeviceCommand) => Promise<{ jobId: string }>;

/** What the device-command processor reports: which device queue took the command, under which job id. */
export type DeviceCommandForwarded = { forwardedTo: DeviceCommand['device']; jobId: string };

/**
 * Processor of the `device-command` queue: checks the command and hands it to the queue of the agent that
 * drives that device. The request id becomes the device job's id, so a retry of this job (or a second
 * request with the same id) does not make the device act twice. Throws `InvalidJobDataError` for data
 * that no retry can fix.
 */
export async function processDeviceCommand(
  data: unknown,
  sendToDevice: DeviceQueueSender,
): Promise<DeviceCommandForwarded> {
  const command = parseDeviceCommand(data);
  const { jobId } = await sendToDevice(command);
  return { forwardedTo: command.device, jobId };
}
