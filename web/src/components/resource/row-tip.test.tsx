// The row buttons' shared tooltip: shown for the button pointed at or focused, with its label,
// gone when the pointer or focus leaves, on Escape and on a click.

import { IconEye, IconTrash } from '@tabler/icons-react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../testing/test-utils';
import { RowActions, RowIconButton } from './row-actions';
import { RowTips } from './row-tip';

const tipText = () => document.body.querySelector('.lbo-row-tip')?.textContent ?? null;

function setup() {
  const onDelete = vi.fn();
  render(
    <Providers>
      <MemoryRouter>
        <RowTips />
        <RowActions>
          <RowIconButton label="Lihat" record="Toko Maju" icon={IconEye} to="/customers/1" />
          <RowIconButton label="Hapus" record="Toko Maju" icon={IconTrash} onClick={onDelete} />
        </RowActions>
      </MemoryRouter>
    </Providers>,
  );
  return {
    view: screen.getByRole('link', { name: 'Lihat: Toko Maju' }),
    remove: screen.getByRole('button', { name: 'Hapus: Toko Maju' }),
    onDelete,
  };
}

describe('RowTips', () => {
  it('should show the label of the button pointed at, and hide it when the pointer leaves', () => {
    const { view, remove } = setup();
    expect(tipText()).toBeNull();
    fireEvent.mouseOver(view);
    expect(tipText()).toBe('Lihat');
    // Moving inside the button (onto its icon) keeps the tip.
    fireEvent.mouseOut(view, { relatedTarget: view.querySelector('svg') });
    expect(tipText()).toBe('Lihat');
    fireEvent.mouseOver(remove);
    expect(tipText()).toBe('Hapus');
    fireEvent.mouseOut(remove, { relatedTarget: document.body });
    expect(tipText()).toBeNull();
  });

  it('should show the tip on keyboard focus, and put it away on blur, Escape and a click', () => {
    const { view, remove, onDelete } = setup();
    fireEvent.focusIn(remove);
    expect(tipText()).toBe('Hapus');
    fireEvent.focusOut(remove, { relatedTarget: null });
    expect(tipText()).toBeNull();
    fireEvent.focusIn(view);
    expect(tipText()).toBe('Lihat');
    fireEvent.keyDown(view, { key: 'Escape' });
    expect(tipText()).toBeNull();
    fireEvent.mouseOver(remove);
    expect(tipText()).toBe('Hapus');
    fireEvent.click(remove);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(tipText()).toBeNull();
  });

  it('should not be read out: the button names itself', () => {
    const { view } = setup();
    fireEvent.mouseOver(view);
    expect(document.body.querySelector('.lbo-row-tip')?.getAttribute('aria-hidden')).toBe('true');
  });
});
