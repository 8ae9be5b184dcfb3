import { PointEditPage } from './point-edit-page';

/** UserPointEdit: request points, or look at and edit one of your records. */
export default function UserPointEditPage() {
  return <PointEditPage scope="user" />;
}
