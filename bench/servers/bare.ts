// Child process of the reference bench: the baseline - a bare node:http server that reads the
// request body and answers a precomputed JSON body of the size the parent asks for. Answers
// { cpu: true } with the CPU time it used so far.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

process.on('message', (m: { cpu?: boolean }) => {
  if (m.cpu) process.send?.({ cpu: process.cpuUsage() });
});
process.once('message', (msg: { bytes: number }) => {
  const head = '{"status":true,"message":"Consumption production report list","code":"200","response":{"pad":"';
  const tail = '"}}';
  const body = Buffer.from(head + 'x'.repeat(Math.max(0, msg.bytes - head.length - tail.length)) + tail);
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, headers);
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
});
