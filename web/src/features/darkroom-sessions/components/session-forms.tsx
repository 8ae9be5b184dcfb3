import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { DarkroomState, SessionBody } from '../api/darkroom-sessions';
import { useDarkroomTexts } from './texts';

type Send = (body: SessionBody, done?: string) => Promise<boolean>;

/** The lines form: a process kind, a format of that kind and how many. */
export function LineForm({ state, send, busy }: { state: DarkroomState; send: Send; busy: boolean }) {
  const { t } = useLingui();
  const { kinds, formatName } = useDarkroomTexts();
  const [kind, setKind] = useState('0');
  const film = kind === '0' || kind === '2';
  const formats = film ? state.filmFormats : state.printFormats;
  const [format, setFormat] = useState(formats[0] ?? '');
  const [quantity, setQuantity] = useState<number | string>(1);
  const shownFormat = formats.includes(format) ? format : (formats[0] ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send(
          {
            cmd: 'line',
            kind: Number(kind),
            format: shownFormat as NonNullable<SessionBody['format']>,
            quantity: String(quantity),
            requestId: crypto.randomUUID(),
          },
          t`已新增`,
        );
      }}
    >
      <Group align="end">
        <NativeSelect
          label={t`項目`}
          data={kinds.map((label, index) => ({ value: String(index), label }))}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value)}
        />
        <NativeSelect
          label={t`尺寸`}
          data={formats.map((value) => ({ value, label: formatName(value) }))}
          value={shownFormat}
          onChange={(event) => setFormat(event.currentTarget.value)}
        />
        <NumberInput
          label={film ? t`數量（捲或張）` : t`數量（張）`}
          min={1}
          max={999}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          w={140}
        />
        <Button type="submit" loading={busy}>
          <Trans>新增項目</Trans>
        </Button>
      </Group>
    </form>
  );
}

/** A chemical used in the session, in millilitres. */
export function ChemicalForm({ state, send, busy }: { state: DarkroomState; send: Send; busy: boolean }) {
  const { t } = useLingui();
  const [chemical, setChemical] = useState('');
  const [volume, setVolume] = useState<number | string>(500);
  if (state.chemicalList.length === 0) return null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!chemical) return;
        void send(
          {
            cmd: 'chemical',
            chemicalPk: Number(chemical),
            volume: String(volume),
            requestId: crypto.randomUUID(),
          },
          t`已記錄藥水`,
        );
      }}
    >
      <Group align="end">
        <NativeSelect
          label={t`使用的藥水`}
          data={[
            { value: '', label: '-' },
            ...state.chemicalList.map((c) => ({ value: String(c.pk), label: c.name })),
          ]}
          value={chemical}
          onChange={(event) => setChemical(event.currentTarget.value)}
        />
        <NumberInput
          label={t`用量 (ml)`}
          min={1}
          max={100000}
          allowDecimal={false}
          value={volume}
          onChange={setVolume}
          w={140}
        />
        <Button type="submit" variant="light" loading={busy} disabled={!chemical}>
          <Trans>記錄藥水</Trans>
        </Button>
      </Group>
    </form>
  );
}
