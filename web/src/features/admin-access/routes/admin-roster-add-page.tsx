import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import type { PersonRef } from '../../../shared/api/user-search';
import { PersonPicker } from '../../../shared/components/person-picker';
import { useRouteLinks } from '../../../shared/routing/route-links';
import { toast } from '../../../shared/ui/toast';
import { useAddRosterEntry } from '../api/rosters';
import { displayLanguage, workshopChoices } from '../lib/roster-groups';

/** AdminStaffWorkshopAdd: add a person to a semester's staff roster (staffset) or workshop roster (workshopset). */
export default function AdminRosterAddPage() {
  const { t, i18n } = useLingui();
  const params = useParams();
  const kind = params.kind === 'workshop' ? 'workshop' : 'staff';
  const semester = params.semester ?? '';
  const links = useRouteLinks();
  const navigate = useNavigate();
  const add = useAddRosterEntry();
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [position, setPosition] = useState('');
  const [workshopKind, setWorkshopKind] = useState<string | null>(null);
  const listPath = links.pathOf('AdminMemberStaffWorkshopList', { kind, semester });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Checked in the spec's order (doc 3, section 5).
    if (person === null) return toast.danger(t`請選擇人員`);
    if (kind === 'workshop' && workshopKind === null) return toast.danger(t`請選擇工作坊`);
    if (kind === 'staff' && position.trim() === '') return toast.danger(t`請輸入職稱`);
    try {
      const response = await add.mutateAsync({
        kind,
        semester,
        userSelected: { pk: person.pk },
        ...(kind === 'staff' ? { staffPosition: position.trim() } : { workshopKind: Number(workshopKind) }),
      });
      if (response.status === 'ok') {
        toast.success(t`已新增`);
        navigate(listPath);
        return;
      }
      switch (response.reason) {
        case 'duplicated':
          toast.danger(t`已經新增過這位使用者`);
          break;
        case 'user_required':
        case 'notfound':
          toast.danger(t`請選擇人員`);
          break;
        case 'workshop_required':
          toast.danger(t`請選擇工作坊`);
          break;
        case 'position_required':
          toast.danger(t`請輸入職稱`);
          break;
        case 'position_too_long':
          toast.danger(t`職稱最多 40 個字`);
          break;
        case 'forbidden':
          toast.danger(t`你沒有權限修改這份名單`);
          break;
        default:
          toast.danger(t`失敗`);
      }
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) {
        console.error('roster add failed', error);
        toast.danger(t`失敗`);
      }
    }
  };

  return (
    <Stack>
      <Title order={2}>
        {kind === 'staff' ? <Trans>新增 {semester} 幹部</Trans> : <Trans>新增 {semester} 工作坊名單</Trans>}
      </Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <PersonPicker label={t`人員`} value={person} onChange={setPerson} required />
            {kind === 'staff' ? (
              <TextInput
                label={t`職稱`}
                description={t`例如 社長、暗房長、總務組員`}
                required
                maxLength={40}
                value={position}
                onChange={(event) => setPosition(event.currentTarget.value)}
              />
            ) : (
              <Select
                label={t`工作坊`}
                required
                data={workshopChoices(displayLanguage(i18n.locale))}
                value={workshopKind}
                onChange={setWorkshopKind}
              />
            )}
            <Button type="submit" loading={add.isPending}>
              <Trans>新增</Trans>
            </Button>
          </Stack>
        </form>
      </Paper>
      <Anchor component={Link} to={listPath}>
        <Trans>回名單</Trans>
      </Anchor>
    </Stack>
  );
}
