// Every table of the product, one file per area.
export * from './broadcasts';
export * from './content';
export * from './coupons';
export * from './customers';
export * from './dashboards';
export * from './organisation';
export * from './points';
export * from './products';
export * from './promos';
export * from './sales';
export * from './staff';
export * from './store';
export * from './targets';
export * from './uploads';
export * from './vouchers';
