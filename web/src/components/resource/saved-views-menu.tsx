// Saved views of a list: the user's named filters, sort and columns, kept on the server
// (/web/saved_view, per user and list) so they follow the user to any browser. A menu beside the
// list's buttons opens one, saves the current state under a name, or deletes one.
import { SAVED_VIEW_PATHS, type SavedView, type SavedViewState } from '@lbo/contract/audit';
import { ActionIcon, Button, Group, Menu, Modal, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { notifyError, notifySuccess } from '../feedback/notify';

const viewKeys = resourceKeys('saved_view');
const onePath = (id: number) => SAVED_VIEW_PATHS.one.replace(':id', String(id));

/** The saved views of `list` (the caller's own), asked for once the menu is first opened. */
export function useSavedViews(list: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: viewKeys.list({ list }),
    queryFn: ({ signal }) =>
      api.get<SavedView[]>(SAVED_VIEW_PATHS.list, { list }, signal).then((r) => r.data),
    staleTime: 60_000,
  });
}

export function SavedViewsMenu({
  list,
  current,
  onOpen,
}: {
  /** The list's name (its resource name). */
  list: string;
  /** The list's state now, saved as it is. */
  current: () => SavedViewState;
  onOpen(state: SavedViewState): void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const views = useSavedViews(list, opened);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: viewKeys.lists() });
  const save = useMutation({
    mutationFn: (n: string) =>
      api.post<SavedView>(SAVED_VIEW_PATHS.create, { list, name: n, state: current() }),
    onSuccess: (_, n) => {
      setNaming(false);
      setName('');
      notifySuccess(t('savedViews.saved', { name: n }));
      return refresh();
    },
    // A taken name (409) or a bad one is said next to the field; anything else as a toast.
    onError: (e) => (isApiError(e) && e.status < 500 ? setError(e.messages.join(' ')) : notifyError(e, t)),
  });
  const remove = useMutation({
    mutationFn: (v: SavedView) => api.del(onePath(v.id)),
    onSuccess: (_, v) => {
      notifySuccess(t('savedViews.deleted', { name: v.name }));
      return refresh();
    },
    onError: (e) => notifyError(e, t),
  });
  const rows = views.data ?? [];
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={260} onOpen={() => setOpened(true)}>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />} data-testid="saved-views">
            {t('savedViews.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('savedViews.title')}</Menu.Label>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {views.isPending ? t('common.loading') : t('savedViews.none')}
            </Text>
          ) : (
            rows.map((v) => (
              <Group key={v.id} gap={0} wrap="nowrap">
                <Menu.Item style={{ flex: 1 }} onClick={() => onOpen(v.state)}>
                  {v.name}
                </Menu.Item>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mr={4}
                  aria-label={t('savedViews.delete', { name: v.name })}
                  onClick={() => remove.mutate(v)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))
          )}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconBookmarkPlus size={16} />}
            onClick={() => {
              setError(null);
              setNaming(true);
            }}
          >
            {t('savedViews.saveCurrent')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={() => setNaming(false)} title={t('savedViews.saveTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) save.mutate(name.trim());
            else setError(t('validation.required'));
          }}
        >
          <Text size="sm" c="dimmed" mb="sm">
            {t('savedViews.saveHint')}
          </Text>
          <TextInput
            label={t('savedViews.name')}
            value={name}
            maxLength={100}
            data-autofocus
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setNaming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
