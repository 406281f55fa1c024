// The preview worker's entry when the server runs from its TypeScript sources with
// `node --import tsx` (npm run dev, the tests; npm start runs the bundle, whose own entry
// dist/excel-preview-worker.js needs no shim). On Node 20 a worker thread neither inherits that
// loader nor accepts `--import` in its execArgv (nodejs/node#47747): register tsx here, then load
// the worker itself.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
await import(workerData.entry);
