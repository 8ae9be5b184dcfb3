import type { Identity } from '@club/core/accounts/registration-rules';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, ScrollArea, Stack } from '@mantine/core';
import { clubLinks } from '../../../shared/config/links';
import { canApply } from '../lib/wizard';
import { ClubRules } from './club-rules';

export interface RulesStepProps {
  identity: Identity | null;
  agreed: boolean;
  onAgreementChange: (agreed: boolean) => void;
  onNext: () => void;
  onCancel: () => void;
}

export function RulesStep({ identity, agreed, onAgreementChange, onNext, onCancel }: RulesStepProps) {
  if (!canApply(identity)) {
    return (
      <Stack>
        <Alert color="yellow" title={<Trans>無法線上申請</Trans>}>
          <Trans>
            畢業校友或其他身分目前無法在線上申請入社。如有需要，請
            <a href={clubLinks.socialPage} target="_blank" rel="noopener noreferrer">
              連絡粉專
            </a>
            。
          </Trans>
        </Alert>
        <Group>
          <Button variant="default" onClick={onCancel}>
            <Trans>取消</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <Paper withBorder p="sm">
        <ScrollArea.Autosize mah="50vh" type="auto">
          <ClubRules />
        </ScrollArea.Autosize>
      </Paper>
      <Checkbox
        checked={agreed}
        onChange={(event) => onAgreementChange(event.currentTarget.checked)}
        label={<Trans>我已閱讀並同意社規</Trans>}
      />
      <Group>
        <Button onClick={onNext}>
          <Trans>下一步</Trans>
        </Button>
        <Button variant="default" onClick={onCancel}>
          <Trans>取消</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
