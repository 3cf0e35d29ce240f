// Create and edit screens for any resource: the record form (record-form.tsx: fields from the
// description, validation from the contract's zod schema, server errors in place and next to the
// fields they name, nothing typed lost when saving fails) on a page of its own, with the description's
// `form.aside` (a live preview) beside it.
import { Box, Button, Group, Paper } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { permissionsOf, useSession } from '../../app/use-session';
import { ErrorAlert } from '../feedback/error-alert';
import { notifySuccess } from '../feedback/notify';
import { PageSpinner } from '../feedback/page-spinner';
import { PageHeader } from '../layout/page-header';
import { NoAccess } from './no-access';
import { type FormSpec, RecordFormBody, useRecordForm } from './record-form';
import { ResourceNotice } from './resource-notice';
import { useResourceScope } from './resource-scope';
import { useResourceText } from './resource-text';
import { type FormMode, type Row, resourceName } from './types';
import { useCreateRecord, useResourceRecord, useUpdateRecord } from './use-resource';

export function ResourceFormPage({ mode }: { mode: FormMode }) {
  const { resource } = useResourceScope();
  const { id } = useParams();
  const session = useSession();
  const perms = permissionsOf(session, resource.contract.area);
  const record = useResourceRecord(resource, mode === 'edit' ? id : undefined);
  const allowedHere =
    mode === 'create'
      ? perms.create && !!resource.contract.create
      : perms.update && !!resource.contract.update;
  if (!allowedHere || !resource.form) return <NoAccess />;
  if (mode === 'edit') {
    if (record.isPending) return <PageSpinner />;
    if (record.isError) return <ErrorAlert error={record.error} onRetry={() => record.refetch()} />;
  }
  const loaded = record.data ? (resource.recordOf ? resource.recordOf(record.data) : record.data) : undefined;
  if (mode === 'edit' && loaded && resource.canEdit && !resource.canEdit(loaded)) return <NoAccess />;
  return <ResourceForm key={`${mode}-${id ?? 'new'}`} mode={mode} id={id} record={loaded} />;
}

function ResourceForm({ mode, id, record }: { mode: FormMode; id?: string; record?: Row }) {
  const { resource, entry } = useResourceScope();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = resourceName(resource);
  const { contract } = resource;
  const create = useCreateRecord(resource);
  const update = useUpdateRecord(resource);
  const form = useRecordForm({
    name,
    contract,
    form: resource.form as FormSpec,
    mode,
    record,
    save: (body, file) =>
      mode === 'create' ? create.mutateAsync({ body, file }) : update.mutateAsync({ id: id!, body, file }),
    onSaved: (saved) => {
      const savedId = saved?.[contract.idKey] ?? saved?.id ?? id;
      notifySuccess(
        t(mode === 'create' ? 'toast.created' : 'toast.updated', {
          name: saved ? resource.title(saved) : '',
        }),
      );
      navigate(contract.paths.get && savedId !== undefined ? `/${entry.path}/${savedId}` : `/${entry.path}`);
    },
  });

  const title = t(`resources.${name}.title`);
  const recordTitle = record ? resource.title(record) : '';
  const back = mode === 'edit' && id && contract.paths.get ? `/${entry.path}/${id}` : `/${entry.path}`;
  const text = useResourceText(name);
  const Aside = resource.form?.aside;
  const heading =
    mode === 'create'
      ? text('createTitle', { what: t(`resources.${name}.one`) })
      : text('editTitle', { name: recordTitle });

  return (
    <>
      <PageHeader
        crumbs={[
          { label: t(`nav.groups.${entry.group}`) },
          { label: title, to: `/${entry.path}` },
          ...(mode === 'edit' && id ? [{ label: recordTitle, to: back }] : []),
          { label: mode === 'create' ? text('add') : text('edit') },
        ]}
        title={heading}
      />
      <ResourceNotice name={name} maw={960} />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="md"
          maw={960}
          style={{ flex: '1 1 480px', minWidth: 0 }}
        >
          <RecordFormBody
            form={form}
            name={name}
            mode={mode}
            heading={heading}
            gap="lg"
            cancel={
              <Button variant="default" component={Link} to={back}>
                {t('actions.cancel')}
              </Button>
            }
            saveIcon={<IconDeviceFloppy size={16} />}
          />
        </Paper>
        {Aside ? (
          <Box style={{ flex: '0 0 auto', position: 'sticky', top: 80 }}>
            {/* What is typed, over what was loaded (fields the form does not have, e.g. the id). Its
                own Suspense boundary: an aside that waits (for its texts, say) must never suspend, and
                so remount, the form with what was already typed in it. */}
            <Suspense fallback={null}>
              <Aside record={{ ...(record ?? {}), ...form.values }} />
            </Suspense>
          </Box>
        ) : null}
      </Group>
    </>
  );
}
