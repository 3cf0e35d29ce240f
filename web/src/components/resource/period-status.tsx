// A dated record's state (contract/wording.ts periodStatus): an active coupon past its end date
// reads "Berakhir", not "Aktif". Used as a column's and a detail field's render.
import { jakartaDate } from '@lbo/contract/common';
import { PERIOD_STATUS_WORDS, type PeriodStatus, periodStatus } from '@lbo/contract/wording';
import { Badge } from '@mantine/core';
import { uiLanguage } from '../../app/api-client';
import type { Row } from './types';

const COLOR: Record<PeriodStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  upcoming: 'blue',
  expired: 'orange',
};

export function periodStatusText(r: Row): string {
  return PERIOD_STATUS_WORDS[periodStatus(r, jakartaDate())][uiLanguage()];
}

export function PeriodStatusBadge({ row }: { row: Row }) {
  const status = periodStatus(row, jakartaDate());
  return (
    <Badge variant="light" color={COLOR[status]} data-status={status}>
      {PERIOD_STATUS_WORDS[status][uiLanguage()]}
    </Badge>
  );
}
