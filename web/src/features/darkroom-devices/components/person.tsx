import { UserDetailLink } from '../../../shared/components/user-detail-link';

/** A person in a row ('-' for none), linked to their user detail where the viewer may open it. */
export function PersonName({ person }: { person: { pk: number; pkstr: string; name: string } | null }) {
  if (person === null) return <>-</>;
  return (
    <UserDetailLink pk={person.pk}>
      {person.name} {person.pkstr}
    </UserDetailLink>
  );
}
