// Every table of the product, one file per area.
export * from './organisation';
export * from './staff';
