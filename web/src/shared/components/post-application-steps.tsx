import { Trans } from '@lingui/react/macro';
import { Anchor, List, Text } from '@mantine/core';
import { clubLinks } from '../config/links';
import { DOOR_PERMISSION_DELAY_WEEKS, MEMBER_FEE_NTD } from '../config/club';

export interface PostApplicationStepsProps {
  /** The members' group link; the server sends the semester's own after applying. */
  groupLink?: string | undefined;
  /** The semester tag of that group, when known. */
  semester?: string | undefined;
  memberFeeNtd?: number | undefined;
  /** Other-school students wait for review before they can pay. */
  awaitingReview?: boolean | undefined;
}

/** What an applicant does after applying, until they are a member (spec doc 1, sections 1 and 2). */
export function PostApplicationSteps({
  groupLink,
  semester,
  memberFeeNtd = MEMBER_FEE_NTD,
  awaitingReview = false,
}: PostApplicationStepsProps) {
  const link = groupLink || clubLinks.membersGroup;
  const weeks = DOOR_PERMISSION_DELAY_WEEKS;
  return (
    <>
      <Text fw={700}>
        <Trans>申請後的步驟</Trans>
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          {semester ? (
            <Trans>
              加入本學期（{semester}）社員 Facebook 社團：
              <Anchor href={link} target="_blank" rel="noopener noreferrer">
                社員社團
              </Anchor>
            </Trans>
          ) : (
            <Trans>
              加入社員 Facebook 社團：
              <Anchor href={link} target="_blank" rel="noopener noreferrer">
                社員社團
              </Anchor>
            </Trans>
          )}
        </List.Item>
        {awaitingReview && (
          <List.Item>
            <Trans>外校學生的申請需經幹部審核，審核通過後才能繳費。</Trans>
          </List.Item>
        )}
        <List.Item>
          <Trans>
            於社辦開放時間找幹部繳交社費 {memberFeeNtd}{' '}
            元（每學期），繳費後即成為社員。社費繳交後不退費、不保留。
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>繳費後約 {weeks} 週開通社辦門禁權限；在此之前請由幹部協助開門。</Trans>
        </List.Item>
        <List.Item>
          <Trans>參加暗房與數暗訓練後，即可預約使用暗房與數位暗房。</Trans>
        </List.Item>
      </List>
    </>
  );
}
