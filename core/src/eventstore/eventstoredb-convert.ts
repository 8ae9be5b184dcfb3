// Pure conversions between @eventstore/db-client 6 and the port (unit-tested in eventstoredb.test.ts):
// positions, expected revisions, events, and vendor errors to the port's errors.
//
// Global positions: every event EventStoreDB 20+ writes is a self-committed prepare record whose commit
// position and prepare position are both its own log position, so the commit position alone identifies an
// event in $all, is unique, and increases in append order. It is a bigint on the wire; a log would need
// 9 PB before it stops fitting a JavaScript number, so it is converted (and checked).
import {
  ANY,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  ErrorType,
  isCommandError,
  NO_STREAM,
  type Position,
  type RecordedEvent as VendorRecordedEvent,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import {
  type EventMetadata,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './port.ts';

/** Converts a commit position to the port's number, refusing values a number cannot hold exactly. */
export function positionToNumber(commit: bigint): number {
  if (commit < 0n || commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`EventStoreDB commit position ${commit} does not fit a safe integer`);
  }
  return Number(commit);
}

/** The $all position of the event at a port position (commit and prepare are equal, see the top). */
export function numberToPosition(position: number): Position {
  if (!Number.isSafeInteger(position) || position < 0) throw new RangeError(`invalid position ${position}`);
  return { commit: BigInt(position), prepare: BigInt(position) };
}

export function toVendorExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0)
        throw new RangeError(`invalid revision ${expected}`);
      return BigInt(expected);
  }
}

function fromVendorExpectedRevision(expected: AppendExpectedRevision): ExpectedRevision {
  return typeof expected === 'bigint' ? Number(expected) : expected;
}

export function fromVendorCurrentRevision(current: CurrentRevision | undefined): number | 'no_stream' {
  if (current === undefined || current === NO_STREAM || current < 0n) return 'no_stream';
  return Number(current);
}

/** System events ($metadata, $>, $settings, ...) are the store's own and never reach the port. */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/**
 * Errors of the client that mean the server could not be reached or did not answer in time. Not UNKNOWN:
 * the client makes an UnknownError of every gRPC status it does not recognise and of server answers it
 * cannot parse (invalid arguments, unimplemented calls), which retrying does not fix.
 */
const unavailableTypes = new Set<string>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
]);
/** gRPC status codes for the same, on errors the client did not convert. */
const unavailableGrpcCodes = new Set([1, 4, 13, 14]);
const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

/**
 * Maps an error thrown by the client to the port's errors: a wrong expected version becomes
 * WrongExpectedRevisionError, anything meaning "could not reach or the server failed" becomes
 * EventStoreUnavailableError. Other errors (access denied, bad arguments, deleted streams) are programmer
 * or setup errors and pass through unchanged.
 */
export function toPortError(
  error: unknown,
  append?: { stream: string; expected: ExpectedRevision },
): unknown {
  if (error instanceof WrongExpectedRevisionError || error instanceof EventStoreUnavailableError)
    return error;
  if (!(error instanceof Error)) return error;
  if (isCommandError(error)) {
    if (error.type === ErrorType.WRONG_EXPECTED_VERSION) {
      return new WrongExpectedRevisionError(
        append?.stream ?? error.streamName,
        append?.expected ?? fromVendorExpectedRevision(error.expectedVersion),
        fromVendorCurrentRevision(error.actualVersion),
      );
    }
    if (unavailableTypes.has(error.type)) {
      return new EventStoreUnavailableError(`EventStoreDB unavailable: ${error.message}`, { cause: error });
    }
    return error;
  }
  const code = (error as { code?: unknown }).code;
  if (
    (typeof code === 'number' && unavailableGrpcCodes.has(code)) ||
    (typeof code === 'string' && unavailableNodeCodes.has(code)) ||
    error.message.startsWith('Failed to discover')
  ) {
    return new EventStoreUnavailableError(`EventStoreDB unavailable: ${error.message}`, { cause: error });
  }
  return error;
}

export const isStreamNotFound = (error: unknown): boolean =>
  error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND;

export function toRecordedEvent(event: VendorRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error('EventStoreDB did not return event positions on a stream read (a server before 22.6?)');
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data as unknown,
    metadata: event.metadata as unknown as EventMetadata,
    stream: event.streamId,
    revision: Number(event.revision),
    position: positionToNumber(event.position.commit),
  };
}

/** A port event of $all, or undefined for system events and unresolved links. */
export function fromAll(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEvent(event)) return undefined;
  return toRecordedEvent(event);
}
