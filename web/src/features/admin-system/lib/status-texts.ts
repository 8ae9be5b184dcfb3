import { useLingui } from '@lingui/react/macro';
import type { StatusItem } from '../api/system';

/** A device host's name as staff know it. */
function useDeviceName() {
  const { t } = useLingui();
  return (device: string | number | undefined): string => {
    switch (device) {
      case 'door':
        return t`門禁`;
      case 'label':
        return t`標籤機`;
      case 'card':
        return t`讀卡機`;
      case 'actplace':
        return t`借場地小幫手`;
      case 'sensors':
        return t`溫濕度感測器`;
      case 'dispenser':
        return t`自動配藥機`;
      case 'giclee':
        return t`數位輸出印表機`;
      default:
        return String(device ?? '');
    }
  };
}

/**
 * The title of a system status item in the viewer's language, from its key and params
 * (api/src/system/status.ts lists the keys). An unknown key shows as it is, never as nothing.
 */
export function useStatusText(): (item: StatusItem) => string {
  const { t } = useLingui();
  const deviceName = useDeviceName();
  return (item) => {
    const p = item.params;
    switch (item.key) {
      case 'redis':
        if (p.state === 'up') return t`Redis 連線正常`;
        if (p.state === 'off') return t`沒有設定 Redis：佇列與裝置都無法使用`;
        return t`Redis 無法連線：佇列與裝置都無法使用`;
      case 'queues':
        return t`無法讀取佇列狀態`;
      case 'queue': {
        const { queue, waiting, active, delayed, failed } = p;
        return t`佇列 ${queue}：等待 ${waiting}、執行中 ${active}、延後 ${delayed}、失敗 ${failed}`;
      }
      case 'devices':
        return t`沒有設定裝置連線`;
      case 'device': {
        const name = deviceName(p.device);
        const host = p.host ?? '';
        if (p.state === 'silent') return t`${name}主機沒有回報（已停止或無法連線）`;
        const simulated = p.simulated === 1 ? t`（模擬器）` : '';
        if (p.state === 'lastfailed') return t`${name}主機 ${host}${simulated}：上一個指令失敗`;
        return t`${name}主機 ${host}${simulated} 運作中`;
      }
      case 'projections': {
        const lag = p.lag;
        return lag === 0 ? t`資料讀取模型已同步` : t`資料讀取模型落後 ${lag} 筆事件`;
      }
      case 'transfers': {
        const count = p.count;
        return item.since === undefined
          ? t`等待第二步的轉帳：${count} 筆`
          : t`有 ${count} 筆轉帳超過一分鐘仍在等待第二步`;
      }
      case 'followups': {
        const count = p.count;
        return count === 0 ? t`沒有卡住的後續步驟` : t`${count} 個後續步驟一再失敗，正在重試`;
      }
      case 'disk': {
        if (p.state === 'unreadable') return t`無法讀取資料夾的磁碟空間`;
        const { freeGiB, freePercent } = p;
        return t`資料夾磁碟剩餘 ${freeGiB} GiB（${freePercent}%）`;
      }
      case 'backup': {
        const hours = p.ageHours;
        if (p.state === 'none') return t`尚未備份（請執行 npm run backup）`;
        if (p.state === 'external') return t`事件庫由 EventStoreDB 自行備份`;
        if (p.state === 'old') return t`最近一次備份已是 ${hours} 小時前`;
        return t`最近一次備份：${hours} 小時前`;
      }
      case 'climate': {
        const { temperature, humidity } = p;
        if (p.state === 'none') return t`暗房溫濕度：尚無感測資料`;
        if (p.state === 'unavailable') return t`暗房溫濕度：目前數值暫時無法取得`;
        if (p.state === 'outofrange') return t`暗房溫濕度超出範圍：${temperature} °C、${humidity}%`;
        return t`暗房溫濕度正常：${temperature} °C、${humidity}%`;
      }
      case 'check': {
        const check = p.check;
        return p.state === 'timeout' ? t`檢查 ${check} 逾時` : t`檢查 ${check} 失敗`;
      }
      default:
        return item.key;
    }
  };
}
