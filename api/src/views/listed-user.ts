// A person as the roster and permission lists show them (document 3: user in lists).
import { type UsersModel, userPkstr } from '@club/projections';
import type { z } from 'zod';
import { listedUserSchema } from '../contracts/shared.ts';

export { listedUserSchema };
export type ListedUser = z.infer<typeof listedUserSchema>;

export function listedUser(users: UsersModel, pk: number): ListedUser {
  const row = users.byPk.get(pk);
  // The club's own accounts (pks up to 100, 2861) have no registration; they are listed by pk alone.
  return {
    pk,
    pkstr: row?.pkstr ?? userPkstr(pk),
    name: row?.name ?? '',
    stuid: row?.stuid ?? '',
    studepartment: row?.department ?? '',
    mobile: row?.mobile ?? '',
    email: row?.email ?? '',
    facebook: row?.facebook ?? '',
  };
}
