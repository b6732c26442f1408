// `npm run dev`: the server with reload on change (tsx watch) and Vite's dev server, which proxies
// /api, /uploads and /health to it. Open the address Vite prints.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'services/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (!code) return;
    stop();
    process.exit(code);
  });
}
