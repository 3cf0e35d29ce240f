// Mantine's Select, built on first use. A closed Select is a Combobox with a Popover and
// its floating-ui anchor, which renders again as the Popover measures its target. A list's filter bar
// shows three or four of them on every first screen (8–17 ms of the first row, measured side by side
// in a settled tab). Until it is used, LazySelect shows the same input (Mantine's InputBase with the
// Select's own chevron, clear button and classes) holding the chosen option's label; the first focus
// or click replaces it with the real Select, focused, its options open when it was a click.
import { Combobox, InputBase, Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';

export type LazySelectProps = SelectProps & { value: string | null };

/** The label of `value` in Select data: strings, `{ value, label }` options, or groups of either. */
export function optionLabel(data: SelectProps['data'], value: string | null): string {
  if (value === null || !data) return '';
  for (const item of data as readonly unknown[]) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (item && typeof item === 'object') {
      const o = item as { value?: unknown; label?: unknown; items?: SelectProps['data'] };
      if (Array.isArray(o.items)) {
        const found = optionLabel(o.items, value);
        if (found) return found;
      } else if (String(o.value) === value) {
        return typeof o.label === 'string' ? o.label : String(o.value);
      }
    }
  }
  return '';
}

export function LazySelect(props: LazySelectProps) {
  // 'focus': focused from the keyboard (or a script); 'open': clicked, so its options show at once.
  const [live, setLive] = useState<false | 'focus' | 'open'>(false);
  if (live) return <Select {...props} autoFocus defaultDropdownOpened={live === 'open'} />;
  const { value, data, clearable, searchable, disabled, readOnly, onChange, size } = props;
  const clear = !!clearable && value !== null && !disabled && !readOnly;
  return (
    <InputBase
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      required={props.required}
      withAsterisk={props.withAsterisk}
      error={props.error}
      disabled={disabled}
      size={size}
      w={props.w}
      className={props.className}
      aria-label={props['aria-label']}
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
      __staticSelector="Select"
      pointer={!searchable}
      value={optionLabel(data, value)}
      // As the Select's input: typed into only once it is the real one.
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      __defaultRightSection={<Combobox.Chevron size={size} error={props.error} />}
      __clearSection={
        <Combobox.ClearButton
          onClear={() => onChange?.(null, null as never)}
          aria-label={props.clearButtonProps?.['aria-label']}
        />
      }
      __clearable={clear}
      rightSectionPointerEvents={clear ? 'all' : 'none'}
      // A click must not focus this input first (that would replace it before the click lands):
      // the click replaces it, and the real Select takes the focus.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => setLive('open')}
      onFocus={() => setLive((l) => l || 'focus')}
    />
  );
}
