// Development only (loaded by ./client.ts behind `import.meta.env.DEV`): checks an answer against the
// schema of its call in the API's contracts and reports a mismatch loudly. The production bundle never
// loads this module, so zod and the schemas stay out of it.
import { allEndpoints } from '@club/api/contracts/index';
import { type Endpoint, failSchema } from '@club/api/contracts/shared';
import type { ContractCall } from './client';
import { ContractMismatchError } from './errors';

const keyOf = (call: ContractCall) => `${call.method} ${call.path}`;

const callByKey = new Map(allEndpoints.map((call) => [keyOf(call), call]));

/**
 * The schema the body must fit, by its status, so that a mismatch names the field: the ok body, or the
 * call's refusal (a call that never refuses may still answer a guard's refusal).
 */
const schemaFor = (call: Endpoint, body: unknown) =>
  typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'fail'
    ? (call.fail ?? failSchema)
    : call.ok;

/** Throws ContractMismatchError (after a console.error) when `body` is not what the call may answer. */
export function checkReply(call: ContractCall, body: unknown): void {
  const contract = callByKey.get(keyOf(call));
  const problems = contract
    ? (schemaFor(contract, body)
        .safeParse(body)
        .error?.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`) ?? [])
    : ['no such call in api/src/contracts'];
  if (problems.length === 0) return;
  const error = new ContractMismatchError(keyOf(call), problems);
  console.error(`[contract] ${error.message}`, body);
  throw error;
}
