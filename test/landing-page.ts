// A seller's landing page for the browser tests of the embedded form: on http://localhost:PORT,
// another origin than the form's (http://127.0.0.1:PORT), answering every path with the page
// `html` makes of it.
import http from 'node:http';
import { freePort } from './server-ready.js';

export interface LandingPage {
  url: string;
  close(): Promise<void>;
}

export async function startLandingPage(html: (path: string) => string): Promise<LandingPage> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html(req.url ?? '/'));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return { url: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
