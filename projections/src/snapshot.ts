// Read-model snapshots: the in-memory models, checkpointed to the data folder with the log position they
// reflect, so a start on a long log replays only the events after it. A snapshot is only a cache: a missing,
// unreadable, foreign or outdated one is ignored and the models are rebuilt from zero, which must give the
// same models (snapshot.int.test.ts).
//
// The file is v8.serialize of { format, version, position, eventId, previousPosition, models }: the models are plain Maps,
// Sets, arrays, objects and Dates, which v8 serialization keeps as they are. `version` is a fingerprint of
// every projection (its name, the declared version, and the source of initial and evolve), so changing a
// projection invalidates the snapshot; bump PROJECTIONS_VERSION (index.ts) when a helper that evolve calls
// changes meaning, which the fingerprint cannot see. `eventId` is the id of the event at `position`, so a
// snapshot of another log (a data folder restored or replaced) is never applied; `previousPosition` is the
// position of the event before it (0 at the start of the log), where a read resumes to find that event:
// positions are opaque (EventStoreDB's are not consecutive), so there is no arithmetic on them.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { Projection } from './runner.ts';

const FORMAT = 2;

export interface Snapshot<Models> {
  version: string;
  position: number;
  eventId: string;
  previousPosition: number;
  models: Models;
}

/** The fingerprint that a snapshot must carry to be used with these projections. */
export function projectionsFingerprint(
  projections: Record<string, Projection<unknown>>,
  declaredVersion: number,
): string {
  const hash = createHash('sha256');
  hash.update(`format ${FORMAT}; projections ${declaredVersion}\n`);
  for (const [name, projection] of Object.entries(projections)) {
    hash.update(`${name}\n${[...projection.handles].sort().join(',')}\n`);
    hash.update(`${projection.initial.toString()}\n${projection.evolve.toString()}\n`);
    hash.update(
      `${projection.storedFormOf?.toString() ?? ''}\n${projection.restoreStored?.toString() ?? ''}\n`,
    );
  }
  return hash.digest('hex').slice(0, 24);
}

export class SnapshotFile<Models> {
  constructor(
    readonly file: string,
    private readonly version: string,
  ) {}

  /** The stored snapshot if it is readable and of this version; undefined otherwise (then rebuild). */
  load(): Snapshot<Models> | undefined {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file);
    } catch {
      return undefined;
    }
    try {
      const stored = deserialize(bytes) as Partial<Snapshot<Models>> & { format?: number };
      if (stored.format !== FORMAT || stored.version !== this.version) return undefined;
      if (
        typeof stored.position !== 'number' ||
        typeof stored.eventId !== 'string' ||
        typeof stored.previousPosition !== 'number' ||
        !stored.models
      )
        return undefined;
      return {
        version: stored.version,
        position: stored.position,
        eventId: stored.eventId,
        previousPosition: stored.previousPosition,
        models: stored.models,
      };
    } catch {
      // A torn or foreign file: a cache miss.
      return undefined;
    }
  }

  /**
   * Writes the snapshot beside the old one and renames it over, so a crash leaves the old or the new file,
   * never half of one. Synchronous: the models must not change while they are serialised.
   */
  save(snapshot: Omit<Snapshot<Models>, 'version'>): void {
    const bytes = serialize({ format: FORMAT, version: this.version, ...snapshot });
    // Per process: a CLI next to the server may checkpoint the same folder.
    const partial = `${this.file}.${process.pid}.partial`;
    const descriptor = openSync(partial, 'w');
    try {
      writeSync(descriptor, bytes);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(partial, this.file);
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}
