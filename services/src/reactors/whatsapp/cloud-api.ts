import { MessageRefused, RetryLater } from '../../platform/reactors/channel';

/** One template message: its registered name, the body's {{n}} texts, and the URL button's suffix. */
export interface TemplateMessage {
  /** The recipient in E.164 without the `+` (`923001234567`), as the Cloud API wants it. */
  to: string;
  template: string;
  language: string;
  /** The body's parameters, {{1}} first. */
  body: readonly string[];
  /** The dynamic part of the template's URL button (its {{1}}); omitted: the template has no button. */
  urlButton?: string;
}

/** Where and as whom the shop calls the Cloud API. */
export interface CloudApiTarget {
  /** `https://graph.facebook.com/v21.0`, without a trailing slash. */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** How long one request may take before it counts as failed (and is retried). */
  timeoutMs: number;
}

/** Error codes for a number that cannot get the message (not on WhatsApp, not a valid number, the sender itself). */
const RECIPIENT_CODES = new Set([131026, 131030, 131021, 131051]);
/** Error codes for a template the shop got wrong: not registered, not approved, parameters that do not fit. */
const isTemplateCode = (code: number) => code >= 132000 && code <= 132015;
/** Error codes for "too many": the sender's rate (130429), a pair's rate (131056), the API's throttles. */
const RATE_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/** Without a Retry-After, a rate limit is waited out for at least this long. */
const RATE_LIMIT_PAUSE_MS = 60_000;

/** The body `POST /{phone-number-id}/messages` takes for a template message. */
function templateRequest(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        { type: 'body', parameters: message.body.map((text) => ({ type: 'text', text })) },
        ...(message.urlButton === undefined
          ? []
          : [
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: message.urlButton }],
              },
            ]),
      ],
    },
  };
}

interface CloudApiError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  error_data?: { details?: string };
}

/**
 * Sends one template message and answers the WhatsApp message id (`wamid.…`). Throws MessageRefused
 * for a recipient the API says cannot get it or a template error (trying again cannot help);
 * RetryLater for a rate limit or a server error, not before the answer's Retry-After; any other error
 * (a bad token, the network, a timeout) is retried with the outbox's backoff, and its reason shows on
 * the dashboard.
 */
export async function sendTemplate(target: CloudApiTarget, message: TemplateMessage): Promise<string> {
  const url = `${target.apiUrl}/${encodeURIComponent(target.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(templateRequest(message)),
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${target.timeoutMs} ms`
        : (error as Error).message;
    throw new Error(`The WhatsApp Cloud API could not be reached: ${cause}`);
  }
  const answer = (await response.json().catch(() => undefined)) as
    | { messages?: { id?: string }[]; error?: CloudApiError }
    | undefined;
  if (response.ok) {
    const id = answer?.messages?.[0]?.id;
    if (!id) throw new Error(`The WhatsApp Cloud API answered ${response.status} without a message id`);
    return id;
  }
  const error = answer?.error ?? {};
  const code = error.code ?? 0;
  const reason = describe(response.status, error);
  if (response.status === 429 || RATE_CODES.has(code)) {
    throw new RetryLater(reason, retryAfterMs(response.headers) ?? RATE_LIMIT_PAUSE_MS);
  }
  if (response.status >= 500) throw new RetryLater(reason, retryAfterMs(response.headers) ?? 0);
  if (response.status === 401 || response.status === 403) {
    throw new Error(`${reason}; check WHATSAPP_TOKEN and its permissions`);
  }
  if (RECIPIENT_CODES.has(code) || isTemplateCode(code)) throw new MessageRefused(reason);
  throw new Error(reason);
}

/** `WhatsApp 400 (code 132001, OAuthException): Template name does not exist…; trace Abc` */
function describe(status: number, error: CloudApiError): string {
  const codes = [error.code, error.error_subcode].filter((c) => c !== undefined).join('/');
  const details = error.error_data?.details ? ` (${error.error_data.details})` : '';
  const trace = error.fbtrace_id ? `; trace ${error.fbtrace_id}` : '';
  const what = [codes && `code ${codes}`, error.type].filter(Boolean).join(', ');
  return `WhatsApp ${status}${what ? ` (${what})` : ''}: ${error.message ?? 'no message'}${details}${trace}`;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
