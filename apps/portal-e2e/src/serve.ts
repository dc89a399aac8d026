// Keeps one app running for writing journeys: `node apps/portal-e2e/src/serve.ts`, then
// `E2E_BASE_URL=<printed url> node apps/portal-e2e/run.mjs` runs the journeys against it without restarting.
import path from 'node:path';
import { repoRoot, startApp } from './app.ts';

const app = await startApp(path.join(repoRoot, 'tmp', 'portal-e2e', 'serve.log'));
console.log(`portal-e2e app ready at ${app.baseUrl}`);
const stop = () => void app.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
