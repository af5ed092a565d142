import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/table-export.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { OpenApiDocument } from '../helpers/openapi-answers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let t: TestApp;
let document: OpenApiDocument & Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Json };
  responses: Record<string, Json & { content?: Json }>;
}
const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route, method, operation: operation as Operation })),
  );
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
const EXEMPT = [
  'post /api/confirm-email',
  'post /api/login',
  'post /api/recover-password',
  'post /api/register',
  'post /api/reset-password',
];

describe(`the OpenAPI document on ${dialect}`, () => {
  it('passes redocly lint with the recommended rules (redocly.yaml lists each rule turned off and why)', async () => {
    process.env.REDOCLY_TELEMETRY = 'off';
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: path.join(root, 'openapi.json'),
      config,
    });
    expect(
      problems.map(
        (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer}`,
      ),
    ).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document to swagger-parser as well (schema and every $ref)', async () => {
    // swagger-parser dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents the error envelope once and references it from every 4xx and 5xx of every operation', () => {
    const components = document.components;
    expect(components.schemas.ErrorEnvelope).toBeDefined();
    expect(JSON.stringify(components.responses.Error)).toContain('#/components/schemas/ErrorEnvelope');
    expect(JSON.stringify(components.responses.Unavailable)).toContain('#/components/schemas/ErrorEnvelope');
    for (const { route, method, operation } of operations()) {
      const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
      expect(
        errors.some(([status]) => status.startsWith('4')),
        `${method} ${route}`,
      ).toBe(true);
      for (const [status, response] of errors) {
        // health's 503 has its own answer beside the envelope; elsewhere 503 may also be a page for a browser tab.
        if (route.startsWith('/api/health') && status === '503') continue;
        const component = status === '503' ? 'Unavailable' : 'Error';
        expect(response, `${method} ${route} ${status}`).toEqual({ $ref: `#/components/responses/${component}` });
      }
    }
  });

  it('applies the security schemes: a session everywhere but the public routes, and x-csrf-token on every unsafe one', () => {
    const used = new Set<string>();
    for (const { route, method, operation } of operations()) {
      const name = `${method} ${route}`;
      expect(operation.security, name).toBeDefined();
      for (const requirement of operation.security ?? [])
        for (const scheme of Object.keys(requirement)) used.add(scheme);
      const csrfHeader = operation.parameters?.find(
        (parameter) => parameter.in === 'header' && parameter.name === 'x-csrf-token',
      );
      if (UNSAFE.has(method) && !EXEMPT.includes(name)) {
        expect(operation.security, name).toEqual([{ session: [], csrf: [] }]);
        expect(csrfHeader?.required, name).toBe(true);
      } else {
        expect(csrfHeader, name).toBeUndefined();
      }
    }
    expect([...used].sort()).toEqual(['csrf', 'session']);
    expect(
      operations()
        .filter(({ operation }) => operation.security?.length === 0)
        .map(({ method, route }) => `${method} ${route}`)
        .sort(),
    ).toEqual(
      [
        'get /api/calendar/{file}',
        'get /api/event/{id}/apply/preview',
        'get /api/health',
        'get /api/health/ready',
        'get /api/logout',
        'get /api/push/public-key',
        ...EXEMPT,
      ].sort(),
    );
    expect((document.servers as { url: string }[])[0]?.url).toBe('http://funkis.test');
  });

  it('gives binary answers, exports and uploads their media types, and has no nullable without a type', () => {
    const operation = (route: string, method: string) => {
      const found = document.paths[route]?.[method] as Operation | undefined;
      if (!found) throw new Error(`${method} ${route} is not documented`);
      return found;
    };
    const ok = (route: string) => operation(route, 'get').responses['200']?.content ?? {};
    expect(Object.keys(ok('/api/event/{id}/users/export')).sort()).toEqual(['text/csv', XLSX_TYPE].sort());
    expect(Object.keys(ok('/api/event/{id}/scheduling/hours/export')).sort()).toEqual(['text/csv', XLSX_TYPE].sort());
    expect(Object.keys(ok('/api/event/{id}/scheduling/without-shift/export')).sort()).toEqual(
      ['text/csv', XLSX_TYPE].sort(),
    );
    expect(Object.keys(ok('/api/event/{id}/applications/export')).sort()).toEqual(['text/csv', XLSX_TYPE].sort());
    expect(Object.keys(ok('/api/event/{id}/my-shifts.ics'))).toEqual(['text/calendar']);
    expect(Object.keys(ok('/api/calendar/{file}'))).toEqual(['text/calendar']);
    expect(Object.keys(ok('/api/event/{id}/files/{fileId}/download'))).toEqual(['*/*']);
    for (const avatar of ['/api/user/{userId}/avatar', '/api/event/{id}/avatar']) {
      expect(Object.keys(ok(avatar))).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
      expect(Object.keys(operation(avatar, 'get').responses)).toEqual(expect.arrayContaining(['206', '304', '416']));
    }
    for (const upload of ['/api/user/avatar', '/api/event/{id}/avatar', '/api/event/{id}/files']) {
      const content = operation(upload, 'post').requestBody?.content ?? {};
      expect(JSON.stringify(content['multipart/form-data']), upload).toContain('"file"');
    }
    const nullableWithoutType: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Json;
      if ('nullable' in schema && !('type' in schema)) nullableWithoutType.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(document, '#');
    expect(nullableWithoutType).toEqual([]);
  });

  it('answers every operation without a session as documented: 401 in the envelope where a session is required', async () => {
    const wrong: string[] = [];
    for (const { route, method, operation } of operations()) {
      const url = route.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'file' ? 'nothing.ics' : '1'));
      const answer = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        payload: UNSAFE.has(method) ? {} : undefined,
      });
      const needsSession = (operation.security?.length ?? 0) > 0;
      if (needsSession !== (answer.statusCode === 401)) wrong.push(`${method} ${route}: ${answer.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // Every operation's error answer was checked against the document by the test app (see helpers/app.ts).
    const checked = new Set([...t.answers.seen].map((seen) => seen.split(' ').slice(0, 2).join(' ')));
    expect(checked.size).toBe(operations().length);
  });
});
