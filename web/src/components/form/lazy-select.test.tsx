import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../testing/test-utils';
import { LazySelect, optionLabel } from './lazy-select';

const DATA = [
  { group: 'Jawa Barat', items: [{ value: '1', label: 'Cabang Bandung' }] },
  { group: 'DKI', items: [{ value: '2', label: 'Cabang Jakarta' }] },
];

function Controlled({ onChange }: { onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>('1');
  return (
    <LazySelect
      label="Cabang"
      placeholder="Semua"
      searchable
      clearable
      data={DATA}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

const renderSelect = (onChange?: (v: string | null) => void) =>
  render(
    <Providers>
      <Controlled onChange={onChange} />
    </Providers>,
  );

describe('option labels', () => {
  it('should find a label in strings, options and groups', () => {
    expect(optionLabel(['a', 'b'], 'b')).toBe('b');
    expect(optionLabel([{ value: 'true', label: 'Aktif' }], 'true')).toBe('Aktif');
    expect(optionLabel(DATA, '2')).toBe('Cabang Jakarta');
    expect(optionLabel(DATA, '9')).toBe('');
    expect(optionLabel(DATA, null)).toBe('');
  });
});

describe('LazySelect', () => {
  it('should show the chosen option before it is used, without building the dropdown', () => {
    renderSelect();
    const box = screen.getByRole('combobox', { name: 'Cabang' });
    expect(box).toHaveValue('Cabang Bandung');
    expect(box).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('should open its options on the first click and choose one', async () => {
    const onChange = vi.fn();
    renderSelect(onChange);
    await userEvent.click(screen.getByRole('combobox', { name: 'Cabang' }));
    const option = await screen.findByRole('option', { name: 'Cabang Jakarta' });
    // The real Select has the focus: typing goes to its search.
    expect(screen.getByRole('combobox', { name: 'Cabang' })).toHaveFocus();
    await userEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('2');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Cabang' })).toHaveValue('Cabang Jakarta'),
    );
  });

  it('should become the real Select when reached from the keyboard, and search what is typed', async () => {
    renderSelect();
    await userEvent.tab();
    const box = screen.getByRole('combobox', { name: 'Cabang' });
    expect(box).toHaveFocus();
    await userEvent.clear(box);
    await userEvent.type(box, 'jak');
    expect(await screen.findByRole('option', { name: 'Cabang Jakarta' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Cabang Bandung' })).toBeNull();
  });

  it('should clear the choice with its clear button without opening', async () => {
    const onChange = vi.fn();
    renderSelect(onChange);
    const box = screen.getByRole('combobox', { name: 'Cabang' });
    const clear = box.parentElement?.querySelector('button');
    expect(clear).toBeTruthy();
    await userEvent.click(clear as HTMLButtonElement);
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('combobox', { name: 'Cabang' })).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
