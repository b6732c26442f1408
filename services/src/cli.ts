import { runOperatorCommand } from './operations/cli/commands';

// The one command-line entry: `npm run admin|backup|restore|projections|events|report -- ...`
// (scripts/start-cli.mjs builds it first). Each area's command lives in operations/cli/.

const USAGE = 'Usage: npm run <admin|backup|restore|projections|events|report> -- <command> [options]';

// Backups, exports and restored stores hold what the shop's DATA_DIR holds: private to this user.
process.umask(0o077);
const exit = await runOperatorCommand(process.argv.slice(2));
if (exit === undefined) console.error(USAGE);
process.exitCode = exit ?? 2;
