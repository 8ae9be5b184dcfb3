import { useLingui } from '@lingui/react/macro';
import { usePageCodeLoading } from '../routes/page-code-loading';

/**
 * A thin bar across the top while the next page's code loads. The current page stays on screen meanwhile
 * (the navigation is a transition), so without it a tap on a slow connection would seem to do nothing.
 * It fades in only after 150 ms (global.css), so a fast load shows nothing.
 */
export function PageLoadingBar() {
  const { t } = useLingui();
  if (!usePageCodeLoading()) return null;
  return <div className="page-loading-bar" role="progressbar" aria-label={t`正在載入頁面`} />;
}
