// Unit tests of the EventStoreDB adapter's pure parts: error mapping and position conversion. Its behaviour
// through a fake client is in eventstoredb-subscription.test.ts; against a server, the contract in
// eventstoredb.int.test.ts (EVENTSTORE_URL).
import {
  AccessDeniedError,
  DeadlineExceededError,
  NotFoundError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  fromVendorCurrentRevision,
  isSystemEvent,
  numberToPosition,
  openEventStoreDb,
  positionToNumber,
  toPortError,
  toVendorExpectedRevision,
} from './eventstoredb.ts';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from './port.ts';

describe('toPortError', () => {
  it('maps a wrong expected version to WrongExpectedRevisionError with the actual revision', () => {
    const vendor = new WrongExpectedVersionError(undefined, {
      streamName: 'loan-1',
      expected: 3n,
      current: 5n,
    });
    const mapped = toPortError(vendor, { stream: 'loan-1', expected: 3 });
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ stream: 'loan-1', expected: 3, actual: 5 });
  });

  it('maps a missing stream to actual no_stream and keeps the port expectation', () => {
    const vendor = new WrongExpectedVersionError(undefined, {
      streamName: 'loan-2',
      expected: 'stream_exists',
      current: 'no_stream',
    });
    expect(toPortError(vendor, { stream: 'loan-2', expected: 'stream_exists' })).toMatchObject({
      stream: 'loan-2',
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('falls back to the vendor error for the stream and expectation', () => {
    const vendor = new WrongExpectedVersionError(undefined, {
      streamName: 'loan-3',
      expected: 0n,
      current: 1n,
    });
    expect(toPortError(vendor)).toMatchObject({ stream: 'loan-3', expected: 0, actual: 1 });
  });

  it.each([
    ['unavailable', new UnavailableError()],
    ['deadline exceeded', new DeadlineExceededError()],
    ['gossip discovery failure', new Error('Failed to discover after 10 attempts.')],
    [
      'refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), { code: 'ECONNREFUSED' }),
    ],
    [
      'raw gRPC unavailable',
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }),
    ],
  ])('maps %s to EventStoreUnavailableError, keeping the cause', (_, vendor) => {
    const mapped = toPortError(vendor);
    expect(mapped).toBeInstanceOf(EventStoreUnavailableError);
    expect((mapped as Error).cause).toBe(vendor);
  });

  it('passes programmer and setup errors through unchanged', () => {
    const denied = new AccessDeniedError();
    const notFound = new NotFoundError();
    const plain = new TypeError('bad data');
    // The client's catch-all for statuses and answers it does not recognise (invalid arguments and the
    // like): retrying does not fix those, so it is not "unavailable".
    const unknown = new UnknownError(undefined, 'Could not recognize INVALID_ARGUMENT');
    expect(toPortError(unknown)).toBe(unknown);
    expect(toPortError(denied)).toBe(denied);
    expect(toPortError(notFound)).toBe(notFound);
    expect(toPortError(plain)).toBe(plain);
    expect(toPortError('not an error')).toBe('not an error');
  });

  it('leaves port errors as they are', () => {
    const conflict = new WrongExpectedRevisionError('s', 'no_stream', 0);
    expect(toPortError(conflict)).toBe(conflict);
  });
});

describe('positions and revisions', () => {
  it('converts commit positions to numbers and back', () => {
    expect(positionToNumber(0n)).toBe(0);
    expect(positionToNumber(1_234_567n)).toBe(1_234_567);
    expect(positionToNumber(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(numberToPosition(1_234_567)).toEqual({ commit: 1_234_567n, prepare: 1_234_567n });
  });

  it('refuses positions a number cannot hold exactly', () => {
    expect(() => positionToNumber(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
    expect(() => positionToNumber(-1n)).toThrow(RangeError);
    expect(() => numberToPosition(1.5)).toThrow(RangeError);
    expect(() => numberToPosition(-1)).toThrow(RangeError);
  });

  it('converts expected revisions both ways', () => {
    expect(toVendorExpectedRevision('any')).toBe('any');
    expect(toVendorExpectedRevision('no_stream')).toBe('no_stream');
    expect(toVendorExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toVendorExpectedRevision(7)).toBe(7n);
    expect(() => toVendorExpectedRevision(-1)).toThrow(RangeError);
    expect(fromVendorCurrentRevision(7n)).toBe(7);
    expect(fromVendorCurrentRevision('no_stream')).toBe('no_stream');
    expect(fromVendorCurrentRevision(-1n)).toBe('no_stream');
  });

  it('recognises system events by type or stream', () => {
    expect(isSystemEvent({ type: '$metadata', streamId: '$$loan-1' })).toBe(true);
    expect(isSystemEvent({ type: '$>', streamId: '$ce-loan' })).toBe(true);
    expect(isSystemEvent({ type: 'Statistics', streamId: '$stats-127.0.0.1:2113' })).toBe(true);
    expect(isSystemEvent({ type: 'LoanOpened', streamId: 'loan-1' })).toBe(false);
  });
});

describe('openEventStoreDb without a server', () => {
  it('reports an unreachable server as EventStoreUnavailableError', async () => {
    // Port 9 (discard) is closed on this machine; a short deadline keeps the test quick.
    const store = openEventStoreDb(
      'esdb://127.0.0.1:9?tls=false&defaultDeadline=2000&discoveryInterval=10&maxDiscoverAttempts=1',
    );
    try {
      expect(store.kind).toBe('eventstoredb');
      await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.readStream('loan-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await store.close();
    }
  });
});
