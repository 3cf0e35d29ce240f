// What a seed plan is made of: its scale and its units of statements.
export type SeedScale = {
  customers: number;
  invoices: number;
  /** Invoices per statement batch (each batch is one transaction in batched mode). */
  invoiceBatch: number;
  orders: number;
  orderBatch: number;
  /** Customers per points-ledger batch. */
  ledgerBatch: number;
  lotteryCoupons: number;
  activitiesPerInstalledCustomer: number;
  visitsPerCustomer: number;
  /** Years of monthly customer targets, ending with the current year. */
  targetYears: number;
};

export const DEMO_SCALE: SeedScale = {
  customers: 2_000,
  invoices: 40_000,
  invoiceBatch: 40_000,
  orders: 6_000,
  orderBatch: 6_000,
  ledgerBatch: 2_000,
  lotteryCoupons: 5_000,
  activitiesPerInstalledCustomer: 8,
  visitsPerCustomer: 6,
  targetYears: 2,
};

/** One step of the plan: statements that run in order, in one transaction when batched. */
export type SeedUnit = { label: string; statements: string[] };

export type SeedContext = { adminId: number; branchUserId: number };
