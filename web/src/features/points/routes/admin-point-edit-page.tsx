import { PointEditPage } from './point-edit-page';

/** AdminPointEdit: any record, with the point authority's review choices. */
export default function AdminPointEditPage() {
  return <PointEditPage scope="admin" />;
}
