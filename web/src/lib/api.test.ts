import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession } from '../test/builders';
import { server } from '../test/msw-server';
import { ApiError, api, downloadFile } from './api';
import { sessionStore, signIn } from './session';

describe('api client', () => {
  it('sends no token of its own: the session is the cookie, sent with same-origin credentials', async () => {
    signIn(aSession());
    let seen: { authorization: string | null; credentials: RequestCredentials } | undefined;
    server.use(
      http.get('/api/orders/myorders', ({ request }) => {
        seen = { authorization: request.headers.get('Authorization'), credentials: request.credentials };
        return HttpResponse.json([]);
      }),
    );

    await api.get('/api/orders/myorders');

    expect(seen).toEqual({ authorization: null, credentials: 'same-origin' });
    expect(localStorage.getItem('shop.session')).not.toContain('token');
  });

  it('sends JSON bodies and parses JSON answers', async () => {
    server.use(
      http.post('/api/reviews', async ({ request }) => HttpResponse.json({ echoed: await request.json() })),
    );

    await expect(api.post('/api/reviews', { rating: 5 })).resolves.toEqual({ echoed: { rating: 5 } });
  });

  it('turns the error shape into an ApiError with status, code, message and fields', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          {
            message: 'Check the highlighted fields',
            code: 'VALIDATION_FAILED',
            fields: [{ field: 'email', message: 'Enter a valid email' }],
          },
          { status: 400 },
        ),
      ),
    );

    const error = await api.post('/api/auth/register', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.message).toBe('Check the highlighted fields');
    expect(apiError.fieldMessage('email')).toBe('Enter a valid email');
  });

  it('keeps a bare message from a body that is not the full error shape', async () => {
    server.use(http.get('/api/products/x', () => HttpResponse.json({ message: 'Gone' }, { status: 404 })));

    await expect(api.get('/api/products/x')).rejects.toMatchObject({ status: 404, message: 'Gone' });
  });

  it('signs the user out when a call with a token answers 401', async () => {
    signIn(aSession());
    server.use(
      http.get('/api/orders/myorders', () =>
        HttpResponse.json({ message: 'Session expired', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );

    await expect(api.get('/api/orders/myorders')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps a newer session when a call made in an older one answers 401 late', async () => {
    signIn(aSession({ name: 'Old' }));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/orders/myorders', async () => {
        await answered;
        return HttpResponse.json({ message: 'Session ended', code: 'UNAUTHENTICATED' }, { status: 401 });
      }),
    );

    const call = api.get('/api/orders/myorders');
    signIn(aSession({ name: 'New' }));
    answer();

    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()?.user.name).toBe('New');
  });

  it('reports an unreachable server as a network error', async () => {
    server.use(http.get('/api/products', () => HttpResponse.error()));

    await expect(api.get('/api/products')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('downloading a file the API writes', () => {
  it("fetches it with the session cookie and hands it to the browser under the server's name", async () => {
    signIn(aSession());
    let credentials: RequestCredentials | undefined;
    server.use(
      http.get('/api/admin/lists/orders.csv', ({ request }) => {
        credentials = request.credentials;
        return new HttpResponse('id,total\r\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="orders-2025.csv"',
          },
        });
      }),
    );
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      await downloadFile('/api/admin/lists/orders.csv', 'orders.csv');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect([credentials, clicked]).toEqual(['same-origin', ['orders-2025.csv']]);
  });

  it("throws the server's error, and a refused session signs out", async () => {
    signIn(aSession());
    server.use(
      http.get('/api/admin/reports/sales', () =>
        HttpResponse.json({ message: 'Your session has ended', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    const error = await downloadFile('/api/admin/reports/sales', 'sales.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Your session has ended');
    expect(sessionStore.get()).toBeNull();
  });
});
