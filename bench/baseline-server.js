// The same-bytes baseline of `npm run bench`: a bare Express route answering, for every request, the exact body and
// content type the service answered for the scenario (read from BASELINE_BODY_FILE), with the service's status code.
const fs = require('node:fs');
const express = require('express');

const body = fs.readFileSync(process.env.BASELINE_BODY_FILE);
const status = Number(process.env.BASELINE_STATUS || 200);
const type = process.env.BASELINE_CONTENT_TYPE || 'application/json; charset=utf-8';
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.all('/{*any}', (_req, res) => {
  res.status(status).set('Content-Type', type).send(body);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
