// @vitest-environment jsdom
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../test-utils/render';
import { focusFirstInvalid } from './invalid-focus';

function Form({ onSave }: { onSave: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { first: 'given', second: '', third: '' },
    // The errors' order is not the fields' order: the focus follows the page.
    validate: {
      third: (value) => (value ? null : 'Enter the third.'),
      second: (value) => (value ? null : 'Enter the second.'),
    },
  });
  return (
    <form onSubmit={form.onSubmit(onSave, focusFirstInvalid)} noValidate>
      <TextInput label="First" {...form.getInputProps('first')} />
      <TextInput label="Second" {...form.getInputProps('second')} />
      <TextInput label="Third" {...form.getInputProps('third')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('focusFirstInvalid', () => {
  it('takes a refused submit to the first invalid field, scrolled into view, its message tied to it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const onSave = vi.fn();
    render(<Form onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    const second = screen.getByLabelText('Second');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(scrolled).toHaveBeenCalledWith({ block: 'center', behavior: 'auto' });
    expect(second.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(second.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Enter the second.');
    expect(onSave).not.toHaveBeenCalled();

    // Fixed, the next refusal goes to the field still wrong.
    fireEvent.change(second, { target: { value: 'given' } });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Third')));
    scrolled.mockRestore();
  });
});
