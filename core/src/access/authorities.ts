// Authorities: named powers granted to a user or to a staff position keyword (document 3, section 6;
// document 1, section 6; document 2 for groupbuy). Events store the key; the titles and descriptions
// are what the AdminAuth page lists (`authlist` entries: key, title, desc).

/** Authority: one named power, granted to a user or to every holder of a matching staff position. */
export const authorityKeys = [
  'system',
  'staffset',
  'workshopset',
  'user',
  'transmodify',
  'stock',
  'stockpurchase',
  'sql',
  'transfer',
  'addvalue',
  'actplace',
  'auth',
  'allowdebt',
  'point',
  'opendoor',
  'webopendoor',
  'nas',
  'errormember',
  'groupbuy',
] as const;

export type AuthorityKey = (typeof authorityKeys)[number];

export interface Authority {
  key: AuthorityKey;
  titleZh: string;
  titleEn: string;
  descriptionZh: string;
  descriptionEn: string;
}

/** The closed list, in the order the AdminAuth page shows it. */
export const authorities: readonly Authority[] = [
  {
    key: 'system',
    titleZh: '系統',
    titleEn: 'System',
    descriptionZh: '系統狀態按鈕與系統選單、溫溼度與系統警示。',
    descriptionEn: 'System status button and system menu, temperature and humidity, system warnings.',
  },
  {
    key: 'staffset',
    titleZh: '幹部名單',
    titleEn: 'Staff roster',
    descriptionZh: '編輯幹部名單、新增與移除幹部。',
    descriptionEn: 'Edit the staff roster: add and remove staff.',
  },
  {
    key: 'workshopset',
    titleZh: '研習班',
    titleEn: 'Workshops',
    descriptionZh: '設定研習班錄取結果、新增與移除研習班名單。',
    descriptionEn: 'Set workshop results; add and remove workshop entries.',
  },
  {
    key: 'user',
    titleZh: '使用者資料',
    titleEn: 'User details',
    descriptionZh: '在名單中顯示使用者詳細資料的連結。',
    descriptionEn: 'Links to user details in lists.',
  },
  {
    key: 'transmodify',
    titleZh: '交易修改',
    titleEn: 'Transaction changes',
    descriptionZh: '退款、修改與刪除交易；展開輸出工作的詳細資料與操作。',
    descriptionEn: 'Refund, modify and delete transactions; expand giclee job details and actions.',
  },
  {
    key: 'stock',
    titleZh: '庫存',
    titleEn: 'Stock',
    descriptionZh: '新增庫存品項、編輯庫存設定、底片銷售統計。',
    descriptionEn: 'Add stock items, edit stock settings, film sales statistics.',
  },
  {
    key: 'stockpurchase',
    titleZh: '進貨',
    titleEn: 'Stock purchases',
    descriptionZh: '進貨分頁、單價與備註欄位、庫存紀錄詳細資料。',
    descriptionEn: 'Purchase tab, unit price and comment columns, stock log details.',
  },
  {
    key: 'sql',
    titleZh: '資料查詢',
    titleEn: 'Data queries',
    descriptionZh: '查看欠款名單。',
    descriptionEn: 'See the debt list.',
  },
  {
    key: 'transfer',
    titleZh: '轉帳',
    titleEn: 'Transfers',
    descriptionZh: '顯示轉帳選單項目。',
    descriptionEn: 'Shows the transfer menu entry.',
  },
  {
    key: 'addvalue',
    titleZh: '儲值',
    titleEn: 'Top-ups',
    descriptionZh: '現金儲值、取回現金、點收儲值袋。',
    descriptionEn: 'Add value for cash, take cash back, count deposit bags.',
  },
  {
    key: 'actplace',
    titleZh: '場地借用',
    titleEn: 'Room booking',
    descriptionZh: '使用場地借用小幫手。',
    descriptionEn: 'Use the room-booking helper.',
  },
  {
    key: 'auth',
    titleZh: '權限管理',
    titleEn: 'Permissions',
    descriptionZh: '新增與刪除權限。',
    descriptionEn: 'Grant and revoke authorities.',
  },
  {
    key: 'allowdebt',
    titleZh: '允許欠款',
    titleEn: 'Debt allowed',
    descriptionZh: '儲值餘額可以為負。',
    descriptionEn: 'The stored-value balance may go below zero.',
  },
  {
    key: 'point',
    titleZh: '點數管理',
    titleEn: 'Points',
    descriptionZh: '編輯任何點數紀錄、確認或設為無效；點數管理畫面。',
    descriptionEn: "Edit any point record, confirm or invalidate it; the point head's admin screens.",
  },
  {
    key: 'opendoor',
    titleZh: '開門',
    titleEn: 'Door opening',
    descriptionZh: '非社員也可以開社辦的門。',
    descriptionEn: 'May open the club-room door without being a member.',
  },
  {
    key: 'webopendoor',
    titleZh: '網頁開門',
    titleEn: 'Web door opening',
    descriptionZh: '顯示網頁開門按鈕。',
    descriptionEn: 'Shows the open-door button on the web page.',
  },
  {
    key: 'nas',
    titleZh: '網路空間',
    titleEn: 'Network storage',
    descriptionZh: '非社員也可以使用網路儲存空間。',
    descriptionEn: 'May use the network storage without being a member.',
  },
  {
    key: 'errormember',
    titleZh: '待審核社員',
    titleEn: 'Member under review',
    descriptionZh: '標記待審核的帳號：不能繳社費，並隱藏研習班報名表。',
    descriptionEn:
      'Marks an account under review: it cannot pay the member fee and the workshop form is hidden.',
  },
  {
    key: 'groupbuy',
    titleZh: '團購管理',
    titleEn: 'Group buying',
    descriptionZh: '查看團購總額與訂購人、結單、取消任何訂單、免付訂金。',
    descriptionEn: 'See group-buy totals and orderers, close a group buy, cancel any order, pay no deposit.',
  },
];

const authoritiesByKey = new Map<string, Authority>(
  authorities.map((authority) => [authority.key, authority]),
);

export const isAuthorityKey = (value: unknown): value is AuthorityKey =>
  typeof value === 'string' && authoritiesByKey.has(value);

/** The authority with this key; throws for an unknown key (callers hold a validated key). */
export const authority = (key: AuthorityKey): Authority => {
  const found = authoritiesByKey.get(key);
  if (!found) throw new Error(`unknown authority key: ${key}`);
  return found;
};

/** The `authlist` entries of the AdminAuth page in one language. */
export const authorityList = (lang: 'tw' | 'en'): { key: AuthorityKey; title: string; desc: string }[] =>
  authorities.map((entry) => ({
    key: entry.key,
    title: lang === 'en' ? entry.titleEn : entry.titleZh,
    desc: lang === 'en' ? entry.descriptionEn : entry.descriptionZh,
  }));

/** Puts keys in the canonical order of `authorityKeys`, without duplicates. */
export const sortAuthorityKeys = (keys: Iterable<AuthorityKey>): AuthorityKey[] => {
  const present = new Set(keys);
  return authorityKeys.filter((key) => present.has(key));
};
