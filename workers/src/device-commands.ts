/**
 * The contract between the portal and its device agents: what a command to a device looks like and which
 * queue each agent reads. Later issues add the label printer, the sensors and the dispenser here.
 */

export const deviceNames = ['door', 'label', 'actplace', 'dispenser', 'giclee'] as const;
/** A physical device that an agent drives; each has its own queue. */
export type DeviceName = (typeof deviceNames)[number];

export const doorActions = ['open'] as const;
export type DoorAction = (typeof doorActions)[number];

/**
 * A request for a device to do one thing. `requestId` identifies the person's request end to end: it is
 * the job id on every queue the command passes through, so a retried request never acts twice.
 */
export type DoorCommand = { device: 'door'; action: DoorAction; requestId: string };

export const labelActions = ['print'] as const;
export type LabelAction = (typeof labelActions)[number];
/** Print `quantity` copies of a rendered label; `image` is the PNG as a data URI (a few KB). */
export type LabelCommand = {
  device: 'label';
  action: LabelAction;
  requestId: string;
  image: string;
  quantity: number;
};
export const actplaceActions = ['book'] as const;
export type ActPlaceAction = (typeof actplaceActions)[number];
/**
 * Book one wish on the university's booking site (AdminActPlace), trying `choicelist` in order. The shared
 * account's credentials are not in the job (no secrets in job data): the booking host reads them from its
 * own environment.
 */
export type ActPlaceCommand = {
  device: 'actplace';
  action: ActPlaceAction;
  requestId: string;
  date: string;
  timeslot: string;
  name: string;
  ntup: number;
  choicelist: string[];
};
export const dispenserActions = ['dispense'] as const;
export type DispenserAction = (typeof dispenserActions)[number];
/**
 * Run one formula on the darkroom's chemical dispenser (docs/darkroom-devices.md): `requestId` is the run's
 * dispenseId; the host pours `ingredients` in order into `target` and reports progress on its own queue.
 */
export type DispenserCommand = {
  device: 'dispenser';
  action: DispenserAction;
  requestId: string;
  target: string;
  formula: { name: string; volume: number };
  ingredients: { ingredient: string; chemicalPk: number | null; targetvolume: number }[];
};
export const gicleeActions = ['poll'] as const;
export type GicleeAction = (typeof gicleeActions)[number];
/**
 * Ask the inkjet (giclee) printer host for the printer's job log and ink levels (the printer-poll job,
 * docs/giclee.md). The answer's detail carries both as JSON text.
 */
export type GicleeCommand = { device: 'giclee'; action: GicleeAction; requestId: string };
export type DeviceCommand = DoorCommand | LabelCommand | ActPlaceCommand | DispenserCommand | GicleeCommand;

/**
 * Every host that runs next to a device and sends heartbeats: the commanded devices above, and the card
 * reader, which takes no commands (it reports card reads on its own queue).
 */
export const deviceHostNames = [
  'door',
  'label',
  'card',
  'actplace',
  'sensors',
  'dispenser',
  'giclee',
] as const;
export type DeviceHostName = (typeof deviceHostNames)[number];
export type DeviceCommandFor<Device extends DeviceName> = Extract<DeviceCommand, { device: Device }>;

/** What an agent reports back once its device has carried out a command. */
export type DeviceOutcome = {
  device: DeviceName;
  action: DeviceCommand['action'];
  requestId: string;
  /** ISO 8601 time the device finished. */
  completedAt: string;
  /** What the device reports beyond success, e.g. the sheets a label printer printed. */
  detail?: { readonly [key: string]: string | number | boolean | null };
};

/**
 * The BullMQ queue an agent consumes. BullMQ forbids `:` in queue names, so `device-door` stands for the
 * `device:door` of the design notes; in Redis its keys read `<prefix>:device-door:...`.
 */
export function deviceQueueName(device: DeviceName): `device-${DeviceName}` {
  return `device-${device}`;
}

/** Job data that does not have the shape its queue promises; retrying cannot fix it. */
export class InvalidJobDataError extends Error {
  override readonly name = 'InvalidJobDataError';
}

const jobIdPattern = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * BullMQ rejects custom job ids that contain `:` or read as an integer; the portal also keeps them short
 * and printable since they appear in logs.
 */
export function isValidJobId(jobId: string): boolean {
  return jobIdPattern.test(jobId) && !/^-?\d+$/.test(jobId);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(value: unknown, options: readonly T[]): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

/**
 * Checks job data read back from Redis, which TypeScript cannot vouch for. Throws
 * {@link InvalidJobDataError} naming the first field that is wrong.
 */
export function parseDeviceCommand(data: unknown): DeviceCommand {
  if (!isRecord(data)) {
    throw new InvalidJobDataError('device command must be an object');
  }
  const { device, action, requestId } = data;
  if (typeof requestId !== 'string' || !isValidJobId(requestId)) {
    throw new InvalidJobDataError('device command has no valid requestId');
  }
  if (!isOneOf(device, deviceNames)) {
    throw new InvalidJobDataError(`unknown device: ${String(device)}`);
  }
  switch (device) {
    case 'door':
      if (!isOneOf(action, doorActions)) {
        throw new InvalidJobDataError(`unknown door action: ${String(action)}`);
      }
      return { device, action, requestId };
    case 'label': {
      if (!isOneOf(action, labelActions)) {
        throw new InvalidJobDataError(`unknown label action: ${String(action)}`);
      }
      const { image, quantity } = data;
      if (typeof image !== 'string' || !image.startsWith('data:image/png;base64,')) {
        throw new InvalidJobDataError('label command has no PNG data URI');
      }
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
        throw new InvalidJobDataError('label command has no positive integer quantity');
      }
      return { device, action, requestId, image, quantity };
    }
    case 'actplace': {
      if (!isOneOf(action, actplaceActions)) {
        throw new InvalidJobDataError(`unknown actplace action: ${String(action)}`);
      }
      const { date, timeslot, name, ntup, choicelist } = data;
      if (typeof date !== 'string' || typeof timeslot !== 'string' || typeof name !== 'string')
        throw new InvalidJobDataError('actplace command needs date, timeslot and name');
      if (
        typeof ntup !== 'number' ||
        !Array.isArray(choicelist) ||
        !choicelist.every((c) => typeof c === 'string')
      )
        throw new InvalidJobDataError('actplace command needs ntup and a choicelist of rooms');
      return { device, action, requestId, date, timeslot, name, ntup, choicelist: choicelist as string[] };
    }
    case 'dispenser': {
      if (!isOneOf(action, dispenserActions)) {
        throw new InvalidJobDataError(`unknown dispenser action: ${String(action)}`);
      }
      const { target, formula, ingredients } = data;
      if (typeof target !== 'string' || !isRecord(formula) || !Array.isArray(ingredients))
        throw new InvalidJobDataError('dispenser command needs target, formula and ingredients');
      const { name, volume } = formula;
      if (typeof name !== 'string' || typeof volume !== 'number')
        throw new InvalidJobDataError('dispenser command needs a formula name and volume');
      const parsed = ingredients.map((ingredient) => {
        if (
          !isRecord(ingredient) ||
          typeof ingredient.ingredient !== 'string' ||
          typeof ingredient.targetvolume !== 'number' ||
          !(ingredient.chemicalPk === null || typeof ingredient.chemicalPk === 'number')
        )
          throw new InvalidJobDataError('dispenser command has a malformed ingredient');
        return {
          ingredient: ingredient.ingredient,
          chemicalPk: ingredient.chemicalPk as number | null,
          targetvolume: ingredient.targetvolume,
        };
      });
      return { device, action, requestId, target, formula: { name, volume }, ingredients: parsed };
    }
    case 'giclee':
      if (!isOneOf(action, gicleeActions)) {
        throw new InvalidJobDataError(`unknown giclee action: ${String(action)}`);
      }
      return { device, action, requestId };
    default: {
      const unknownDevice: never = device;
      throw new InvalidJobDataError(`unknown device: ${String(unknownDevice)}`);
    }
  }
}
