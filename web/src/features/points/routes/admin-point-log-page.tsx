import { PointLogPage } from './point-log-page';

/** AdminPointLog: every point record, with the applicant column. */
export default function AdminPointLogPage() {
  return <PointLogPage scope="admin" />;
}
