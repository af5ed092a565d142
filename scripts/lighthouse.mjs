#!/usr/bin/env node
// `npm run lighthouse` (also run by `BENCH_LIGHTHOUSE=1 npm run bench`): Lighthouse performance of the login,
// register and apply pages and an event screen, desktop and mobile presets, in Debian's Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium), against the built server (`npm run build` first) on a free port with a fresh demo database.
// Each page is measured twice: straight from the server (HTTP/1.1 on loopback, at most 6 connections: a page of
// 50 files waits for ~9 round trips in Lighthouse's simulation), and through an HTTPS proxy speaking HTTP/2, as the
// README's deployment puts a proxy (nginx, Caddy) in front — the proxy is a small Node one here (a self-signed
// certificate made with openssl, which Chromium is told to accept), forwarding to the server with X-Forwarded-*.
// LIGHTHOUSE_TRANSPORTS=direct (or =proxy) measures one of them.
// Prints one table; with --json, prints the rows as JSON on the last line (read by the bench).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const asJson = process.argv.includes('--json');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

for (const needed of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (!fs.existsSync(path.join(root, needed))) {
    console.error(`lighthouse: ${needed} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funkis-lighthouse-'));
const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // The proxy below is the only one believed (https from X-Forwarded-Proto: Secure cookies, as deployed).
    TRUST_PROXY: '127.0.0.1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te']);

/** An HTTPS proxy speaking HTTP/2 (and 1.1) in front of the server, as a deployment's nginx or Caddy would be. */
async function startProxy(targetPort) {
  const key = path.join(dataDir, 'proxy-key.pem');
  const cert = path.join(dataDir, 'proxy-cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const proxy = http2.createSecureServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert), allowHTTP1: true },
    (request, response) => {
      const headers = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      headers.host = request.headers[':authority'] ?? request.headers.host;
      headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';
      headers['x-forwarded-proto'] = 'https';
      const upstream = http.request(
        { host: '127.0.0.1', port: targetPort, method: request.method, path: request.url, headers },
        (answer) => {
          const out = {};
          for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
          response.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    },
  );
  const port = await freePort();
  await new Promise((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return { proxy, base: `https://127.0.0.1:${port}` };
}

let chrome;
let proxy;
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited early');
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      ...['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      // The proxy's certificate is self-signed (Lighthouse honours this flag since 5.2).
      '--ignore-certificate-errors',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  /**
   * Before each run: an empty HTTP cache (a first visit), and for a page behind the login gate a real session in
   * the browser, as the web app finds it after logging in — the session cookie and the CSRF token in localStorage
   * (with only a Cookie header, as before, the app saw no token and showed the login page at /event/1).
   */
  const prepare = async (signedIn, origin) => {
    // The page of the previous run may still be running the app (the feed asks again every 15 s): its requests
    // with the session the new login ends would get a 401, on which the app forgets the CSRF token in
    // localStorage — the one the login below stores — and the measured page would open at the login page.
    for (const open of await browser.pages()) await open.goto('about:blank').catch(() => undefined);
    const tab = await browser.newPage();
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    if (signedIn) {
      await tab.goto(`${origin}/terms`);
      const ok = await tab.evaluate(async () => {
        const response = await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@funkis.local', password: 'funkis-demo' }),
        });
        const body = await response.json();
        if (body._csrf) window.localStorage.setItem('csrf', body._csrf);
        return response.ok;
      });
      if (!ok) throw new Error('demo login failed');
      await cdp.send('Network.clearBrowserCache');
    }
    await tab.close();
  };
  const wanted = (process.env.LIGHTHOUSE_TRANSPORTS ?? 'direct,proxy').split(',');
  const transports = [];
  if (wanted.includes('direct')) transports.push({ name: 'HTTP/1.1 direct', origin: base });
  if (wanted.includes('proxy')) {
    const started = await startProxy(port);
    proxy = started.proxy;
    transports.push({ name: 'HTTP/2 via HTTPS proxy', origin: started.base });
  }
  const rows = [];
  for (const transport of transports) {
    // The first pages a volunteer sees (painted from the HTML, decision 029), and a screen behind the login.
    // LIGHTHOUSE_PAGES=login,apply measures some of them.
    const wantedPages = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      { id: 'login', name: 'login page', url: `${transport.origin}/authentication/login`, signedIn: false },
      { id: 'register', name: 'register page', url: `${transport.origin}/authentication/register`, signedIn: false },
      { id: 'apply', name: 'apply link (/event/1/apply)', url: `${transport.origin}/event/1/apply`, signedIn: false },
      { id: 'event', name: 'event screen (/event/1)', url: `${transport.origin}/event/1`, signedIn: true },
    ].filter((page) => !wantedPages || wantedPages.includes(page.id));
    for (const page of pages) {
      for (const [formFactor, config] of [
        ['desktop', desktopConfig],
        ['mobile', undefined],
      ]) {
        const scores = [];
        let audits;
        for (let run = 0; run < runs; run += 1) {
          // A run Lighthouse itself could not record (NO_NAVSTART and the like, now and then in headless Chromium)
          // is run again, up to twice; a page that fails three times fails the script.
          let result;
          for (let attempt = 1; ; attempt += 1) {
            await prepare(page.signedIn, transport.origin);
            result = await lighthouse(
              page.url,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance'],
                // Keep the session prepared above (the cache was emptied there); the login page starts from nothing.
                disableStorageReset: page.signedIn,
              },
              config,
            );
            if (!result.lhr.runtimeError) break;
            if (attempt === 3) throw new Error(`${page.name}: ${result.lhr.runtimeError.message}`);
            console.error(`lighthouse: ${page.name} (${formFactor}): ${result.lhr.runtimeError.code}, run again`);
          }
          const finalUrl = result.lhr.finalDisplayedUrl ?? result.lhr.finalUrl;
          if (new URL(finalUrl).pathname !== new URL(page.url).pathname) {
            throw new Error(`${page.name}: ended at ${finalUrl}, not the page measured`);
          }
          scores.push(Math.round((result.lhr.categories.performance.score ?? 0) * 100));
          // LIGHTHOUSE_SAVE=dir keeps each report (open in the Lighthouse viewer) to see what a score is made of.
          if (process.env.LIGHTHOUSE_SAVE) {
            fs.mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
            const file = `${transport.name}-${page.name}-${formFactor}-${run + 1}`.replace(/\W+/g, '-');
            fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${file}.json`), JSON.stringify(result.lhr));
          }
          audits = result.lhr.audits;
        }
        const metric = (id) => audits[id]?.displayValue ?? '?';
        rows.push({
          database: 'lighthouse',
          measure: `${page.name}, ${formFactor}, ${transport.name} (goal ≥ ${formFactor === 'desktop' ? 95 : 90})`,
          result: `performance ${scores.join(' / ')}; FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
        });
      }
    }
  }
  const width = Math.max(...rows.map((row) => row.measure.length));
  for (const row of rows) console.log(`  ${row.measure.padEnd(width)}  ${row.result}`);
  if (asJson) console.log(JSON.stringify(rows));
} finally {
  if (chrome) await chrome.kill();
  if (proxy) proxy.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
