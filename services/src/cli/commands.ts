import { ConfigError } from '../config/config';
import { eventsCommand } from './events';
import { type CommandIo, processIo, UsageError } from './io';
import { projectionsCommand } from './projections';
import { reportCommand } from './report';

type Command = (args: readonly string[], io: CommandIo) => Promise<number>;

/** Operator and analyst commands by area: `npm run <area> -- <command> ...`. */
const commands: Record<string, Command> = {
  projections: projectionsCommand,
  events: eventsCommand,
  report: reportCommand,
};

/** Runs the area's command when it is one of these; undefined when the area is someone else's. */
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
