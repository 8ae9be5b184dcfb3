import { describe, expect, it } from 'vitest';
import {
  checkAdjust,
  checkConfig,
  checkPurchase,
  checkWizard,
  formatQuantity,
  normalizeYearMonth,
  parseNonNegative,
} from './stock-forms';

const config = { name: '相紙', price: '30', discountprice: '', discountpoint: '' };

describe('stock config rules', () => {
  it('wants both discount fields or neither', () => {
    expect(checkConfig({ ...config, discountprice: '25' })).toBe('discount_both');
    expect(checkConfig({ ...config, discountpoint: '100' })).toBe('discount_both');
    expect(checkConfig({ ...config, discountprice: '25', discountpoint: '100' })).toBeNull();
  });
  it('wants the discount price lower than the price, and a price to discount', () => {
    expect(checkConfig({ ...config, discountprice: '30', discountpoint: '100' })).toBe('discount_not_lower');
    expect(checkConfig({ ...config, price: '', discountprice: '1', discountpoint: '100' })).toBe(
      'discount_not_lower',
    );
  });
  it('takes an empty price (not for sale) and refuses negative or malformed numbers', () => {
    expect(checkConfig({ ...config, price: '' })).toBeNull();
    expect(checkConfig({ ...config, price: '-1' })).toBe('data');
    expect(checkConfig({ ...config, price: '12.555' })).toBe('data');
    expect(checkConfig({ ...config, name: ' ' })).toBe('name_required');
  });
});

describe('quantity adjust', () => {
  it('wants a non-negative number, a reason, and a change', () => {
    expect(checkAdjust({ quantity: '-1', reason: 'x' }, 3)).toBe('quantity_invalid');
    expect(checkAdjust({ quantity: 'abc', reason: 'x' }, 3)).toBe('quantity_invalid');
    expect(checkAdjust({ quantity: '2.5', reason: '' }, 3)).toBe('reason_required');
    expect(checkAdjust({ quantity: '3.000', reason: '盤點' }, 3)).toBe('unchanged');
    expect(checkAdjust({ quantity: '0', reason: '盤點' }, 3)).toBeNull();
  });
});

describe('purchases', () => {
  const purchase = { delta: '10', amount: '1200', expireddate: '', manufacturedate: '' };
  it('needs the manufacturing date for E24 and the expiry for F', () => {
    expect(checkPurchase(purchase, 'E24', true)).toBe('manufacture_required');
    expect(checkPurchase({ ...purchase, manufacturedate: '2026/05' }, 'E24', true)).toBeNull();
    expect(checkPurchase(purchase, 'F', true)).toBe('expiry_required');
    expect(checkPurchase({ ...purchase, expireddate: '2027/3' }, 'F', true)).toBeNull();
    expect(checkPurchase(purchase, 'MOUNT', true)).toBeNull();
  });
  it('wants whole positive quantities in the wizard, decimals in the tab, and a positive whole total', () => {
    expect(checkPurchase({ ...purchase, delta: '2.5' }, 'MOUNT', true)).toBe('data');
    expect(checkPurchase({ ...purchase, delta: '2.5' }, 'MOUNT', false)).toBeNull();
    expect(checkPurchase({ ...purchase, delta: '0' }, 'MOUNT', true)).toBe('data');
    expect(checkPurchase({ ...purchase, amount: '0' }, 'MOUNT', false)).toBe('data');
    expect(checkPurchase({ ...purchase, amount: '12.5' }, 'MOUNT', false)).toBe('data');
    expect(checkPurchase({ ...purchase, expireddate: '2027/13' }, 'F', true)).toBe('data');
  });
});

describe('the wizard overview', () => {
  const form = { origin: '台北相機行', itemCount: 1, receiptCount: 1, confirmNoReceipt: false };
  it('checks source, items, then receipts', () => {
    expect(checkWizard({ ...form, origin: ' ' })).toBe('origin_required');
    expect(checkWizard({ ...form, itemCount: 0 })).toBe('items_required');
    expect(checkWizard({ ...form, receiptCount: 0 })).toBe('no_receipt');
    expect(checkWizard({ ...form, receiptCount: 0, confirmNoReceipt: true })).toBeNull();
  });
});

describe('formatting', () => {
  it('shows two to three decimals and normalises dates', () => {
    expect(formatQuantity(3)).toBe('3');
    expect(formatQuantity(0.5)).toBe('0.50');
    expect(formatQuantity(1.125)).toBe('1.125');
    expect(normalizeYearMonth('2027.3')).toBe('2027/03');
    expect(parseNonNegative('1e3')).toBeNull();
  });
});
