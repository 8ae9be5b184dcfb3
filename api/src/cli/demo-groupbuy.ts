// Demo group buys (issue 18; docs/groupbuy.md): the head sets the USD and EUR rates and opens a B&H group
// buy closing in a week and a Fotoimpex one; 林小美 orders two rolls of film (her 10% deposit is held,
// after a top-up of exactly that deposit, so she still shows her balance of 1000) and the head orders
// paper without a deposit. A second run finds the first group buy and changes nothing.
import { orderSplit, unitPrice } from '@club/core/groupbuy/price';
import type { PortalServices } from '../services.ts';

const DAY_MS = 86_400_000;

export async function loadDemoGroupBuy(
  services: PortalServices,
  people: { head: number; member: number },
): Promise<void> {
  // The group buys' closing times follow the first run's clock, so a later run would ask for other ones
  // under the same keys (a mismatch): once the first group buy is there, the demo's group buys are done.
  if ((await services.groupBuys.state()).requests.has('demo-gb-bh')) return;
  const now = services.now();
  const asHead = { now, actorPk: people.head };
  for (const [currency, rate] of [
    ['USD', '31.5'],
    ['EUR', '35'],
  ] as const) {
    const set = await services.groupBuys.setRate(currency, rate, asHead);
    if (!set.ok) throw new Error(`demo rate refused: ${set.reason}`);
  }
  const bh = await services.groupBuys.open(
    {
      website: 'bh',
      currency: 'USD',
      expiredAt: new Date(now.getTime() + 7 * DAY_MS),
      requestKey: 'demo-gb-bh',
    },
    asHead,
  );
  if (!bh.ok) throw new Error(`demo group buy refused: ${bh.reason}`);
  const bhPk = bh.state.requests.get('demo-gb-bh')!.pk;
  const opened = await services.groupBuys.open(
    {
      website: 'fotoimpex',
      currency: 'EUR',
      expiredAt: new Date(now.getTime() + 14 * DAY_MS),
      requestKey: 'demo-gb-fotoimpex',
    },
    asHead,
  );
  if (!opened.ok) throw new Error(`demo group buy refused: ${opened.reason}`);

  const film = {
    url: 'https://www.bhphotovideo.com/c/product/1234567-REG/ilford_1174001_hp5_plus_120.html',
    title: 'Ilford HP5 Plus film 120',
    price: '7.49',
    weight: '0.2',
    quantity: 2,
  };
  const { unitPriceNtd } = unitPrice({
    price: film.price,
    weightLb: film.weight,
    rate: '31.5',
    title: film.title,
  });
  const { depositNtd } = orderSplit(unitPriceNtd * film.quantity, false);
  const topUp = await services.ledger.addValue({
    ...asHead,
    transferId: 'demo-groupbuy-deposit',
    staffPk: people.head,
    userPk: people.member,
    amountCents: depositNtd * 100,
  });
  if (!topUp.ok) throw new Error(`demo top-up refused: ${topUp.reason}`);
  const ordered = await services.groupBuys.order(
    {
      ...film,
      groupBuyPk: bhPk,
      userPk: people.member,
      isAdministrator: false,
      requestKey: 'demo-gbo-member',
    },
    { now, actorPk: people.member },
  );
  if (!ordered.ok) throw new Error(`demo order refused: ${ordered.reason}`);
  const paper = await services.groupBuys.order(
    {
      url: 'https://www.bhphotovideo.com/c/product/7654321-REG/canson_baryta_photographique_8x10.html',
      title: 'Canson Baryta Photographique 8x10',
      price: '65',
      weight: '2.5',
      quantity: 1,
      groupBuyPk: bhPk,
      userPk: people.head,
      isAdministrator: true,
      requestKey: 'demo-gbo-head',
    },
    asHead,
  );
  if (!paper.ok) throw new Error(`demo order refused: ${paper.reason}`);
}
