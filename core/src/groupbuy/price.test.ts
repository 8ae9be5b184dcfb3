import { describe, expect, it } from 'vitest';
import { categoryOf, depositNtd, orderSplit, unitPrice } from './price.ts';
import { checkOrderFields, isProductUrl } from './validation.ts';

describe('group-buy unit price (document 2, section 9)', () => {
  it('film: shipping beats the 4.5% markup; 30 × 14.15 × 1.015 × 1.05 × 1.04 = 470.507… → 471', () => {
    const price = unitPrice({ price: '10', weightLb: '1', rate: '30', title: 'Ilford HP5 Plus film 120' });
    expect(price.category).toBe('film');
    expect(price.steps.map((step) => step.value)).toEqual([
      '14.15',
      '10.45',
      '14.15',
      '424.5',
      '430.8675',
      '452.410875',
      '470.50731',
      '471',
    ]);
    expect(price.unitPriceNtd).toBe(471);
  });

  it('paper: the 4.5% markup beats light shipping; 30 × 104.5 × 1.015 × 1.1 × 1.04 = 3640.24 → 3641', () => {
    const price = unitPrice({
      price: '100',
      weightLb: '1',
      rate: '30',
      title: 'Canson Baryta Photographique',
    });
    expect(price.category).toBe('paper');
    expect(price.unitPriceNtd).toBe(3641);
  });

  it('other goods use 1.07: 32.5 × 22.075 × 1.015 × 1.07 × 1.04 = 810.34 → 811', () => {
    expect(unitPrice({ price: '20', weightLb: '0.5', rate: '32.5', title: 'Lens cap' }).unitPriceNtd).toBe(
      811,
    );
  });

  it('computes exactly: 1 × 104.5 × 1.015 × 1.1 × 1.04 = 121.34… → 122', () => {
    const price = unitPrice({ price: '100', weightLb: '0.01', rate: '1', title: 'print' });
    expect(price.steps.find((step) => step.step === 'handling')?.value).toBe('121.34122');
    expect(price.unitPriceNtd).toBe(122);
  });

  it('category by title words; paper words win over film', () => {
    expect(categoryOf('Hahnemühle Photo Rag')).toBe('paper');
    expect(categoryOf('ITOYA portfolio')).toBe('paper');
    expect(categoryOf('Fomapan film paper')).toBe('paper');
    expect(categoryOf('Kodak Portra FILM')).toBe('film');
    expect(categoryOf('Tripod')).toBe('other');
  });

  it('deposit 10% rounded up, remainder 90%; administrators pay none', () => {
    expect(depositNtd(942)).toBe(95);
    expect(depositNtd(940)).toBe(94);
    expect(orderSplit(942, false)).toEqual({ depositNtd: 95, remainderNtd: 847 });
    expect(orderSplit(942, true)).toEqual({ depositNtd: 0, remainderNtd: 942 });
  });
});

describe('order fields (document 2, section 5)', () => {
  const good = { url: '', title: 'HP5', price: '10', weight: '1', quantity: 1 };
  it('bh needs /c/product/{digits}-{3 capitals}/{name}.html', () => {
    expect(isProductUrl('bh', 'https://www.bhphotovideo.com/c/product/1234567-REG/ilford_hp5.html')).toBe(
      true,
    );
    expect(isProductUrl('bh', 'https://www.bhphotovideo.com/c/product/1234567-reg/ilford_hp5.html')).toBe(
      false,
    );
    expect(isProductUrl('bh', 'https://www.bhphotovideo.com/c/buy/film/ci/1234')).toBe(false);
  });
  it('fotoimpex needs a page ending .html with an optional query', () => {
    expect(isProductUrl('fotoimpex', 'https://www.fotoimpex.com/films/adox-chs-100.html')).toBe(true);
    expect(isProductUrl('fotoimpex', 'https://www.fotoimpex.com/films/adox-chs-100.html?lang=en')).toBe(true);
    expect(isProductUrl('fotoimpex', 'https://www.fotoimpex.com/films/')).toBe(false);
  });
  it('names the first failing field with its message key', () => {
    const url = 'https://www.fotoimpex.com/films/adox.html';
    expect(checkOrderFields('fotoimpex', { ...good, url: 'x' })).toBe('url_format');
    expect(checkOrderFields('fotoimpex', { ...good, url, title: ' ' })).toBe('title_required');
    expect(checkOrderFields('fotoimpex', { ...good, url, price: '0' })).toBe('price_invalid');
    expect(checkOrderFields('fotoimpex', { ...good, url, weight: '-1' })).toBe('weight_invalid');
    expect(checkOrderFields('fotoimpex', { ...good, url, quantity: 0 })).toBe('quantity_invalid');
    expect(checkOrderFields('fotoimpex', { ...good, url })).toBeNull();
  });
});
