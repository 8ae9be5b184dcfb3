import { msg } from '@lingui/core/macro';
import type { AppRoute } from './routes-table';

/**
 * A staff page that is not in the spec's route table: the uploader's own page, for staff to upload,
 * delete and zip their receipt images, and for the browser test (tests/src/e2e/files.e2e.test.ts). No
 * spec page that uploads is built yet (print assistant, workshop form, stock purchase); when one is,
 * the browser test moves there and this page goes (docs/architecture.md, files).
 */
export const adminFilesRoute: AppRoute = {
  name: 'AdminFilesTest',
  path: '/admin/files',
  title: msg`檔案上傳`,
  role: 'staff',
  page: () => import('../features/files/routes/admin-files-page'),
};

/**
 * The system logs: document 3 puts them under /admin/system/.../log without naming their pages, so they are
 * not in the spec's route table. Staff with the system authority (the Admin prefix adds staff).
 */
export const adminOpendoorLogRoute: AppRoute = {
  name: 'AdminSystemOpendoorLog',
  path: '/admin/system/opendoor/log/:page?',
  title: msg`開門紀錄`,
  role: { authority: 'system' },
  params: { page: /^\d+$/ },
  page: () => import('../features/door/routes/admin-opendoor-log-page'),
};
