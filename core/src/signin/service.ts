// The sign-in service: staff create sheets; members sign in on one (a claim stream per person and sheet).
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { deterministicUuid, newId } from '../ids.ts';
import {
  sheetDecider,
  type SheetCommand,
  type SheetRejection,
  signInDecider,
  type SignInRejection,
} from './decider.ts';
import {
  signInClaimStream,
  signInEventSchema,
  signInSheetStream,
  type SignInSheetCreated,
} from './events.ts';

export type CreateSheetAnswer =
  | { ok: true; sheetId: string; position: number }
  | { ok: false; reason: SheetRejection };
export type SignInAnswer = { ok: true; position: number } | { ok: false; reason: SignInRejection };

export class SignIns {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  async createSheet(
    input: Omit<SheetCommand, 'type' | 'sheetId'>,
    context: CommandContext,
  ): Promise<CreateSheetAnswer> {
    const sheetId = context.commandId ? deterministicUuid(`signin sheet ${context.commandId}`) : newId();
    const result = await handleCommand(
      this.store,
      signInSheetStream(sheetId),
      sheetDecider,
      { type: 'CreateSheet', sheetId, ...input },
      context,
      { cache: this.cache, schema: signInEventSchema, deciderIsIdempotent: true },
    );
    return result.ok
      ? { ok: true, sheetId, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }

  async sheet(sheetId: string): Promise<SignInSheetCreated['data'] | null> {
    const { state } = await loadState(this.store, signInSheetStream(sheetId), sheetDecider, this.cache);
    return state.status === 'created' ? state.sheet : null;
  }

  async signIn(
    sheet: SignInSheetCreated['data'],
    userPk: number,
    code: string,
    context: CommandContext,
  ): Promise<SignInAnswer> {
    const result = await handleCommand(
      this.store,
      signInClaimStream(sheet.sheetId, userPk),
      signInDecider,
      { type: 'SignIn', sheet, userPk, code },
      context,
      { cache: this.cache, schema: signInEventSchema, deciderIsIdempotent: true },
    );
    return result.ok
      ? { ok: true, position: result.position }
      : { ok: false, reason: result.rejection.rejected };
  }
}
