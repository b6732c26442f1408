import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for JazzCash (page redirection v1.1), as its documentation and public clients
 * describe it: the hosted page at `/CustomerPortal/transactionmanagement/merchantform/` takes the
 * shop's signed form and, when the shopper presses Pay or Decline, posts a signed result back to the
 * form's `pp_ReturnURL` from the browser and sends the same result to the IPN address registered for
 * the merchant; the status inquiry at `/ApplicationAPI/API/PaymentInquiry/Inquire` answers 121 for a
 * paid transaction. Its own copy of the hash (not the shop's), so a mistake in one is caught by the
 * other. Quirks kept: the return spells `pp_RetreivalReferenceNo`, the inquiry spells it right.
 */
export interface FakeJazzCashOptions {
  merchantId: string;
  password: string;
  salt: string;
  /** The IPN address registered in the merchant portal; unset, no IPN is sent. */
  ipnUrl?: string;
  port?: number;
  host?: string;
}

export type FakeOutcome = 'paid' | 'declined';

export interface FakeTransaction {
  txnRef: string;
  amount: string;
  billReference: string;
  description: string;
  returnUrl: string;
  /** The fields as the shop posted them. */
  request: Record<string, string>;
  state: 'pending' | FakeOutcome;
  retrievalRef: string;
  authCode: string;
}

export interface FakeJazzCash {
  url: string;
  transactions: Map<string, FakeTransaction>;
  /** IPN deliveries: the fields sent and the shop's answer. */
  ipns: { fields: Record<string, string>; status: number; body: string }[];
  /** Forms refused for a wrong hash or credentials. */
  refusedForms: number;
  /** Where IPNs go (the merchant portal's setting); a test sets it once its shop listens. */
  ipnUrl: string | undefined;
  /**
   * Settles a transaction as the shopper's button would, without a browser: `notify: false` is a
   * shopper who paid and closed the tab, with the IPN lost too (only the inquiry will tell).
   */
  settle(
    txnRef: string,
    outcome: FakeOutcome,
    options?: { notify?: boolean },
  ): Promise<Record<string, string>>;
  /** The signed result fields for a transaction (what the return and the IPN carry). */
  resultFields(txnRef: string): Record<string, string>;
  close(): Promise<void>;
}

export const FORM_PATH = '/CustomerPortal/transactionmanagement/merchantform/';
export const INQUIRY_PATH = '/ApplicationAPI/API/PaymentInquiry/Inquire';

/** JazzCash's documented hash, written again here from the documentation. */
export function fakeJazzCashHash(fields: Record<string, string>, salt: string): string {
  const message = [
    salt,
    ...Object.keys(fields)
      .filter((k) => (k.startsWith('pp_') || k.startsWith('ppmpf_')) && k !== 'pp_SecureHash')
      .sort()
      .map((k) => fields[k])
      .filter((v) => v !== ''),
  ].join('&');
  return createHmac('sha256', salt).update(message).digest('hex').toUpperCase();
}

const signed = (fields: Record<string, string>, salt: string) => ({
  ...fields,
  pp_SecureHash: fakeJazzCashHash(fields, salt),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:0;padding:16px;background:#f4f4f4}main{max-width:420px;margin:auto;background:#fff;padding:16px;border-radius:8px}button{min-height:44px;min-width:44px;width:100%;margin:8px 0;font-size:16px}</style></head>
<body><main><p>JazzCash (local fake)</p>${body}</main></body></html>`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const formFields = (text: string) => Object.fromEntries(new URLSearchParams(text).entries());

export async function startFakeJazzCash(options: FakeJazzCashOptions): Promise<FakeJazzCash> {
  const transactions = new Map<string, FakeTransaction>();
  const ipns: FakeJazzCash['ipns'] = [];
  let refusedForms = 0;
  let ipnUrl = options.ipnUrl;

  const resultFields = (txnRef: string): Record<string, string> => {
    const t = transactions.get(txnRef);
    if (!t) throw new Error(`no transaction ${txnRef}`);
    const paid = t.state === 'paid';
    return signed(
      {
        pp_Version: '1.1',
        pp_TxnType: 'MWALLET',
        pp_Language: 'EN',
        pp_MerchantID: options.merchantId,
        pp_SubMerchantID: '',
        pp_ProductID: '',
        pp_TxnRefNo: t.txnRef,
        pp_Amount: t.amount,
        pp_TxnCurrency: 'PKR',
        pp_TxnDateTime: t.request.pp_TxnDateTime ?? '',
        pp_BillReference: t.billReference,
        pp_ResponseCode: paid ? '000' : '199',
        pp_ResponseMessage: paid
          ? 'Thank you for Using JazzCash, your transaction was successful.'
          : 'Transaction declined by the customer.',
        pp_RetreivalReferenceNo: paid ? t.retrievalRef : '',
        pp_AuthCode: paid ? t.authCode : '',
        pp_SettlementExpiry: '',
        ppmpf_1: t.request.ppmpf_1 ?? '',
        ppmpf_2: t.request.ppmpf_2 ?? '',
        ppmpf_3: t.request.ppmpf_3 ?? '',
        ppmpf_4: t.request.ppmpf_4 ?? '',
        ppmpf_5: t.request.ppmpf_5 ?? '',
      },
      options.salt,
    );
  };

  const sendIpn = async (fields: Record<string, string>) => {
    if (!ipnUrl) return;
    try {
      const response = await fetch(ipnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      ipns.push({ fields, status: response.status, body: await response.text() });
    } catch (error) {
      ipns.push({ fields, status: 0, body: (error as Error).message });
    }
  };

  const settle: FakeJazzCash['settle'] = async (txnRef, outcome, settleOptions = {}) => {
    const t = transactions.get(txnRef);
    if (!t) throw new Error(`no transaction ${txnRef}`);
    if (t.state === 'pending') t.state = outcome;
    const fields = resultFields(txnRef);
    if (settleOptions.notify !== false) await sendIpn(fields);
    return fields;
  };

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const hostedPage = (res: ServerResponse, fields: Record<string, string>) => {
    const valid =
      fields.pp_SecureHash?.toUpperCase() === fakeJazzCashHash(fields, options.salt) &&
      fields.pp_MerchantID === options.merchantId &&
      fields.pp_Password === options.password &&
      /^[A-Za-z0-9]{1,20}$/.test(fields.pp_TxnRefNo ?? '') &&
      /^\d+$/.test(fields.pp_Amount ?? '') &&
      Boolean(fields.pp_ReturnURL);
    if (!valid) {
      refusedForms += 1;
      return html(
        res,
        400,
        page(
          'Error',
          '<h1>Sorry! Your transaction could not be processed.</h1><p>Invalid request: the secure hash or the merchant credentials do not match.</p>',
        ),
      );
    }
    const txnRef = fields.pp_TxnRefNo!;
    if (!transactions.has(txnRef)) {
      transactions.set(txnRef, {
        txnRef,
        amount: fields.pp_Amount!,
        billReference: fields.pp_BillReference ?? '',
        description: fields.pp_Description ?? '',
        returnUrl: fields.pp_ReturnURL!,
        request: fields,
        state: 'pending',
        retrievalRef: String(randomInt(100_000_000, 999_999_999)),
        authCode: String(randomInt(100_000, 999_999)),
      });
    }
    const t = transactions.get(txnRef)!;
    const rupees = (Number(t.amount) / 100).toFixed(2);
    html(
      res,
      200,
      page(
        'JazzCash checkout',
        `<h1>Pay PKR ${rupees}</h1><p>${escapeHtml(t.description)} (bill ${escapeHtml(t.billReference)})</p>
<form method="post" action="/fake/decide"><input type="hidden" name="txnRef" value="${escapeHtml(txnRef)}">
<button name="outcome" value="paid">Pay PKR ${rupees}</button>
<button name="outcome" value="declined">Decline</button></form>`,
      ),
    );
  };

  /** The shopper pressed a button: the IPN goes out, and the browser posts the result back to the shop. */
  const decided = async (res: ServerResponse, fields: Record<string, string>) => {
    const t = transactions.get(fields.txnRef ?? '');
    const outcome =
      fields.outcome === 'paid' ? 'paid' : fields.outcome === 'declined' ? 'declined' : undefined;
    if (!t || !outcome) return html(res, 404, page('Error', '<h1>Unknown transaction</h1>'));
    const result = await settle(t.txnRef, outcome);
    html(
      res,
      200,
      page(
        'Returning to the shop',
        `<p>Returning you to the shop…</p><form method="post" action="${escapeHtml(t.returnUrl)}">${hiddenInputs(result)}
<button type="submit">Return to the shop</button></form><script>document.forms[0].submit()</script>`,
      ),
    );
  };

  const inquiry = (res: ServerResponse, body: Record<string, unknown>) => {
    const fields = Object.fromEntries(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const authentic =
      fields.pp_SecureHash?.toUpperCase() === fakeJazzCashHash(fields, options.salt) &&
      fields.pp_MerchantID === options.merchantId &&
      fields.pp_Password === options.password;
    if (!authentic) {
      return json(
        res,
        200,
        signed(
          { pp_ResponseCode: '110', pp_ResponseMessage: 'Invalid merchant credentials or hash.' },
          options.salt,
        ),
      );
    }
    const t = transactions.get(fields.pp_TxnRefNo ?? '');
    if (!t) {
      return json(
        res,
        200,
        signed({ pp_ResponseCode: '404', pp_ResponseMessage: 'Transaction not found.' }, options.salt),
      );
    }
    const code = t.state === 'paid' ? '121' : t.state === 'pending' ? '157' : '199';
    json(
      res,
      200,
      signed(
        {
          pp_ResponseCode: '000',
          pp_ResponseMessage: 'Successful inquiry.',
          pp_PaymentResponseCode: code,
          pp_PaymentResponseMessage:
            code === '121'
              ? 'Transaction completed.'
              : code === '157'
                ? 'Transaction pending.'
                : 'Transaction failed.',
          pp_TxnRefNo: t.txnRef,
          pp_Amount: t.amount,
          pp_RetrievalReferenceNo: t.state === 'paid' ? t.retrievalRef : '',
          pp_AuthCode: t.state === 'paid' ? t.authCode : '',
          pp_SettlementExpiry: '',
        },
        options.salt,
      ),
    );
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    void (async () => {
      try {
        if (req.method === 'POST' && (path === FORM_PATH || path === FORM_PATH.slice(0, -1))) {
          return hostedPage(res, formFields(await readBody(req)));
        }
        if (req.method === 'POST' && path === '/fake/decide')
          return await decided(res, formFields(await readBody(req)));
        if (req.method === 'POST' && path === INQUIRY_PATH) {
          return inquiry(res, JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>);
        }
        html(res, 404, page('Not found', '<h1>Not found</h1>'));
      } catch (error) {
        json(res, 400, { error: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    transactions,
    ipns,
    get refusedForms() {
      return refusedForms;
    },
    get ipnUrl() {
      return ipnUrl;
    },
    set ipnUrl(url) {
      ipnUrl = url;
    },
    settle,
    resultFields,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
