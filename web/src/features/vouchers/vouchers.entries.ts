// The registry entries of this area's screens (spread into features/registry.ts).
// Vouchers (with bulk add) and voucher redemptions.
import { IconTicket, IconTicketOff } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const vouchersScreens: ScreenEntry[] = [
  {
    name: 'voucher',
    path: 'vouchers',
    area: 'voucher',
    group: 'loyalty',
    icon: IconTicket,
    load: () => import('./voucher.resource'),
  },
  {
    name: 'voucher_redeem',
    path: 'voucher-redemptions',
    area: 'voucher',
    group: 'loyalty',
    icon: IconTicketOff,
    load: () => import('./voucher-redeem.resource'),
  },
];
