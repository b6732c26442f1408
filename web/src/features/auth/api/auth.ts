import type {
  AuthResponse,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '@shop/contracts';
import { api } from '../../../lib/api';

/** `POST /api/auth/login`: user fields plus token. */
export const logIn = (input: LoginInput) => api.post<AuthResponse>('/api/auth/login', input);

/** `POST /api/auth/register`: user fields plus token. */
export const register = (input: RegisterInput) => api.post<AuthResponse>('/api/auth/register', input);

/** `POST /api/auth/forgot-password`: 202 with the same message whether or not the e-mail has an account. */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api.post<{ message: string }>('/api/auth/forgot-password', input);

/** `POST /api/auth/reset-password`: sets the new password with the e-mailed link's token. */
export const resetPassword = (input: ResetPasswordInput) =>
  api.post<{ message: string }>('/api/auth/reset-password', input);
