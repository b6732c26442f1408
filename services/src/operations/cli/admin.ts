import { EVENT_SCHEMA_VERSIONS, RegisterInput, uuidv7 } from '@shop/contracts';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../../platform/config/config';
import { AppError } from '../../platform/errors';
import { upcasters } from '../../platform/events/upcasters';
import { upcastingStore } from '../../platform/events/upcasting-store';
import { openEventStore } from '../../platform/eventstore/open-event-store';
import { type AccountDeps, ensureAdmin } from '../../slices/accounts/account-commands';
import { findEmailOwner } from '../../slices/accounts/email-claims';
import { loadUser } from '../../slices/accounts/load-user';
import type { CommandIo } from './io';
import { prompt, promptHidden } from './prompt';

// `npm run admin -- create <email>`. It writes events only (no read models), so it is safe to run
// while the shop is serving; the shop projects the new events itself.

const USAGE = 'Usage: npm run admin -- create <email>';

/** A refusal of what the operator typed: printed, exit code 1, nothing written. */
class Refused extends Error {}

export async function adminCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const [command, email] = args;
  if (command !== 'create') {
    io.err.write(`${USAGE}\n`);
    return 2;
  }
  try {
    io.out.write(`${await createAdmin(email)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Refused || error instanceof ConfigError || error instanceof AppError) {
      io.err.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

async function createAdmin(emailArgument: string | undefined): Promise<string> {
  const email = RegisterInput.shape.email.safeParse(emailArgument ?? '');
  if (!email.success) throw new Refused(`${email.error.issues[0]?.message ?? 'Invalid e-mail'}.\n${USAGE}`);
  const config = loadConfig();
  const store = upcastingStore(openEventStore(config), EVENT_SCHEMA_VERSIONS, upcasters);
  const deps: AccountDeps = {
    store,
    projections: { waitForPosition: async () => true },
    clock: () => new Date(),
    newId: uuidv7,
  };
  try {
    const ownerId = await findEmailOwner(store, email.data);
    const owner = ownerId ? await loadUser(store, ownerId) : undefined;
    const account = { name: '', email: email.data, contact: '', password: '' };
    if (owner?.status !== 'registered') {
      account.name = await ask('Name: ', RegisterInput.shape.name, prompt);
      account.password = await ask(
        'Password (8 or more characters): ',
        RegisterInput.shape.password,
        promptHidden,
      );
      if ((await promptHidden('Repeat the password: ')) !== account.password) {
        throw new Refused('The passwords do not match. Nothing was changed.');
      }
    }
    const { outcome } = await ensureAdmin(deps, account);
    return {
      created: `Created the administrator ${email.data}.`,
      promoted: `${email.data} is now an administrator.`,
      unchanged: `${email.data} is already an administrator. Nothing was changed.`,
    }[outcome];
  } finally {
    await store.close();
  }
}

async function ask(
  question: string,
  schema: z.ZodType<string>,
  read: (question: string) => Promise<string>,
): Promise<string> {
  const parsed = schema.safeParse(await read(question));
  if (!parsed.success)
    throw new Refused(`${parsed.error.issues[0]?.message ?? 'Invalid answer'}. Nothing was changed.`);
  return parsed.data;
}
