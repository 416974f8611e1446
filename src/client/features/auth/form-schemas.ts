/**
 * Validation of the sign-in screens' forms (shown beside the fields). The password rules here
 * are only the SPEC default (minimum 6); the provider enforces its own policy on top (SPEC §5).
 */
import { z } from 'zod';
import { accessFields } from '../../../shared/schemas/requests';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../auth/password-policy';

const email = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .pipe(z.email('Enter a valid email address.'));

const newPassword = z
  .string()
  .min(DEFAULT_MIN_PASSWORD_LENGTH, `Use at least ${DEFAULT_MIN_PASSWORD_LENGTH} characters.`)
  .max(4096, 'This password is too long.');

const confirmed = <T extends { password: string; confirmPassword: string }>(values: T) =>
  values.password === values.confirmPassword;
const confirmError = { message: 'The two passwords do not match.', path: ['confirmPassword'] };

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInValues = z.input<typeof signInSchema>;

export const signUpSchema = z
  .object({
    // The access request's own field rules, so the sign-up and the API agree on every message.
    firstName: accessFields.FirstName,
    lastName: accessFields.LastName,
    company: accessFields.Company,
    phone: accessFields.Phone,
    email,
    password: newPassword,
    confirmPassword: z.string(),
    details: accessFields.Details,
  })
  .refine(confirmed, confirmError);
export type SignUpValues = z.input<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine(confirmed, confirmError);
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(confirmed, confirmError);
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;
