import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

const clubName = msg`攝影社`;

/** Sets the document title from route metadata in the current language. */
export function usePageTitle(title: MessageDescriptor): void {
  const { i18n } = useLingui();
  const text = i18n._(title);
  const suffix = i18n._(clubName);
  useEffect(() => {
    document.title = `${text} | ${suffix}`;
  }, [text, suffix]);
}
