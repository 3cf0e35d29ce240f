// Shows a list of ids by their names, looked up through a select source.
import { Text } from '@mantine/core';
import { useOptions } from './select-options';
import type { SelectSource } from './types';

export function IdsLabels({ ids, source, max = 4 }: { ids: unknown; source: SelectSource; max?: number }) {
  const { labels } = useOptions(source);
  const list = Array.isArray(ids) ? ids : ids === null || ids === undefined ? [] : [ids];
  if (list.length === 0) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  const names = list.map((id) => labels.get(String(id)) ?? `#${id}`);
  const shown = names.slice(0, max).join(', ');
  return <>{names.length > max ? `${shown} +${names.length - max}` : shown}</>;
}
