// The loans application service: runs the library, equipment and shared-paper deciders and moves their
// money through the ledger (fines, deposits, rent) and the stock sale (paper). Each decision is recorded
// first and its money follows with transfer ids derived from the loan, so running the follow-up again
// (a retried request, or `settlePending` at start) posts nothing twice: a deposit is released exactly
// once, a fine charged once, a box's sheets sold once (docs/loans.md).
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { Decider, DomainEvent } from '../decider.ts';
import type { EventStore } from '../eventstore/port.ts';
import { type AccountRef, CLUB_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { SummaryCode } from '../ledger/summary-text.ts';
import { type Ledger, type LedgerRequest, requestContext } from '../ledger/service.ts';
import type { Sales } from '../stock/sale-service.ts';
import {
  EQUIPMENT_STREAM,
  type EquipmentCommand,
  type EquipmentLoan,
  type EquipmentState,
  equipmentDecider,
  equipmentEventSchema,
  equipmentTransferIds,
  type PropertyFields,
} from './equipment.ts';
import {
  type BookFields,
  bookFineTransferId,
  LIBRARY_STREAM,
  type LibraryCommand,
  type LibraryState,
  libraryDecider,
  libraryEventSchema,
} from './library.ts';
import { PAPER_STREAM, type PaperCommand, type PaperState, paperDecider, paperEventSchema } from './paper.ts';
import type { ActivityType } from './rules.ts';

export type LoansResult<Extra = object> =
  | ({ ok: true; position: number } & Extra)
  | { ok: false; reason: string; detail?: Record<string, unknown> };

const equipmentDepositsAccount = CLUB_ACCOUNTS.equipmentDeposits.id;

export class Loans {
  constructor(
    readonly store: EventStore,
    readonly ledger: Ledger,
    readonly sales: Sales,
    readonly cache?: StateCache,
  ) {}

  context(request: LedgerRequest, correlation: string): CommandContext {
    return requestContext(request, correlation);
  }

  async #run<Command, Event extends DomainEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    request: LedgerRequest,
    schema: typeof libraryEventSchema | typeof equipmentEventSchema | typeof paperEventSchema,
  ) {
    return handleCommand(this.store, stream, decider, command, this.context(request, stream), {
      cache: this.cache,
      maxAttempts: 200,
      deciderIsIdempotent: true,
      schema,
    });
  }

  // --- Library ---

  async library(): Promise<LibraryState> {
    return (await loadState(this.store, LIBRARY_STREAM, libraryDecider, this.cache)).state;
  }

  async libraryCommand(
    command: LibraryCommand,
    request: LedgerRequest,
  ): Promise<LoansResult<{ state: LibraryState }>> {
    const result = await this.#run(LIBRARY_STREAM, libraryDecider, command, request, libraryEventSchema);
    if (!result.ok) return { ok: false, reason: result.rejection.rejected, detail: result.rejection.detail };
    let position = result.position;
    if (command.type === 'ReturnBooks') {
      const settled = await this.settleFines(result.state, command.requestKey, request);
      position = Math.max(position, settled);
    }
    return { ok: true, position, state: result.state };
  }

  /** Posts the fines of one return request (or of every return, with no key); idempotent per loan. */
  async settleFines(state: LibraryState, requestKey: string | null, request: LedgerRequest): Promise<number> {
    let position = 0;
    const loanPks =
      requestKey === null ? [...state.loans.keys()] : (state.requests.get(requestKey)?.pks ?? []);
    for (const loanPk of loanPks) {
      const loan = state.loans.get(loanPk);
      if (loan?.status !== 'returned' || loan.fineCents === 0) continue;
      const posted = await this.ledger.post({
        ...request,
        actorPk: loan.returnActorPk,
        transferId: bookFineTransferId(loanPk),
        from: userAccount(loan.userPk),
        to: CLUB_ACCOUNTS.libraryFines.id,
        amountCents: loan.fineCents,
        summary: { code: 'library_fine', params: { loan: `BLOG-${loanPk}`, days: loan.overdueDays } },
        // Decided: a fine is charged into debt if the balance is short (docs/loans.md).
        allowDebt: true,
      });
      if (!posted.ok) throw new Error(`library fine ${loanPk} refused: ${posted.reason}`);
      position = Math.max(position, posted.position);
    }
    return position;
  }

  addBook(book: BookFields, requestKey: string, request: LedgerRequest) {
    return this.libraryCommand({ type: 'AddBook', book, requestKey, actorPk: request.actorPk }, request);
  }

  // --- Equipment ---

  async equipment(): Promise<EquipmentState> {
    return (await loadState(this.store, EQUIPMENT_STREAM, equipmentDecider, this.cache)).state;
  }

  async equipmentCommand(command: EquipmentCommand, request: LedgerRequest) {
    const result = await this.#run(
      EQUIPMENT_STREAM,
      equipmentDecider,
      command,
      request,
      equipmentEventSchema,
    );
    if (!result.ok)
      return { ok: false as const, reason: result.rejection.rejected, detail: result.rejection.detail };
    return { ok: true as const, position: result.position, state: result.state };
  }

  addProperty(property: PropertyFields, requestKey: string, request: LedgerRequest) {
    return this.equipmentCommand(
      { type: 'AddProperty', property, requestKey, actorPk: request.actorPk },
      request,
    );
  }

  /**
   * Lends an item: the loan is recorded, then its deposit held (member → equipment deposits). A deposit
   * the ledger refuses cancels the loan: 'insufficient_balance', the item stays free.
   */
  async lend(
    input: {
      propertyPk: number;
      userPk: number;
      activityType: ActivityType;
      expReturnAt: Date;
      comment: string;
      requestKey: string;
      /** Looked-up fact: the borrower holds allowdebt. */
      allowDebt: boolean;
    },
    request: LedgerRequest,
  ): Promise<LoansResult<{ loan: EquipmentLoan }>> {
    const lent = await this.equipmentCommand(
      { type: 'LendProperty', ...input, actorPk: request.actorPk },
      request,
    );
    if (!lent.ok) return lent;
    const loanPk = lent.state.requests.get(input.requestKey)?.pk;
    const loan = loanPk === undefined ? undefined : lent.state.loans.get(loanPk);
    if (!loan) throw new Error(`lend ${input.requestKey} left no loan`);
    const finished = await this.finishLend(loan, input.allowDebt, request);
    if (finished.loan.status === 'cancelled') return { ok: false, reason: 'insufficient_balance' };
    return { ok: true, position: Math.max(lent.position, finished.position), loan: finished.loan };
  }

  /** Holds a loan's deposit and records the outcome; a loan past this step is returned as it is. */
  async finishLend(
    loan: EquipmentLoan,
    allowDebt: boolean,
    request: LedgerRequest,
  ): Promise<{ loan: EquipmentLoan; position: number }> {
    if (loan.status !== 'holding') return { loan, position: 0 };
    const posted = await this.ledger.post({
      ...request,
      actorPk: loan.actorPk,
      transferId: equipmentTransferIds(loan.loanPk).deposit,
      from: userAccount(loan.userPk),
      to: equipmentDepositsAccount,
      amountCents: loan.depositCents,
      summary: { code: 'equipment_deposit', params: { loan: `EQLog-${loan.loanPk}` } },
      allowDebt,
    });
    const command: EquipmentCommand = posted.ok
      ? { type: 'ConfirmDeposit', loanPk: loan.loanPk, transferKey: posted.transferKey }
      : { type: 'CancelLend', loanPk: loan.loanPk, reason: posted.reason };
    const recorded = await this.equipmentCommand(command, request);
    if (!recorded.ok) throw new Error(`loan ${loan.loanPk}: ${recorded.reason}`);
    const next = recorded.state.loans.get(loan.loanPk);
    if (!next) throw new Error(`loan ${loan.loanPk} vanished`);
    return { loan: next, position: Math.max(recorded.position, posted.ok ? posted.position : 0) };
  }

  /** Returns an item: the rent is recorded and settled against the deposit (settleReturn). */
  async returnProperty(
    input: { propertyPk: number; requestKey: string; onlyUserPk: number | null; allowDebt: boolean },
    request: LedgerRequest,
  ): Promise<LoansResult<{ loan: EquipmentLoan }>> {
    const state = await this.equipment();
    const current = state.properties.get(input.propertyPk)?.currentLoanPk;
    const pending = current == null ? undefined : state.loans.get(current);
    if (pending?.status === 'holding') {
      const finished = await this.finishLend(pending, input.allowDebt, request);
      if (finished.loan.status === 'cancelled') return { ok: false, reason: 'notout' };
    }
    const returned = await this.equipmentCommand(
      {
        type: 'ReturnProperty',
        propertyPk: input.propertyPk,
        requestKey: input.requestKey,
        actorPk: request.actorPk,
        onlyUserPk: input.onlyUserPk,
      },
      request,
    );
    if (!returned.ok) return returned;
    const loanPk = returned.state.requests.get(input.requestKey)?.pk;
    const loan = loanPk === undefined ? undefined : returned.state.loans.get(loanPk);
    if (!loan) throw new Error(`return ${input.requestKey} left no loan`);
    const position = await this.settleReturn(loan, request);
    return { ok: true, position: Math.max(position, returned.position), loan };
  }

  /**
   * The money of a returned loan: rent from the deposit to the item's account, the rest of the deposit
   * back to the member, rent beyond the deposit from the member (into debt if need be). Idempotent.
   */
  async settleReturn(loan: EquipmentLoan, request: LedgerRequest): Promise<number> {
    if (loan.status !== 'returned') return 0;
    const ids = equipmentTransferIds(loan.loanPk);
    const { returned } = loan;
    const legs: {
      transferId: string;
      from: AccountRef;
      to: AccountRef;
      amountCents: number;
      summary: SummaryCode;
      allowDebt: boolean;
    }[] = [
      {
        transferId: ids.rentFromDeposit,
        from: equipmentDepositsAccount,
        to: returned.accountPk,
        amountCents: returned.fromDepositCents,
        summary: { code: 'equipment_rent', params: { loan: `EQLog-${loan.loanPk}` } },
        allowDebt: false,
      },
      {
        transferId: ids.release,
        from: equipmentDepositsAccount,
        to: userAccount(loan.userPk),
        amountCents: returned.releaseCents,
        summary: { code: 'equipment_release', params: { loan: `EQLog-${loan.loanPk}` } },
        allowDebt: false,
      },
      {
        transferId: ids.extraRent,
        from: userAccount(loan.userPk),
        to: returned.accountPk,
        amountCents: returned.extraRentCents,
        summary: { code: 'equipment_rent', params: { loan: `EQLog-${loan.loanPk}` } },
        allowDebt: true,
      },
    ];
    let position = 0;
    for (const leg of legs) {
      if (leg.amountCents === 0) continue;
      const posted = await this.ledger.post({ ...request, actorPk: returned.actorPk, ...leg });
      if (!posted.ok) throw new Error(`loan ${loan.loanPk} ${leg.transferId} refused: ${posted.reason}`);
      position = Math.max(position, posted.position);
    }
    return position;
  }

  // --- Shared paper ---

  async paper(): Promise<PaperState> {
    return (await loadState(this.store, PAPER_STREAM, paperDecider, this.cache)).state;
  }

  async paperCommand(command: PaperCommand, request: LedgerRequest) {
    const result = await this.#run(PAPER_STREAM, paperDecider, command, request, paperEventSchema);
    if (!result.ok)
      return { ok: false as const, reason: result.rejection.rejected, detail: result.rejection.detail };
    return { ok: true as const, position: result.position, state: result.state };
  }

  /**
   * Weighs a box back in and sells the sheets used to the borrower (the stock sale; into debt if need
   * be: the paper is used). A repeat of the same request only finishes the sale.
   */
  async returnPaper(
    command: Extract<PaperCommand, { type: 'ReturnBox' }>,
    facts: { pointsHundredths: number },
    request: LedgerRequest,
  ): Promise<LoansResult<{ rowPk: number; state: PaperState }>> {
    const returned = await this.paperCommand(command, request);
    if (!returned.ok) return returned;
    const rowPk = returned.state.requests.get(command.requestKey)?.pk;
    if (rowPk === undefined) throw new Error(`paper return ${command.requestKey} left no row`);
    const events = await this.store.readStream(PAPER_STREAM, { direction: 'backwards', maxCount: 50 });
    const event = events
      .map((recorded) => paperEventSchema.parse({ type: recorded.type, data: recorded.data }))
      .find((parsed) => parsed.type === 'PaperReturned' && parsed.data.rowPk === rowPk);
    let position = returned.position;
    if (event?.type === 'PaperReturned')
      position = Math.max(position, await this.sellPaper(event.data, facts, request));
    return { ok: true, position, rowPk, state: returned.state };
  }

  async sellPaper(
    returned: { saleId: string | null; userPk: number; stockPk: number; usedSheets: number; boxPk: number },
    facts: { pointsHundredths: number },
    request: LedgerRequest,
  ): Promise<number> {
    if (returned.saleId === null) return 0;
    const sold = await this.sales.sell(
      {
        saleId: returned.saleId,
        buyerPk: returned.userPk,
        lines: [
          {
            stockPk: returned.stockPk,
            quantityMilli: returned.usedSheets * 1000,
            cartItemId: null,
            label: `sharingpaper-${returned.boxPk}`,
          },
        ],
        pointsHundredths: facts.pointsHundredths,
        allowDebt: true,
        expectedTotalCents: null,
      },
      request,
    );
    if (!sold.ok) throw new Error(`paper sale ${returned.saleId} refused: ${sold.reason}`);
    return sold.position;
  }

  /**
   * Finishes what a crash left between a decision and its money: deposits of loans still holding, the
   * postings of returned loans, fines, and paper sales. Everything it posts is idempotent by id.
   */
  async settlePending(request: LedgerRequest): Promise<void> {
    const library = await this.library();
    await this.settleFines(library, null, request);
    const equipment = await this.equipment();
    for (const loan of equipment.loans.values()) {
      if (loan.status === 'holding') await this.finishLend(loan, false, request);
      if (loan.status === 'returned') await this.settleReturn(loan, request);
    }
    for (const recorded of await this.store.readStream(PAPER_STREAM)) {
      const event = paperEventSchema.parse({ type: recorded.type, data: recorded.data });
      if (event.type === 'PaperReturned') await this.sellPaper(event.data, { pointsHundredths: 0 }, request);
    }
  }
}
