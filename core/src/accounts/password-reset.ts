// A password reset by e-mail link (stream password-reset-{resetId}): requested with the hash of a token
// that is valid for 30 minutes and only once. The token itself is never stored: the mail sender derives
// it again from the reset id and the portal's secret (tokenOf), and the reset page sends it back.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { assertNever, type Decider, reject } from '../decider.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export const passwordResetEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PasswordResetRequested'),
    data: z.object({
      resetId: z.string().min(1),
      userPk: z.number().int().positive(),
      /** SHA-256 of the token, hex. */
      tokenHash: z.string(),
      expiresAt: z.iso.datetime(),
    }),
  }),
  z.object({
    type: z.literal('PasswordResetUsed'),
    data: z.object({ resetId: z.string(), userPk: z.number().int().positive() }),
  }),
]);
export type PasswordResetEvent = z.infer<typeof passwordResetEventSchema>;

export const passwordResetStream = (resetId: string) => `password-reset-${resetId}`;

export type PasswordResetState =
  | { status: 'none' }
  | { status: 'requested'; userPk: number; tokenHash: string; expiresAt: string }
  | { status: 'used'; userPk: number; tokenHash: string };

export type PasswordResetCommand =
  | { type: 'Request'; resetId: string; userPk: number; tokenHash: string }
  | { type: 'Use'; resetId: string; tokenHash: string };

/** Refusals of a reset link: unknown or altered token, older than 30 minutes, already used once. */
export type PasswordResetRejection = 'token_invalid' | 'token_expired' | 'token_used';

export const passwordResetDecider: Decider<
  PasswordResetCommand,
  PasswordResetEvent,
  PasswordResetState,
  PasswordResetRejection
> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, now) {
    switch (command.type) {
      case 'Request':
        if (state.status !== 'none') return [];
        return [
          {
            type: 'PasswordResetRequested',
            data: {
              resetId: command.resetId,
              userPk: command.userPk,
              tokenHash: command.tokenHash,
              expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
            },
          },
        ];
      case 'Use':
        // The hash is checked first, so an altered token learns nothing about the link it was made from.
        if (state.status === 'none' || !sameHash(state.tokenHash, command.tokenHash))
          return reject('token_invalid');
        if (state.status === 'used') return reject('token_used');
        if (now.getTime() > Date.parse(state.expiresAt)) return reject('token_expired');
        return [{ type: 'PasswordResetUsed', data: { resetId: command.resetId, userPk: state.userPk } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'PasswordResetRequested':
        return {
          status: 'requested',
          userPk: event.data.userPk,
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
        };
      case 'PasswordResetUsed':
        return state.status === 'requested'
          ? { status: 'used', userPk: event.data.userPk, tokenHash: state.tokenHash }
          : state;
      default:
        return state;
    }
  },
};

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of a reset: `{resetId}.{HMAC of the reset id}`, so the link can be rebuilt without storing it. */
export const resetTokenOf = (secret: string, resetId: string) =>
  `${resetId}.${createHmac('sha256', secret).update(`password-reset|${resetId}`).digest('base64url')}`;

/** The reset id a token names, or null when it is not shaped like one. */
export const resetIdOfToken = (token: string): string | null => {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1]! : null;
};
