import { useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../shared/routing/route-links';
import type { StockAccount } from '../api/stock';
import { formatQuantity } from '../lib/stock-forms';

/** An account by its prefix and name in the reader's language: 'F 底片'. */
export function useAccountName() {
  const { i18n } = useLingui();
  return (account: StockAccount): string =>
    `${account.prefix} ${i18n.locale === 'en' && account.nameEn ? account.nameEn : account.name}`;
}

/** The film type's name from the list's filmtypeDict (document 3: 0 unknown ... 3 colour slide). */
export function useFilmTypeName(dict: Record<string, { zh: string; en: string }> | undefined) {
  const { i18n } = useLingui();
  return (filmtype: number): string => {
    const names = dict?.[String(filmtype)];
    if (!names) return String(filmtype);
    return i18n.locale === 'en' ? names.en : names.zh;
  };
}

/** A link to an item's page (AdminStockSingle), optionally on one tab. */
export function StockLink({ pk, tab, children }: { pk: number; tab?: string; children: ReactNode }) {
  const links = useRouteLinks();
  const path = links.pathOf('AdminStockSingle', { pk });
  return (
    <Anchor component={Link} to={tab ? `${path}?tab=${tab}` : path}>
      {children}
    </Anchor>
  );
}

/** A transaction, linked to AdminTransDetail when the viewer may open it. */
export function TransLink({ pk }: { pk: number | null }) {
  const links = useRouteLinks();
  if (pk === null) return null;
  if (!links.isAvailable('AdminTransDetail')) return <>T{pk}</>;
  return (
    <Anchor component={Link} to={links.pathOf('AdminTransDetail', { pk })}>
      T{pk}
    </Anchor>
  );
}

export function Quantity({ value, unit }: { value: number; unit?: string }) {
  return (
    <>
      {formatQuantity(value)}
      {unit ? ` ${unit}` : ''}
    </>
  );
}

/** NTD with up to two decimals (prices may have cents), or '—' when not shown or not set. */
export const formatMoney = (value: number | null): string =>
  value === null ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(2);
