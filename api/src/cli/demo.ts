// `npm run demo`: a small, realistic demo club loaded through the same commands users run, so a newcomer
// can log in and play each journey its summary promises (tests/src/e2e/demo.e2e.test.ts plays them all).
// Safe to run again: everything it does is recognised and skipped.
//
//   0900000001 / demo1234  陳社長  staff (社長) and member, holds every management authority
//   0900000002 / demo1234  林小美  member with a balance of 1,000 and 3 contribution points; opens the door
//   0900000003 / demo1234  張志明  lapsed member: paid last semester, not this one; no money yet
//   0900000004 / demo1234  黃雅婷  applicant: registered, never a member
//   DEMO-001 … DEMO-005     numbered cash pouches, registered and unused: a member tops up with one
import { authorityKeys } from '@club/core/access/authorities';
import { previousSemester, semesterOf, taipeiDate } from '@club/core/semester';
import { findUserByLogin } from '@club/projections';
import { MEMBER_FEE_CENTS, makeStaffByOperator, recordMemberFeeByOperator } from '../bootstrap.ts';
import type { PortalServices } from '../services.ts';
import { parseCli, runCli } from './args.ts';
import { formatNtd } from './audit-report.ts';
import { DEMO_PASSWORD, DEMO_POUCHES, demoPeople } from './demo-accounts.ts';
import { loadDemoLabels } from './demo-labels.ts';
import { DEMO_SIGNIN_CODE, loadDemoSignIn } from './demo-signin.ts';
import { cliContext, withServices } from './services.ts';
import { DEMO_NAS_USER, loadDemoInfo } from './demo-info.ts';
import { loadDemoDoor } from './demo-door.ts';
import { loadDemoCalendar } from './demo-calendar.ts';
import { loadDemoReservations } from './demo-reservations.ts';
import { loadDemoStock } from './demo-stock.ts';
import { loadDemoDarkroom } from './demo-darkroom.ts';
import { loadDemoDarkroomSessions } from './demo-darkroom-sessions.ts';
import { loadDemoLoans } from './demo-loans.ts';
import { loadDemoGroupBuy } from './demo-groupbuy.ts';
import { loadDemoWorkshop } from './demo-workshop.ts';
import { loadDemoGiclee } from './demo-giclee.ts';
import { loadDemoPrint } from './demo-print.ts';
import { loadDemoDuo } from './demo-duo.ts';
import { loadDemoStatistics } from './demo-statistics.ts';
import { writeDemoMarker } from '../fleet.ts';

const USAGE = 'npm run demo';
parseCli({
  usage: USAGE,
  help: `
Loads a small demo club into DATA_DIR (default ./data) through the same commands users run, then prints
who to log in as and what each person can do. Safe to run again. Do not serve a demo club to a network:
npm start refuses a non-loopback HOST while the demo passwords still work.`,
  options: {},
});

const PASSWORD = DEMO_PASSWORD;
const people = demoPeople;

async function registerOnce(services: PortalServices, person: (typeof people)[number]): Promise<number> {
  const existing = findUserByLogin(services.projections.models.users, person.mobile);
  if (existing) return existing.pk;
  const result = await services.accounts.register(
    {
      identity: 1,
      ...person,
      grade: '大二',
      department: '資訊工程學系',
      password: PASSWORD,
      password2: PASSWORD,
      ruleagree: true,
    },
    cliContext(services, 'demo'),
  );
  if (!result.ok) throw new Error(`demo registration of ${person.name} refused: ${result.reason}`);
  await services.projections.waitFor(result.position);
  return result.pk;
}

/** 林小美's club card id (10 digits, document 3's card pattern). */
const DEMO_CARD_ID = '0000000002';

await runCli(USAGE, () =>
  withServices(async (services, clock) => {
    const pk: Record<string, number> = {};
    for (const person of people) pk[person.key] = await registerOnce(services, person);

    // The lapsed member paid last semester: book it at a moment inside that semester.
    const last = previousSemester(semesterOf(new Date()));
    clock.now = new Date(last.start.getTime() + 10 * 24 * 60 * 60 * 1000);
    await recordMemberFeeByOperator(services, pk.lapsed!);
    // The head was a member and 社長 last semester too, so the statistics' retention follows someone
    // (AdminMemberStaffStat: one of last semester's two members and its one staff member are back).
    await recordMemberFeeByOperator(services, pk.head!);
    await makeStaffByOperator(services, pk.head!, '社長');
    clock.now = null;

    await recordMemberFeeByOperator(services, pk.head!);
    await recordMemberFeeByOperator(services, pk.member!);
    const founder = authorityKeys.filter((key) => key !== 'allowdebt' && key !== 'errormember');
    await makeStaffByOperator(services, pk.head!, '社長', founder);

    // The head took 1,000 in cash from the member and added it to her balance.
    const now = services.now();
    const topUp = await services.ledger.addValue({
      now,
      actorPk: pk.head!,
      transferId: 'demo-member-topup',
      staffPk: pk.head!,
      userPk: pk.member!,
      amountCents: 100_000,
      summary: '現金儲值',
    });
    if (!topUp.ok) throw new Error(`demo top-up refused: ${topUp.reason}`);

    // Three hours of club-office duty, entered by the head (point authority: valid at once).
    const hasPoints = (services.projections.models.points.byRecipient.get(pk.member!)?.size ?? 0) > 0;
    if (!hasPoints) {
      const result = await services.points.request(
        {
          actorPk: pk.head!,
          actorIsStaff: true,
          actorHasPointAuthority: true,
          workdate: taipeiDate(now),
          recipientPk: pk.member!,
          kind: 'club_room',
          reason: '社辦值班三小時',
          amountHundredths: 300,
        },
        { ...cliContext(services, 'demo-points'), actor: String(pk.head) },
      );
      if (!result.ok) throw new Error(`demo points refused: ${JSON.stringify(result)}`);
    }

    // The door: 林小美 may use the web button; a day of attempts fills the door page and its log.
    await loadDemoDoor(services, clock, { head: pk.head!, member: pk.member! });
    // `npm start` on this folder runs the simulated device hosts (fleet.ts).
    writeDemoMarker(services.config.dataDir);

    // The system logs: the head looked the applicant up and corrected her department (the second run
    // finds it already corrected and changes nothing; the search is logged once).
    const headContext = { ...cliContext(services, 'demo-system'), actor: String(pk.head) };
    if (!services.projections.models.userSearchLog.some((row) => row.execuserPk === pk.head))
      await services.accounts.recordUserSearch(pk.head!, '黃雅婷', headContext);
    const corrected = await services.accounts.modifyProfile(
      pk.applicant!,
      { department: '攝影學系' },
      pk.head!,
      headContext,
    );
    if (!corrected.ok) throw new Error(`demo profile edit refused: ${corrected.reason}`);

    // 林小美's club card, for card login at the counter (registering it again changes nothing).
    const card = await services.accounts.registerCard(
      pk.member!,
      DEMO_CARD_ID,
      cliContext(services, 'demo-card'),
    );
    if (!card.ok) throw new Error(`demo card refused: ${card.reason}`);

    // Numbered pouches for top-ups; registering one again changes nothing.
    for (const barcode of DEMO_POUCHES)
      await services.ledger.registerPouch({ now: services.now(), actorPk: pk.head!, barcode });
    // 林小美's NAS account and a wish for the room-booking helper.
    await loadDemoInfo(services, { head: pk.head!, member: pk.member! });
    // A few label prints for the label print log (one fails: the simulator's roll runs out).
    await loadDemoLabels(services, { head: pk.head!, member: pk.member! });
    // Calendar entries this month and next (one over several days, one staff-only).
    await loadDemoCalendar(services, pk.head!);
    // Sign-in sheets (an open one, a workshop's classes) and an open president vote.
    await loadDemoSignIn(services, clock, { head: pk.head!, member: pk.member! });
    // Darkroom rooms and a few reservations for the reservation grid.
    await loadDemoReservations(services, { head: pk.head!, member: pk.member! });
    // The stock catalogue, purchases over the past year, counter sales, a count and a cart (issue 14).
    await loadDemoStock(services, clock, { head: pk.head!, member: pk.member! });
    // Chemicals, two days of temperature and humidity, and a few dispenser runs (issue 16).
    await loadDemoDarkroom(services, { member: pk.member! });
    // A finished darkroom session of the member's and one going on now (issue 16 §4).
    await loadDemoDarkroomSessions(services, { head: pk.head!, member: pk.member! });
    // Books, equipment and shared paper boxes with loans: overdue, returned late, out (issue 15).
    await loadDemoLoans(services, { head: pk.head!, member: pk.member! });
    // Group buys: a B&H one with 林小美's film order (deposit held) and the head's paper (issue 18).
    await loadDemoGroupBuy(services, { head: pk.head!, member: pk.member! });
    // Workshop forms: the schedule open, a submitted application with four photos, a draft, a staff test.
    await loadDemoWorkshop(services, { head: pk.head!, applicant: pk.applicant!, lapsed: pk.lapsed! });
    // Giclee printer jobs of the past week: one paid, one unpaid for days, one no-need-to-pay (issue 16).
    await loadDemoGiclee(services, { head: pk.head!, member: pk.member! });
    // Print projects: a zine with eight pages and its imposition PDF, and an empty one (issue 17).
    await loadDemoPrint(services, { member: pk.member! });
    // Duo alignment: a postcard's back page with both offsets and its adjusted image (issue 17 §3).
    await loadDemoDuo(services, { member: pk.member! });
    // A point discount actually given: the head's 10 points and two rolls at his point price (issue 19).
    await loadDemoStatistics(services, { head: pk.head! });
    await services.projections.waitFor(await services.store.headPosition());

    const { pouches } = services.projections.models.cash;
    const unused = DEMO_POUCHES.filter((barcode) => pouches.get(barcode)?.use === null);
    const fee = formatNtd(MEMBER_FEE_CENTS);
    console.log(`Demo club ready. Log in with password ${PASSWORD} as:`);
    console.log(
      '  0900000001  陳社長  staff and member: the staff area (幹部專區) with every management authority;',
    );
    console.log(`              collect 黃雅婷's fee at the cash desk, count the pouches members used`);
    console.log(
      '  0900000002  林小美  member with a balance of 1000 and 3 points: transfer, transaction and point logs;',
    );
    console.log(
      '              open the door (開門) with the simulated door host that npm start runs for this folder',
    );
    console.log(
      `  0900000003  張志明  lapsed member with no money: top up with a cash pouch, then pay the fee (${fee})`,
    );
    console.log(`  0900000004  黃雅婷  applicant, never a member: the head collects her first fee (${fee})`);
    console.log(
      `Club card of 林小美: ${DEMO_CARD_ID} (counter kiosk: 陳社長 opens /admin/card; the simulated reader reads it)`,
    );
    console.log('Darkroom reservations: 暗房預約 (/reserve/rule, then /reserve) as 林小美 or the head');
    console.log(
      'Darkroom sessions: 林小美 is in the darkroom now (/darkroom/session); the log is /admin/darkroom/log',
    );
    console.log(
      `Sign-in: 林小美 signs in on 簽到 with the secret word ${DEMO_SIGNIN_CODE}; 社長選舉 is open for a week`,
    );
    console.log(
      `NAS (網路硬碟) of 林小美: ${DEMO_NAS_USER}; 借場地小幫手 (/admin/actplace) as the head has a wish for next week`,
    );
    console.log(
      'Label prints: 標籤列印紀錄 (/admin/system/label/print/log) as the head; the PNGs are in printed-labels/',
    );
    console.log(
      'Calendar: 行事曆 (/calendar) has entries this month and next; the head also sees the staff-only one and edits',
    );
    console.log(
      'Stock: 價目表 (/user/price) as 林小美, 庫存 (/admin/stock/list) and its film statistics as the head;',
    );
    console.log('       林小美 has a framing estimate in her cart for the counter sale');
    console.log('Group buys: 團購 (/groupbuy) as 林小美 (order, cancel) or the head (rates, open, close)');
    console.log(
      'Loans: 圖書館 (/library); 林小美 has an overdue book and an overdue tripod (借閱紀錄, 器材借用紀錄);',
    );
    console.log(
      '       the head sees 圖書借閱, 器材借用 and 共用相紙 (/admin/sharingpaper) with their warnings',
    );
    console.log(
      'Giclee: 數位輸出紀錄 (/admin/giclee/job/history/all) and P6000 墨水統計 as the head; npm start runs the simulated printer',
    );
    console.log(
      'Print: 輸出小幫手 (/print) as 林小美 has a zine with its imposition PDF; 相片書估價 (/book/estimate)',
    );
    console.log(
      "Duo: 林小美's 雙面明信片 project: its back page has both offsets and an adjusted image (雙面對位, step 28)",
    );
    console.log(
      unused.length > 0
        ? `Unused cash pouches (barcode to type on 儲值袋儲值, amount a multiple of 100): ${unused.join(' ')}`
        : 'All demo cash pouches are used: staff register more on 儲值袋點收.',
    );
    return 0;
  }),
);
