// Point kinds: what a contribution was for. Events and read models store the stable `key`; the Chinese
// name is what the legacy screens showed and what the API may receive, so both lookups are offered.
// The guidance texts are advice shown beside the form; the point authority applies them when reviewing.
// Only the 10-points-per-day limit is enforced by the decider (see decider.ts).

/** Contribution point: 1 point is credited for 1 hour of work for the club (spec doc 1, section 9). */
export interface PointKind {
  /** Stable identifier stored in events; never renamed. */
  key: PointKindKey;
  /** Traditional Chinese name, as the spec lists it. */
  nameZh: string;
  nameEn: string;
  guidanceZh: string;
  guidanceEn: string;
}

export const pointKindKeys = [
  'staff_meeting',
  'staff_training',
  'course',
  'club_room',
  'darkroom',
  'digital_darkroom',
  'outing',
  'library',
  'exhibition',
  'lunch_gathering',
  'welcome_party',
  'general_affairs',
  'secretarial',
  'club_representative',
  'club_evaluation',
  'club_fair',
  'azalea_festival',
  'other',
] as const;

export type PointKindKey = (typeof pointKindKeys)[number];

/** The 18 kinds in the spec's order (the order of the form's drop-down). */
export const pointKinds: readonly PointKind[] = [
  {
    key: 'staff_meeting',
    nameZh: '幹部會議',
    nameEn: 'Staff meeting',
    guidanceZh: '依實際出席時數計算，1 小時 = 1 點。',
    guidanceEn: 'Count the hours you attended; 1 hour = 1 point.',
  },
  {
    key: 'staff_training',
    nameZh: '幹部訓練',
    nameEn: 'Staff training',
    guidanceZh: '依參加時數計算，1 小時 = 1 點；籌辦者可另計準備時數。',
    guidanceEn:
      'Count the hours you took part; 1 hour = 1 point. Organisers may add their preparation hours.',
  },
  {
    key: 'course',
    nameZh: '課程',
    nameEn: 'Course',
    guidanceZh: '授課依上課時數計算；備課每次至多 3 點。',
    guidanceEn: 'Teaching counts the class hours; course preparation is at most 3 points per time.',
  },
  {
    key: 'club_room',
    nameZh: '社辦',
    nameEn: 'Club room',
    guidanceZh: '社辦值班、整理與打掃依實際時數計算，1 小時 = 1 點。',
    guidanceEn: 'Club-room duty, tidying and cleaning count the hours worked; 1 hour = 1 point.',
  },
  {
    key: 'darkroom',
    nameZh: '暗房',
    nameEn: 'Darkroom',
    guidanceZh: '暗房維護、配藥與清潔依實際時數計算；沖洗或放大自己的作品不計。',
    guidanceEn:
      'Darkroom upkeep, mixing chemicals and cleaning count the hours worked; your own developing or printing does not count.',
  },
  {
    key: 'digital_darkroom',
    nameZh: '數暗',
    nameEn: 'Digital darkroom',
    guidanceZh: '數位暗房設備維護與協助輸出依實際時數計算；輸出自己的作品不計。',
    guidanceEn:
      'Digital-darkroom upkeep and helping others print count the hours worked; printing your own work does not count.',
  },
  {
    key: 'outing',
    nameZh: '外拍',
    nameEn: 'Photo outing',
    guidanceZh: '由外拍的籌辦者申請，每天至多 8 點；一般參加者不計。',
    guidanceEn:
      'Claimed by the organiser of the outing, at most 8 points a day; taking part alone does not count.',
  },
  {
    key: 'library',
    nameZh: '圖書',
    nameEn: 'Library',
    guidanceZh: '書籍整理、上架與借還書值班依實際時數計算。',
    guidanceEn: 'Sorting and shelving books and lending-desk duty count the hours worked.',
  },
  {
    key: 'exhibition',
    nameZh: '展覽',
    nameEn: 'Exhibition',
    guidanceZh: '佈展、顧展與撤展依實際時數計算；跨日的工作請分日申請。',
    guidanceEn:
      'Setting up, staffing and taking down an exhibition count the hours worked; split work over several days into one request per day.',
  },
  {
    key: 'lunch_gathering',
    nameZh: '午聚',
    nameEn: 'Lunch gathering',
    guidanceZh: '籌辦午聚（場地、訂餐、主持）依實際時數計算；單純參加不計。',
    guidanceEn:
      'Organising a lunch gathering (venue, food, hosting) counts the hours worked; attending alone does not count.',
  },
  {
    key: 'welcome_party',
    nameZh: '迎新晚會',
    nameEn: 'Welcome party',
    guidanceZh: '籌備與當天工作依實際時數計算；跨日的籌備請分日申請。',
    guidanceEn:
      'Preparation and work on the night count the hours worked; split preparation over several days into one request per day.',
  },
  {
    key: 'general_affairs',
    nameZh: '總務',
    nameEn: 'General affairs',
    guidanceZh: '採購、盤點與帳務依實際時數計算，1 小時 = 1 點。',
    guidanceEn: 'Purchasing, stocktaking and bookkeeping count the hours worked; 1 hour = 1 point.',
  },
  {
    key: 'secretarial',
    nameZh: '文書',
    nameEn: 'Secretarial work',
    guidanceZh: '會議紀錄、公告與文宣製作依實際時數計算，1 小時 = 1 點。',
    guidanceEn: 'Minutes, announcements and publicity material count the hours worked; 1 hour = 1 point.',
  },
  {
    key: 'club_representative',
    nameZh: '社團代表',
    nameEn: 'Club representative',
    guidanceZh: '代表社團出席校內外會議或活動，依實際時數計算。',
    guidanceEn: 'Representing the club at meetings or events on or off campus counts the hours attended.',
  },
  {
    key: 'club_evaluation',
    nameZh: '社團評鑑',
    nameEn: 'Club evaluation',
    guidanceZh: '準備評鑑資料與出席評鑑依實際時數計算；跨日的工作請分日申請。',
    guidanceEn:
      'Preparing evaluation material and attending the evaluation count the hours worked; split work over several days into one request per day.',
  },
  {
    key: 'club_fair',
    nameZh: '社團博覽會',
    nameEn: 'Club fair',
    guidanceZh: '擺攤、佈置與撤場依實際時數計算，1 小時 = 1 點。',
    guidanceEn: 'Running the stall, setting up and clearing away count the hours worked; 1 hour = 1 point.',
  },
  {
    key: 'azalea_festival',
    nameZh: '杜鵑花節',
    nameEn: 'Azalea Festival',
    guidanceZh: '擺攤、佈置與撤場依實際時數計算，1 小時 = 1 點。',
    guidanceEn: 'Running the stall, setting up and clearing away count the hours worked; 1 hour = 1 point.',
  },
  {
    key: 'other',
    nameZh: '其他',
    nameEn: 'Other',
    guidanceZh: '其他為社團付出的工作：請在事由寫明做了什麼與花了多少時間，1 小時 = 1 點。',
    guidanceEn: 'Other work for the club: say in the reason what you did and for how long; 1 hour = 1 point.',
  },
];

const kindsByKey = new Map<string, PointKind>(pointKinds.map((kind) => [kind.key, kind]));
const kindsByChineseName = new Map<string, PointKind>(pointKinds.map((kind) => [kind.nameZh, kind]));

export const isPointKindKey = (value: unknown): value is PointKindKey =>
  typeof value === 'string' && kindsByKey.has(value);

/** The kind with this key; throws for an unknown key (callers hold a validated key). */
export const pointKind = (key: PointKindKey): PointKind => {
  const kind = kindsByKey.get(key);
  if (!kind) throw new Error(`unknown point kind key: ${key}`);
  return kind;
};

/** Looks a kind up by its Chinese name (the legacy API's value) or by its key; undefined if neither. */
export const findPointKind = (keyOrChineseName: string): PointKind | undefined =>
  kindsByKey.get(keyOrChineseName) ?? kindsByChineseName.get(keyOrChineseName);
