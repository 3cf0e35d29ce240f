// The one number input of the app: it never changes what was typed. No clamping to min/max on
// blur, no dropped minus sign: a value out of range stays as typed and the form's validation says
// what is wrong (the server refuses the same). `min`/`max` only set the spinner's steps.
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { forwardRef } from 'react';

export type NumberFieldValue = number | string | null;

export type NumberFieldProps = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'clampBehavior' | 'allowNegative'
> & {
  value: NumberFieldValue | undefined;
  /** A number, null when cleared, or the raw text while it is not a number yet (`-`, `1,`). */
  onChange(value: NumberFieldValue): void;
};

/** What the form keeps of an input's value: a number when it is one, the text otherwise. */
export function numberFieldValue(v: number | string): NumberFieldValue {
  if (v === '') return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { value, onChange, thousandSeparator = '.', decimalSeparator = ',', ...rest },
  ref,
) {
  return (
    <NumberInput
      {...rest}
      ref={ref}
      clampBehavior="none"
      allowNegative
      thousandSeparator={thousandSeparator}
      decimalSeparator={decimalSeparator}
      value={value === null || value === undefined ? '' : value}
      onChange={(v) => onChange(numberFieldValue(v))}
    />
  );
});
