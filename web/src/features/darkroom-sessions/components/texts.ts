import { useLingui } from '@lingui/react/macro';
import type { ChargeView } from '../api/darkroom-sessions';

/** The darkroom's words: process kinds by the spec's index and the fee items. */
export function useDarkroomTexts() {
  const { t } = useLingui();
  const kinds = [t`黑白沖片`, t`黑白放相`, t`彩色沖片`, t`彩色放相`];
  const kindName = (kind: number) => kinds[kind] ?? String(kind);
  const itemName = (code: ChargeView['items'][number]['code']) =>
    code === 'bw_film_roll'
      ? t`黑白沖片（捲）`
      : code === 'bw_print_session'
        ? t`黑白放相藥水（次）`
        : t`彩色沖片（捲）`;
  const formatName = (format: string) => (format === 'other' ? t`其他` : format);
  return { kinds, kindName, itemName, formatName };
}
