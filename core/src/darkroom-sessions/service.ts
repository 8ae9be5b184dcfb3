// The darkroom session service: each command decided against the member's stream, and a check-out's
// follow-ups: the charge as one ledger posting (member -> darkroom fees, transferId `darkroom:{session}`)
// and the chemicals used as chemical 'use' events (keyed `darkroom:{session}/{useId}`). Both follow-ups
// are idempotent, so `settle` finishes a check-out a crash interrupted (the API runs it at start for every
// checked-out session whose posting is missing).
import type { Chemicals } from '../chemicals/service.ts';
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { CLUB_ACCOUNTS, userAccount } from '../ledger/accounts.ts';
import type { Ledger } from '../ledger/service.ts';
import {
  type DarkroomCommand,
  darkroomDecider,
  type DarkroomMemberState,
  type DarkroomRejection,
} from './decider.ts';
import {
  darkroomMemberStream,
  darkroomSessionEventSchema,
  type SessionCharge,
  sessionTransferId,
} from './events.ts';

export type DarkroomAnswer =
  | { ok: true; position: number; state: DarkroomMemberState }
  | { ok: false; reason: DarkroomRejection };

/** Where a test can simulate a crash: after the check-out is stored, before its follow-ups. */
export type DarkroomStep = 'checked_out';

export interface DarkroomSessionsOptions {
  cache?: StateCache;
  afterStep?: (step: DarkroomStep, sessionId: string) => void;
}

/** The ledger's global name of a session's posting (its debit side). */
export const sessionTransferKey = (userPk: number, sessionId: string): string =>
  `${userAccount(userPk)}/posting:${sessionTransferId(sessionId)}`;

const unitsCharged = (charge: SessionCharge, code: SessionCharge['items'][number]['code']): number => {
  const item = charge.items.find((fee) => fee.code === code);
  return item ? item.quantity - item.covered : 0;
};

export class DarkroomSessions {
  constructor(
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly chemicals: Chemicals | null,
    private readonly options: DarkroomSessionsOptions = {},
  ) {}

  async state(userPk: number): Promise<DarkroomMemberState> {
    return (await loadState(this.store, darkroomMemberStream(userPk), darkroomDecider, this.options.cache))
      .state;
  }

  async handle(userPk: number, command: DarkroomCommand, context: CommandContext): Promise<DarkroomAnswer> {
    const { commandId: _ignored, ...recordContext } = context;
    const result = await handleCommand(
      this.store,
      darkroomMemberStream(userPk),
      darkroomDecider,
      command,
      recordContext,
      { cache: this.options.cache, schema: darkroomSessionEventSchema, deciderIsIdempotent: true },
    );
    return result.ok
      ? { ok: true, position: result.position, state: result.state }
      : { ok: false, reason: result.rejection.rejected };
  }

  /** Checks out and posts the charge and the chemicals used; a retry posts nothing twice. */
  async checkOut(
    userPk: number,
    sessionId: string,
    byPk: number,
    context: CommandContext,
  ): Promise<
    { ok: true; position: number; charge: SessionCharge } | { ok: false; reason: DarkroomRejection }
  > {
    const answer = await this.handle(userPk, { type: 'CheckOut', sessionId, byPk }, context);
    if (!answer.ok) return answer;
    const closed = answer.state.closed.get(sessionId);
    if (!closed) throw new Error(`darkroom session ${sessionId} not closed after its check-out`);
    this.options.afterStep?.('checked_out', sessionId);
    const settled = await this.settle(userPk, sessionId, context);
    return { ok: true, position: Math.max(answer.position, settled), charge: closed.charge };
  }

  /**
   * The follow-ups of a checked-out session: its posting (debt allowed: the darkroom was used, so the fee
   * is owed; a member in debt shows in the debt list) and its chemical uses. Idempotent.
   */
  async settle(userPk: number, sessionId: string, context: CommandContext): Promise<number> {
    const closed = (await this.state(userPk)).closed.get(sessionId);
    if (!closed) return 0;
    let position = 0;
    const { charge } = closed;
    if (charge.totalCents > 0) {
      const posted = await this.ledger.post({
        transferId: sessionTransferId(sessionId),
        from: userPk,
        to: CLUB_ACCOUNTS.darkroomIncome.id,
        amountCents: charge.totalCents,
        summary: {
          code: 'darkroom_session',
          params: {
            bwRolls: unitsCharged(charge, 'bw_film_roll'),
            bwPrint: unitsCharged(charge, 'bw_print_session'),
            colourRolls: unitsCharged(charge, 'colour_film_roll'),
          },
        },
        allowDebt: true,
        now: context.now,
        actorPk: null,
        correlationId: context.correlationId,
      });
      if (!posted.ok) throw new Error(`darkroom session ${sessionId} not posted: ${posted.reason}`);
      position = posted.position;
    }
    if (this.chemicals)
      for (const use of closed.uses) {
        const used = await this.chemicals.handle(
          {
            type: 'UseChemical',
            pk: use.chemicalPk,
            volumeMl: use.volumeMl,
            userPk,
            comment: 'darkroom',
            // The chemical decider remembers these keys (named for the dispenser, its first user).
            dispenseId: `${sessionTransferId(sessionId)}/${use.useId}`,
          },
          { now: context.now, actor: null, correlationId: context.correlationId },
        );
        if (used.ok) position = Math.max(position, used.position);
      }
    return position;
  }
}
