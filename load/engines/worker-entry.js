// A load worker thread's first module: registers tsx in this thread (its hooks are per thread) so
// the TypeScript engine runs as it is, then starts it (load/engines/worker-main.ts).
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
