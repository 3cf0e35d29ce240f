// The form machinery shared by the full-page create/edit screen and the child-records editor: fields
// from a description, validation from the contract's zod schema (messages next to the fields),
// server errors in an alert and next to the fields they name, and nothing typed lost on failure.

import type { ResourceContract } from '@lbo/contract/resource';
import { Box, Button, Group, type MantineSpacing, SimpleGrid, Stack } from '@mantine/core';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isApiError } from '../../app/api-client';
import { beginSave } from '../../app/session';
import { ErrorAlert } from '../feedback/error-alert';
import { requestSignIn } from '../feedback/sign-in-dialog';
import { FormFieldControl } from '../form/form-field';
import { UnsavedChangesGuard } from '../form/unsaved-guard';
import { isRequiredIn, localizedZodResolver, withSchemaBounds } from '../form/zod-resolver';
import { fieldLabel } from './field-label';
import { labelFieldMessages, splitServerErrors } from './server-field-errors';
import type { FormField, FormMode, Row } from './types';

export type FormSpec = {
  fields: FormField[];
  defaults?: Row;
  fromRecord?(record: Row): Row;
  toBody?(values: Row, ctx: { mode: FormMode; record?: Row }): Row;
};

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

export type RecordFormOptions = {
  /** i18n namespace of the labels (`resources.<name>`). */
  name: string;
  contract: ResourceContract;
  form: FormSpec;
  mode: FormMode;
  record?: Row;
  /** Sends the validated body (and a picked image file); throws what the server answered. */
  save(body: Row, file: File | null): Promise<Row | undefined>;
  /** After a successful save. */
  onSaved(saved: Row | undefined): void;
};

export function useRecordForm({ name, contract, form, mode, record, save, onSaved }: RecordFormOptions) {
  const { t, i18n } = useTranslation();
  const schema = (mode === 'create' ? contract.create : contract.update)!;
  const fields = useMemo(() => form.fields.filter((f) => !f.modes || f.modes.includes(mode)), [form, mode]);
  const [serverError, setServerError] = useState<unknown>(null);
  const savedRef = useRef(false);
  const [, setSavedAt] = useState(0);
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
    for (const n of fileFields) delete out[n];
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

  const rhf = useForm<Row, unknown, Row>({
    defaultValues,
    resolver: localizedZodResolver(schema, t, {
      prepare,
      hint,
      required: (v) => fields.filter((f) => f.required === true && !f.hidden?.(v, mode)).map((f) => f.name),
    }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: rhf.control }) as Row;
  const label = (field: string) => fieldLabel(t, name, field);

  const onSubmit = async (body: Row) => {
    setServerError(null);
    const file = fileFields.map((n) => rhf.getValues(n)).find((v): v is File => v instanceof File) ?? null;
    const saveDone = beginSave();
    try {
      const saved = await save(body, file);
      saveDone();
      // Saved: moving on to the record is no longer "leaving unsaved changes".
      savedRef.current = true;
      setSavedAt(Date.now());
      onSaved(saved);
    } catch (e) {
      saveDone();
      const names = fields.map((f) => f.name);
      if (isApiError(e) && e.status === 401 && e.code === 'SESSION_EXPIRED') {
        // The session ended while the form was open: sign in again in a dialog, then the same
        // save is sent again with what was typed (nothing is lost).
        const again = await requestSignIn();
        if (again) return onSubmit(body);
      }
      if (isApiError(e)) {
        // Each problem once: next to its field when it names one of the form's, else in the alert.
        const { byField, rest } = splitServerErrors(e, names);
        for (const [field, message] of byField)
          rhf.setError(field, { type: 'server', message }, { shouldFocus: false });
        const others = labelFieldMessages(rest, names, label);
        setServerError(
          new ApiError(e.status, e.code, others.length > 0 ? others : [t('form.checkFields')], []),
        );
        const first = [...byField.keys()][0];
        if (first) rhf.setFocus(first);
      } else setServerError(e);
      requestAnimationFrame(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }));
    }
  };

  return {
    fields,
    control: rhf.control,
    values,
    submit: rhf.handleSubmit(onSubmit),
    isSubmitting: rhf.formState.isSubmitting,
    /** Something was typed and not saved yet (leaving asks first). */
    dirty: rhf.formState.isDirty && !savedRef.current,
    savedRef: savedRef as RefObject<boolean>,
    serverError,
    alertRef: alertRef as RefObject<HTMLDivElement | null>,
    requiredSchema: contract.create ?? schema,
  };
}

/** The fields of a record form in a grid (two columns from `md`, one in a narrow `cols={1}` modal). */
export function RecordFormFields({
  name,
  fields,
  control,
  values,
  mode,
  requiredSchema,
  cols = { base: 1, md: 2 },
}: {
  name: string;
  fields: FormField[];
  control: Control<Row>;
  values: Row;
  mode: FormMode;
  requiredSchema: ResourceContract['create'];
  cols?: number | { base: number; md: number };
}) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={cols} spacing="md" verticalSpacing="md">
      {fields.map((f) =>
        f.hidden?.(values, mode) ? null : (
          <Box key={f.name} style={f.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
            <FormFieldControl
              field={{ ...f, widget: withSchemaBounds(f.widget, requiredSchema, f.name) }}
              control={control}
              mode={mode}
              label={fieldLabel(t, name, f.name)}
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
                  : !!requiredSchema && isRequiredIn(requiredSchema, f.name))
              }
              disabled={f.disabled?.(values, mode) ?? false}
            />
          </Box>
        ),
      )}
    </SimpleGrid>
  );
}

export type RecordForm = ReturnType<typeof useRecordForm>;

/**
 * A record form as rendered on the page and in the child dialog: the save error (scrolled to),
 * the fields, and below them the caller's cancel button beside Save.
 */
export function RecordFormBody({
  form,
  name,
  mode,
  heading,
  gap,
  cancel,
  saveIcon,
}: {
  form: RecordForm;
  name: string;
  mode: FormMode;
  /** The form's accessible name. */
  heading: string;
  gap: MantineSpacing;
  /** The way out (a link back, or closing the dialog). */
  cancel: ReactNode;
  saveIcon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={form.submit} noValidate aria-label={heading}>
      <UnsavedChangesGuard when={form.dirty} released={form.savedRef} />
      <Stack gap={gap}>
        {form.serverError ? (
          <Box ref={form.alertRef}>
            <ErrorAlert error={form.serverError} title={t('form.saveFailed')} />
          </Box>
        ) : null}
        <RecordFormFields
          name={name}
          fields={form.fields}
          control={form.control}
          values={form.values}
          mode={mode}
          requiredSchema={form.requiredSchema}
        />
        <Group justify="flex-end" gap="sm">
          {cancel}
          <Button type="submit" loading={form.isSubmitting} leftSection={saveIcon}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
