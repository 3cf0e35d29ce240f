// What the stores' app reads from other areas (promos, lottery, targets, invoices, upload folders),
// handed in by modules/index.ts, which composes the areas: the store module calls the owning area's
// own query or service, keyed by the signed-in store, instead of keeping a second copy of its SQL.
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { RedeemCoupon } from './store.coupons';

/** The signed-in store as the other areas need it. */
export type StoreRef = {
  id: number;
  customer_code: string;
  customer_name: string;
  branch_id: number;
  customer_type_id: number | null;
};

type Rows = Record<string, unknown>[];

export type StoreAreas = {
  /** The coupons module's redemption (staff and stores share it). */
  redeemCoupon: RedeemCoupon;
  /** The promos that apply to the store now, with lines, items and bonus items (content module). */
  promosForStore(db: DbOrTx, store: StoreRef): Promise<unknown[]>;
  /** The store's lottery coupon numbers (coupons module). */
  lotteryOfStore(db: DbOrTx, customerId: number): Promise<Rows>;
  /** The year's targets by quarter, semester and whole, as the back office computes them (targets module). */
  targetYearByPeriod(db: DbOrTx, store: StoreRef, year: number): Promise<unknown>;
  /** The store's invoices with the points each earned (sales module). */
  invoicesOfStore(
    db: DbOrTx,
    customerId: number,
    page: { page: number; limit: number },
  ): Promise<{ rows: Rows; total: number }>;
  /** One of the store's invoices with its lines; null when it is not the store's. */
  invoiceOfStore(
    db: DbOrTx,
    req: FastifyRequest,
    customerId: number,
    id: number,
  ): Promise<Record<string, unknown> | null>;
  /** The upload folders open to the store now (targets module's uploads). */
  foldersOpenToStore(db: DbOrTx, store: StoreRef): Promise<Rows>;
  /** A photo the store uploaded into one of its open folders (404 for any other folder). */
  addStorePhoto(
    db: Db,
    req: FastifyRequest,
    store: StoreRef,
    input: { upload_folder_id: number; photo: string; note?: string },
  ): Promise<Record<string, unknown>>;
};
