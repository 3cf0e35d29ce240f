// The group view of an upload folder (GET /upload/select/group): a grid of the stores that uploaded,
// each with its photos' thumbnails (newest first), a lightbox with the full-size photo, filters and
// paging; and the upload form (POST /upload/) for staff uploading a photo on a store's behalf.
import { UPLOAD_PATHS, type UploadGroup, type UploadPhoto } from '@lbo/contract/uploads';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  FileInput,
  Group,
  Image,
  Loader,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPhoto, IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { usePermissions } from '../../app/use-session';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifyError, notifySuccess } from '../../components/feedback/notify';
import { SearchSelect } from '../../components/form/search-select';
import { formatDate, formatNumber } from '../../components/resource/format';
import { useOptions } from '../../components/resource/select-options';
import type { Row } from '../../components/resource/types';
import { branchSource, customerLookupSource, regionSource } from '../common-sources';

const k = (key: string) => `targets.group.${key}`;
const PAGE_SIZE = 12;
const THUMBS_SHOWN = 6;
const storeByCode = { ...customerLookupSource, valueKey: 'customer_code' };

function Thumb({ photo, onOpen, label }: { photo: UploadPhoto; onOpen(): void; label: string }) {
  const src = photo.thumbnail_url || photo.file_url;
  return (
    <UnstyledButton onClick={onOpen} aria-label={label} style={{ borderRadius: 6, overflow: 'hidden' }}>
      <Image
        src={src}
        alt={photo.file_name}
        h={72}
        w="100%"
        fit="cover"
        loading="lazy"
        fallbackSrc="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='72' height='72'><rect width='100%' height='100%' fill='%23e9ecef'/></svg>"
      />
    </UnstyledButton>
  );
}

function UploadForm({ folderId, onDone }: { folderId: number; onDone(): void }) {
  const { t } = useTranslation();
  const [store, setStore] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    if (!store || !file) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set('folder', String(folderId));
      form.set('customer_code', store);
      if (note.trim()) form.set('note', note.trim());
      form.set('photo', file);
      await api.upload(UPLOAD_PATHS.create, form);
      notifySuccess(t(k('uploaded')));
      setFile(null);
      setNote('');
      onDone();
    } catch (e) {
      setError(e);
      notifyError(e, t, t(k('uploadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4} fz="h5">
          {t(k('uploadTitle'))}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <SearchSelect
            source={storeByCode}
            value={store}
            onChange={setStore}
            label={t(k('store'))}
            placeholder={t(k('storePlaceholder'))}
            w={{ base: '100%', sm: 300 }}
            clearable
          />
          <FileInput
            label={t(k('photo'))}
            placeholder={t(k('photoPlaceholder'))}
            accept="image/jpeg,image/png,image/webp"
            value={file}
            onChange={setFile}
            leftSection={<IconPhoto size={16} />}
            clearable
            w={{ base: '100%', sm: 260 }}
            data-testid="upload-photo-input"
          />
          <TextInput
            label={t(k('note'))}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            w={{ base: '100%', sm: 220 }}
          />
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={submit}
            loading={busy}
            disabled={!store || !file}
          >
            {t(k('upload'))}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t(k('uploadHint'))}
        </Text>
        {error ? <ErrorAlert error={error} /> : null}
      </Stack>
    </Paper>
  );
}

export function UploadGroupView({ record }: { record: Row; data: Row }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const perms = usePermissions('upload');
  const qc = useQueryClient();
  const folderId = Number(record.id);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [branch, setBranch] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [viewer, setViewer] = useState<{ store: UploadGroup; index: number } | null>(null);
  const branches = useOptions(branchSource);
  const regions = useOptions(regionSource);
  const query = {
    upload_folder_id: folderId,
    page,
    limit: PAGE_SIZE,
    search: debounced || undefined,
    branch_id: branch ?? undefined,
    region_id: region ?? undefined,
  };
  const q = useQuery({
    queryKey: ['upload_group', query],
    queryFn: async ({ signal }) => api.get<UploadGroup[]>(UPLOAD_PATHS.group, query, signal),
    placeholderData: keepPreviousData,
  });
  const stores = q.data?.data ?? [];
  const meta = q.data?.meta;
  const current = viewer ? viewer.store.uploads[viewer.index] : null;
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['upload_group'] });
    void qc.invalidateQueries({ queryKey: ['upload_folder'] });
  };

  return (
    <Stack gap="md" data-testid="upload-group">
      {perms.create && record.active ? <UploadForm folderId={folderId} onDone={refresh} /> : null}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} fz="h4">
              {t(k('title'))}
            </Title>
            {q.isFetching ? <Loader size="xs" /> : null}
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t(k('search'))}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 240 }}
            />
            <Select
              label={t('fields.branch_id', { defaultValue: t(k('branch')) })}
              data={branches.options}
              value={branch}
              onChange={(v) => {
                setBranch(v);
                setPage(1);
              }}
              clearable
              searchable
              w={{ base: '100%', sm: 220 }}
            />
            <Select
              label={t(k('region'))}
              data={regions.options}
              value={region}
              onChange={(v) => {
                setRegion(v);
                setPage(1);
              }}
              clearable
              searchable
              w={{ base: '100%', sm: 200 }}
            />
          </Group>
          {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
          {q.isSuccess && stores.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed" size="sm">
                {t(k('empty'))}
              </Text>
            </Center>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
            {stores.map((s) => (
              <Card key={s.customer_id} withBorder radius="md" padding="sm" data-testid="upload-store">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {s.customer_name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {s.customer_code} · {s.branch_name}
                      </Text>
                    </div>
                    <Badge variant="light" tt="none">
                      {t(k('photos'), { count: s.photo_count })}
                    </Badge>
                  </Group>
                  <SimpleGrid cols={3} spacing={4}>
                    {s.uploads.slice(0, THUMBS_SHOWN).map((p, i) => (
                      <Thumb
                        key={p.id}
                        photo={p}
                        label={t(k('open'), { store: s.customer_name, n: i + 1 })}
                        onOpen={() => setViewer({ store: s, index: i })}
                      />
                    ))}
                  </SimpleGrid>
                  <Text size="xs" c="dimmed">
                    {t(k('last'))}: {formatDate(s.last_uploaded_at, true)}
                    {s.photo_count > THUMBS_SHOWN
                      ? ` · +${formatNumber(s.photo_count - THUMBS_SHOWN, lang)}`
                      : ''}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          {meta && meta.total_page > 1 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t(k('stores'), { count: meta.total_data })}
              </Text>
              <Pagination value={page} onChange={setPage} total={meta.total_page} size="sm" />
            </Group>
          ) : null}
        </Stack>
      </Paper>
      <Modal
        opened={viewer !== null}
        onClose={() => setViewer(null)}
        size="xl"
        centered
        title={
          viewer ? `${viewer.store.customer_name} · ${viewer.index + 1}/${viewer.store.uploads.length}` : ''
        }
      >
        {viewer && current ? (
          <Stack gap="sm" data-testid="lightbox">
            <Image src={current.file_url} alt={current.file_name} mah="70vh" fit="contain" />
            <Group justify="space-between" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t(k('previous'))}
                disabled={viewer.index === 0}
                onClick={() => setViewer({ ...viewer, index: viewer.index - 1 })}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Stack gap={0} align="center" style={{ minWidth: 0 }}>
                <Text size="sm">{formatDate(current.uploaded_at, true)}</Text>
                {current.note ? (
                  <Text size="xs" c="dimmed" truncate>
                    {current.note}
                  </Text>
                ) : null}
              </Stack>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t(k('next'))}
                disabled={viewer.index >= viewer.store.uploads.length - 1}
                onClick={() => setViewer({ ...viewer, index: viewer.index + 1 })}
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
