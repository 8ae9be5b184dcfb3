import { UserDetailLink } from '../../../shared/components/user-detail-link';

/** A person in a log row ('-' for none), linked to their user detail where the viewer may open it. */
export function PersonCell({ person }: { person: { pk: number; pkstr: string; name: string } | null }) {
  if (person === null) return <>-</>;
  return (
    <UserDetailLink pk={person.pk}>
      {person.name} {person.pkstr}
    </UserDetailLink>
  );
}
