import { PointLogPage } from './point-log-page';

/** UserPointLog: the member's point records and those they applied for others. */
export default function UserPointLogPage() {
  return <PointLogPage scope="user" />;
}
