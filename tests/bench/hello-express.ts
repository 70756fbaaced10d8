/**
 * The ceiling of the stack: an Express 5 hello-world, started by the bench as its own process beside
 * the shop, so the gateway's own /healthz can be read against it in the same run.
 */
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.send('Hello World!');
});
app.listen(Number(process.env.PORT), '127.0.0.1');
