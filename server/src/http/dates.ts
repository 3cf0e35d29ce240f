// Business dates (CONTRACT.md section 4): YYYY-MM-DD in the distributor's time zone, Asia/Jakarta.

export const BUSINESS_TIME_ZONE = 'Asia/Jakarta';

/** Today's business date as YYYY-MM-DD. */
export function jakartaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** First and last day of the month holding `date` (YYYY-MM-DD). */
export function monthOf(date: string): { start: string; end: string } {
  const [y, m] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/**
 * A date range defaulting to a calendar month: no dates -> the current month (Asia/Jakarta); only one
 * date -> the missing end is taken from the month that date falls in.
 */
export function monthRange(
  start: string | undefined,
  end: string | undefined,
): { start: string; end: string } {
  if (start && end) return { start, end };
  if (start) return { start, end: monthOf(start).end };
  if (end) return { start: monthOf(end).start, end };
  return monthOf(jakartaToday());
}
