// Keeps the app running for looking at the console by hand: node apps/console-e2e/serve.mjs [port]; Ctrl+C stops it.
import path from 'node:path';
import { repoRoot, startApp } from './src/app.mjs';

const app = await startApp(path.join(repoRoot, 'tmp', 'console-e2e', 'serve.log'), { port: Number(process.argv[2]) || undefined });
process.stdout.write(`console at ${app.baseUrl}/console/\n`);
const stop = () => void app.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
