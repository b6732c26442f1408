import { ErrorBody, type ErrorCode, type FieldError } from '@shop/contracts';
import { sessionStore, signOut } from './session';

/** Codes the server sends (contracts' ErrorCode) plus the two the client raises itself. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/** A failed API call: the server's `{ message, code, fields? }` with the HTTP status (0 when unreachable). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: readonly FieldError[] = [],
    /** True when the server sent no message of its own and `message` is the client's placeholder. */
    readonly messageIsGeneric = false,
  ) {
    super(message);
  }

  /** The message for one form field, if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.fields.find((candidate) => candidate.field === field)?.message;
  }
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; FormData (uploads) is sent as is. */
  body?: unknown;
}

/**
 * Calls the shop API on the same origin with the session cookie, sends and parses JSON, and throws
 * ApiError for any non-2xx answer. A 401 on a call made while signed in means that session is no
 * longer valid (it expired or was ended), so the user is signed out here.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const response = await apiResponse(path, init);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', 'The shop sent an unexpected answer.');
  }
}

/**
 * Fetches a file the API writes (a CSV export) with the session cookie and hands it to the browser
 * as a download under the name the server gives it.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiResponse(path, { headers: { Accept: '*/*' } });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The successful answer of an API call (see apiFetch), its body not read yet. */
async function apiResponse(path: string, init: ApiRequestInit): Promise<Response> {
  const { body, headers: extraHeaders, ...rest } = init;
  const headers = new Headers(extraHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // The session travels as the httpOnly cookie (same origin): no token is read or sent from here.
  const session = sessionStore.get();

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the shop. Check your connection and try again.');
  }

  if (!response.ok) {
    // Only the session that was refused: a newer sign-in since this call started stays.
    if (response.status === 401 && session && sessionStore.get() === session) signOut();
    throw await toApiError(response);
  }
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ErrorBody.safeParse(json);
  if (parsed.success) {
    const { message, code, fields } = parsed.data;
    return new ApiError(response.status, code, message, fields ?? []);
  }
  if (typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string') {
    return new ApiError(response.status, 'UNEXPECTED_RESPONSE', json.message);
  }
  const placeholder = `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
  return new ApiError(response.status, 'UNEXPECTED_RESPONSE', placeholder, [], true);
}

/**
 * The text to show for a failed call (docs/rules/screens.md#failure-messages): the server's message, else
 * the client's own error text (e.g. the shop is unreachable), else the screen's `fallback`.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.messageIsGeneric ? fallback : error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

/** Shorthands for the verbs the spec's call table uses. */
export const api = {
  get: <T>(path: string, init?: ApiRequestInit) => apiFetch<T>(path, { ...init, method: 'GET' }),
  post: <T>(path: string, body?: unknown, init?: ApiRequestInit) =>
    apiFetch<T>(path, { ...init, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, init?: ApiRequestInit) =>
    apiFetch<T>(path, { ...init, method: 'PUT', body }),
  delete: <T>(path: string, init?: ApiRequestInit) => apiFetch<T>(path, { ...init, method: 'DELETE' }),
};
