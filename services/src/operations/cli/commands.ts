import { ConfigError } from '../../platform/config/config';
import { adminCommand } from './admin';
import { backupCommand } from './backup';
import { eventsCommand } from './events';
import { type CommandIo, processIo, UsageError } from './io';
import { projectionsCommand } from './projections';
import { reportCommand } from './report';

type Command = (args: readonly string[], io: CommandIo) => Promise<number>;

/** Operator and analyst commands by area: `npm run <area> -- <command> ...`. */
const commands: Record<string, Command> = {
  admin: adminCommand,
  backup: (args, io) => backupCommand('backup', args, io),
  restore: (args, io) => backupCommand('restore', args, io),
  projections: projectionsCommand,
  events: eventsCommand,
  report: reportCommand,
};

/** Runs the area's command; undefined when there is no such area. */
export async function runOperatorCommand(
  args: readonly string[],
  io: CommandIo = processIo(),
): Promise<number | undefined> {
  const [area, ...rest] = args;
  const command = area === undefined ? undefined : commands[area];
  if (!command) return undefined;
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err.write(`${error.message}\n`);
      return error instanceof UsageError ? 2 : 1;
    }
    throw error;
  }
}
