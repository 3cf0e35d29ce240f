// Create and edit screens for any resource: fields from the description, validation from the
// contract's zod schema (messages next to the fields), server errors shown in place and next to
// the fields they name, and nothing typed is lost when saving fails.
import { Box, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { permissionsOf, useSession } from '../../app/use-session';
import { ErrorAlert } from '../feedback/error-alert';
import { notifyError, notifySuccess } from '../feedback/notify';
import { PageSpinner } from '../feedback/page-spinner';
import { FormFieldControl } from '../form/form-field';
import { isRequiredIn, localizedZodResolver } from '../form/zod-resolver';
import { PageHeader } from '../layout/page-header';
import { NoAccess } from './no-access';
import { ResourceNotice } from './resource-notice';
import { useResourceScope } from './resource-scope';
import { useResourceText } from './resource-text';
import { matchFieldErrors } from './server-field-errors';
import { type FormField, type FormMode, type Row, resourceName } from './types';
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

function initialValues(fields: FormField[], defaults: Row | undefined): Row {
  const out: Row = {};
  for (const f of fields) {
    const k = f.widget.kind;
    out[f.name] =
      k === 'switch'
        ? false
        : k === 'multiselect' || k === 'checklist'
          ? []
          : k === 'select' || k === 'number' || k === 'image' || k === 'date' || k === 'enum'
            ? null
            : '';
  }
  return { ...out, ...defaults };
}

function ResourceForm({ mode, id, record }: { mode: FormMode; id?: string; record?: Row }) {
  const { resource, entry } = useResourceScope();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const name = resourceName(resource);
  const { contract } = resource;
  const form = resource.form!;
  const schema = (mode === 'create' ? contract.create : contract.update)!;
  const fields = useMemo(() => form.fields.filter((f) => !f.modes || f.modes.includes(mode)), [form, mode]);
  const [serverError, setServerError] = useState<unknown>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const defaultValues = useMemo(() => {
    if (mode === 'create' || !record) return initialValues(fields, form.defaults);
    const picked: Row = {};
    for (const f of fields) picked[f.name] = record[f.name];
    return { ...initialValues(fields, undefined), ...(form.fromRecord ? form.fromRecord(record) : picked) };
  }, [mode, record, fields, form]);

  // Image fields without an upload route hold a picked File: it travels beside the body (multipart).
  const fileFields = useMemo(
    () => fields.filter((f) => f.widget.kind === 'image' && !f.widget.uploadPath).map((f) => f.name),
    [fields],
  );

  const prepare = (values: Row): Row => {
    const out: Row = { ...values };
    for (const name of fileFields) delete out[name];
    for (const f of fields) {
      if (fileFields.includes(f.name)) continue;
      const v = out[f.name];
      const empty = v === '' || v === null || v === undefined;
      if (f.emptyAs === 'omit' && empty) delete out[f.name];
      else if (f.emptyAs === 'null' && empty) out[f.name] = null;
    }
    return form.toBody ? form.toBody(out, { mode, record }) : out;
  };

  const hint = (field: string) => {
    const key = `resources.${name}.hints.${field}`;
    return i18n.exists(key) ? t(key) : undefined;
  };

  const { control, handleSubmit, setError, formState, getValues } = useForm<Row, unknown, Row>({
    defaultValues,
    resolver: localizedZodResolver(schema, t, { prepare, hint }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control }) as Row;
  const create = useCreateRecord(resource);
  const update = useUpdateRecord(resource);

  const onSubmit = async (body: Row) => {
    setServerError(null);
    const file = fileFields.map((n) => getValues(n)).find((v): v is File => v instanceof File) ?? null;
    try {
      const saved =
        mode === 'create'
          ? await create.mutateAsync({ body, file })
          : await update.mutateAsync({ id: id!, body, file });
      const savedId = saved?.[contract.idKey] ?? saved?.id ?? id;
      notifySuccess(
        t(mode === 'create' ? 'toast.created' : 'toast.updated', {
          name: saved ? resource.title(saved) : '',
        }),
      );
      navigate(contract.paths.get && savedId !== undefined ? `/${entry.path}/${savedId}` : `/${entry.path}`);
    } catch (e) {
      setServerError(e);
      if (isApiError(e)) {
        const byField = matchFieldErrors(
          e.messages,
          fields.map((f) => f.name),
        );
        for (const [field, message] of byField)
          setError(field, { type: 'server', message }, { shouldFocus: false });
      }
      notifyError(e, t, t('toast.saveFailed'));
      requestAnimationFrame(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
    }
  };

  const title = t(`resources.${name}.title`);
  const recordTitle = record ? resource.title(record) : '';
  const back = mode === 'edit' && id && contract.paths.get ? `/${entry.path}/${id}` : `/${entry.path}`;
  const text = useResourceText(name);
  const heading =
    mode === 'create'
      ? text('createTitle', { what: t(`resources.${name}.one`) })
      : text('editTitle', { name: recordTitle });
  const requiredSchema = contract.create ?? schema;

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
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={960}>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={heading}>
          <Stack gap="lg">
            {serverError ? (
              <Box ref={alertRef}>
                <ErrorAlert error={serverError} title={t('form.saveFailed')} />
              </Box>
            ) : null}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
              {fields.map((f) =>
                f.hidden?.(values, mode) ? null : (
                  <Box key={f.name} style={f.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
                    <FormFieldControl
                      field={f}
                      control={control}
                      mode={mode}
                      label={t(`resources.${name}.fields.${f.name}`)}
                      description={
                        i18n.exists(`resources.${name}.descriptions.${f.name}`)
                          ? t(`resources.${name}.descriptions.${f.name}`)
                          : mode === 'edit' && f.emptyAs === 'omit' && f.widget.kind === 'password'
                            ? t('form.passwordKeep')
                            : undefined
                      }
                      required={
                        f.required ??
                        (mode === 'edit' && f.emptyAs === 'omit'
                          ? false
                          : isRequiredIn(requiredSchema, f.name))
                      }
                      disabled={f.disabled?.(values, mode) ?? false}
                    />
                  </Box>
                ),
              )}
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={back}>
                {t('actions.cancel')}
              </Button>
              <Button
                type="submit"
                loading={formState.isSubmitting}
                leftSection={<IconDeviceFloppy size={16} />}
              >
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
