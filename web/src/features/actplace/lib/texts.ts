import { useLingui } from '@lingui/react/macro';
import type { ActPlacePage, Timeslot } from '../api/actplace';

export function useTimeslotText() {
  const { t } = useLingui();
  return (slot: Timeslot): string => {
    switch (slot) {
      case 'morning':
        return t`上午 08:00–12:00`;
      case 'afternoon':
        return t`下午 13:00–17:00`;
      case 'evening':
        return t`晚上 18:00–22:00`;
    }
  };
}

export function useStatusText() {
  const { t } = useLingui();
  return (status: string, outcome?: string): string => {
    switch (outcome ?? status) {
      case 'pending':
        return t`等待開放`;
      case 'sent':
        return t`借用中…`;
      case 'booked':
        return t`已借到`;
      case 'failed':
      case 'alltaken':
        return t`志願都已被借走`;
      case 'unreachable':
        return t`無法連線到 worker，下次再試`;
      case 'withdrawn':
        return t`已撤回`;
      default:
        return t`借用失敗`;
    }
  };
}

export function useReasonText() {
  const { t } = useLingui();
  return (reason: string): string => {
    switch (reason) {
      case 'past':
        return t`日期須在今天之後`;
      case 'choices':
        return t`請選 1 到 6 個不重複的場地`;
      case 'room':
        return t`有場地在這個時段不開放借用`;
      case 'name':
        return t`請填活動名稱`;
      case 'exists':
        return t`這筆志願已經送出`;
      case 'notpending':
        return t`只能撤回還沒送出的志願`;
      default:
        return t`資料有少`;
    }
  };
}

/** A room's name in the current language, from the page's buildingMap. */
export function roomNames(page: ActPlacePage | undefined, english: boolean): Map<string, string> {
  const names = new Map<string, string>();
  for (const building of Object.values(page?.buildingMap ?? {}))
    for (const room of building.rooms) names.set(room.key, english ? room.nameEn : room.name);
  return names;
}
