// The label application service: draws labels (signed, so a print knows what it prints), and runs a
// print: quantity check, printer up?, the request on the person's day stream (which decides the charge),
// the charge through the ledger, then the job on the printer's queue. Outcomes come back later as
// FinishLabelPrint. Order matters: the printer's heartbeat is checked before anything is written, and a
// print refused after its charge (insufficient balance, or the queue went away in between) gets its
// charge refunded, so a print that never reached the printer never costs anything.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { newId } from '../ids.ts';
import { CLUB_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Ledger } from '../ledger/service.ts';
import { type LabelCommand, type LabelDayState, labelDayDecider } from './decider.ts';
import { labelDayStream, labelEventSchema, labelPrintId, parseLabelPrintId } from './events.ts';
import { addPngText, readPngText } from './png-text.ts';
import { type LabelContent, pngDataUri, pngOfDataUri, renderLabel } from './render.ts';
import {
  checkQuantity,
  isLabelKind,
  LABEL_EXTRA_SHEET_CENTS,
  type LabelKind,
  type LabelLocation,
  taipeiDay,
} from './rules.ts';

const TEXT_KEYWORD = 'club-label';

/** What a drawn label is, signed into its PNG. */
export interface LabelStamp {
  kind: LabelKind;
  target: string;
  /** Who drew it: a label drawn by one person is not printed on another's allowance. */
  userPk: number;
}

/** What the print call needs from the device link (workers/src/device-link.ts), kept abstract here. */
export interface LabelPrinterPort {
  /** Whether the printer host reported within its heartbeat's lifetime. */
  isUp(): Promise<boolean>;
  /** Queues the job under `printId` (a repeat is a no-op); servicedown when it cannot be queued. */
  enqueue(job: { printId: string; image: string; quantity: number }): Promise<{ ok: boolean }>;
}

export type PrintReason = 'format' | 'image' | 'servicedown' | 'insufficient_balance' | 'mismatch' | 'failed';

export type PrintResult =
  | { ok: true; printId: string; quantity: number; chargeCents: number; position: number }
  | { ok: false; reason: PrintReason };

export interface PrintRequest {
  userPk: number;
  dataUri: string;
  quantity: unknown;
  location: LabelLocation;
  simple: boolean;
  /** The caller's idempotency key; a repeat with the same key prints and charges once. */
  requestId: string | undefined;
  /** Looked-up fact: the person holds allowdebt. */
  allowDebt: boolean;
}

export class Labels {
  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    /** Signs drawn labels (the session secret). */
    private readonly signingKey: string,
    private readonly cache?: StateCache,
  ) {}

  #sign(payload: string): string {
    return createHmac('sha256', this.signingKey).update(payload).digest('base64url').slice(0, 32);
  }

  /** Renders a label and signs what it is into the PNG. */
  async draw(content: LabelContent, stamp: LabelStamp): Promise<string> {
    const png = await renderLabel(content);
    const payload = Buffer.from(JSON.stringify(stamp)).toString('base64url');
    return pngDataUri(addPngText(png, TEXT_KEYWORD, `${payload}.${this.#sign(payload)}`));
  }

  /** The stamp of a label this portal drew, or null for any other image. */
  stampOf(dataUri: string): LabelStamp | null {
    const png = pngOfDataUri(dataUri);
    const text = png ? readPngText(png, TEXT_KEYWORD) : null;
    const [payload, signature] = text?.split('.') ?? [];
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const stamp = JSON.parse(Buffer.from(payload, 'base64url').toString()) as LabelStamp;
      return isLabelKind(stamp.kind) && Number.isSafeInteger(stamp.userPk) ? stamp : null;
    } catch {
      return null;
    }
  }

  #command(printId: string, command: LabelCommand, context: CommandContext) {
    const parsed = parseLabelPrintId(printId);
    if (!parsed) throw new Error(`not a label print id: ${printId}`);
    const { commandId: _ignored, ...recordContext } = context;
    return handleCommand(
      this.store,
      labelDayStream(parsed.userPk, parsed.day),
      labelDayDecider,
      command,
      recordContext,
      { cache: this.cache, schema: labelEventSchema, deciderIsIdempotent: true },
    );
  }

  /** The day's state of a print's stream (tests, reconciliation). */
  async dayState(printId: string): Promise<LabelDayState | null> {
    const parsed = parseLabelPrintId(printId);
    if (!parsed) return null;
    return (
      await loadState(this.store, labelDayStream(parsed.userPk, parsed.day), labelDayDecider, this.cache)
    ).state;
  }

  async print(
    request: PrintRequest,
    printer: LabelPrinterPort,
    context: CommandContext,
  ): Promise<PrintResult> {
    const stamp = this.stampOf(request.dataUri);
    if (!stamp || stamp.userPk !== request.userPk) return { ok: false, reason: 'image' };
    const quantity = checkQuantity(stamp.kind, request.quantity);
    if (!quantity.ok) return { ok: false, reason: 'format' };
    // Nothing is written for a printer that is not there.
    if (!(await printer.isUp())) return { ok: false, reason: 'servicedown' };
    const key = createHash('sha256')
      .update(`${request.userPk}:${request.requestId ?? newId()}`)
      .digest('hex')
      .slice(0, 20);
    const printId = labelPrintId(request.userPk, taipeiDay(context.now), key);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([request.dataUri, quantity.quantity, request.location, request.simple]))
      .digest('hex')
      .slice(0, 32);
    const requested = await this.#command(
      printId,
      {
        type: 'RequestLabelPrint',
        printId,
        userPk: request.userPk,
        kind: stamp.kind,
        target: stamp.target,
        quantity: quantity.quantity,
        image: request.dataUri,
        location: request.location,
        simple: request.simple,
        fingerprint,
      },
      context,
    );
    if (!requested.ok)
      return { ok: false, reason: requested.rejection.rejected === 'mismatch' ? 'mismatch' : 'failed' };
    const record = requested.state.prints.get(printId);
    if (!record) throw new Error(`label print ${printId} missing after it was requested`);
    let position = requested.position;
    // A repeat of a print already refused answers the same refusal.
    if (record.status === 'refused')
      return { ok: false, reason: record.reason === 'servicedown' ? 'servicedown' : 'insufficient_balance' };
    const chargeCents = record.chargeCents;
    if (chargeCents > 0) {
      const charged = await this.ledger.post({
        transferId: `label:${printId}`,
        from: request.userPk,
        to: CLUB_ACCOUNTS.labelIncome.id,
        amountCents: chargeCents,
        summary: { code: 'label_extra_sheets', params: { sheets: chargeCents / LABEL_EXTRA_SHEET_CENTS } },
        allowDebt: request.allowDebt,
        now: context.now,
        actorPk: request.userPk,
        correlationId: context.correlationId,
      });
      if (!charged.ok) {
        await this.#command(
          printId,
          { type: 'RefuseLabelPrint', printId, reason: 'insufficient_balance' },
          context,
        );
        return {
          ok: false,
          reason: charged.reason === 'insufficient_balance' ? 'insufficient_balance' : 'failed',
        };
      }
      position = Math.max(position, charged.position);
    }
    if (record.status === 'finished')
      return { ok: true, printId, quantity: quantity.quantity, chargeCents, position };
    const queued = await printer.enqueue({ printId, image: request.dataUri, quantity: quantity.quantity });
    if (!queued.ok) {
      const refused = await this.#command(
        printId,
        { type: 'RefuseLabelPrint', printId, reason: 'servicedown' },
        context,
      );
      if (refused.ok) position = Math.max(position, refused.position);
      position = Math.max(position, await this.#refundCharge(printId, chargeCents, context));
      return { ok: false, reason: 'servicedown' };
    }
    return { ok: true, printId, quantity: quantity.quantity, chargeCents, position };
  }

  /** Records the printer's outcome (idempotent); a failed print's charge is refunded. */
  async recordOutcome(
    printId: string,
    outcome: { done: boolean; result: string; finishedAt: Date },
    context: CommandContext,
  ): Promise<number> {
    // A job on the label queue that is not a print of this portal (another portal on a shared prefix).
    if (!parseLabelPrintId(printId)) return 0;
    const finished = await this.#command(
      printId,
      {
        type: 'FinishLabelPrint',
        printId,
        done: outcome.done,
        result: outcome.result.slice(0, 500),
        finishedAt: outcome.finishedAt.toISOString(),
      },
      context,
    );
    if (!finished.ok) return 0;
    const record = finished.state.prints.get(printId);
    let position = finished.position;
    if (record?.status === 'finished' && !record.done)
      position = Math.max(position, await this.#refundCharge(printId, record.chargeCents, context));
    return position;
  }

  /** Gives back the charge of a print that was not printed, if it was charged (idempotent). */
  async #refundCharge(printId: string, chargeCents: number, context: CommandContext): Promise<number> {
    const parsed = parseLabelPrintId(printId);
    if (chargeCents === 0 || !parsed) return 0;
    const original = `${userAccount(parsed.userPk)}/posting:label:${printId}`;
    if (!(await this.ledger.transferOf(original))) return 0;
    const refunded = await this.ledger.refund({
      transferId: `label:${printId}`,
      original,
      amountCents: chargeCents,
      reason: { code: 'label_refund', params: { sheets: chargeCents / LABEL_EXTRA_SHEET_CENTS } },
      cancelDue: false,
      allowDebt: false,
      now: context.now,
      actorPk: null,
      correlationId: context.correlationId,
    });
    return refunded.ok ? refunded.position : 0;
  }
}
