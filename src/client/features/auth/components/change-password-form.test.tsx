// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../../test-utils/render';
import { ChangePasswordForm } from './change-password-form';

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('requires matching new passwords before calling the provider', async () => {
    const onChange = vi.fn();
    render(<ChangePasswordForm onChange={onChange} onChanged={vi.fn()} />);
    fill('old-pass', 'new-pass-1', 'new-pass-2');
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the plain sentence for the code and the refetched requirements on failure', async () => {
    const onChange = vi.fn(() =>
      Promise.resolve({
        success: false,
        message: 'Firebase: Error (auth/password-does-not-meet-requirements).',
        code: 'auth/password-does-not-meet-requirements',
        requirements: ['At least 10 characters', 'A number'],
      }),
    );
    render(<ChangePasswordForm onChange={onChange} onChanged={vi.fn()} />);
    fill('old-pass', 'new-pass');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The password does not meet the requirements below.');
    expect(alert.textContent).not.toContain('Firebase');
    expect(alert.textContent).toContain('At least 10 characters');
    expect(onChange).toHaveBeenCalledWith('old-pass', 'new-pass');
  });

  it('says the current password is wrong, and clears that alert on the next attempt', async () => {
    const onChange = vi.fn(() =>
      Promise.resolve({
        success: false,
        message: 'Firebase: Error (auth/wrong-password).',
        code: 'auth/wrong-password',
      }),
    );
    render(<ChangePasswordForm onChange={onChange} onChanged={vi.fn()} />);
    fill('wrong-pass', 'new-pass');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your current password is incorrect.',
    );
    // Refused by the form itself this time: the earlier alert must not stay.
    fill('old-pass', 'new-pass-1', 'new-pass-2');
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('Your current password is incorrect.')).toBeNull();
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('reports success and clears the form', async () => {
    const onChanged = vi.fn();
    render(
      <ChangePasswordForm
        onChange={() => Promise.resolve({ success: true, message: 'Your password was changed.' })}
        onChanged={onChanged}
      />,
    );
    fill('old-pass', 'new-pass');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('Your password was changed.'));
    expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });
});
