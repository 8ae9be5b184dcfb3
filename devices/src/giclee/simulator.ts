// A simulated Epson SureColor P6000 (44 cm / 24-inch roll): members' jobs arrive now and then with a file
// name that carries the member (U00102) and the paper's keyword, print for a while ('Printing'), then end
// 'Completed' (sometimes 'Canceled' part way). Each job drains ink by its area and coverage; a cartridge
// below 3 % is swapped for a full one. The printer can be switched off (offline) or drop out at random.
import { INK_COLOURS, type InkAmounts, type PrinterJob } from '@club/core/giclee/report';
import { DeviceOfflineError } from '../driver.ts';
import type { PrinterConnection } from './driver.ts';

export interface PrinterSimulatorOptions {
  /** A new job every this many ms (default 90 s); 0 makes none by itself. */
  jobEveryMs?: number;
  /** How long a job prints (default 20 s). */
  printMs?: number;
  /** Start unreachable. */
  offline?: boolean;
  /** Chance (0 to 1) that a read fails as if the network dropped. */
  outageRate?: number;
  /** Deterministic randomness for tests. */
  random?: () => number;
  now?: () => Date;
  /** The first job number (the printer's counter). */
  firstJobId?: number;
  /** Jobs already in the log at start. */
  initialJobs?: number;
  /** The members whose jobs arrive (their pks go into the file names); 101 to 105 by default. */
  memberPks?: readonly number[];
}

const MEDIA = [
  { keyword: 'A01', media: 'Premium Glossy Photo Paper (250)' },
  { keyword: 'A02', media: 'Fine Art Paper (Photo Rag 308)' },
  { keyword: 'B01', media: 'Baryta (Canson Photographique)' },
  { keyword: '', media: 'Plain Paper' },
] as const;
const WIDTHS_MM = [210, 297, 329, 432, 610];
const SUBJECTS = ['sunset', 'portrait', 'street', 'harbour', 'forest', 'exhibition', 'still_life'];
const MEMBERS = [101, 102, 103, 104, 105];
const STATUS_PRINTING = 'Printing';
const LOG_SIZE = 200;

/** ml of each ink per m² at typical coverage (the P6000 uses about 10 ml/m² all told). */
const ML_PER_M2: Record<(typeof INK_COLOURS)[number], number> = {
  PK: 1.8,
  MK: 0.2,
  C: 1.1,
  VM: 1.2,
  Y: 1.3,
  LC: 1.2,
  VLM: 1.2,
  LK: 1.0,
  LLK: 0.9,
};
/** A cartridge holds 80 ml; levels are percent. */
const CARTRIDGE_ML = 80;

export class PrinterSimulator implements PrinterConnection {
  readonly #jobs: (PrinterJob & { endsAt: number; cancelAt: number | null })[] = [];
  readonly #random: () => number;
  readonly #now: () => Date;
  readonly #printMs: number;
  readonly #outageRate: number;
  readonly #levels: Record<string, number>;
  readonly #members: readonly number[];
  #nextJobId: number;
  #timer: NodeJS.Timeout | null = null;
  offline: boolean;

  constructor(options: PrinterSimulatorOptions = {}) {
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? (() => new Date());
    this.#printMs = options.printMs ?? 20_000;
    this.#outageRate = options.outageRate ?? 0;
    this.offline = options.offline ?? false;
    this.#members = options.memberPks && options.memberPks.length > 0 ? options.memberPks : MEMBERS;
    this.#nextJobId = options.firstJobId ?? 1000 + Math.floor(this.#random() * 9000);
    this.#levels = Object.fromEntries(
      INK_COLOURS.map((colour) => [colour, 60 + Math.round(this.#random() * 40)]),
    );
    for (let index = 0; index < (options.initialJobs ?? 0); index++) this.addJob({ finished: true });
    const every = options.jobEveryMs ?? 90_000;
    if (every > 0) {
      this.#timer = setInterval(() => this.addJob(), every);
      this.#timer.unref();
    }
  }

  /** A member sends a job (tests and the interval call this). */
  addJob(
    options: { name?: string; widthMm?: number; heightMm?: number; finished?: boolean } = {},
  ): PrinterJob {
    const pick = <T>(list: readonly T[]): T => list[Math.floor(this.#random() * list.length)]!;
    const paper = pick(MEDIA);
    const member = this.#random() < 0.85 ? `U${String(pick(this.#members)).padStart(5, '0')}_` : '';
    const name = options.name ?? `${member}${pick(SUBJECTS)}${paper.keyword ? `_${paper.keyword}` : ''}.tif`;
    const widthMm = options.widthMm ?? pick(WIDTHS_MM);
    const heightMm = options.heightMm ?? Math.round(200 + this.#random() * 800);
    const now = this.#now().getTime();
    const canceled = !options.finished && this.#random() < 0.1;
    const job = {
      jobId: this.#nextJobId++,
      name,
      startedAt: new Date(now).toISOString(),
      widthMm,
      heightMm,
      media: paper.media,
      status: options.finished ? 'Completed' : STATUS_PRINTING,
      ink: Object.fromEntries(INK_COLOURS.map((colour) => [colour, 0])) as InkAmounts,
      endsAt: options.finished ? now : now + this.#printMs,
      cancelAt: canceled ? now + this.#printMs / 2 : null,
    };
    if (options.finished) this.#finish(job, 1);
    this.#jobs.push(job);
    if (this.#jobs.length > LOG_SIZE) this.#jobs.shift();
    return this.#publicJob(job);
  }

  #finish(job: PrinterJob, fraction: number): void {
    const m2 = ((job.widthMm * job.heightMm) / 1_000_000) * fraction;
    const ink: Record<string, number> = {};
    for (const colour of INK_COLOURS) {
      const ml = Math.round(ML_PER_M2[colour] * m2 * (0.7 + this.#random() * 0.6) * 1000) / 1000;
      ink[colour] = ml;
      let level = this.#levels[colour]! - (ml / CARTRIDGE_ML) * 100;
      if (level < 3) level = 100; // the cartridge is swapped
      this.#levels[colour] = Math.round(level * 10) / 10;
    }
    job.ink = ink as InkAmounts;
    if (fraction < 1) job.heightMm = Math.round(job.heightMm * fraction);
  }

  /** Moves jobs whose time has come to Completed or Canceled. */
  #advance(): void {
    const now = this.#now().getTime();
    for (const job of this.#jobs) {
      if (job.status !== STATUS_PRINTING) continue;
      if (job.cancelAt !== null && now >= job.cancelAt) {
        job.status = 'Canceled';
        this.#finish(job, 0.5);
      } else if (now >= job.endsAt) {
        job.status = 'Completed';
        this.#finish(job, 1);
      }
    }
  }

  #reach(): void {
    if (this.offline || (this.#outageRate > 0 && this.#random() < this.#outageRate))
      throw new DeviceOfflineError('giclee');
  }

  #publicJob(job: PrinterJob): PrinterJob {
    const { jobId, name, startedAt, widthMm, heightMm, media, status, ink } = job;
    return { jobId, name, startedAt, widthMm, heightMm, media, status, ink: { ...ink } };
  }

  async readJobLog(): Promise<PrinterJob[]> {
    this.#reach();
    this.#advance();
    return this.#jobs.map((job) => this.#publicJob(job));
  }

  async readInkLevels(): Promise<InkAmounts> {
    this.#reach();
    return { ...this.#levels } as InkAmounts;
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}

/**
 * GICLEE_JOB_EVERY_MS, GICLEE_PRINT_MS, GICLEE_INITIAL_JOBS, GICLEE_OUTAGE_RATE, GICLEE_OFFLINE=1,
 * GICLEE_FIRST_JOB_ID and GICLEE_MEMBER_PKS (comma-separated).
 */
export function printerSimulatorOptionsFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): PrinterSimulatorOptions {
  const number = (text: string | undefined, fallback: number) => {
    const value = Number(text);
    return text?.trim() && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    jobEveryMs: number(environment.GICLEE_JOB_EVERY_MS, 90_000),
    printMs: number(environment.GICLEE_PRINT_MS, 20_000),
    initialJobs: number(environment.GICLEE_INITIAL_JOBS, 3),
    outageRate: number(environment.GICLEE_OUTAGE_RATE, 0),
    offline: environment.GICLEE_OFFLINE === '1',
    memberPks: (environment.GICLEE_MEMBER_PKS ?? '')
      .split(',')
      .map((text) => Number(text.trim()))
      .filter((pk) => Number.isInteger(pk) && pk > 0),
    ...(environment.GICLEE_FIRST_JOB_ID ? { firstJobId: number(environment.GICLEE_FIRST_JOB_ID, 1000) } : {}),
  };
}
