import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSuite, violationsOnPage } from './axe-suite.ts';

// WCAG 2 A and AA checks (axe) at phone and desktop widths on the demo club, one part of every built page of
// the route table (the public pages, a member's pages, group buys and the workshop form). tests/src/e2e/axe-
// suite.ts has the checks; accessibility-coverage.test.ts makes sure the parts together name every built
// page.

describe('accessibility of the public and member pages', () => {
  const suite = axeSuite(beforeAll, afterAll);
  const { checkPages, contexts } = suite;

  it('has no WCAG A/AA violations on the public pages', { timeout: 120_000 }, async () => {
    const context = await suite.browser.newContext({ locale: 'zh-TW' });
    contexts.push(context);
    const page = await context.newPage();
    await checkPages(page, [
      ['PublicHome', '/'],
      ['UserLogin', '/user/login'],
      ['UserRegister', '/user/register'],
      ['Terms', '/terms'],
      ['Calendar', '/calendar'],
      ['NotFound', '/no/such/page'],
    ]);
  });

  // The checks' own options (violations only, run in the page) must still find what they are for.
  it('reports an image without a text alternative and text too faint to read', async () => {
    const context = await suite.browser.newContext({ locale: 'zh-TW' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${suite.portal.baseUrl}/terms`);
    await page.getByRole('heading').first().waitFor();
    expect(await violationsOnPage(page)).toEqual([]);
    // A string, as this package type-checks without the DOM's types.
    await page.evaluate(`{
      const main = document.querySelector('main') ?? document.body;
      const image = document.createElement('img');
      image.id = 'no-alt';
      image.src = '/favicon.ico';
      const faint = document.createElement('p');
      faint.id = 'faint';
      faint.textContent = '淡色文字 faint text';
      faint.style.color = '#eeeeee';
      faint.style.background = '#ffffff';
      main.append(image, faint);
    }`);
    const found = await violationsOnPage(page);
    expect(found).toContainEqual(expect.stringMatching(/^image-alt: .*#no-alt/));
    expect(found).toContainEqual(expect.stringMatching(/^color-contrast: .*#faint/));
  });

  it("has none on a member's pages", { timeout: 600_000 }, async () => {
    const member = await suite.signIn('0900000002');
    // The reservation grid sends whoever has not agreed to its rules in this tab to the rules page first.
    await member.evaluate("sessionStorage.setItem('club.reserve.rules-agreed', '1')");
    await checkPages(member, [
      ['MemberHome', '/memberhome'],
      ['DarkroomReserveRule', '/reserve/rule'],
      ['DarkroomReserve', '/reserve'],
      ['UserTransfer', '/user/transfer'],
      ['TransLog', '/user/trans/log'],
      ['UserPointLog', '/user/point/log'],
      ['UserPointEdit', '/user/point/new'],
      ['PayMemberFee', '/user/member/payfee'],
      ['UserPouchTopUp', '/user/topup'],
      ['LangSetting', '/user/setting/lang'],
      ['UserChangePassword', '/user/change/password'],
      ['OpenDoor', '/open/door'],
      ['LabelPrint', '/label/print'],
      ['SignIn', '/signin'],
      ['Vote', '/vote'],
      ['Training', '/training'],
      ['NAS', '/nas'],
      ['UserPriceList', '/user/price/F'],
      ['UserPriceList', '/user/price/estimateAluFrame'],
      ['LoganCalc', '/logan/calc/config'],
      ['DarkroomDispense', '/darkroom/dispense'],
      // The demo member 0900000002 has a darkroom session going (api/src/cli/demo-darkroom-sessions.ts).
      ['DarkroomSession', '/darkroom/session'],
      // The demo's print projects: 1 is 林小美's zine with its pages and imposition PDF (docs/print.md).
      ['PrintAssistant', '/print'],
      ['PrintAssistant', '/print/1'],
      ['PrintAssistantImposition', '/print/1/imposition'],
      ['BookEstimate', '/book/estimate'],
    ]);
  });

  // Group buys (issue 18): the member's list and the administrator's view with totals and the panel.
  it('has none on the group-buy pages', { timeout: 600_000 }, async () => {
    const member = await suite.signIn('0900000002');
    await checkPages(member, [
      ['GroupBuy', '/groupbuy'],
      ['GroupBuy', '/groupbuy/1'],
    ]);
    const staff = await suite.signIn('0900000001');
    await checkPages(staff, [['GroupBuy', '/groupbuy']]);
  });

  // Workshop form (issue 18 §2): the notice for visitors, the form for a member, the staff review with
  // the demo's submitted application (form 1) and its photos.
  it('has none on the workshop pages', { timeout: 600_000 }, async () => {
    const visitorContext = await suite.browser.newContext({ locale: 'zh-TW' });
    contexts.push(visitorContext);
    await checkPages(await visitorContext.newPage(), [['PublicWorkshopForm', '/workshop/form']]);
    const member = await suite.signIn('0900000002');
    await checkPages(member, [['WorkshopForm', '/workshop/fillin']]);
    const staff = await suite.signIn('0900000001');
    await checkPages(staff, [
      ['AdminWorkshopResult', '/admin/workshop/result'],
      ['AdminWorkshopResult', '/admin/workshop/result/1'],
    ]);
  });
});
