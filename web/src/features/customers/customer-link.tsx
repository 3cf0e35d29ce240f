// A customer's name linking to its detail screen, with its code under it (report, log, last seen).
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Row } from '../../components/resource/types';

export const CUSTOMERS_PATH = 'customers';

export function customerLink(r: Row) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={`/${CUSTOMERS_PATH}/${String(r.customer_id)}`} fw={500} size="sm">
        {String(r.customer_name ?? `#${String(r.customer_id)}`)}
      </Anchor>
      {r.customer_code ? (
        <Text span size="xs" c="dimmed">
          {String(r.customer_code)}
        </Text>
      ) : null}
    </Stack>
  );
}
