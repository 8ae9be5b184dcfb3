import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Alert } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { ClientScope } from '../api/money';

/**
 * How a money page tells a person something went wrong: a danger toast in the main app, an inline
 * alert in the store scope (doc 1, section 8: in the store scope errors show inline).
 */
export function useFeedback(scope: ClientScope): {
  danger: (message: MessageDescriptor) => void;
  clear: () => void;
  inlineError: ReactNode;
} {
  const { i18n } = useLingui();
  const [inline, setInline] = useState<string | null>(null);
  const danger = (message: MessageDescriptor) => {
    const text = i18n._(message);
    if (scope === 'store') setInline(text);
    else toast.danger(text);
  };
  return {
    danger,
    clear: () => setInline(null),
    inlineError:
      inline === null ? null : (
        <Alert color="red" role="alert" withCloseButton onClose={() => setInline(null)}>
          {inline}
        </Alert>
      ),
  };
}

/** A key for one request; a retry of the same request (a double click, a lost answer) counts once. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
