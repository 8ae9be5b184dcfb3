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
 * The label print log (document 3: the system logs sit under /admin/system/.../log, their middle
 * segments not shown; this one follows its API path /admin/system/label/print/log/{page}).
 */
export const adminLabelPrintLogRoute: AppRoute = {
  name: 'AdminLabelPrintLog',
  path: '/admin/system/label/print/log/:page?',
  title: msg`標籤列印紀錄`,
  role: { authority: 'system' },
  params: { page: /^\d+$/ },
  page: () => import('../features/labels/routes/admin-label-print-log-page'),
};
