// How a field's value is shown in tables and detail views, and written to exports.
import { Badge, Image, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Row, ValueKind } from './types';

const EMPTY = '—';

export function formatDate(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const d = dayjs(String(value));
  if (!d.isValid()) return String(value);
  return d.format(withTime ? 'DD MMM YYYY HH:mm' : 'DD MMM YYYY');
}

// One formatter per language and kind: building an Intl.NumberFormat costs far more than using one
// (a list's first render built one per cell).
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: string, money: boolean): Intl.NumberFormat {
  const locale = lang === 'en' ? 'en-US' : 'id-ID';
  const key = `${locale}${money ? ':money' : ''}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = money
      ? // "Rp 2.500" / "Rp 2,500": the rupiah sign in both languages (English would say "IDR 2,500").
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'IDR',
          currencyDisplay: 'narrowSymbol',
          maximumFractionDigits: 2,
        })
      : new Intl.NumberFormat(locale);
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * A whole number grouped by thousands as Intl writes it ("-12.345" / "-12,345"), without Intl: the
 * first Intl.NumberFormat of a page loads the locale's data, a cost a list's first render paid for
 * its counts and points. Fractions and money still go through Intl.
 */
function groupedInteger(n: number, lang: string): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '.');
  return n < 0 ? `-${digits}` : digits;
}

export function formatNumber(value: unknown, lang: string, money = false): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (!money && Number.isSafeInteger(n)) return groupedInteger(n, lang);
  return numberFormat(lang, money).format(n);
}

/** Text of a value, as exported and as read by screen readers. */
export function plainValue(
  kind: ValueKind | undefined,
  value: unknown,
  t: TFunction,
  labels?: Map<string, string>,
): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'boolean':
      return value ? t('common.yes') : t('common.no');
    case 'active':
      return value ? t('common.active') : t('common.inactive');
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDate(value, true);
    case 'number':
    case 'money':
      return typeof value === 'number' ? value : Number(value);
    case 'area':
      return t(`areas.${String(value)}`, { defaultValue: String(value) });
    case 'ids':
      return Array.isArray(value)
        ? value.map((v) => labels?.get(String(v)) ?? String(v)).join(', ')
        : String(value);
    default:
      if (Array.isArray(value)) return value.join(', ');
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

export function formatValue(
  kind: ValueKind | undefined,
  value: unknown,
  t: TFunction,
  lang: string,
  labels?: Map<string, string>,
): ReactNode {
  if (value === null || value === undefined || value === '') {
    return (
      <Text span c="dimmed">
        {EMPTY}
      </Text>
    );
  }
  switch (kind) {
    case 'active':
      return (
        <Badge variant="light" color={value ? 'teal' : 'gray'}>
          {value ? t('common.active') : t('common.inactive')}
        </Badge>
      );
    case 'boolean':
      return (
        <Badge variant="light" color={value ? 'teal' : 'gray'}>
          {value ? t('common.yes') : t('common.no')}
        </Badge>
      );
    case 'number':
      return formatNumber(value, lang);
    case 'money':
      return formatNumber(value, lang, true);
    case 'image':
      return <Image src={String(value)} alt="" h={48} w={48} fit="cover" radius="sm" />;
    case 'ids': {
      if (!Array.isArray(value) || value.length === 0) {
        return (
          <Text span c="dimmed">
            {EMPTY}
          </Text>
        );
      }
      return value.map((v) => labels?.get(String(v)) ?? String(v)).join(', ');
    }
    default:
      return String(plainValue(kind, value, t, labels));
  }
}

export const fieldOf = (row: Row, key: string): unknown => row[key];
