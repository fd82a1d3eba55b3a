// @vitest-environment happy-dom
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Input } from '../input/input';
import { Field, FieldError, FieldHint, FieldLabel } from './field';
import { useField, useFieldControlProps, type FieldControlProps } from './field-context';

describe('useFieldControlProps', () => {
  it('passes props through outside a Field', () => {
    const props = { id: 'x', 'aria-describedby': 'other' };
    const { result } = renderHook(() => useFieldControlProps(props));
    expect(result.current).toBe(props);
  });

  it("adds the field's id, state and texts, keeping the control's own", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Field id="cnpj" required invalid>
        {children}
        <FieldHint>Só números</FieldHint>
        <FieldError>CNPJ inválido</FieldError>
      </Field>
    );
    const { result } = renderHook(() => useFieldControlProps({ 'aria-describedby': 'counter' }), { wrapper });
    expect(result.current).toMatchObject({
      id: 'cnpj',
      'aria-describedby': 'counter cnpj-error cnpj-hint',
      'aria-invalid': true,
      'aria-required': true,
    });
  });

  it('names a group by the label when asked', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <Field id="tipo">{children}</Field>;
    const { result } = renderHook(() => useFieldControlProps<FieldControlProps>({}, { labelledBy: true }), {
      wrapper,
    });
    expect(result.current['aria-labelledby']).toBe('tipo-label');
  });
});

describe('Field', () => {
  it('describes the control only by the texts that are shown', () => {
    const { rerender } = render(
      <Field>
        <FieldLabel>Razão social</FieldLabel>
        <Input />
        <FieldError>{null}</FieldError>
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Razão social' });
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(
      <Field>
        <FieldLabel>Razão social</FieldLabel>
        <Input />
        <FieldError>Informe a razão social</FieldError>
      </Field>,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Informe a razão social',
    );
  });

  it('makes useField throw outside a Field', () => {
    expect(() => renderHook(() => useField())).toThrow('useField must be used inside <Field>');
  });
});
