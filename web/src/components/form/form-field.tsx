// One form field: the widget a resource description names, bound to react-hook-form.
import {
  Badge,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  PasswordInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type ReactNode, useEffect, useRef } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../resource/select-options';
import type { FieldWidget, FormField, FormMode, Row, SelectSource } from '../resource/types';
import { DateField, datePresets } from './date-field';
import { ImageUpload } from './image-upload';
import { NumberField } from './number-field';
import { SearchSelect } from './search-select';

type Props = {
  field: FormField;
  control: Control<Row>;
  label: string;
  description?: string;
  required: boolean;
  disabled: boolean;
  mode: FormMode;
  onDependencyChange?: (name: string) => void;
};

const toId = (v: string | null): number | null => (v === null || v === '' ? null : Number(v));

export function FormFieldControl({ field, control, label, description, required, disabled, mode }: Props) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => {
        const common = {
          label,
          description,
          required,
          disabled,
          error: fieldState.error?.message,
          name: f.name,
          onBlur: f.onBlur,
        };
        return (
          <Widget
            widget={field.widget}
            common={common}
            value={f.value}
            onChange={f.onChange}
            control={control}
            mode={mode}
            inputRef={f.ref}
          />
        );
      }}
    />
  );
}

type Common = {
  label: string;
  description?: string;
  required: boolean;
  disabled: boolean;
  error?: string;
  name: string;
  onBlur: () => void;
};

function Widget({
  widget,
  common,
  value,
  onChange,
  control,
  mode,
  inputRef,
}: {
  widget: FieldWidget;
  common: Common;
  value: unknown;
  onChange: (v: unknown) => void;
  control: Control<Row>;
  mode: FormMode;
  inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => void;
}): ReactNode {
  const { t } = useTranslation();
  const str = value === null || value === undefined ? '' : String(value);
  switch (widget.kind) {
    case 'text':
    case 'email':
    case 'phone':
      return (
        <TextInput
          {...common}
          ref={inputRef}
          type={widget.kind === 'email' ? 'email' : widget.kind === 'phone' ? 'tel' : 'text'}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          ref={inputRef}
          autoComplete="new-password"
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          ref={inputRef}
          autosize
          minRows={2}
          maxRows={8}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberField
          {...common}
          ref={inputRef}
          min={widget.min}
          max={widget.max}
          decimalScale={widget.decimals ?? 0}
          value={typeof value === 'number' || typeof value === 'string' ? value : null}
          onChange={onChange}
        />
      );
    case 'switch':
      return (
        <Input.Wrapper label={common.label} description={common.description} error={common.error}>
          <Switch
            mt={6}
            name={common.name}
            ref={inputRef}
            disabled={common.disabled}
            checked={value === true}
            onChange={(e) => onChange(e.currentTarget.checked)}
            label={
              // A status switch reads Active / Inactive; any other switch Yes / No.
              common.name === 'active'
                ? t(value === true ? 'common.active' : 'common.inactive')
                : t(value === true ? 'common.yes' : 'common.no')
            }
            aria-label={common.label}
          />
        </Input.Wrapper>
      );
    case 'date':
      // `typed`: a box that also takes a typed date (DD/MM/YYYY); otherwise a picker button. Both
      // offer the quick choices (today, the start of this month, last month, the quarter, the year).
      return widget.typed ? (
        <DateField
          {...common}
          ref={inputRef}
          clearable={!common.required}
          value={str || null}
          onChange={(v) => onChange(v)}
        />
      ) : (
        <DatePickerInput
          {...common}
          valueFormat="DD MMM YYYY"
          clearable={!common.required}
          presets={datePresets(t)}
          value={str || null}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          ref={inputRef}
          searchable
          clearable={!common.required}
          data={widget.options.map((o) => ({
            value: o,
            label: widget.optionLabel ? widget.optionLabel(o, t) : o,
          }))}
          value={str || null}
          onChange={(v) => onChange(v ?? null)}
          nothingFoundMessage={t('list.noOptions')}
        />
      );
    case 'select':
      if (widget.source.searchParam) {
        return (
          <SearchSelectWidget
            common={common}
            source={widget.source}
            value={value}
            onChange={onChange}
            control={control}
            currentLabel={widget.currentLabel}
          />
        );
      }
      return (
        <SourceSelectWidget
          common={common}
          source={widget.source}
          dependsOn={widget.dependsOn}
          value={value}
          onChange={onChange}
          control={control}
          mode={mode}
        />
      );
    case 'multiselect':
      return <SourceMultiSelect common={common} source={widget.source} value={value} onChange={onChange} />;
    case 'checklist':
      return (
        <Checklist
          common={common}
          source={widget.source}
          describe={widget.describe}
          value={value}
          onChange={onChange}
        />
      );
    case 'image':
      return (
        <ImageUpload
          label={common.label}
          description={common.description}
          required={common.required}
          disabled={common.disabled}
          error={common.error}
          value={value instanceof File ? value : str || null}
          onChange={onChange}
          uploadPath={widget.uploadPath}
          fileField={widget.fileField}
        />
      );
    case 'custom':
      return widget.render({
        name: common.name,
        label: common.label,
        value,
        onChange,
        error: common.error,
        disabled: common.disabled,
        mode,
      });
  }
}

/** A select over a searched source (see SelectSource.searchParam). */
function SearchSelectWidget({
  common,
  source,
  value,
  onChange,
  control,
  currentLabel,
}: {
  common: Common;
  source: SelectSource;
  value: unknown;
  onChange: (v: unknown) => void;
  control: Control<Row>;
  currentLabel?: (values: Row) => string | undefined;
}) {
  const { t } = useTranslation();
  const values = useWatch({ control }) as Row;
  return (
    <SearchSelect
      {...common}
      source={source}
      clearable={!common.required}
      placeholder={t('form.typeToSearch')}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(v) => onChange(toId(v))}
      currentLabel={currentLabel?.(values)}
    />
  );
}

function SourceSelectWidget({
  common,
  source,
  dependsOn,
  value,
  onChange,
  control,
}: {
  common: Common;
  source: SelectSource;
  dependsOn?: { field: string; param: string };
  value: unknown;
  onChange: (v: unknown) => void;
  control: Control<Row>;
  mode: FormMode;
}) {
  const { t } = useTranslation();
  const dep = useWatch({ control, name: dependsOn?.field ?? '__none__', disabled: !dependsOn });
  const params =
    dependsOn && dep !== null && dep !== undefined && dep !== ''
      ? { [dependsOn.param]: String(dep) }
      : undefined;
  const { grouped, isLoading, isError, refetch } = useOptions(source, params);
  // When the field this one depends on changes, the old choice may no longer fit: clear it.
  const prev = useRef(dep);
  useEffect(() => {
    if (dependsOn && prev.current !== dep) {
      prev.current = dep;
      onChange(null);
    }
  }, [dep, dependsOn, onChange]);
  return (
    <Select
      {...common}
      searchable
      clearable={!common.required}
      data={grouped}
      value={value === null || value === undefined ? null : String(value)}
      onChange={(v) => onChange(toId(v))}
      nothingFoundMessage={t('list.noOptions')}
      placeholder={isLoading ? t('common.loading') : t('form.choose')}
      error={common.error ?? (isError ? t('list.optionsFailed') : undefined)}
      rightSectionPointerEvents={isError ? 'all' : undefined}
      onDropdownOpen={() => (isError ? refetch() : undefined)}
    />
  );
}

function SourceMultiSelect({
  common,
  source,
  value,
  onChange,
}: {
  common: Common;
  source: SelectSource;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const { grouped, isLoading, isError } = useOptions(source);
  const selected = Array.isArray(value) ? value.map(String) : [];
  return (
    <MultiSelect
      {...common}
      searchable
      clearable
      hidePickedOptions
      data={grouped}
      value={selected}
      onChange={(v) => onChange(v.map(Number))}
      nothingFoundMessage={t('list.noOptions')}
      placeholder={isLoading ? t('common.loading') : selected.length === 0 ? t('form.chooseMany') : undefined}
      error={common.error ?? (isError ? t('list.optionsFailed') : undefined)}
    />
  );
}

function Checklist({
  common,
  source,
  describe,
  value,
  onChange,
}: {
  common: Common;
  source: SelectSource;
  describe?: (row: Row, t: ReturnType<typeof useTranslation>['t']) => ReactNode;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useOptions(source);
  const selected = new Set(Array.isArray(value) ? value.map(String) : []);
  const rows = data ?? [];
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const g = source.group ? source.group(r, t) : '';
    groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next].map(Number));
  };
  return (
    <Input.Wrapper
      label={common.label}
      description={common.description}
      error={common.error ?? (isError ? t('list.optionsFailed') : undefined)}
      required={common.required}
    >
      <Group justify="space-between" mt={4} mb={6}>
        <Text size="xs" c="dimmed">
          {t('form.selectedCount', { count: selected.size, total: rows.length })}
        </Text>
        <Group gap="xs">
          <Badge
            component="button"
            type="button"
            variant="light"
            style={{ cursor: 'pointer' }}
            onClick={() => onChange(rows.map((r) => Number(r[source.valueKey])))}
            disabled={common.disabled}
          >
            {t('form.selectAll')}
          </Badge>
          <Badge
            component="button"
            type="button"
            variant="light"
            color="gray"
            style={{ cursor: 'pointer' }}
            onClick={() => onChange([])}
            disabled={common.disabled}
          >
            {t('form.selectNone')}
          </Badge>
        </Group>
      </Group>
      {isLoading ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <Stack gap="sm" p={2}>
            {[...groups].map(([group, items]) => (
              <Stack key={group || 'all'} gap={6}>
                {group ? (
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {group}
                  </Text>
                ) : null}
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing={6}>
                  {items.map((r) => {
                    const id = String(r[source.valueKey]);
                    return (
                      <Checkbox
                        key={id}
                        checked={selected.has(id)}
                        onChange={(e) => toggle(id, e.currentTarget.checked)}
                        disabled={common.disabled}
                        label={source.label(r, t)}
                        description={describe?.(r, t)}
                      />
                    );
                  })}
                </SimpleGrid>
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Input.Wrapper>
  );
}
