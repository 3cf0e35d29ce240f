// Links that open a list filtered to one record, shared by every area that points at a customer's lists.
import type { Row } from './types';

/** `/path?customer_id=1&for=Name`: the list reads the id as a filter and names it by `for`. */
export const customerListLink = (path: string, record: Row, extra = '') =>
  `/${path}?customer_id=${encodeURIComponent(String(record.customer_id ?? record.id))}&for=${encodeURIComponent(
    String(record.customer_name ?? ''),
  )}${extra}`;
