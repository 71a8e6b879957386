// Child process of the reference bench: runs the reference server, tells the parent its URL, and
// answers { cpu: true } with the CPU time it used so far.
import { startReference } from '../../reference/server.ts';

const ref = await startReference({ port: 0 });
process.send?.({ url: ref.url });
process.on('message', (m: { cpu?: boolean }) => {
  if (m.cpu) process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => void ref.close().then(() => process.exit(0)));
