// The client's views of the stock read model (api/src/contracts/stock.ts and shop.ts): items as staff see
// them, stock log rows, price-list rows, sale receipts and carts. Money in NTD, quantities as decimals.
// Fields a viewer without stockpurchase may not see are null (document 3, section 6).
import { userAccount } from '@club/core/ledger/accounts';
import { STOCK_ACCOUNTS, type StockAccount, stockAccountOf } from '@club/core/stock/accounts';
import { stockPkStr } from '@club/core/stock/events';
import { centsToNumber, milliToNumber } from '@club/core/stock/quantity';
import {
  buyerPrice,
  oneYearBefore,
  onPriceList,
  priceAtPoints,
  quantityText,
  sellsOutWithinYear,
} from '@club/core/stock/rules';
import {
  itemBatches,
  lastPurchase,
  type SaleRow,
  type StockDeltaRow,
  type StockItemRow,
  soldMilliSince,
} from '@club/projections';
import type { z } from 'zod';
import type * as shop from '../contracts/shop.ts';
import type * as contract from '../contracts/stock.ts';
import type { PortalServices } from '../services.ts';
import { fileRecordView } from './file-record.ts';
import { personRef } from './ledger-rows.ts';

export interface StockViewer {
  stock: boolean;
  stockpurchase: boolean;
}

export const stockViewerOf = (authlist: readonly string[]): StockViewer => ({
  stock: authlist.includes('stock'),
  stockpurchase: authlist.includes('stockpurchase'),
});

const ntd = (cents: number | null): number | null => (cents === null ? null : centsToNumber(cents));

export function accountView(account: StockAccount): z.infer<typeof contract.stockAccountSchema> {
  return {
    prefix: account.prefix,
    name: account.nameZh,
    nameEn: account.nameEn,
    pk: Number(account.ledgerAccount),
    service: account.service,
  };
}

/** An item whose prefix is not (or no longer) registered still shows, under its prefix. */
const accountOfPrefix = (prefix: string): z.infer<typeof contract.stockAccountSchema> => {
  const account = stockAccountOf(prefix);
  return account ? accountView(account) : { prefix, name: prefix, nameEn: prefix, pk: 0, service: false };
};

export const accountList = () => STOCK_ACCOUNTS.map(accountView);

export function stockView(
  item: StockItemRow,
  viewer: StockViewer,
  now: Date,
): z.infer<typeof contract.stockSchema> {
  const { config } = item;
  const sold = soldMilliSince(item, oneYearBefore(now));
  const { batches, valueCents } = itemBatches(item);
  const last = lastPurchase(item);
  return {
    pk: item.pk,
    pkstr: stockPkStr(item.pk),
    name: config.name,
    account: accountOfPrefix(config.prefix),
    unit: config.unit,
    quantity: milliToNumber(item.quantityMilli),
    price: ntd(config.priceCents),
    discountprice: ntd(config.discountPriceCents),
    discountpoint: ntd(config.discountPointsHundredths),
    barcode: config.barcodes[0] ?? '',
    barcodelist: config.barcodes,
    barcodetext: config.barcodes.join('\n'),
    comment: config.comment,
    display: config.display,
    filmtype: config.filmType,
    gicleejson: config.giclee,
    expireddate: batches
      .filter((batch) => batch.expiry !== null || batch.manufactured !== null)
      .map((batch) => ({
        date: (batch.expiry ?? batch.manufactured)!,
        kind: batch.expiry !== null ? ('expiry' as const) : ('manufacture' as const),
        quantity: milliToNumber(batch.remainingMilli),
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    recentSales: milliToNumber(sold),
    sellsOutWithinYear: sellsOutWithinYear(item.quantityMilli, sold),
    value: viewer.stockpurchase ? centsToNumber(valueCents) : null,
    lastUnitPrice: viewer.stockpurchase && last ? ntd(last.unitPriceCents) : null,
  };
}

export function logRowView(
  services: PortalServices,
  row: StockDeltaRow,
  viewer: StockViewer,
): z.infer<typeof contract.stockLogRowSchema> {
  const models = services.projections.models;
  const item = models.stock.items.get(row.stockPk);
  const details = viewer.stockpurchase;
  const payerPk = row.transferKey ? models.ledger.transfers.get(row.transferKey)?.debitPk : undefined;
  return {
    pk: row.pk,
    kind: row.kind,
    timestamp: row.at,
    stock: {
      pk: row.stockPk,
      pkstr: stockPkStr(row.stockPk),
      name: item?.config.name ?? '',
      unit: item?.config.unit ?? '',
    },
    delta: milliToNumber(row.deltaMilli),
    refunded: milliToNumber(row.refundedMilli),
    deleted: row.deleted,
    unitprice: details ? ntd(row.unitPriceCents) : null,
    discount:
      row.kind === 2 && row.listAmountCents !== null && row.amountCents !== null
        ? centsToNumber(Math.max(0, row.listAmountCents - row.amountCents))
        : null,
    amount: details ? ntd(row.amountCents) : null,
    execuser: row.actorPk === null ? null : personRef(models.users, row.actorPk),
    user: row.buyerPk === null ? null : personRef(models.users, row.buyerPk),
    comment: details ? row.comment : null,
    reason: row.reason,
    counted: row.countedMilli === null ? null : milliToNumber(row.countedMilli),
    origin: details ? row.origin : null,
    expireddate: row.expiry ?? '',
    manufacturedate: row.manufactured ?? '',
    receiptList: details
      ? row.receiptPks.flatMap((pk) => {
          const file = models.files.byPk.get(pk);
          if (file?.status !== 'stored') return [];
          const view = fileRecordView(models, file);
          return [{ pk, filename: view.filename, url: view.url }];
        })
      : null,
    purchasepk: row.purchasePk,
    transpk: payerPk ?? null,
  };
}

/** The buyer's prices: list, own, and the 100 / 200 columns where they apply (document 1, section 9). */
export function priceRowView(
  item: StockItemRow,
  pointsHundredths: number,
  extraColumn: 100 | 200 | null,
  now: Date,
): z.infer<typeof shop.priceRowSchema> {
  const { config } = item;
  const account = stockAccountOf(config.prefix);
  const hidden = quantityText(item.pk, account, config.unit, item.quantityMilli) === '';
  const own = buyerPrice(config, pointsHundredths, 1000);
  const hasDiscount = config.discountPriceCents !== null && config.discountPointsHundredths !== null;
  const at = (points: number) => {
    const cents = hasDiscount ? priceAtPoints(config, points) : null;
    return cents === null ? null : centsToNumber(cents);
  };
  return {
    pk: item.pk,
    pkstr: stockPkStr(item.pk),
    name: config.name,
    unit: config.unit,
    account: accountOfPrefix(config.prefix),
    quantity: hidden ? null : milliToNumber(item.quantityMilli),
    quantityText: quantityText(item.pk, account, config.unit, item.quantityMilli),
    price: ntd(config.priceCents),
    discountprice: ntd(config.discountPriceCents),
    discountpoint: ntd(config.discountPointsHundredths),
    myprice: own ? centsToNumber(own.unitPriceCents) : null,
    price100: extraColumn === 100 ? at(100) : null,
    price200: extraColumn === 200 ? at(200) : null,
    barcode: config.barcodes[0] ?? '',
    filmtype: config.filmType,
    sellsOutWithinYear: sellsOutWithinYear(item.quantityMilli, soldMilliSince(item, oneYearBefore(now))),
  };
}

export { onPriceList };

export function receiptView(services: PortalServices, sale: SaleRow): z.infer<typeof shop.saleReceiptSchema> {
  const models = services.projections.models;
  return {
    saleId: sale.saleId,
    status: sale.status,
    reason: sale.reason,
    timestamp: sale.at,
    buyer: personRef(models.users, sale.buyerPk),
    execuser: sale.actorPk === null ? null : personRef(models.users, sale.actorPk),
    lines: sale.lines.map((line) => ({
      stock: { pk: line.stockPk, pkstr: stockPkStr(line.stockPk), name: line.name, unit: line.unit },
      quantity: milliToNumber(line.quantityMilli),
      unitprice: centsToNumber(line.unitPriceCents),
      listprice: centsToNumber(line.listPriceCents),
      amount: centsToNumber(line.amountCents),
      discount: centsToNumber(Math.max(0, line.listAmountCents - line.amountCents)),
      transpk:
        sale.status === 'refused' ? null : (models.ledger.transfers.get(line.transferKey)?.debitPk ?? null),
      deltapk: line.deltaPk,
      label: line.label,
    })),
    total: centsToNumber(sale.totalCents),
    discount: centsToNumber(
      sale.lines.reduce((sum, line) => sum + Math.max(0, line.listAmountCents - line.amountCents), 0),
    ),
    balance: centsToNumber(models.ledger.balances.get(userAccount(sale.buyerPk)) ?? 0),
  };
}

/** A member's cart, priced at their points now. */
export function cartView(
  services: PortalServices,
  userPk: number,
  pointsHundredths: number,
): z.infer<typeof shop.cartSchema> {
  const models = services.projections.models;
  const cart = models.stock.carts.get(userPk);
  let total = 0;
  const items = [...(cart?.values() ?? [])].map((row) => {
    const item = models.stock.items.get(row.stockPk);
    const price = item ? buyerPrice(item.config, pointsHundredths, row.quantityMilli) : null;
    if (price) total += price.amountCents;
    return {
      id: row.id,
      stock: {
        pk: row.stockPk,
        pkstr: stockPkStr(row.stockPk),
        name: item?.config.name ?? '',
        unit: item?.config.unit ?? '',
        prefix: item?.config.prefix ?? '',
      },
      quantity: milliToNumber(row.quantityMilli),
      label: row.label,
      group: row.group,
      addedAt: row.addedAt,
      unitprice: price ? centsToNumber(price.unitPriceCents) : null,
      amount: price ? centsToNumber(price.amountCents) : null,
    };
  });
  return { items, total: centsToNumber(total) };
}
