import { Writable } from 'node:stream';
import type { CommandIo } from './io';

/** A CommandIo that keeps what was written, with the given environment; not a terminal. */
export function capturedIo(env: NodeJS.ProcessEnv): CommandIo & { stdout(): string; stderr(): string } {
  const sink = () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    return { stream, text: () => chunks.join('') };
  };
  const out = sink();
  const err = sink();
  return { out: out.stream, err: err.stream, interactive: false, env, stdout: out.text, stderr: err.text };
}
