import type {
  AuthResponse,
  EmailVerifiedAnswer,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  RegistrationAwaitingClaim,
  ResetPasswordInput,
} from '@shop/contracts';
import { api } from '../../../lib/api';

/** `POST /api/auth/login`: user fields plus token. */
export const logIn = (input: LoginInput) => api.post<AuthResponse>('/api/auth/login', input);

/**
 * `POST /api/auth/register`: user fields plus token; or, for an address an unverified account holds,
 * a 202 saying a claim link went to the address (nobody is signed in).
 */
export const register = (input: RegisterInput) =>
  api.post<AuthResponse | RegistrationAwaitingClaim>('/api/auth/register', input);

export const isAwaitingClaim = (
  answer: AuthResponse | RegistrationAwaitingClaim,
): answer is RegistrationAwaitingClaim => 'awaitingClaim' in answer && answer.awaitingClaim === true;

/** `POST /api/auth/verify-email`: follows a verification or claim link (signed out is fine). */
export const verifyEmail = (token: string) =>
  api.post<EmailVerifiedAnswer>('/api/auth/verify-email', { token });

/** `POST /api/auth/verify-email/resend`: a fresh verification link for the signed-in user. */
export const resendVerification = () =>
  api.post<{ message: string; email: string }>('/api/auth/verify-email/resend', {});

/** `POST /api/auth/forgot-password`: 202 with the same message whether or not the e-mail has an account. */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api.post<{ message: string }>('/api/auth/forgot-password', input);

/** `POST /api/auth/reset-password`: sets the new password with the e-mailed link's token. */
export const resetPassword = (input: ResetPasswordInput) =>
  api.post<{ message: string }>('/api/auth/reset-password', input);
