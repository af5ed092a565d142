import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { catalogue } from '@funkis/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document at /api/docs/json (decision 023): OpenAPI 3.1 (its schemas are JSON Schema 2020-12, as zod
 * writes them), generated from the routes' zod schemas, then completed from what each route declares:
 * - security: the session cookie on every route but the public ones (`config.public`, and the CSRF-exempt ones),
 *   the `x-csrf-token` header (scheme and parameter) on every unsafe one that is not exempt;
 * - errors: the one error envelope as a component, referenced by every operation for the statuses its
 *   shape allows (400 with input, 401 with a session, 403 with a CSRF token, 404 with path parameters, 413/415
 *   with an upload) and for any other 4XX and 5XX;
 * - answers that are not JSON (`answers()`), multipart uploads (`multipartBody()`), an operationId for each.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers without a session (documented with no security requirement). */
    public?: boolean;
  }
}

/** The media types of an answer that is not JSON: `text` for a text body, `binary` for bytes. */
export type AnswerMedia = Record<string, 'text' | 'binary'>;

const ANSWER_KEY = 'x-funkis-answer';
const UPLOAD_KEY = 'x-funkis-upload';

/**
 * Route schema part for an answer that is not JSON: its media types (documented on its 200). `stored`: bytes sent
 * by `sendStored` (lib/stored-answer.ts), with validators, conditional answers (304, 412) and ranges (206, 416).
 */
export const answers = (media: AnswerMedia, description: string, options: { stored?: boolean } = {}) => ({
  [ANSWER_KEY]: { media, description, stored: options.stored === true },
});

const STORED_HEADERS = {
  ETag: { description: 'Strong validator of the bytes', schema: { type: 'string' } },
  'Last-Modified': { description: 'When the bytes were stored', schema: { type: 'string' } },
  'Accept-Ranges': { description: '`bytes`: one range may be asked for', schema: { type: 'string' } },
};

/** Route schema part for a multipart upload: the file field and the text fields beside it. */
export const multipartBody = (fields: { file: string; text?: Record<string, string> }) => ({
  consumes: ['multipart/form-data'],
  [UPLOAD_KEY]: fields,
});

const ERROR_REF = '#/components/responses/Error';
const UNAVAILABLE_REF = '#/components/responses/Unavailable';
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/** The error envelope (`plugins/errors.ts`), its codes the keys of the shared catalogue. */
const ERROR_ENVELOPE = {
  type: 'object',
  description: 'Every failure, whatever the route: English texts, their catalogue keys with parameters, per field.',
  required: ['success', 'errorMessages', 'errors'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', enum: [false] },
    errorMessages: { type: 'array', items: { type: 'string' }, description: 'English texts, in the order of errors.' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: Object.keys(catalogue).sort(), description: 'Key of the message catalogue.' },
          params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
          field: { type: 'string', description: 'The field of the payload the message is about.' },
        },
      },
    },
    fieldErrors: { type: 'object', additionalProperties: { type: 'string' }, description: 'English text per field.' },
  },
};

interface RouteFacts {
  isPublic: boolean;
  isCsrfExempt: boolean;
  hasInput: boolean;
}

type Json = Record<string, unknown>;
type Operation = Json & {
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Json[];
  responses: Record<string, Json>;
};

const pathOf = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/event/{id}/files/{fileId}/download` → `getEventByIdFilesByFileIdDownload`: unique per operation. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((part) => (/^\{\w+\}$/.test(part) ? `By${capitalise(part.slice(1, -1))}` : capitalise(part)));
  return `${method.toLowerCase()}${words.join('') || 'Root'}`;
}

/**
 * A `required` property an object lists without defining it (a zod record over an enum: every key required, each
 * value the `additionalProperties` schema) is defined with that schema, so the schema says the same, explicitly.
 */
function defineRequired(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) defineRequired(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const required = schema.required;
  const extra = schema.additionalProperties;
  if (Array.isArray(required) && extra && typeof extra === 'object') {
    const properties = (schema.properties ?? {}) as Json;
    for (const name of required) if (!(name in properties)) properties[name] = extra;
    schema.properties = properties;
  }
  for (const value of Object.values(schema)) defineRequired(value);
}

function completeOperation(method: string, path: string, operation: Operation, facts: RouteFacts | undefined) {
  operation.operationId ??= operationIdOf(method, path);
  if (!operation.summary) {
    const sentence = operation.description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '');
    operation.summary = sentence && sentence.length <= 120 ? sentence : `${method.toUpperCase()} ${path}`;
  }
  const isPublic = facts?.isPublic ?? false;
  const needsCsrf = !isPublic && UNSAFE.has(method) && !(facts?.isCsrfExempt ?? false);
  operation.security = isPublic ? [] : needsCsrf ? [{ session: [], csrf: [] }] : [{ session: [] }];
  if (needsCsrf) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'x-csrf-token',
        in: 'header',
        required: true,
        description: "The session's CSRF token: the `_csrf` of the last successful POST or DELETE (spec section 7).",
        schema: { type: 'string' },
      },
    ];
  }

  const answer = operation[ANSWER_KEY] as { media: AnswerMedia; description: string; stored: boolean } | undefined;
  delete operation[ANSWER_KEY];
  if (answer) {
    const content: Json = {};
    for (const [type, kind] of Object.entries(answer.media)) {
      content[type] = {
        schema: kind === 'text' ? { type: 'string' } : { type: 'string', contentMediaType: type.split(';')[0] },
      };
    }
    operation.responses['200'] = {
      description: answer.description,
      content,
      ...(answer.stored ? { headers: STORED_HEADERS } : {}),
    };
    if (answer.stored) {
      operation.responses['206'] = {
        description: 'The one byte range asked for (`Range`, honoured when `If-Range` still matches)',
        content,
        headers: {
          ...STORED_HEADERS,
          'Content-Range': { description: '`bytes first-last/size`', schema: { type: 'string' } },
        },
      };
      operation.responses['304'] = { description: 'Not modified (`If-None-Match` or `If-Modified-Since`)' };
      operation.responses['412'] = { $ref: ERROR_REF };
      operation.responses['416'] = { $ref: ERROR_REF };
    }
  }
  const upload = operation[UPLOAD_KEY] as { file: string; text?: Record<string, string> } | undefined;
  delete operation[UPLOAD_KEY];
  if (upload) {
    const properties: Json = {
      file: { type: 'string', contentMediaType: 'application/octet-stream', description: upload.file },
    };
    for (const [name, description] of Object.entries(upload.text ?? {})) {
      properties[name] = { type: 'string', description };
    }
    operation.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties } } },
    };
  }

  const hasPathParameters = path.includes('{');
  const errors: string[] = [];
  if (facts?.hasInput || hasPathParameters || upload) errors.push('400');
  if (!isPublic) errors.push('401');
  if (needsCsrf || hasPathParameters) errors.push('403');
  if (hasPathParameters) errors.push('404');
  if (upload) errors.push('413', '415');
  else if (operation.requestBody) errors.push('415');
  errors.push('4XX', '5XX');
  for (const status of errors) operation.responses[status] ??= { $ref: ERROR_REF };
  operation.responses['503'] ??= { $ref: UNAVAILABLE_REF };
  // A status a route declares with a schema of its own (health's 503) keeps it; other declared errors use the ref.
  for (const [status, response] of Object.entries(operation.responses)) {
    if (/^[45]/.test(status) && !('$ref' in response) && !('content' in response)) {
      operation.responses[status] = { $ref: ERROR_REF };
    }
  }
}

/** The options of @fastify/swagger for this app. */
export function openapiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  const facts = new Map<string, RouteFacts>();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Funkis API',
        version: '0.1.0',
        description:
          'Events that need volunteers. JSON in and out; every failure is the error envelope. Unsafe calls need ' +
          'the session cookie and the `x-csrf-token` header (except login, register, recover and reset password, ' +
          'confirm e-mail).',
      },
      servers: [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'funkis_sid', description: 'Set by login and register.' },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'x-csrf-token',
            description: 'The `_csrf` of the last successful POST or DELETE.',
          },
        },
        schemas: { ErrorEnvelope: ERROR_ENVELOPE as Json },
        responses: {
          Error: {
            description: 'The error envelope',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
          Unavailable: {
            description:
              'Overloaded or without its database, with `Retry-After`: the error envelope, or a page that says so ' +
              'and reloads when the address was opened in a browser tab (plugins/overload.ts)',
            headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' } } },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
              'text/html': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
    transform: (input) => {
      const methods = [input.route.method].flat();
      const schema = (input.schema ?? {}) as Json;
      for (const method of methods) {
        facts.set(`${method.toLowerCase()} ${pathOf(input.url)}`, {
          isPublic: input.route.config?.public === true || input.route.config?.csrfExempt === true,
          isCsrfExempt: input.route.config?.csrfExempt === true,
          hasInput: Boolean(schema.body || schema.querystring || schema.params),
        });
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (documentObject) => {
      const document = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Json & {
        paths?: Record<string, Record<string, Operation>>;
      };
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          completeOperation(method, path, operation, facts.get(`${method} ${path}`));
        }
      }
      defineRequired(document.paths);
      return document as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
    },
  };
}
