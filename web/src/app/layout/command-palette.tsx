// Jump anywhere: Ctrl+K (⌘K on a Mac) or the search button in the header opens a box that finds
// any screen the user may open by its name or summary, and customers and products by name or code.
import { Badge, Group, Kbd, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconBuildingCommunity, IconPackage, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entryText } from '../../components/resource/types';
import { api } from '../api-client';
import type { Session } from '../session';
import { permissionsOf } from '../use-session';
import { visibleEntries } from './navbar';

type Hit = {
  key: string;
  label: string;
  hint: string;
  to: string;
  icon: React.ReactNode;
  kind: 'screen' | 'record';
  /** A screen's summary and search words, folded. */
  words?: string;
};

/** Records found by search: customers and products (when the role may see them). */
const RECORD_SOURCES = [
  {
    area: 'customer' as const,
    path: '/web/customer/',
    listKey: 'list_customer',
    to: (r: Record<string, unknown>) => `/customers/${r.customer_id ?? r.id}`,
    label: (r: Record<string, unknown>) => `${r.customer_name ?? ''}`,
    hint: (r: Record<string, unknown>) => `${r.customer_code ?? ''}`,
    icon: <IconBuildingCommunity size={16} />,
    kindKey: 'resources.customer.one',
  },
  {
    area: 'item' as const,
    path: '/web/item/',
    listKey: 'list_item',
    to: (r: Record<string, unknown>) => `/products/${r.item_id ?? r.id}`,
    label: (r: Record<string, unknown>) => `${r.item_name ?? ''}`,
    hint: (r: Record<string, unknown>) => `${r.item_code ?? ''}`,
    icon: <IconPackage size={16} />,
    kindKey: 'resources.item.one',
  },
];

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

type PaletteProps = {
  session: Session;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
};

/**
 * The shortcut, and the palette from the first time it opens (then kept, for its closing
 * transition and its last search): closed and never opened, it renders nothing. Building its
 * screen list on every first screen (every entry's title folded for search, a Modal) was about
 * 17 ms of the first screen's rendering.
 * Memoised: the layout re-renders with every change of the URL, the closed palette need not.
 */
export const CommandPalette = memo(function CommandPalette(props: PaletteProps) {
  const { opened, onOpen, onClose } = props;
  useHotkeys([['mod+K', () => (opened ? onClose() : onOpen())]], []);
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  return used ? <PaletteDialog {...props} /> : null;
});

function PaletteDialog({ session, opened, onClose }: PaletteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(query.trim(), 250);

  const screens: Hit[] = useMemo(
    () =>
      visibleEntries(session).map((e) => {
        const Icon = e.icon;
        return {
          key: `screen-${e.name}`,
          label: t(entryText(e, 'title')),
          hint: t(`nav.groups.${e.group}`),
          // Found by what the screen is about too, not only its name (`aktivasi` finds the
          // registered stores): its summary and its optional search words.
          words: fold(
            `${t(entryText(e, 'summary'), { defaultValue: '' })} ${t(entryText(e, 'title').replace(/title$/, 'keywords'), { defaultValue: '' })}`,
          ),
          to: `/${e.path}`,
          icon: <Icon size={16} />,
          kind: 'screen' as const,
        };
      }),
    [session, t],
  );
  const words = fold(query).split(/\s+/).filter(Boolean);
  // Screens found by their name come first, then those found by what they are about.
  const byName = screens.filter((s) => words.every((w) => fold(`${s.label} ${s.hint}`).includes(w)));
  const screenHits = [
    ...byName,
    ...screens.filter(
      (s) =>
        !byName.includes(s) && words.every((w) => fold(`${s.label} ${s.hint} ${s.words ?? ''}`).includes(w)),
    ),
  ];

  const sources = RECORD_SOURCES.filter((s) => permissionsOf(session, s.area).view);
  const records = useQuery({
    queryKey: ['palette', debounced, sources.map((s) => s.area).join(',')],
    enabled: opened && debounced.length >= 2,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        sources.map(async (s) => {
          const { data } = await api.get<unknown>(s.path, { search: debounced, limit: 5 }, signal);
          const rows = (
            Array.isArray(data) ? data : ((data as Record<string, unknown>)[s.listKey] ?? [])
          ) as Record<string, unknown>[];
          return rows.map(
            (r): Hit => ({
              key: `${s.area}-${String(r.id ?? s.to(r))}`,
              label: s.label(r),
              hint: `${t(s.kindKey)} · ${s.hint(r)}`,
              to: s.to(r),
              icon: s.icon,
              kind: 'record',
            }),
          );
        }),
      );
      return lists.flat();
    },
  });
  const hits = [...screenHits.slice(0, 12), ...(debounced.length >= 2 ? (records.data ?? []) : [])];

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    onClose();
    setQuery('');
    navigate(hit.to);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, hits.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(hits[active]);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('palette.title')}
      size="lg"
      yOffset="10vh"
      data-testid="command-palette"
    >
      <TextInput
        data-autofocus
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.placeholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={records.isFetching ? <Loader size="xs" /> : null}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        role="combobox"
        aria-expanded
        aria-controls="palette-results"
        aria-activedescendant={hits[active] ? `palette-${hits[active].key}` : undefined}
      />
      <Stack gap={2} mt="sm" id="palette-results" role="listbox" aria-label={t('palette.results')}>
        {hits.map((h, i) => (
          <UnstyledButton
            key={h.key}
            id={`palette-${h.key}`}
            role="option"
            aria-selected={i === active}
            onClick={() => go(h)}
            onMouseEnter={() => setActive(i)}
            px="sm"
            py={6}
            style={{
              borderRadius: 6,
              background: i === active ? 'var(--mantine-color-teal-light)' : undefined,
            }}
          >
            <Group gap="sm" wrap="nowrap">
              {h.icon}
              <Text size="sm" fw={500} truncate style={{ flex: 1 }}>
                {h.label}
              </Text>
              <Badge size="xs" variant="light" color={h.kind === 'screen' ? 'gray' : 'teal'}>
                {h.hint}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
        {hits.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('palette.nothing')}
          </Text>
        ) : null}
      </Stack>
      <Group gap={6} mt="md" c="dimmed">
        <Kbd size="xs">↑</Kbd>
        <Kbd size="xs">↓</Kbd>
        <Text size="xs">{t('palette.move')}</Text>
        <Kbd size="xs">Enter</Kbd>
        <Text size="xs">{t('palette.open')}</Text>
      </Group>
    </Modal>
  );
}
