import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { useCurrentUser } from '../../../shared/session/current-user';
import { hasAuthority, isActiveStaff } from '../../../shared/session/user';
import { toast } from '../../../shared/ui/toast';
import {
  type Confirmtype,
  type Point,
  type PointScope,
  type UserRef,
  useRecipientSearch,
  useSavePoint,
} from '../api/points';
import {
  confirmChoices,
  DAILY_LIMIT_POINTS,
  defaultConfirmtype,
  displayLocale,
  formatTaipeiTime,
  isFractionalPoints,
  isValidApplyPoint,
  kindGuidance,
  kindOptions,
  pointsAsWorkingTime,
} from '../lib/point-display';
import { PointStatusBadge } from './point-status-badge';

/** A key for one save of this form; a retry of the same save (a double click) is answered once. */
function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const userLabel = (user: UserRef) => `${user.name} (${user.pkstr})`;

/** Staff and the point authority pick any user: a search by name, pkstr or pk (500 ms debounce). */
function RecipientPicker({
  value,
  onChange,
  disabled,
}: {
  value: UserRef | null;
  onChange: (user: UserRef | null) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 500);
  const found = useRecipientSearch(value && search === userLabel(value) ? '' : keyword);
  const candidates = new Map<number, UserRef>();
  if (value) candidates.set(value.pk, value);
  for (const user of found.data?.list ?? []) candidates.set(user.pk, user);
  return (
    <Select
      label={t`受領人`}
      description={t`輸入姓名或編號搜尋`}
      searchable
      required
      disabled={disabled}
      data={[...candidates.values()].map((user) => ({ value: String(user.pk), label: userLabel(user) }))}
      value={value ? String(value.pk) : null}
      onChange={(pk) => onChange(pk === null ? null : (candidates.get(Number(pk)) ?? null))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={keyword.trim() === '' ? t`輸入姓名或編號搜尋` : t`找不到使用者`}
    />
  );
}

/**
 * The point form of UserPointEdit and AdminPointEdit (document 1, sections 4 to 6): work date,
 * recipient, kind with its guidance, reason and points; in the staff area also the point authority's
 * review choice. The server decides again; this form only saves a round trip.
 */
export function PointForm({
  scope,
  pk,
  point,
  onSaved,
}: {
  scope: PointScope;
  /** 'new' or the record's id. */
  pk: string;
  point: Point;
  onSaved: (point: Point) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = displayLocale(i18n.locale);
  const { user } = useCurrentUser();
  const save = useSavePoint();
  const isNew = pk === 'new';
  const holdsPointAuthority = hasAuthority(user, 'point');
  const mayPickRecipient = isActiveStaff(user) || holdsPointAuthority;
  const editable = point.canEdit;
  const choices = confirmChoices(point.status);
  const showConfirm = scope === 'admin' && !isNew && holdsPointAuthority && point.canSave;

  const [workdate, setWorkdate] = useState(point.workdate);
  const [recipient, setRecipient] = useState<UserRef | null>(point.receiveuser);
  const [kind, setKind] = useState<string | null>(point.kindkey || null);
  const [reason, setReason] = useState(point.reason);
  const [applypoint, setApplypoint] = useState<number | null>(point.applypoint);
  const [confirmtype, setConfirmtype] = useState<Confirmtype>(defaultConfirmtype(point.status));
  const [requestId, setRequestId] = useState(newRequestId);

  const limitMessage = t`每日上限 10 點，多日活動請分開申請`;
  const formatMessage = t`資料缺少或格式錯誤，請檢查`;

  const changeApplypoint = (value: number | string) => {
    const points = typeof value === 'number' ? value : Number.parseFloat(value);
    if (Number.isFinite(points) && points > DAILY_LIMIT_POINTS) {
      toast.danger(limitMessage);
      setApplypoint(DAILY_LIMIT_POINTS);
      return;
    }
    setApplypoint(value === '' || !Number.isFinite(points) ? null : points);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      !isValidApplyPoint(applypoint) ||
      reason.trim() === '' ||
      recipient === null ||
      !kind ||
      workdate === ''
    ) {
      toast.danger(formatMessage);
      return;
    }
    try {
      const response = await save.mutateAsync({
        scope,
        pk,
        requestId,
        point: {
          workdate,
          receiveuser: recipient,
          kind,
          reason,
          applypoint,
          ...(showConfirm ? { confirmtype } : {}),
        },
      });
      if (response.status === 'ok') {
        setRequestId(newRequestId());
        toast.success(t`已儲存`);
        onSaved(response.point);
        return;
      }
      const remaining = response.remaining ?? 0;
      switch (response.reason) {
        case 'format':
          toast.danger(formatMessage);
          break;
        case 'daily_limit':
          toast.danger(t`這天最多還能申請 ${remaining} 點（每日上限 10 點，多日活動請分開申請）`);
          break;
        case 'forbidden':
          toast.danger(t`你沒有權限修改這筆紀錄`);
          break;
        case 'expired':
          toast.danger(t`這筆紀錄已過期，無法修改`);
          break;
        case 'notpending':
          toast.danger(t`只有尚未生效的紀錄可以維持設定的生效時間`);
          break;
        case 'notfound':
          toast.danger(t`找不到這筆紀錄`);
          break;
        default:
          toast.danger(t`更新失敗`);
      }
    } catch (error) {
      // 401 and 403 are handled by the query client; anything else is the spec's update failure.
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        console.error('point save failed', error);
        toast.danger(t`更新失敗`);
      }
    }
  };

  const guidance = kind ? kindGuidance(kind, locale) : '';
  const workingTime =
    applypoint !== null && applypoint > 0 && isFractionalPoints(applypoint)
      ? pointsAsWorkingTime(applypoint, locale)
      : '';
  const applicantName = point.user.name;
  const confirmtime = formatTaipeiTime(point.confirmtime);
  const expiretime = formatTaipeiTime(point.expiretime);

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          {point.status !== null && (
            <Group gap="sm">
              <PointStatusBadge status={point.status} />
              {confirmtime !== '' && (
                <Text size="sm" c="dimmed">
                  <Trans>
                    生效時間 {confirmtime}，到期時間 {expiretime}
                  </Trans>
                </Text>
              )}
            </Group>
          )}
          {!isNew && (
            <Text size="sm" c="dimmed">
              <Trans>申請人：{applicantName}</Trans>
            </Text>
          )}
          {!editable && (
            <Alert color="gray">
              <Trans>這筆紀錄目前無法修改：申請人與受領人只能在生效前修改。</Trans>
            </Alert>
          )}
          <TextInput
            type="date"
            label={t`工作日期`}
            required
            disabled={!editable}
            value={workdate}
            onChange={(event) => setWorkdate(event.currentTarget.value)}
          />
          {mayPickRecipient ? (
            <RecipientPicker value={recipient} onChange={setRecipient} disabled={!editable} />
          ) : (
            <TextInput label={t`受領人`} readOnly disabled value={recipient ? userLabel(recipient) : ''} />
          )}
          <Select
            label={t`類別`}
            required
            disabled={!editable}
            data={kindOptions(locale)}
            value={kind}
            onChange={setKind}
            description={guidance}
            allowDeselect={false}
          />
          <Textarea
            label={t`事由`}
            required
            autosize
            minRows={2}
            disabled={!editable}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <NumberInput
            label={t`點數`}
            description={workingTime === '' ? t`1 小時 = 1 點；每日上限 10 點` : t`相當於 ${workingTime}`}
            required
            disabled={!editable}
            min={0}
            decimalScale={2}
            step={0.5}
            value={applypoint ?? ''}
            onChange={changeApplypoint}
          />
          {showConfirm && (
            <Radio.Group
              label={t`審核`}
              value={confirmtype}
              onChange={(value) => setConfirmtype(value as Confirmtype)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="set" label={t`維持設定的生效時間`} disabled={!choices.set} />
                <Radio value="valid" label={t`設為有效`} disabled={!choices.valid} />
                <Radio value="invalid" label={t`設為無效`} disabled={!choices.invalid} />
              </Stack>
            </Radio.Group>
          )}
          {point.canSave && (
            <Button type="submit" loading={save.isPending}>
              <Trans>儲存</Trans>
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
