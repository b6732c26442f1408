import { createInterface } from 'node:readline';
import { createInterface as createPromptInterface } from 'node:readline/promises';

/**
 * Terminal prompts for the CLI. On a terminal the password is read in raw mode and never echoed;
 * with piped input (scripts) each prompt takes the next line.
 */
let pipedLines: AsyncIterator<string> | undefined;

async function nextPipedLine(question: string): Promise<string> {
  process.stdout.write(question);
  pipedLines ??= createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const line = await pipedLines.next();
  process.stdout.write('\n');
  return line.done ? '' : line.value;
}

export async function prompt(question: string): Promise<string> {
  if (!process.stdin.isTTY) return nextPipedLine(question);
  const terminal = createPromptInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

export async function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return nextPipedLine(question);
  process.stdout.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}
