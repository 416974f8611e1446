/**
 * Validation of the sign-in screens' forms (shown beside the fields). The password rules here are
 * only the default (minimum 6); the provider enforces its own policy on top. The sign-in form
 * itself checks by hand (sign-in-rules.ts), with the same email rule.
 */
import { z } from 'zod';
import { accessFields } from '../../../shared/schemas/requests';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../auth/password-policy';
import { EMAIL_MESSAGES, EMAIL_PATTERN } from './sign-in-rules';

export const email = z
  .string()
  .trim()
  .min(1, EMAIL_MESSAGES.missing)
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: EMAIL_MESSAGES.invalid }));

const newPassword = z
  .string()
  .min(DEFAULT_MIN_PASSWORD_LENGTH, `Use at least ${DEFAULT_MIN_PASSWORD_LENGTH} characters.`)
  .max(4096, 'This password is too long.');

const confirmed = <T extends { password: string; confirmPassword: string }>(values: T) =>
  values.password === values.confirmPassword;
const confirmError = { message: 'The two passwords do not match.', path: ['confirmPassword'] };

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
