// Dates the way people enter them: typed (31/03/2026, 31-3-2026, 2026-03-31, 31032026) or picked,
// with quick choices (today, this month, last month, this quarter, year to date). `DateField` is one
// date, `DateRangeField` a from–to range; both hold `YYYY-MM-DD` strings. Shared by forms, filters
// and any screen that needs a date.
import { jakartaDate } from '@lbo/contract/common';
import { ActionIcon, Group, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DateInput, DatePicker, type DatePickerPreset } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ISO = 'YYYY-MM-DD';

/** A typed date as `YYYY-MM-DD`, or null when it is not a real date. Day first, as in Indonesia. */
export function parseTypedDate(text: string): string | null {
  const s = text.trim();
  if (!s) return null;
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  const dmy = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{2}|\d{4})$/.exec(s);
  const packed = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  const parts = ymd
    ? [ymd[3], ymd[2], ymd[1]]
    : dmy
      ? [dmy[1], dmy[2], dmy[3]]
      : packed
        ? [packed[1], packed[2], packed[3]]
        : null;
  if (!parts) return null;
  const [d, m] = [Number(parts[0]), Number(parts[1])];
  let y = Number(parts[2]);
  if (y < 100) y += 2000;
  const date = dayjs(new Date(y, m - 1, d));
  // new Date rolls 31/02 over to March: only a date that reads back the same is real.
  if (date.year() !== y || date.month() !== m - 1 || date.date() !== d) return null;
  return date.format(ISO);
}

/** The quick choices as ranges, relative to `today` (tests pass one). */
export function rangePresets(t: TFunction, today = dayjs()): DatePickerPreset<'range'>[] {
  const quarterStart = today.month(Math.floor(today.month() / 3) * 3).startOf('month');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: t('dates.today'), value: [today.format(ISO), today.format(ISO)] },
    {
      label: t('dates.thisMonth'),
      value: [today.startOf('month').format(ISO), today.endOf('month').format(ISO)],
    },
    {
      label: t('dates.lastMonth'),
      value: [lastMonth.startOf('month').format(ISO), lastMonth.endOf('month').format(ISO)],
    },
    {
      label: t('dates.thisQuarter'),
      value: [quarterStart.format(ISO), quarterStart.add(2, 'month').endOf('month').format(ISO)],
    },
    { label: t('dates.yearToDate'), value: [today.startOf('year').format(ISO), today.format(ISO)] },
  ];
}

/** The quick choices for one date: today and the first day of the month, last month, quarter, year. */
export function datePresets(t: TFunction, today = dayjs()): DatePickerPreset<'default'>[] {
  return rangePresets(t, today).map((p) => ({ label: p.label, value: p.value[0] }));
}

const shown = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY') : '');

type Common = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'>;

/** One date, typed or picked; `value` / `onChange` in `YYYY-MM-DD` (null when empty). */
export function DateField({
  value,
  onChange,
  clearable = true,
  ...rest
}: Common & { value: string | null; onChange(value: string | null): void; clearable?: boolean }) {
  const { t } = useTranslation();
  return (
    <DateInput
      {...(rest as object)}
      value={value || null}
      onChange={(v) => onChange(v ? dayjs(v).format(ISO) : null)}
      valueFormat="DD/MM/YYYY"
      dateParser={(s) => parseTypedDate(s)}
      placeholder={rest.placeholder ?? 'DD/MM/YYYY'}
      clearable={clearable}
      presets={datePresets(t)}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/**
 * A from–to range: type `01/03/2026 - 31/03/2026` (applied on Enter or leaving the box) or open
 * the calendar with its quick choices. `onChange` gets both ends, or two nulls when cleared.
 */
export function DateRangeField({
  value,
  onChange,
  ...rest
}: Common & {
  value: [string | null, string | null];
  onChange(value: [string | null, string | null]): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => rangeText(value));
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState<[string | null, string | null]>(value);
  useEffect(() => {
    setText(rangeText(value));
    setPicking(value);
  }, [value]);

  const apply = () => {
    const s = text.trim();
    if (!s) {
      setError(null);
      if (value[0] || value[1]) onChange([null, null]);
      return;
    }
    const parts = s.split(/\s+(?:-|–|s\.?d\.?|to|sampai)\s+|\s*[–]\s*/i).filter(Boolean);
    const from = parseTypedDate(parts[0] ?? '');
    const to = parts.length > 1 ? parseTypedDate(parts[1]) : from;
    if (!from || !to) {
      setError(t('dates.invalid'));
      return;
    }
    setError(null);
    const range: [string, string] = from <= to ? [from, to] : [to, from];
    setText(rangeText(range));
    if (range[0] !== value[0] || range[1] !== value[1]) onChange(range);
  };

  return (
    <TextInput
      {...rest}
      value={text}
      error={error ?? rest.error}
      placeholder={rest.placeholder ?? 'DD/MM/YYYY - DD/MM/YYYY'}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply();
        }
      }}
      rightSectionWidth={36}
      rightSection={
        <Popover opened={open} onChange={setOpen} position="bottom-end" withinPortal shadow="md">
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setOpen((o) => !o)}
              aria-label={t('dates.presets')}
              aria-expanded={open}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Group align="flex-start" gap="md" wrap="nowrap">
              <DatePicker
                type="range"
                allowSingleDateInRange
                value={picking}
                presets={rangePresets(t)}
                onChange={(v) => {
                  const [a, b] = v as [string | null, string | null];
                  setPicking([a, b]);
                  if (a && b) {
                    setOpen(false);
                    onChange([a, b]);
                  }
                }}
              />
            </Group>
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

function rangeText([from, to]: [string | null, string | null]): string {
  if (!from && !to) return '';
  return `${shown(from)} - ${shown(to ?? from)}`;
}

/** Today and a month later (Asia/Jakarta): the period a new item starts with. */
export function nextMonth(): { start_date: string; end_date: string } {
  return { start_date: jakartaDate(), end_date: jakartaDate(30) };
}
