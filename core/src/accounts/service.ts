// The accounts application service: registration (pk allocation, unique claims, the user stream), password
// and settings changes, and the login log. Password hashing is passed in: it is an adapter concern.
import { type CommandContext, handleCommand, loadState, metadataOf, type StateCache } from '../commands.ts';
import type { EventStore } from '../eventstore/port.ts';
import { semesterOf } from '../semester.ts';
import {
  type Lang,
  type LoginAttemptedEvent,
  loginLogStream,
  PK_SEQUENCE_STREAM,
  type UniqueKind,
  uniqueStream,
  userEventSchema,
  userSearchLogStream,
  userStream,
} from './events.ts';
import {
  type FieldChange,
  type ProfileEditReason,
  type ProfileFields,
  validateProfileEdit,
} from './profile-edit.ts';
import { pkSequenceDecider } from './pk-sequence.ts';
import {
  type RegistrationInput,
  type RegistrationReason,
  validateRegistration,
} from './registration-rules.ts';
import { claimDecider } from './unique-claim.ts';
import { userDecider } from './user-decider.ts';
import { newId } from '../ids.ts';
import {
  hashToken,
  type PasswordResetRejection,
  passwordResetDecider,
  passwordResetEventSchema,
  passwordResetStream,
  resetIdOfToken,
} from './password-reset.ts';

export type RegisterReason =
  | RegistrationReason
  | 'duplicated_mobile'
  | 'duplicated_stuid'
  | 'duplicated_email';

/** A claim whose user stream never appeared this long after it was made belongs to a crashed registration. */
const ABANDONED_CLAIM_MS = 60_000;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export class Accounts {
  constructor(
    private readonly store: EventStore,
    private readonly hasher: PasswordHasher,
    private readonly cache?: StateCache,
  ) {}

  async register(
    input: RegistrationInput,
    context: CommandContext,
  ): Promise<
    { ok: true; pk: number; position: number; semester: string } | { ok: false; reason: RegisterReason }
  > {
    const checked = validateRegistration(input);
    if (!checked.ok) return checked;
    const application = checked.value;
    const uniques: [Exclude<UniqueKind, 'card'>, string][] = [];
    if (application.mobile !== '') uniques.push(['mobile', application.mobile]);
    if (application.stuid !== '') uniques.push(['stuid', application.stuid]);
    uniques.push(['email', application.email.toLowerCase()]);

    // A cheap look first, so an obvious duplicate does not use up a pk.
    for (const [kind, value] of uniques) {
      if (await this.heldByLiveUser(kind, value, context.now))
        return { ok: false, reason: `duplicated_${kind}` };
    }
    const passwordHash = await this.hasher.hash(application.password);
    const allocated = await handleCommand(
      this.store,
      PK_SEQUENCE_STREAM,
      pkSequenceDecider,
      { type: 'Allocate' },
      context,
    );
    if (!allocated.ok) throw new Error('pk allocation cannot be refused');
    const pk = allocated.state.last;

    const claimed: [Exclude<UniqueKind, 'card'>, string][] = [];
    for (const [kind, value] of uniques) {
      const taken = !(await this.claim(kind, value, pk, context));
      if (taken) {
        for (const [releaseKind, releaseValue] of claimed) {
          await handleCommand(
            this.store,
            uniqueStream(releaseKind, releaseValue),
            claimDecider,
            { type: 'Release', kind: releaseKind, value: releaseValue, userPk: pk },
            context,
          );
        }
        return { ok: false, reason: `duplicated_${kind}` };
      }
      claimed.push([kind, value]);
    }

    const { password: _password, ...profile } = application;
    const semester = semesterOf(context.now).tag;
    const created = await handleCommand(
      this.store,
      userStream(pk),
      userDecider,
      {
        type: 'Register',
        profile: {
          ...profile,
          pk,
          passwordHash,
          valid: application.identity !== 3,
          semester,
          lang: application.identity === 5 ? 'en' : 'tw',
        },
      },
      context,
      { schema: userEventSchema },
    );
    if (!created.ok) throw new Error(`user-${pk} already exists although its pk was just allocated`);
    return { ok: true, pk, position: created.position, semester };
  }

  /** True when the value was claimed for this pk; false when another live user holds it. */
  private async claim(
    kind: UniqueKind,
    value: string,
    pk: number,
    context: CommandContext,
  ): Promise<boolean> {
    const stream = uniqueStream(kind, value);
    const command = { type: 'Claim' as const, kind, value, userPk: pk };
    const first = await handleCommand(this.store, stream, claimDecider, command, context);
    if (first.ok) return true;
    // Held: free it only if it belongs to a registration that crashed before creating its user.
    const { state } = await loadState(this.store, stream, claimDecider);
    if (state.status !== 'held' || !(await this.isAbandoned(state.userPk, stream, context.now))) return false;
    await handleCommand(
      this.store,
      stream,
      claimDecider,
      { type: 'Release', kind, value, userPk: state.userPk },
      context,
    );
    const second = await handleCommand(this.store, stream, claimDecider, command, context);
    return second.ok;
  }

  private async heldByLiveUser(kind: UniqueKind, value: string, now: Date): Promise<boolean> {
    const stream = uniqueStream(kind, value);
    const { state } = await loadState(this.store, stream, claimDecider);
    return state.status === 'held' && !(await this.isAbandoned(state.userPk, stream, now));
  }

  private async isAbandoned(userPk: number, claimStream: string, now: Date): Promise<boolean> {
    const user = await this.store.readStream(userStream(userPk), { maxCount: 1 });
    if (user.length > 0) return false;
    const [lastClaim] = await this.store.readStream(claimStream, { direction: 'backwards', maxCount: 1 });
    if (!lastClaim) return false;
    return now.getTime() - new Date(lastClaim.metadata.time).getTime() > ABANDONED_CLAIM_MS;
  }

  async changePassword(
    pk: number,
    oldPassword: string,
    newPassword: string,
    context: CommandContext,
  ): Promise<{ ok: true; position: number } | { ok: false; reason: 'wrong' | 'notfound' }> {
    const { state } = await loadState(this.store, userStream(pk), userDecider, this.cache);
    if (state.status !== 'registered') return { ok: false, reason: 'notfound' };
    const oldPasswordMatches = await this.hasher.verify(state.passwordHash, oldPassword);
    const newPasswordHash = oldPasswordMatches ? await this.hasher.hash(newPassword) : '';
    const result = await handleCommand(
      this.store,
      userStream(pk),
      userDecider,
      { type: 'ChangePassword', oldPasswordMatches, newPasswordHash },
      context,
      { cache: this.cache, schema: userEventSchema },
    );
    if (!result.ok)
      return { ok: false, reason: result.rejection.rejected === 'wrong' ? 'wrong' : 'notfound' };
    return { ok: true, position: result.position };
  }

  async changeSettings(pk: number, lang: Lang, context: CommandContext) {
    const result = await handleCommand(
      this.store,
      userStream(pk),
      userDecider,
      { type: 'ChangeSettings', lang },
      context,
      { cache: this.cache, schema: userEventSchema },
    );
    return result.ok
      ? { ok: true as const, position: result.position }
      : { ok: false as const, reason: 'notfound' as const };
  }

  /**
   * Staff edit a user's profile fields (AdminUserDetail). A new mobile, student ID or e-mail is claimed
   * first (so two users can never hold one value, as at registration), the changes are appended as one
   * UserProfileChanged event per field, and then the old values' claims are released.
   */
  async modifyProfile(
    pk: number,
    edits: Partial<ProfileFields>,
    execuserPk: number | null,
    context: CommandContext,
  ): Promise<
    | { ok: true; changes: FieldChange[]; position: number }
    | { ok: false; reason: ProfileEditReason | 'notfound' | `duplicated_${UniqueKind}` }
  > {
    const { state } = await loadState(this.store, userStream(pk), userDecider, this.cache);
    if (state.status !== 'registered') return { ok: false, reason: 'notfound' };
    // Checked here too (the decider checks again), so a refused edit claims nothing.
    const checked = validateProfileEdit(state.profile.identity, state.profile, edits);
    if (!checked.ok) return checked;
    const uniqueKinds: string[] = ['mobile', 'stuid', 'email'];
    const claimed: [UniqueKind, string][] = [];
    const releaseClaimed = async () => {
      for (const [kind, value] of claimed) await this.release(kind, value, pk, context);
    };
    for (const change of checked.changes) {
      if (!uniqueKinds.includes(change.fieldname)) continue;
      const kind = change.fieldname as UniqueKind;
      const value = claimValue(kind, change.valuenew);
      if (value === '' || value === claimValue(kind, change.valueold)) continue;
      if (!(await this.claim(kind, value, pk, context))) {
        await releaseClaimed();
        return { ok: false, reason: `duplicated_${kind}` };
      }
      claimed.push([kind, value]);
    }
    const result = await handleCommand(
      this.store,
      userStream(pk),
      userDecider,
      { type: 'ModifyProfile', execuserPk, edits },
      context,
      { cache: this.cache, schema: userEventSchema },
    );
    if (!result.ok) {
      await releaseClaimed();
      const reason = result.rejection.rejected;
      return { ok: false, reason: reason === 'exists' || reason === 'wrong' ? 'notfound' : reason };
    }
    const changes = result.events.map((event) => event.data as FieldChange);
    for (const change of changes) {
      if (!uniqueKinds.includes(change.fieldname)) continue;
      const kind = change.fieldname as UniqueKind;
      const old = claimValue(kind, change.valueold);
      if (old !== '' && old !== claimValue(kind, change.valuenew)) await this.release(kind, old, pk, context);
    }
    return { ok: true, changes, position: result.position };
  }

  private async release(kind: UniqueKind, value: string, pk: number, context: CommandContext) {
    await handleCommand(
      this.store,
      uniqueStream(kind, value),
      claimDecider,
      { type: 'Release', kind, value, userPk: pk },
      context,
    );
  }

  /** Every keyword search of users by staff is an event of the user search log. */
  async recordUserSearch(execuserPk: number, keyword: string, context: CommandContext): Promise<number> {
    const result = await this.store.append(
      userSearchLogStream(execuserPk),
      [
        {
          id: newId(),
          type: 'UserSearched',
          data: { execuserPk, keyword },
          metadata: metadataOf(context),
        },
      ],
      'any',
      { newIds: true },
    );
    return result.position;
  }

  /** Every login, success or failure, is an event of the login log. */
  async recordLogin(attempt: LoginAttemptedEvent['data'], context: CommandContext): Promise<number> {
    const result = await this.store.append(
      loginLogStream(attempt.userPk),
      [{ id: newId(), type: 'LoginAttempted', data: attempt, metadata: metadataOf(context) }],
      'any',
      { newIds: true },
    );
    return result.position;
  }

  /** Starts a reset by e-mail link; the mail process manager sends the link when it sees the event. */
  async requestPasswordReset(
    userPk: number,
    resetId: string,
    token: string,
    context: CommandContext,
  ): Promise<number> {
    const result = await handleCommand(
      this.store,
      passwordResetStream(resetId),
      passwordResetDecider,
      { type: 'Request', resetId, userPk, tokenHash: hashToken(token) },
      context,
      { schema: passwordResetEventSchema },
    );
    if (!result.ok) throw new Error('a password reset request cannot be refused');
    return result.position;
  }

  /**
   * Sets a new password with a reset token: once, within 30 minutes. The token is spent first, so two
   * racing uses of one link cannot both change the password.
   */
  async resetPassword(
    token: string,
    newPassword: string,
    context: CommandContext,
  ): Promise<
    | { ok: true; userPk: number; position: number }
    | { ok: false; reason: PasswordResetRejection | 'notfound' }
  > {
    const resetId = resetIdOfToken(token);
    if (resetId === null) return { ok: false, reason: 'token_invalid' };
    const spent = await handleCommand(
      this.store,
      passwordResetStream(resetId),
      passwordResetDecider,
      { type: 'Use', resetId, tokenHash: hashToken(token) },
      context,
      { schema: passwordResetEventSchema },
    );
    if (!spent.ok) return { ok: false, reason: spent.rejection.rejected };
    if (spent.state.status !== 'used') throw new Error('a spent reset must be used');
    const userPk = spent.state.userPk;
    const changed = await handleCommand(
      this.store,
      userStream(userPk),
      userDecider,
      { type: 'ResetPassword', newPasswordHash: await this.hasher.hash(newPassword) },
      context,
      { cache: this.cache, schema: userEventSchema },
    );
    if (!changed.ok) return { ok: false, reason: 'notfound' };
    return { ok: true, userPk, position: changed.position };
  }

  /**
   * Registers (or replaces) a member's card id. The id is claimed first (stream unique-card-{id}), so
   * one card never names two people; the replaced id is released afterwards, so a lost card stops working.
   */
  async registerCard(
    userPk: number,
    cardid: string,
    context: CommandContext,
  ): Promise<{ ok: true; position: number } | { ok: false; reason: 'duplicated_card' | 'notfound' }> {
    const { state } = await loadState(this.store, userStream(userPk), userDecider, this.cache);
    if (state.status !== 'registered') return { ok: false, reason: 'notfound' };
    const claimed = await handleCommand(
      this.store,
      uniqueStream('card', cardid),
      claimDecider,
      { type: 'Claim', kind: 'card', value: cardid, userPk },
      context,
    );
    if (!claimed.ok) return { ok: false, reason: 'duplicated_card' };
    const registered = await handleCommand(
      this.store,
      userStream(userPk),
      userDecider,
      { type: 'RegisterCard', cardid },
      context,
      { cache: this.cache, schema: userEventSchema },
    );
    if (!registered.ok) return { ok: false, reason: 'notfound' };
    const previous = state.cardid;
    if (previous !== null && previous !== cardid) {
      await handleCommand(
        this.store,
        uniqueStream('card', previous),
        claimDecider,
        { type: 'Release', kind: 'card', value: previous, userPk },
        context,
      );
    }
    return { ok: true, position: registered.position };
  }
}

/** The value a unique claim is made on: e-mail in lower case, student IDs in upper case, as registered. */
function claimValue(kind: UniqueKind, raw: string): string {
  const value = raw.trim();
  if (kind === 'email') return value.toLowerCase();
  if (kind === 'stuid') return value.toUpperCase();
  return value;
}
