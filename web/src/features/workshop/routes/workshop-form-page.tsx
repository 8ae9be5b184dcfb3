import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Fillin } from '@club/core/workshop/events';
import { WORKSHOP_PAGES, normaliseFillin, pagesFor, pageValid } from '@club/core/workshop/questions';
import { formatTaipeiSeconds } from '../../../shared/i18n/taipei-time';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { PageLoader } from '../../../shared/ui/page-loader';
import { toast } from '../../../shared/ui/toast';
import { useSaveForm, useWorkshopForm, type WorkshopFormPage } from '../api/workshop';
import { PhotoStep } from '../components/photo-step';
import { QuestionField } from '../components/question-field';
import { pageTitleText, resultText, saveFailedText, scheduleText, workshopReasonText } from '../lib/messages';

type PageNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

function initialFillin(data: WorkshopFormPage): Fillin {
  const user = data.memberuser;
  return { ...user, ...(data.wf?.fillin ?? {}) };
}

/** Where a returning applicant resumes: the page after the last one saved, or the end once submitted. */
function resumePage(data: WorkshopFormPage, fillin: Fillin): PageNumber {
  if (!data.wf) return 1;
  if (data.wf.finishtime) return 7;
  const pages = pagesFor(fillin);
  return (pages.find((page) => page > (data.wf?.step ?? 0)) ?? 6) as PageNumber;
}

function Links() {
  const links = useRouteLinks();
  return (
    <Group>
      <Anchor component={Link} to={links.pathOf('MemberHome')}>
        <Trans>回會員首頁</Trans>
      </Anchor>
      <Anchor component={Link} to="/calendar">
        <Trans>社團行事曆</Trans>
      </Anchor>
      <Anchor component={Link} to="/training">
        <Trans>課程與培訓</Trans>
      </Anchor>
    </Group>
  );
}

function FormPages({ data, refetch }: { data: WorkshopFormPage; refetch: () => void }) {
  const { t, i18n } = useLingui();
  const [fillin, setFillin] = useState<Fillin>(() => initialFillin(data));
  const [page, setPage] = useState<PageNumber>(() => resumePage(data, initialFillin(data)));
  const [test, setTest] = useState(data.wf?.test ?? false);
  const save = useSaveForm();
  const pages = pagesFor(fillin);
  const editable = data.timeschedule !== 'close' && (data.wf !== null || data.timeschedule === 'open');
  const set = (key: string, value: string) =>
    setFillin((before) => normaliseFillin({ ...before, [key]: value }));

  const goNext = async () => {
    if (page === 7) return;
    if (!pageValid(page, fillin, data.offered)) return toast.danger(i18n._(workshopReasonText('checkdata')));
    const finish = page === 6;
    if (finish && (data.wf?.imglist.length ?? 0) !== 4)
      return toast.danger(i18n._(workshopReasonText('photos')));
    try {
      const reply = await save.mutateAsync({ wf: { fillin, test }, step: page, finish });
      if (reply.status !== 'ok') return toast.danger(i18n._(workshopReasonText(reply.reason)));
      if (finish) toast.success(t`報名已送出`);
      setPage((pages.find((next) => next > page) ?? 7) as PageNumber);
      window.scrollTo({ top: 0 });
    } catch (error) {
      console.error('workshop form save failed', error);
      toast.danger(i18n._(saveFailedText));
    }
  };
  const goBack = () => {
    const previous = [...pages].reverse().find((before) => before < page);
    if (previous) setPage(previous as PageNumber);
  };

  const offered = data.offered.map(String);
  const wishOptions = (key: string) =>
    key === 'choice1'
      ? offered
      : key === 'choice2'
        ? ['none', ...offered.filter((kind) => kind !== fillin.choice1)]
        : undefined;
  const position = pages.indexOf(page) + 1;

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {i18n._(pageTitleText[page]!)}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              第 {position} / {pages.length} 頁
            </Trans>
          </Text>
        </Group>
        {page === 1 && data.isstaff && (
          <Checkbox
            label={t`幹部測試（不列入結果）`}
            checked={test}
            onChange={(event) => setTest(event.currentTarget.checked)}
          />
        )}
        {page < 7 &&
          WORKSHOP_PAGES[page as 1].map((question) => (
            <QuestionField
              key={question.key}
              question={question}
              value={fillin[question.key] ?? ''}
              onChange={(value) => set(question.key, value)}
              wishOptions={wishOptions(question.key)}
            />
          ))}
        {page === 6 && data.wf && <PhotoStep form={data.wf} onChanged={refetch} />}
        {page === 7 && data.wf && (
          <Stack gap="xs">
            <Text>
              {data.wf.finishtime ? (
                <Trans>報名已送出（{formatTaipeiSeconds(data.wf.finishtime)}），關閉前都可以修改。</Trans>
              ) : (
                <Trans>報名尚未送出。</Trans>
              )}
            </Text>
            {data.timeschedule === 'showresult' || data.timeschedule === 'close' ? (
              <Text fw={600}>
                <Trans>錄取結果：{i18n._(resultText[data.wf.result]!)}</Trans>
              </Text>
            ) : (
              <Text>
                <Trans>錄取結果將於公布後顯示在這裡。錄取者請於第一堂課繳交保證金 500 元。</Trans>
              </Text>
            )}
          </Stack>
        )}
        {editable && (
          <Group>
            {page > 1 && (
              <Button variant="default" onClick={goBack}>
                <Trans>上一頁</Trans>
              </Button>
            )}
            {page < 6 && (
              <Button loading={save.isPending} onClick={() => void goNext()}>
                <Trans>儲存並繼續</Trans>
              </Button>
            )}
            {page === 6 && (
              <Button loading={save.isPending} onClick={() => void goNext()}>
                <Trans>送出報名</Trans>
              </Button>
            )}
            {page === 7 && (
              <Button variant="default" onClick={() => setPage(1)}>
                <Trans>修改報名資料</Trans>
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export default function WorkshopFormRoutePage() {
  const query = useWorkshopForm();
  const { i18n } = useLingui();
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const data = query.data;
  const blocked = data.experience.workshopever && !data.isstaff;
  const notice = !data.isstaff && (data.experience.darkroomever || data.experience.membertoomore);
  const canStart = data.wf !== null || data.timeschedule === 'open';
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>
          <Trans>工作坊報名</Trans>
        </Title>
        <Badge color="dark.6">{i18n._(scheduleText[data.timeschedule]!)}</Badge>
      </Group>
      <Text>
        <Trans>
          工作坊主要為新生開設：暗房工作坊與攝影工作坊，可填兩個志願。表單每頁都會自動儲存，可以分次填寫；離開第
          6 頁時送出。
        </Trans>
      </Text>
      {blocked ? (
        <Alert color="red.9" title={i18n._(workshopReasonText('limit1time'))}>
          <Trans>你已經參加過工作坊，每人限參加 1 次。</Trans>
        </Alert>
      ) : canStart ? (
        <>
          {notice && (
            <Alert color="yellow.9">
              <Trans>工作坊主要為新生開設，名額有限時會優先錄取新生。</Trans>
            </Alert>
          )}
          <FormPages data={data} refetch={() => void query.refetch()} />
        </>
      ) : (
        <Alert>{i18n._(workshopReasonText(data.timeschedule === 'close' ? 'closed' : 'notopen'))}</Alert>
      )}
      <Links />
    </Stack>
  );
}
