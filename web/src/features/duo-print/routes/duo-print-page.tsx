import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { testSheetUrl, useRequestAlignment, useXydir, type Xydir } from '../api/duo-print';
import { OffsetText } from '../components/offset-text';
import { PhotoStep } from '../components/photo-step';
import { QrCode } from '../components/qr-code';
import { SettingsForm } from '../components/settings-form';
import { duoReasonText } from '../lib/messages';
import { instructions } from '../lib/steps';
import {
  DOWNLOAD_STEP,
  FIRST_RESULT_STEP,
  LAST_STEP,
  LEFT_PHOTO_STEP,
  RIGHT_PHOTO_STEP,
  stepAllowed,
  stepOf,
} from '../lib/step-rules';

/**
 * PrintAssistantDuoPrint (/print/:pk/duoprint/:s3pk/:step?, document 2): two-sided alignment in steps 0 to
 * 29, one step per address so the phone that scanned the QR code continues where it was sent.
 */
export default function DuoPrintPage() {
  const params = useParams();
  const pk = params.pk ?? '';
  const s3pk = params.s3pk ?? '';
  const step = stepOf(params.step);
  const xydir = useXydir(pk, s3pk);
  if (xydir.isPending) return <PageLoader />;
  if (xydir.isError) return <LoadFailed onRetry={() => void xydir.refetch()} />;
  const data = xydir.data.xydir;
  const allowed = stepAllowed(step, { left: data.left !== null, right: data.right !== null });
  if (allowed !== step) return <Navigate to={stepPath(pk, s3pk, allowed)} replace />;
  return (
    <Stack>
      <Title order={2}>
        <Trans>雙面列印對位</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          檔案 {data.source.filename}・第 {step} / {LAST_STEP} 步
        </Trans>
      </Text>
      <Progress value={(step / LAST_STEP) * 100} aria-label={`${step} / ${LAST_STEP}`} />
      <StepBody pk={pk} s3pk={s3pk} step={step} xydir={data} />
      <StepNavigation pk={pk} s3pk={s3pk} step={step} />
    </Stack>
  );
}

const stepPath = (pk: string, s3pk: string, step: number) => `/print/${pk}/duoprint/${s3pk}/${step}`;

function StepNavigation({ pk, s3pk, step }: { pk: string; s3pk: string; step: number }) {
  return (
    <Group justify="space-between">
      {step > 0 ? (
        <Button variant="default" component={Link} to={stepPath(pk, s3pk, step - 1)}>
          <Trans>上一步</Trans>
        </Button>
      ) : (
        <span />
      )}
      {step < LAST_STEP && (
        <Button component={Link} to={stepPath(pk, s3pk, step + 1)}>
          <Trans>下一步</Trans>
        </Button>
      )}
    </Group>
  );
}

function StepBody({ pk, s3pk, step, xydir }: { pk: string; s3pk: string; step: number; xydir: Xydir }) {
  const { i18n } = useLingui();
  if (step === 0) return <Menu pk={pk} s3pk={s3pk} />;
  if (step <= instructions.length) {
    return (
      <Stack>
        <Text size="lg">{i18n._(instructions[step - 1]!)}</Text>
        {step === 2 && <TestSheetLinks pk={pk} s3pk={s3pk} />}
      </Stack>
    );
  }
  if (step === LEFT_PHOTO_STEP) return <PhotoStep key="left" pk={pk} s3pk={s3pk} side="left" xydir={xydir} />;
  if (step === RIGHT_PHOTO_STEP)
    return <PhotoStep key="right" pk={pk} s3pk={s3pk} side="right" xydir={xydir} />;
  if (step >= FIRST_RESULT_STEP && step < DOWNLOAD_STEP)
    return <ResultStep pk={pk} s3pk={s3pk} step={step} xydir={xydir} />;
  if (step === DOWNLOAD_STEP) return <DownloadStep pk={pk} s3pk={s3pk} xydir={xydir} />;
  return (
    <Text size="lg">
      <Trans>
        完成！先照平常的方式列印正面，再依第 10 到 13 步翻面放紙，以 100% 縮放列印調整過的背面影像。
      </Trans>
    </Text>
  );
}

function Menu({ pk, s3pk }: { pk: string; s3pk: string }) {
  const phoneUrl = `${window.location.origin}${stepPath(pk, s3pk, 1)}`;
  return (
    <Stack>
      <Text>
        <Trans>用手機掃描 QR code，就能在手機上繼續（拍照比較方便）。</Trans>
      </Text>
      <QrCode text={phoneUrl} />
      <Group>
        <Button component={Link} to={stepPath(pk, s3pk, 1)}>
          <Trans>從頭開始</Trans>
        </Button>
        <Button variant="light" component={Link} to={stepPath(pk, s3pk, LEFT_PHOTO_STEP)}>
          <Trans>直接上傳照片</Trans>
        </Button>
        <Button variant="light" component={Link} to={stepPath(pk, s3pk, DOWNLOAD_STEP)}>
          <Trans>下載與設定</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function TestSheetLinks({ pk, s3pk }: { pk: string; s3pk: string }) {
  return (
    <Group>
      <Anchor href={testSheetUrl(pk, s3pk, 'front')} download>
        <Trans>下載測試頁正面</Trans>
      </Anchor>
      <Anchor href={testSheetUrl(pk, s3pk, 'back')} download>
        <Trans>下載測試頁背面</Trans>
      </Anchor>
    </Group>
  );
}

/** Steps 24 to 27: the left and right offsets, the adjusted image being made, its final size. */
function ResultStep({ pk, s3pk, step, xydir }: { pk: string; s3pk: string; step: number; xydir: Xydir }) {
  const { i18n } = useLingui();
  const request = useRequestAlignment(pk, s3pk);
  const { adjustment } = xydir;
  const reply = request.data;
  if (step === 24 || step === 25) {
    const side = step === 24 ? 'left' : 'right';
    return (
      <Text size="lg" data-testid={`result-${side}`}>
        {side === 'left' ? <Trans>左邊緣位移：</Trans> : <Trans>右邊緣位移：</Trans>}{' '}
        <OffsetText offset={xydir[side]!} />
      </Text>
    );
  }
  if (step === 26) {
    return (
      <Stack>
        <Text>
          <Trans>依兩邊的位移製作調整過的背面影像。</Trans>
        </Text>
        <Button
          loading={request.isPending}
          disabled={adjustment.status === 'running'}
          onClick={() => request.mutate()}
        >
          <Trans>製作調整影像</Trans>
        </Button>
        {reply && reply.status !== 'ok' && (
          <Alert color="red" role="alert">
            {i18n._(duoReasonText(reply.reason))}
          </Alert>
        )}
        <AdjustmentStatus xydir={xydir} />
      </Stack>
    );
  }
  return <AdjustmentStatus xydir={xydir} />;
}

function AdjustmentStatus({ xydir }: { xydir: Xydir }) {
  const { adjustment } = xydir;
  if (adjustment.status === 'running')
    return (
      <Text role="status">
        <Trans>製作中…</Trans>
      </Text>
    );
  if (adjustment.status === 'failed')
    return (
      <Alert color="red" role="alert">
        <Trans>製作失敗：{adjustment.reason}</Trans>
      </Alert>
    );
  if (adjustment.status !== 'done' || !adjustment.finalsize) return null;
  const { width, height } = adjustment.finalsize;
  const widthMm = ((width / 300) * 25.4).toFixed(1);
  const heightMm = ((height / 300) * 25.4).toFixed(1);
  const stretch = (((adjustment.stretch ?? 1) - 1) * 100).toFixed(2);
  return (
    <Stack gap="xs" data-testid="final-size">
      <Text size="lg">
        <Trans>
          調整後尺寸：{width} × {height} px（{widthMm} × {heightMm} mm，300 dpi）
        </Trans>
      </Text>
      <Text>
        <Trans>背面橫向伸縮：{stretch}%</Trans>
      </Text>
    </Stack>
  );
}

function DownloadStep({ pk, s3pk, xydir }: { pk: string; s3pk: string; xydir: Xydir }) {
  const file = xydir.adjustment.file;
  return (
    <Stack>
      {file ? (
        <Anchor href={file.url} download={file.filename}>
          <Trans>下載調整過的背面影像</Trans>
        </Anchor>
      ) : (
        <Text>
          <Trans>還沒有調整過的背面影像：請先完成第 22 到 26 步。</Trans>
        </Text>
      )}
      <AdjustmentStatus xydir={xydir} />
      <TestSheetLinks pk={pk} s3pk={s3pk} />
      <SettingsForm pk={pk} s3pk={s3pk} xydir={xydir} />
    </Stack>
  );
}
