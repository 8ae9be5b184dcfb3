// A person as the roster and permission lists show them (document 3: user in lists).
import { type UsersModel, userPkstr } from '@club/projections';
import { z } from 'zod';

export const listedUserSchema = z.object({
  pk: z.number(),
  pkstr: z.string(),
  name: z.string(),
  stuid: z.string(),
  studepartment: z.string(),
  mobile: z.string(),
  email: z.string(),
  facebook: z.string(),
});
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
