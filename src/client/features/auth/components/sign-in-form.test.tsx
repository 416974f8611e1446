// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../../auth/auth-actions';
import { render } from '../../../test-utils/render';
import { SignInForm } from './sign-in-form';

const emailInput = () => screen.getByLabelText(/^Email/);
const passwordInput = () => screen.getByLabelText(/^Password/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('SignInForm', () => {
  it('shows field errors on an empty submit and does not try to sign in', async () => {
    const onSignIn = vi.fn<(email: string, password: string) => Promise<AuthResult>>();
    render(<SignInForm onSignIn={onSignIn} onSignedIn={vi.fn()} />);
    submit();
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('rejects a malformed email beside the field', async () => {
    render(<SignInForm onSignIn={vi.fn()} onSignedIn={vi.fn()} />);
    fireEvent.change(emailInput(), { target: { value: 'not-an-email' } });
    fireEvent.change(passwordInput(), { target: { value: 'secret' } });
    submit();
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
  });

  it('keeps the typed input and shows the message when sign-in fails', async () => {
    const onSignIn = vi.fn(() =>
      Promise.resolve<AuthResult>({
        success: false,
        code: 'auth/invalid-credential',
        message: 'Email or password is incorrect.',
      }),
    );
    const onSignedIn = vi.fn();
    render(<SignInForm onSignIn={onSignIn} onSignedIn={onSignedIn} />);
    fireEvent.change(emailInput(), { target: { value: 'buyer@acme.test' } });
    fireEvent.change(passwordInput(), { target: { value: 'wrong-password' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Email or password is incorrect.',
    );
    expect(onSignIn).toHaveBeenCalledWith('buyer@acme.test', 'wrong-password');
    expect((emailInput() as HTMLInputElement).value).toBe('buyer@acme.test');
    expect((passwordInput() as HTMLInputElement).value).toBe('wrong-password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('continues after a successful sign-in', async () => {
    const onSignedIn = vi.fn();
    render(
      <SignInForm
        onSignIn={() => Promise.resolve({ success: true, message: 'Signed in.' })}
        onSignedIn={onSignedIn}
      />,
    );
    fireEvent.change(emailInput(), { target: { value: 'buyer@acme.test' } });
    fireEvent.change(passwordInput(), { target: { value: 'portal-demo-1' } });
    submit();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("focuses the first invalid field, and clears a field's message as it is edited", async () => {
    render(<SignInForm onSignIn={vi.fn()} onSignedIn={vi.fn()} />);
    fireEvent.change(passwordInput(), { target: { value: 'secret' } });
    submit();
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(emailInput()));
    fireEvent.change(emailInput(), { target: { value: 'b' } });
    expect(screen.queryByText('Enter your email address.')).toBeNull();
    expect(emailInput().getAttribute('aria-invalid')).not.toBe('true');
  });

  it('sends once while an attempt is under way, the button busy', async () => {
    let answer: (result: AuthResult) => void = () => {};
    const onSignIn = vi.fn(() => new Promise<AuthResult>((resolve) => (answer = resolve)));
    render(<SignInForm onSignIn={onSignIn} onSignedIn={vi.fn()} />);
    fireEvent.change(emailInput(), { target: { value: 'buyer@acme.test' } });
    fireEvent.change(passwordInput(), { target: { value: 'portal-demo-1' } });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('data-loading')).toBe(
        'true',
      ),
    );
    submit();
    expect(onSignIn).toHaveBeenCalledOnce();
    answer({ success: false, code: 'auth/network-request-failed', message: 'No connection.' });
    expect((await screen.findByRole('alert')).textContent).toContain('No connection.');
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('data-loading')).toBeNull();
  });

  it('explains an earlier record problem (awaiting approval) as its one alert', () => {
    render(
      <SignInForm
        onSignIn={vi.fn()}
        onSignedIn={vi.fn()}
        notice="Your access request is waiting for approval."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('waiting for approval');
  });
});
