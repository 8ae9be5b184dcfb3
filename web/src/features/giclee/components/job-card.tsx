import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { toast } from '../../../shared/ui/toast';
import type { GicleeAction, GicleeHistory, GicleeJob, GicleeSetReply } from '../api/giclee';
import { useReasonText } from './reason-text';

/** 'Completed' is plain; every other status is highlighted (document 3). */
export function JobStatus({ status }: { status: string }) {
  if (status === 'Completed') return <Text span>{status}</Text>;
  return (
    <Badge color="red.9" variant="filled" data-highlighted="true">
      {status}
    </Badge>
  );
}

/**
 * One printer job: what was printed, on which paper, for whom, and whether it is paid; the pay button for
 * staff, and with transmodify the details and the set calls (height, fee, comment, paper, no-need-to-pay).
 */
export function JobCard({
  job,
  papers,
  canModify,
  run,
}: {
  job: GicleeJob;
  papers: GicleeHistory['paperlist'];
  canModify: boolean;
  run: (action: GicleeAction) => Promise<GicleeSetReply>;
}) {
  const { t } = useLingui();
  const reasonText = useReasonText();
  const [open, setOpen] = useState(false);
  const act = async (action: GicleeAction, done: string) => {
    try {
      const reply = await run(action);
      if (reply.status === 'ok') toast.success(done);
      else toast.danger(reasonText(reply.reason));
    } catch {
      toast.danger(t`網路或伺服器錯誤，請再試一次或聯絡社團粉專`);
    }
  };
  const pay = () => {
    if (job.fee === null) return;
    let userpk: number | undefined;
    if (job.owner) {
      if (!window.confirm(t`由 ${job.owner.name}（${job.owner.pkstr}）的餘額支付 ${job.fee} 元？`)) return;
    } else {
      const typed = window.prompt(t`付款的社員編號（例如 U00102 或 102）`);
      if (typed === null) return;
      const pk = Number(typed.trim().replace(/^U/i, ''));
      if (!Number.isInteger(pk) || pk <= 0) return toast.danger(t`請確認資料`);
      userpk = pk;
    }
    void act({ call: 'pay', body: { pk: job.pk, fee: job.fee, ...(userpk ? { userpk } : {}) } }, t`已付款`);
  };
  const promptSet = (call: 'setheight' | 'setfee' | 'setcomment') => {
    const question =
      call === 'setheight'
        ? t`新的高度（mm），輸入 None 恢復印表機的高度`
        : call === 'setfee'
          ? t`新的金額（元），留空恢復計算的金額`
          : t`備註`;
    const current =
      call === 'setheight'
        ? String(job.heightOverwrite ?? 'None')
        : call === 'setfee'
          ? String(job.fee ?? '')
          : job.comment;
    const typed = window.prompt(question, current);
    if (typed === null) return;
    if (call === 'setheight') void act({ call, body: { pk: job.pk, heightOverwrite: typed } }, t`已更新`);
    else if (call === 'setfee') void act({ call, body: { pk: job.pk, fee: typed } }, t`已更新`);
    else void act({ call, body: { pk: job.pk, comment: typed } }, t`已更新`);
  };
  const toggleNoNeedToPay = () => {
    if (!job.needPayment) {
      void act({ call: 'setnoneedtopay', body: { pk: job.pk, noNeedToPay: false } }, t`已更新`);
      return;
    }
    const reason = window.prompt(t`不需付款的原因`);
    if (reason === null) return;
    void act(
      { call: 'setnoneedtopay', body: { pk: job.pk, noNeedToPay: true, noNeedToPayReason: reason } },
      t`已更新`,
    );
  };
  const height = job.heightOverwrite ?? job.height;
  return (
    <Card withBorder padding="sm" data-testid="giclee-job" data-pk={job.pk} data-status={job.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>
          #{job.pk} {job.filename}
        </Text>
        <JobStatus status={job.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatTaipeiSeconds(job.starttimefromnode)} · {job.width} × {height} mm
        {job.heightOverwrite !== null ? ` (${t`印表機`} ${job.height})` : ''} · {job.area} {t`才`}
      </Text>
      <Text size="sm">
        <Trans>紙：{job.papername || t`未知`}</Trans> ·{' '}
        <Trans>社員：{job.owner ? `${job.owner.name} (${job.owner.pkstr})` : t`未知`}</Trans>
      </Text>
      <Group justify="space-between" mt={4} wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {job.fee === null ? t`金額未定` : t`${job.fee} 元`}
          {job.feeOverwritten ? ` (${t`手動`})` : ''}
          {' · '}
          {job.stockdelta ? (
            <Anchor component={Link} to={`/admin/trans/detail/${job.stockdelta.transpk}`} size="sm">
              <Trans>已付款</Trans>
            </Anchor>
          ) : !job.needPayment ? (
            <Trans>不需付款：{job.noNeedToPayReason}</Trans>
          ) : job.unpaid ? (
            <Text span c="red.9" fw={600} size="sm">
              <Trans>未付款</Trans>
            </Text>
          ) : (
            <Trans>不需付款</Trans>
          )}
        </Text>
        <Group gap="xs">
          {/* A job still printing has no final size: the server refuses to charge it, so no button. */}
          {job.unpaid && job.status !== 'Printing' && job.fee !== null && job.fee > 0 && (
            <Button size="compact-sm" onClick={pay}>
              <Trans>付款</Trans>
            </Button>
          )}
          {canModify && (
            <Button size="compact-sm" variant="light" onClick={() => setOpen(!open)} aria-expanded={open}>
              {open ? t`收合` : t`詳細`}
            </Button>
          )}
        </Group>
      </Group>
      {job.comment !== '' && (
        <Text size="sm">
          <Trans>備註：{job.comment}</Trans>
        </Text>
      )}
      {canModify && open && (
        <Stack gap="xs" mt="xs">
          <Group gap="xs" wrap="wrap">
            <Button size="compact-xs" variant="default" onClick={() => promptSet('setheight')}>
              <Trans>設定高度</Trans>
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => promptSet('setfee')}>
              <Trans>設定金額</Trans>
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => promptSet('setcomment')}>
              <Trans>設定備註</Trans>
            </Button>
            <Button size="compact-xs" variant="default" onClick={toggleNoNeedToPay}>
              {job.needPayment ? t`設為不需付款` : t`改回需付款`}
            </Button>
          </Group>
          <Select
            size="xs"
            label={t`紙張`}
            data={papers.map((paper) => ({ value: String(paper.pk), label: paper.name }))}
            value={job.papertype === null ? null : String(job.papertype)}
            onChange={(value) =>
              value &&
              void act({ call: 'setpapertype', body: { pk: job.pk, papertype: Number(value) } }, t`已更新`)
            }
            allowDeselect={false}
          />
          <Text size="xs" c="dimmed">
            {job.media} · {job.inchsquare} in² ·{' '}
            {Object.entries(job.ink)
              .map(([colour, ml]) => `${colour} ${ml} ml`)
              .join(', ')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
