// The stock process manager: it finishes what a crash interrupted, like the ledger's (which it runs beside;
// core/src/ledger/process-manager.ts). Each stored event says what must follow it (stockFollowUpsOf, pure):
//
//   SaleClaimed         -> resume the sale (debit each line, record each delta, credit, confirm; or give
//                          back and release); done by SaleConfirmed or SaleReleased
//   SaleConfirmed       -> take the sale's items out of the cart; done by CartItemsSold
//   StockPurchased      -> post the purchase's recorded posting; done by its TransferDebited
//   TransferDebited     -> (a refund linked to a stock delta) record its stock side on the item;
//                          done by StockPurchaseRefunded or StockSaleRefunded
//
// The ledger's manager credits every debit (sale lines, purchases, refunds) as it does any transfer.
// settleStock scans the log (from a checkpoint) and runs what is pending; startStockProcessManager does
// that at start and then follows the live log, retrying a failed follow-up with backoff (1 s doubling to
// 5 min) and listing it in stuck() meanwhile.
import type { EventStore, RecordedEvent, Subscription } from '../eventstore/port.ts';
import type { Posting, TransferDebitedData } from '../ledger/events.ts';
import { transferKeyOf } from '../ledger/events.ts';
import type { LedgerRequest } from '../ledger/service.ts';
import type { SaleClaimed } from './events.ts';
import type { Sales } from './sale-service.ts';
import { deltaOfTransferId, type Stock } from './service.ts';

export type StockFollowUp =
  | { type: 'ResumeSale'; saleId: string; key: string }
  | { type: 'PostPurchase'; posting: Posting; key: string }
  | { type: 'RecordStockRefund'; debited: TransferDebitedData; key: string };

interface EventLike {
  type: string;
  data: unknown;
}

/** Whether a debit is a refund whose stock side must be recorded on its item. */
function refundWithStock(debited: TransferDebitedData): boolean {
  const { kind, links } = debited.posting;
  if (kind !== 'refund' || !links.stockDelta || !links.refundOf) return false;
  if (links.stockDelta.kind === 3) return false;
  if (links.stockDelta.kind === 2 && Math.round(Math.abs(links.stockDelta.delta) * 1000) === 0) return false;
  const transferId = links.refundOf.slice(links.refundOf.indexOf('/') + 1);
  return deltaOfTransferId(transferId, links.stockDelta.stockPk) !== null;
}

/** Every step that must follow this event (pure). */
export function stockFollowUpsOf(event: EventLike): StockFollowUp[] {
  switch (event.type) {
    case 'SaleClaimed': {
      const { saleId } = event.data as SaleClaimed['data'];
      return [{ type: 'ResumeSale', saleId, key: `sale|${saleId}` }];
    }
    case 'SaleConfirmed': {
      const { saleId, cartItemIds } = event.data as { saleId: string; cartItemIds: string[] };
      return cartItemIds.length > 0 ? [{ type: 'ResumeSale', saleId, key: `cart|${saleId}` }] : [];
    }
    case 'StockPurchased': {
      const { posting } = event.data as { posting: Posting };
      return [
        { type: 'PostPurchase', posting, key: `post|${transferKeyOf(posting.debit, posting.transferId)}` },
      ];
    }
    case 'TransferDebited': {
      const debited = event.data as TransferDebitedData;
      return refundWithStock(debited)
        ? [{ type: 'RecordStockRefund', debited, key: `refund|${debited.transferKey}` }]
        : [];
    }
    default:
      return [];
  }
}

/** The follow-up keys an event shows done. */
function doneKeysOf(event: EventLike): string[] {
  switch (event.type) {
    case 'SaleConfirmed':
    case 'SaleReleased':
      return [`sale|${(event.data as { saleId: string }).saleId}`];
    case 'CartItemsSold':
      return [`cart|${(event.data as { saleId: string }).saleId}`];
    case 'TransferDebited':
      return [`post|${(event.data as TransferDebitedData).transferKey}`];
    case 'StockPurchaseRefunded':
    case 'StockSaleRefunded':
      return [`refund|${(event.data as { refundTransferKey: string }).refundTransferKey}`];
    default:
      return [];
  }
}

export interface PendingStockFollowUp {
  followUp: StockFollowUp;
  position: number;
  /** The position before the calling event in the scan: resuming after it reads that event again. */
  resumeAfter: number;
  correlationId: string;
  causationId: string;
}

/** Follows the log and keeps the follow-ups whose completing event has not come yet. */
export class StockPendingScan {
  private readonly pending = new Map<string, PendingStockFollowUp>();
  constructor(private previous = 0) {}

  add(event: RecordedEvent): void {
    const resumeAfter = this.previous;
    this.previous = event.position;
    for (const key of doneKeysOf(event)) this.pending.delete(key);
    for (const followUp of stockFollowUpsOf(event)) {
      if (this.pending.has(followUp.key)) continue;
      this.pending.set(followUp.key, {
        followUp,
        position: event.position,
        resumeAfter,
        correlationId: event.metadata.correlationId,
        causationId: event.id,
      });
    }
  }

  list(): PendingStockFollowUp[] {
    return [...this.pending.values()].sort((a, b) => a.position - b.position);
  }
}

/** Runs one follow-up through the services. */
export async function executeStockFollowUp(
  services: { stock: Stock; sales: Sales },
  followUp: StockFollowUp,
  request: LedgerRequest,
): Promise<void> {
  switch (followUp.type) {
    case 'ResumeSale':
      await services.sales.resume(followUp.saleId, request);
      return;
    case 'PostPurchase':
      await services.stock.ledger.postStoredPosting(followUp.posting, request);
      return;
    case 'RecordStockRefund':
      await services.stock.recordRefund(followUp.debited, request);
      return;
    default: {
      const unknown: never = followUp;
      throw new Error(`unknown stock follow-up ${JSON.stringify(unknown)}`);
    }
  }
}

export interface StockSettleReport {
  /** Everything up to here is settled (pass it as afterPosition next time). */
  checkpoint: number;
  scannedTo: number;
  executed: number;
  pending: PendingStockFollowUp[];
  failed: { entry: PendingStockFollowUp; error: unknown }[];
}

const PAGE_SIZE = 1000;

async function scan(store: EventStore, afterPosition: number, upTo: number): Promise<PendingStockFollowUp[]> {
  const pending = new StockPendingScan(afterPosition);
  let after = afterPosition;
  while (after < upTo) {
    const page = await store.readAll({ afterPosition: after, maxCount: PAGE_SIZE });
    for (const event of page) if (event.position <= upTo) pending.add(event);
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1]!.position;
  }
  return pending.list();
}

/** Finishes every stock operation left half-done in the log after `afterPosition`. */
export async function settleStock(
  services: { stock: Stock; sales: Sales },
  options: {
    afterPosition?: number;
    now?: () => Date;
    maxPasses?: number;
    onFailure?: (error: unknown, entry: PendingStockFollowUp) => void;
  } = {},
): Promise<StockSettleReport> {
  const store = services.stock.store;
  const now = options.now ?? (() => new Date());
  const afterPosition = options.afterPosition ?? 0;
  const failed = new Map<string, { entry: PendingStockFollowUp; error: unknown }>();
  let executed = 0;
  for (let pass = 1; ; pass++) {
    const head = await store.headPosition();
    const pending = await scan(store, afterPosition, head);
    const toRun = pending.filter((entry) => !failed.has(entry.followUp.key));
    if (toRun.length === 0 || pass > (options.maxPasses ?? 5)) {
      return {
        checkpoint: pending.length === 0 ? head : pending[0]!.resumeAfter,
        scannedTo: head,
        executed,
        pending,
        failed: [...failed.values()].filter((failure) =>
          pending.some((entry) => entry.followUp.key === failure.entry.followUp.key),
        ),
      };
    }
    for (const entry of toRun) {
      try {
        await executeStockFollowUp(services, entry.followUp, {
          now: now(),
          actorPk: null,
          correlationId: entry.correlationId,
          causationId: entry.causationId,
        });
        executed += 1;
      } catch (error) {
        failed.set(entry.followUp.key, { entry, error });
        options.onFailure?.(error, entry);
      }
    }
  }
}

export interface StockProcessManager {
  ready: Promise<StockSettleReport>;
  /** Follow-ups that failed and wait for their next attempt. */
  stuck(): {
    type: StockFollowUp['type'];
    subject: string;
    attempts: number;
    firstFailedAt: Date;
    lastError: string;
  }[];
  stop(): Promise<void>;
}

/** settleStock at start, then the live log; failed follow-ups are retried with backoff. */
export function startStockProcessManager(
  services: { stock: Stock; sales: Sales },
  options: {
    afterPosition?: number;
    now?: () => Date;
    onError?: (error: unknown, description?: string) => void;
    retry?: { initialDelayMs?: number; maxDelayMs?: number };
  } = {},
): StockProcessManager {
  const store = services.stock.store;
  const now = options.now ?? (() => new Date());
  const initialDelayMs = options.retry?.initialDelayMs ?? 1000;
  const maxDelayMs = options.retry?.maxDelayMs ?? 5 * 60_000;
  const stuck = new Map<
    string,
    {
      followUp: StockFollowUp;
      attempts: number;
      firstFailedAt: Date;
      lastError: string;
      cause: Cause;
      timer?: NodeJS.Timeout;
    }
  >();
  const running = new Set<Promise<unknown>>();
  let subscription: Subscription | undefined;
  let stopped = false;
  let lastHandled = 0;
  type Cause = { correlationId: string; causationId: string };

  const run = (followUp: StockFollowUp, cause: Cause) =>
    executeStockFollowUp(services, followUp, { now: now(), actorPk: null, ...cause });

  const failed = (error: unknown, followUp: StockFollowUp, cause: Cause) => {
    const entry = stuck.get(followUp.key) ?? {
      followUp,
      attempts: 0,
      firstFailedAt: now(),
      lastError: '',
      cause,
    };
    entry.attempts += 1;
    entry.lastError = error instanceof Error ? error.message : String(error);
    stuck.set(followUp.key, entry);
    const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** (entry.attempts - 1));
    options.onError?.(error, `${followUp.type} ${followUp.key} (attempt ${entry.attempts})`);
    if (stopped) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      const work = (async () => {
        if (stopped || !stuck.has(followUp.key)) return;
        try {
          await run(followUp, cause);
          stuck.delete(followUp.key);
        } catch (retryError) {
          failed(retryError, followUp, cause);
        }
      })();
      running.add(work);
      void work.finally(() => running.delete(work));
    }, delay);
    entry.timer.unref();
  };

  const handle = async (event: RecordedEvent) => {
    for (const key of doneKeysOf(event)) {
      const entry = stuck.get(key);
      if (entry) clearTimeout(entry.timer);
      stuck.delete(key);
    }
    for (const followUp of stockFollowUpsOf(event)) {
      const cause = { correlationId: event.metadata.correlationId, causationId: event.id };
      try {
        await run(followUp, cause);
      } catch (error) {
        failed(error, followUp, cause);
      }
    }
    lastHandled = event.position;
  };

  const subscribe = () => {
    if (stopped) return;
    subscription = store.subscribeToAll(handle, {
      afterPosition: lastHandled,
      onError: (error) => {
        options.onError?.(error);
        if (stopped) return;
        setTimeout(subscribe, initialDelayMs).unref();
      },
    });
  };

  const ready = settleStock(services, {
    ...(options.afterPosition !== undefined ? { afterPosition: options.afterPosition } : {}),
    now,
    onFailure: (error, entry) => failed(error, entry.followUp, entry),
  }).then((report) => {
    lastHandled = report.scannedTo;
    subscribe();
    return report;
  });

  return {
    ready,
    stuck: () =>
      [...stuck.values()].map((entry) => ({
        type: entry.followUp.type,
        subject: entry.followUp.key,
        attempts: entry.attempts,
        firstFailedAt: entry.firstFailedAt,
        lastError: entry.lastError,
      })),
    async stop() {
      stopped = true;
      for (const entry of stuck.values()) clearTimeout(entry.timer);
      await ready.catch(() => undefined);
      await subscription?.stop();
      await Promise.allSettled([...running]);
    },
  };
}
