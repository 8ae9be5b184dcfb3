import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Box,
  Button,
  Image,
  LoadingOverlay,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { currentUserQueryKey, useCurrentUser } from '../../../shared/session/current-user';
import { toast } from '../../../shared/ui/toast';
import { type DrawRequest, printLabel, useUserSearchList } from '../api/labels';
import { kindNames, labelMessages, printMessage } from '../components/label-messages';
import { defaultOptions, LabelOptions, type LabelOptionValues } from '../components/label-options';
import { LabelTarget } from '../components/label-target';
import { StoreBackButton } from '../components/store-back-button';
import { useLabelPreview } from '../components/use-label-preview';
import {
  isExpiryValid,
  LABEL_KINDS,
  LABEL_PRINT_LOCK_MS,
  LABEL_SHEET_CAPS,
  type LabelKindKey,
  normalizeExpiry,
  readQuantity,
  SPECIAL_LABEL_USER_PK,
} from '../lib/label-rules';

/** The page's state (document 2, section 4): printing returns to ready 700 ms after a print. */
type LabelStatus = 'loading' | 'fetching' | 'ready' | 'printing';

function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * LabelPrint (/label/print, document 2): kind picker, target search, option controls, preview, quantity
 * and print button. With ?scope=store (the store kiosk) it has a back button, sends the store scope and
 * shows its messages inline.
 */
export default function LabelPrintPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const scope = params.get('scope') === 'store' ? 'store' : 'main';
  const users = useUserSearchList();
  const ownPk = user ? String(user.pk) : '';
  const [kind, setKind] = useState<LabelKindKey>('user');
  const [target, setTarget] = useState(ownPk);
  // A user label is for oneself until someone else is chosen; the session may arrive after the first render.
  const targetSet = useRef(ownPk !== '');
  useEffect(() => {
    if (!targetSet.current && ownPk !== '') {
      targetSet.current = true;
      setTarget(ownPk);
    }
  }, [ownPk]);
  const [options, setOptions] = useState<LabelOptionValues>(defaultOptions);
  const [quantityText, setQuantityText] = useState('1');
  const [printing, setPrinting] = useState(false);
  const [inline, setInline] = useState<{ text: string; ok: boolean } | null>(null);
  const unlockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  const special = user?.pk === SPECIAL_LABEL_USER_PK;
  const expiryValid = isExpiryValid(options.expdate);
  const request = useMemo<DrawRequest | null>(() => {
    if (!expiryValid) return null;
    if ((kind === 'user' || kind === 'any') && target.trim() === '') return null;
    if (['book', 'stock', 'sharingpaper', 'property'].includes(kind) && !/^[1-9]\d*$/.test(target.trim()))
      return null;
    return {
      kind,
      pk: kind === 'test' ? null : kind === 'any' ? target : Number(target),
      comment: options.comment,
      namereplace: options.namereplace,
      expdate: normalizeExpiry(options.expdate),
      datetoday: options.datetoday,
      timetoday: options.timetoday,
      landscape: options.landscape,
      simple: options.simple,
      rounded: options.rounded,
      ...(special ? { selectlogo: options.selectlogo, location: options.location } : {}),
    };
  }, [kind, target, options, expiryValid, special]);
  const preview = useLabelPreview(request);

  const status: LabelStatus = printing
    ? 'printing'
    : user === null || (kind === 'user' && users.isPending)
      ? 'loading'
      : preview.fetching
        ? 'fetching'
        : 'ready';

  const tell = (text: string, ok: boolean) => {
    if (scope === 'store') setInline({ text, ok });
    else if (ok) toast.success(text);
    else toast.danger(text);
  };

  /** Changing the kind resets the fields (document 2, section 4). */
  const chooseKind = (next: LabelKindKey) => {
    setKind(next);
    setTarget(next === 'user' ? ownPk : '');
    setOptions(defaultOptions);
    setQuantityText('1');
    setInline(null);
  };

  /** A quantity that is not a positive integer is reset to 1; one above the cap is clamped. */
  const settleQuantity = (): number | null => {
    const read = readQuantity(kind, quantityText);
    if (read === 'format') {
      tell(i18n._(labelMessages.format), false);
      setQuantityText('1');
      return null;
    }
    if (read.clamped) setQuantityText(String(read.quantity));
    return read.quantity;
  };

  const print = async () => {
    if (status !== 'ready' || preview.datauri === null) return;
    const quantity = settleQuantity();
    if (quantity === null) return;
    setPrinting(true);
    setInline(null);
    try {
      const answer = await printLabel(
        {
          simple: options.simple,
          label: { dataURI: preview.datauri, quantity, ...(special ? { location: options.location } : {}) },
          requestId: newRequestId(),
        },
        scope,
      );
      if (answer.status === 'ok') {
        tell(i18n._(labelMessages.sent), true);
        if (answer.charge > 0) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      } else tell(i18n._(printMessage(answer.reason)), false);
    } catch (error) {
      console.error('label print failed', error);
      tell(i18n._(labelMessages.failed), false);
    } finally {
      // The button stays locked a moment, so a double tap does not print twice.
      unlockTimer.current = setTimeout(() => setPrinting(false), LABEL_PRINT_LOCK_MS);
    }
  };

  const cap = LABEL_SHEET_CAPS[kind];
  return (
    <Stack maw={960}>
      <StoreBackButton scope={scope} />
      <Title order={2}>
        <Trans>標籤列印</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm">
          <Select
            label={t`標籤種類`}
            data={LABEL_KINDS.map((key) => ({ value: key, label: i18n._(kindNames[key]) }))}
            value={kind}
            onChange={(value) => value && chooseKind(value as LabelKindKey)}
            allowDeselect={false}
          />
          {/* The picker shows its choice from its first render, so it waits for the list. */}
          {kind === 'user' && users.isPending ? null : (
            <LabelTarget
              key={kind}
              kind={kind}
              users={users.data ?? []}
              value={target}
              onChange={setTarget}
            />
          )}
          <LabelOptions
            kind={kind}
            values={options}
            onChange={setOptions}
            special={special}
            expdateError={expiryValid ? null : t`請檢查輸入格式`}
          />
        </Stack>
        <Stack gap="sm">
          <Paper withBorder p="sm" radius="md" pos="relative" mih={160} aria-busy={status === 'fetching'}>
            <LoadingOverlay visible={status === 'loading' || status === 'fetching'} zIndex={1} />
            {preview.datauri !== null ? (
              <Image src={preview.datauri} alt={t`標籤預覽`} fit="contain" mah={360} />
            ) : (
              <Text c="dimmed" ta="center" py="xl">
                {preview.error ? i18n._(preview.error) : t`選好標籤後會在這裡預覽`}
              </Text>
            )}
          </Paper>
          {preview.error && preview.datauri === null && (
            <Alert color="red" role="alert">
              {i18n._(preview.error)}
            </Alert>
          )}
          <TextInput
            label={t`張數`}
            inputMode="numeric"
            value={quantityText}
            description={
              kind === 'user'
                ? t`每次最多 10 張，當天超過 10 張的部分每張收費 0.5 元`
                : t`最多 ${cap} 張，需要更多請分次列印`
            }
            onChange={(event) => setQuantityText(event.currentTarget.value)}
            onBlur={() => void settleQuantity()}
          />
          {inline && (
            <Alert color={inline.ok ? 'green' : 'red'} role={inline.ok ? 'status' : 'alert'}>
              {inline.text}
            </Alert>
          )}
          <Box>
            <Button
              size="lg"
              fullWidth
              onClick={() => void print()}
              loading={status === 'printing'}
              disabled={status !== 'ready' || preview.datauri === null}
            >
              <Trans>列印</Trans>
            </Button>
          </Box>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
