// Demo loans (issue 15; docs/loans.md): a small library catalogue with loans (one overdue, one returned
// late with its fine), equipment with a day fee (one item out overdue, one returned after 3 hours, one out
// on official activity) and two shared paper boxes (one weighed out and in, one out since yesterday). Every
// request key is fixed, so a second run changes nothing. 林小美 is topped up with exactly what her loans
// cost first (fine, rent, paper, the deposit still held), so she still shows her balance of 1000.
import { CLUB_ACCOUNTS } from '@club/core/ledger/accounts';
import type { LedgerRequest } from '@club/core/ledger/service';
import type { BookFields } from '@club/core/loans/library';
import { bookFineCents, bookDueAt, rentCents } from '@club/core/loans/rules';
import type { PortalServices } from '../services.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type DemoBook = [
  barcode: string,
  title: string,
  author: string,
  publisher: string,
  classification: string,
  isbn?: string,
];
const CLASSES: Record<string, string> = {
  技術: '#2c7be5',
  攝影集: '#c0392b',
  理論: '#27ae60',
  參考: '#7f8c8d',
};
export const DEMO_BOOKS: readonly DemoBook[] = [
  ['B0001', '黑白暗房技法', 'Ansel Adams', '藝術家出版社', '技術', '9789862820226'],
  ['B0002', '底片攝影入門', '林志明', '商周出版', '技術'],
  ['B0003', '決定性瞬間', 'Henri Cartier-Bresson', '城邦', '攝影集'],
  ['B0004', '論攝影', 'Susan Sontag', '麥田出版', '理論', '9789861732971'],
  ['B0005', '明室', 'Roland Barthes', '台灣攝影工作室', '理論'],
  ['B0006', '美國人', 'Robert Frank', 'Steidl', '攝影集'],
  ['B0007', '大片幅攝影', '王信', '雄獅美術', '技術'],
  ['B0008', '彩色沖印手冊', 'Kodak', '柯達', '技術'],
  ['B0009', '攝影構圖學', '張照堂', '遠流', '理論'],
  ['B0010', '台灣攝影年鑑', '社團編輯部', '本社', '參考'],
];

const ITEMS = [
  { key: 'fm2', name: 'Nikon FM2 相機', dayFeeCents: 100_00 },
  { key: 'tripod', name: 'Manfrotto 三腳架', dayFeeCents: 30_00 },
  { key: 'meter', name: 'Sekonic 測光表', dayFeeCents: 50_00 },
  { key: 'scanner', name: 'Epson V850 掃描器', dayFeeCents: 80_00 },
] as const;

/** Shared paper boxes on the SP stock items of demo-stock.ts (pk 30 black-and-white, 31 colour). */
const BOXES = [
  { key: 'sp-bw', barcode: 'SP0001', stockPk: 30, boxWeightMg: 420_000, unitWeightMg: 12_500, sheets: 40 },
  {
    key: 'sp-colour',
    barcode: 'SP0002',
    stockPk: 31,
    boxWeightMg: 430_000,
    unitWeightMg: 13_000,
    sheets: 25,
  },
] as const;

export async function loadDemoLoans(
  services: PortalServices,
  people: { head: number; member: number },
): Promise<void> {
  const { loans, ledger } = services;
  const now = new Date();
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY_MS + hours * HOUR_MS);
  const request = (when: Date, actorPk: number | null = people.head): LedgerRequest => ({
    now: when,
    actorPk,
    correlationId: `cli-demo-loans-${when.getTime()}`,
  });
  const must = <Result extends { ok: boolean }>(what: string, result: Result): Result => {
    if (!result.ok) throw new Error(`demo loans: ${what} refused: ${JSON.stringify(result)}`);
    return result;
  };
  const already = (await loans.library()).requests.has('demo-book-B0001');

  // The catalogue.
  for (const [barcode, title, author, publisher, classification, isbn] of DEMO_BOOKS) {
    const book: BookFields = {
      barcode,
      isbn: isbn ?? '',
      title,
      author,
      publisher,
      classificationName: classification,
      classificationColor: CLASSES[classification] ?? '',
      allowBorrow: classification !== '參考',
    };
    must(`book ${barcode}`, await loans.addBook(book, `demo-book-${barcode}`, request(at(60))));
  }
  for (const item of ITEMS)
    must(
      `item ${item.key}`,
      await loans.addProperty(
        { name: item.name, accountPk: Number(CLUB_ACCOUNTS.equipmentRent.id), dayFeeCents: item.dayFeeCents },
        `demo-item-${item.key}`,
        request(at(60)),
      ),
    );
  const equipment = await loans.equipment();
  const itemPk = (key: string) => equipment.requests.get(`demo-item-${key}`)!.pk;
  for (const box of BOXES)
    must(
      `box ${box.barcode}`,
      await loans.paperCommand(
        {
          type: 'AddBox',
          barcode: box.barcode,
          stockPk: box.stockPk,
          settings: { boxWeightMg: box.boxWeightMg, unitWeightMg: box.unitWeightMg, enabled: true },
          weightMg: box.boxWeightMg + box.sheets * box.unitWeightMg,
          requestKey: `demo-box-${box.key}`,
          actorPk: people.head,
        },
        request(at(60)),
      ),
    );
  const paper = await loans.paper();
  const boxPk = (key: string) => paper.requests.get(`demo-box-${key}`)!.pk;

  // 林小美's costs, topped up first (a second run finds every key used and changes nothing).
  const lateReturnAt = at(7);
  const fineCents = bookFineCents(bookDueAt(at(40)), lateReturnAt);
  const rent = rentCents({ activityType: 2, dayFeeCents: 100_00, lentAt: at(10), returnedAt: at(10, 3) });
  const tripodDeposit = 3 * 30_00;
  const paperCents = 3 * 38_00;
  if (!already)
    must(
      'top-up',
      await ledger.addValue({
        ...request(at(40)),
        transferId: 'demo-loans-topup',
        staffPk: people.head,
        userPk: people.member,
        amountCents: fineCents + rent + tripodDeposit + paperCents,
        summary: '現金儲值',
      }),
    );

  // Books, in time order: 林小美 borrows three 40 days ago, returns one on time and one 3 days late
  // (fine 15); the third is still out, 10 days overdue. The head has one out, not yet due.
  const borrow = (key: string, barcodes: string[], when: Date, userPk = people.member) =>
    loans.libraryCommand(
      {
        type: 'BorrowBooks',
        userPk,
        barcodes,
        requestKey: `demo-${key}`,
        actorPk: people.head,
        isMember: true,
      },
      request(when),
    );
  const giveBack = (key: string, barcodes: string[], when: Date) =>
    loans.libraryCommand(
      { type: 'ReturnBooks', barcodes, requestKey: `demo-${key}`, actorPk: people.head, onlyUserPk: null },
      request(when),
    );
  must('borrow', await borrow('borrow-1', ['B0001', 'B0002', 'B0004'], at(40)));
  must('return on time', await giveBack('return-1', ['B0002'], at(35)));
  must('late return', await giveBack('return-2', ['B0004'], lateReturnAt));
  must('head borrows', await borrow('borrow-2', ['B0006'], at(5), people.head));

  // Equipment: a camera for 3 hours (rent 50, deposit 300 back), a tripod out and overdue, a light
  // meter out on official activity.
  const lend = (
    key: string,
    item: string,
    userPk: number,
    activityType: 1 | 2 | 5,
    when: Date,
    expReturnAt: Date,
  ) =>
    loans.lend(
      {
        propertyPk: itemPk(item),
        userPk,
        activityType,
        expReturnAt,
        comment: '',
        requestKey: `demo-${key}`,
        allowDebt: false,
      },
      request(when),
    );
  must('lend fm2', await lend('lend-1', 'fm2', people.member, 2, at(10), at(10, 4)));
  must(
    'return fm2',
    await loans.returnProperty(
      { propertyPk: itemPk('fm2'), requestKey: 'demo-return-1', onlyUserPk: null, allowDebt: false },
      request(at(10, 3)),
    ),
  );
  must('lend tripod', await lend('lend-2', 'tripod', people.member, 2, at(3), at(2)));
  must('lend meter', await lend('lend-3', 'meter', people.head, 5, at(1), at(0, 6)));

  // Shared paper: 林小美 used 3 sheets of black-and-white; the head took the colour box out yesterday.
  const bw = BOXES[0];
  const bwSettings = { boxWeightMg: bw.boxWeightMg, unitWeightMg: bw.unitWeightMg, enabled: true };
  const bwFull = bw.boxWeightMg + bw.sheets * bw.unitWeightMg;
  must(
    'paper out',
    await loans.paperCommand(
      {
        type: 'BorrowBox',
        boxPk: boxPk(bw.key),
        userPk: people.member,
        settings: bwSettings,
        weightMg: bwFull,
        comment: '',
        requestKey: 'demo-paper-out-1',
        actorPk: people.head,
      },
      request(at(3)),
    ),
  );
  must(
    'paper in',
    await loans.returnPaper(
      {
        type: 'ReturnBox',
        boxPk: boxPk(bw.key),
        weightMg: bwFull - 3 * bw.unitWeightMg,
        problem: false,
        comment: '',
        requestKey: 'demo-paper-in-1',
        actorPk: people.head,
        onlyUserPk: null,
      },
      { pointsHundredths: 0 },
      request(at(3, 3)),
    ),
  );
  const colour = BOXES[1];
  must(
    'paper out colour',
    await loans.paperCommand(
      {
        type: 'BorrowBox',
        boxPk: boxPk(colour.key),
        userPk: people.head,
        settings: { boxWeightMg: colour.boxWeightMg, unitWeightMg: colour.unitWeightMg, enabled: true },
        weightMg: colour.boxWeightMg + colour.sheets * colour.unitWeightMg,
        comment: '',
        requestKey: 'demo-paper-out-2',
        actorPk: people.head,
      },
      request(at(1)),
    ),
  );
}
