import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useRef, useState } from 'react';
import { type DrawRequest, drawLabel } from '../api/labels';
import { LABEL_PREVIEW_DEBOUNCE_MS } from '../lib/label-rules';
import { drawMessage } from './label-messages';

export interface LabelPreview {
  /** The last label drawn for the current request, or null. */
  datauri: string | null;
  /** Drawing is under way (the page's 'fetching' state). */
  fetching: boolean;
  error: MessageDescriptor | null;
}

/**
 * Draws the preview 200 ms after the request stops changing (document 2, section 7). An answer to an
 * older request is dropped, so the preview always belongs to what the form shows.
 */
export function useLabelPreview(request: DrawRequest | null): LabelPreview {
  const [state, setState] = useState<LabelPreview>({ datauri: null, fetching: false, error: null });
  const key = request === null ? null : JSON.stringify(request);
  const latest = useRef(key);
  latest.current = key;
  useEffect(() => {
    if (key === null) {
      setState({ datauri: null, fetching: false, error: null });
      return;
    }
    setState((previous) => ({ ...previous, fetching: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      drawLabel(JSON.parse(key) as DrawRequest, controller.signal)
        .then((answer) => {
          if (latest.current !== key) return;
          setState(
            answer.status === 'ok'
              ? { datauri: answer.barcode.datauri, fetching: false, error: null }
              : { datauri: null, fetching: false, error: drawMessage(answer.reason) },
          );
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted || latest.current !== key) return;
          console.error('label preview failed', error);
          setState({ datauri: null, fetching: false, error: drawMessage(undefined) });
        });
    }, LABEL_PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}
