import { Trans } from '@lingui/react/macro';
import { List, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DOOR_PERMISSION_DELAY_WEEKS, MEMBER_FEE_NTD } from '../../../shared/config/club';

// The member rules (the Terms page and step 1 of the application), written from the spec's business
// constants (doc 1, section 9 and doc 3, section 9).

const LIBRARY_MAX_BOOKS = 5;
const LIBRARY_LOAN_DAYS = 30;
const LIBRARY_FINE_NTD_PER_DAY = 5;
const EQUIPMENT_DEPOSIT_DAILY_RENTS = 3;
const OFFICE_PERSONAL_ITEMS = 4;
const OFFICE_ITEM_USE_DAYS = 14;
const POINTS_PER_REQUEST = 10;
const STORAGE_GB = 20;
const STORAGE_TIDY_DAYS = 14;

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      <List spacing={4} size="sm">
        {children}
      </List>
    </Stack>
  );
}

export function ClubRules() {
  const fee = MEMBER_FEE_NTD;
  const weeks = DOOR_PERMISSION_DELAY_WEEKS;
  const books = LIBRARY_MAX_BOOKS;
  const loanDays = LIBRARY_LOAN_DAYS;
  const fine = LIBRARY_FINE_NTD_PER_DAY;
  const depositRents = EQUIPMENT_DEPOSIT_DAILY_RENTS;
  const items = OFFICE_PERSONAL_ITEMS;
  const itemDays = OFFICE_ITEM_USE_DAYS;
  const points = POINTS_PER_REQUEST;
  const storage = STORAGE_GB;
  const tidyDays = STORAGE_TIDY_DAYS;
  return (
    <Stack gap="md">
      <Section title={<Trans>一、社員資格與社費</Trans>}>
        <List.Item>
          <Trans>社費每學期 {fee} 元；上學期為 8/1 至 1/31，下學期為 2/1 至 7/31。</Trans>
        </List.Item>
        <List.Item>
          <Trans>社費一經繳交，恕不退費，也不能保留到其他學期。</Trans>
        </List.Item>
        <List.Item>
          <Trans>繳費後即具社員資格，可使用社辦、暗房、數位暗房、圖書與器材借用等社員服務。</Trans>
        </List.Item>
        <List.Item>
          <Trans>幹部身分須在具有社員資格後才生效。</Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>二、社辦與門禁</Trans>}>
        <List.Item>
          <Trans>學期中社辦 22:00 關門，寒暑假 17:00 關門。</Trans>
        </List.Item>
        <List.Item>
          <Trans>請在關門前 10 分鐘離開社辦，離開前關燈、關冷氣並鎖門。</Trans>
        </List.Item>
        <List.Item>
          <Trans>門禁權限約在繳費後 {weeks} 週開通。</Trans>
        </List.Item>
        <List.Item>
          <Trans>
            社辦內的個人物品每人最多 {items} 件，且至少每 {itemDays} 天使用一次，否則視為無主物品處理。
          </Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>三、圖書</Trans>}>
        <List.Item>
          <Trans>
            每人最多借 {books} 本，借期 {loanDays} 天，不可續借。
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>逾期每本每天罰款 {fine} 元，由儲值金扣除。</Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>四、器材借用</Trans>}>
        <List.Item>
          <Trans>借用器材須付押金，金額為日租金的 {depositRents} 倍，歸還時退還。</Trans>
        </List.Item>
        <List.Item>
          <Trans>借用未滿 6 小時，每小時收日租金的 1/6；6 至 24 小時以一日計。</Trans>
        </List.Item>
        <List.Item>
          <Trans>在社辦內自用當天免費，之後每件每天最多收 5 元。</Trans>
        </List.Item>
        <List.Item>
          <Trans>器材損壞或遺失須照價賠償。</Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>五、暗房與數位暗房</Trans>}>
        <List.Item>
          <Trans>完成該項訓練後才能預約與使用。</Trans>
        </List.Item>
        <List.Item>
          <Trans>使用前請先預約並遵守預約規則；用畢請清潔並將器材歸位。</Trans>
        </List.Item>
        <List.Item>
          <Trans>共用相紙與藥水依價目表計費，由儲值金扣除。</Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>六、點數</Trans>}>
        <List.Item>
          <Trans>協助社務可申請點數，1 小時為 1 點；每次（每日）申請上限 {points} 點。</Trans>
        </List.Item>
        <List.Item>
          <Trans>點數有效期限半年，可用來享有耗材折扣；使用折扣不會扣除點數。</Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>七、網路硬碟</Trans>}>
        <List.Item>
          <Trans>
            每人 {storage} GB；超過時請在 {tidyDays} 天內整理。
          </Trans>
        </List.Item>
      </Section>
      <Section title={<Trans>八、其他</Trans>}>
        <List.Item>
          <Trans>違反社規者，幹部得暫停其社員服務。</Trans>
        </List.Item>
      </Section>
    </Stack>
  );
}
