import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, List, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * Barcodes scanned one after another (a scanner types the code and Enter); each can be taken off again.
 */
export function ScanList({
  label,
  barcodes,
  onChange,
}: {
  label: string;
  barcodes: readonly string[];
  onChange: (barcodes: string[]) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const add = () => {
    const text = code.trim();
    setCode('');
    if (text !== '' && !barcodes.includes(text)) onChange([...barcodes, text]);
  };
  return (
    <>
      <Group align="flex-end">
        <TextInput
          label={label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) add();
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={add}>
          <Trans>加入</Trans>
        </Button>
      </Group>
      {barcodes.length > 0 && (
        <List aria-label={t`已掃描`}>
          {barcodes.map((barcode) => (
            <List.Item key={barcode}>
              <Group gap="xs">
                {barcode}
                <CloseButton
                  size="sm"
                  aria-label={t`移除 ${barcode}`}
                  onClick={() => onChange(barcodes.filter((other) => other !== barcode))}
                />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
