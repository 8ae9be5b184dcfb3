// The session cookie's signer with a memory: every logged-in request would otherwise compute two HMACs
// (checking the cookie it sent, and signing the same id again for the session object), the largest
// per-request cost of the session layer after the store lookup (profiled with node --cpu-prof).
// Only cookies that verified are remembered, keyed by the whole signed value, so a forged or altered
// cookie is always checked in full; HMAC is a pure function of the secret and the value, so a remembered
// answer is the answer.
import { Signer } from '@fastify/cookie';

/** About the number of sessions in use at once in a club; beyond it the oldest are recomputed. */
const REMEMBERED = 10_000;

interface UnsignResult {
  valid: boolean;
  renew: boolean;
  value: string | null;
}

export function rememberingSigner(secret: string): {
  sign(value: string): string;
  unsign(signed: string): UnsignResult;
} {
  const signer = new Signer(secret);
  const signed = new Map<string, string>();
  const verified = new Map<string, UnsignResult>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    map.set(key, value);
    if (map.size > REMEMBERED) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  };
  return {
    sign(value) {
      let result = signed.get(value);
      if (result === undefined) {
        result = signer.sign(value);
        remember(signed, value, result);
      }
      return result;
    },
    unsign(signedValue) {
      const known = verified.get(signedValue);
      if (known) return { ...known };
      const result = signer.unsign(signedValue) as UnsignResult;
      if (result.valid) remember(verified, signedValue, { ...result });
      return result;
    },
  };
}
