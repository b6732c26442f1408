import { EVENT_SCHEMA_VERSIONS, RegisterInput, uuidv7 } from '@shop/contracts';
import type { z } from 'zod';
import { type AccountDeps, ensureAdmin } from './accounts/account-commands';
import { findEmailOwner } from './accounts/email-claims';
import { loadUser } from './accounts/load-user';
import { runOperatorCommand } from './cli/commands';
import { prompt, promptHidden } from './cli-prompt';
import { ConfigError, loadConfig } from './config/config';
import { upcasters } from './events/upcasters';
import { upcastingStore } from './events/upcasting-store';
import { openEventStore } from './eventstore/open-event-store';
import { AppError } from './shared/errors';

// Operator commands: `npm run admin -- create <email>`. It writes events only (no read models),
// so it is safe to run while the shop is serving; the shop projects the new events itself.

const USAGE = 'Usage: npm run admin -- create <email>';

async function createAdmin(emailArgument: string | undefined): Promise<string> {
  const email = RegisterInput.shape.email.safeParse(emailArgument ?? '');
  if (!email.success)
    throw new UsageError(`${email.error.issues[0]?.message ?? 'Invalid e-mail'}.\n${USAGE}`);
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
        throw new UsageError('The passwords do not match. Nothing was changed.');
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
    throw new UsageError(`${parsed.error.issues[0]?.message ?? 'Invalid answer'}. Nothing was changed.`);
  return parsed.data;
}

class UsageError extends Error {}

async function main(args: string[]): Promise<number> {
  const operatorExit = await runOperatorCommand(args);
  if (operatorExit !== undefined) return operatorExit;
  const [area, command, email] = args;
  if (area !== 'admin' || command !== 'create') {
    console.error(USAGE);
    return 2;
  }
  try {
    console.log(await createAdmin(email));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
