/** The baseline: the smallest useful node:http server. Run as its own process by the bench. */
import http from 'node:http';

const port = Number(process.env.PORT);
const body = JSON.stringify({ hello: 'world' });

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
