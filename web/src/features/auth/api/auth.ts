import type { AuthResponse, LoginInput, RegisterInput } from '@shop/contracts';
import { api } from '../../../lib/api';

/** `POST /api/auth/login`: user fields plus token. */
export const logIn = (input: LoginInput) => api.post<AuthResponse>('/api/auth/login', input);

/** `POST /api/auth/register`: user fields plus token. */
export const register = (input: RegisterInput) => api.post<AuthResponse>('/api/auth/register', input);
