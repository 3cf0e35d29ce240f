// Vouchers and voucher redemptions (one by one, or in bulk from a file).
// modules/index.ts registers this area: its resource definitions and its own routes.
import { VOUCHER_PHOTO_PATH } from '@lbo/contract/vouchers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerPhotoUpload } from '../../http/uploads';
import type { AnyResourceDef } from '../../resources/define';
import { registerImport } from '../../resources/imports';
import { voucherBulkDef } from './vouchers.imports';
import { voucherResourceList } from './vouchers.resource';

export const vouchersResources: AnyResourceDef[] = voucherResourceList as AnyResourceDef[];

export function registerVoucherRoutes(api: FastifyInstance, db: Db): void {
  // The photo is uploaded first, the answered url then saved as `photo` by the create / update.
  registerPhotoUpload(api, VOUCHER_PHOTO_PATH, { area: 'voucher', folder: 'voucher' });
  registerImport(api, db, voucherBulkDef);
}
