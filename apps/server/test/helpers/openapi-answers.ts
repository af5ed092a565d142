import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, Json>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Json>; schemas: Record<string, Json> };
}

const pathOf = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const mediaOf = (contentType: unknown) =>
  String(contentType ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** A media type of the document's content map that covers the answer's: exact, `type/*` or `*\/*`. */
function contentKeyFor(content: Json, media: string): string | undefined {
  const keys = Object.keys(content);
  return (
    keys.find((key) => mediaOf(key) === media) ??
    keys.find((key) => key.endsWith('/*') && media.startsWith(key.slice(0, -1))) ??
    keys.find((key) => key === '*/*')
  );
}

/**
 * Checks every answer the app gives against its own OpenAPI document with ajv (JSON Schema 2020-12, as the
 * document is OpenAPI 3.1): the operation is documented, its status is (exactly, as a range like 4XX, or
 * `default`), the answer's media type is one the response lists, and a JSON body is valid against the schema.
 * Every JSON error, on a route or not (404, 405), must be the error envelope. Mismatches are kept, not thrown, so
 * the test that caused one still sees its answer; `problems` is read when the app closes.
 */
/** What the check needs of one answer. */
interface Answer {
  method: string;
  url: string;
  routeUrl: string | undefined;
  statusCode: number;
  contentType: ReturnType<FastifyReply['getHeader']>;
  body: string | null;
}

export class OpenApiAnswers {
  readonly problems: string[] = [];
  /** `METHOD path status` of every answer checked against an operation. */
  readonly seen = new Set<string>();
  private document: OpenApiDocument | null = null;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly app: () => FastifyInstance) {
    addFormats.default(this.ajv);
  }

  private load(): OpenApiDocument {
    if (!this.document) {
      this.document = (this.app() as unknown as { swagger(): OpenApiDocument }).swagger();
      this.ajv.addSchema({ ...this.document, $id: 'openapi.json' } as Json);
    }
    return this.document;
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#${ref}` });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /**
   * Answers kept to be checked at `flush` (when the app closes) instead of as they are sent: for tests that measure
   * the server's event loop, where checking a big answer here would be counted as the route's work.
   */
  private deferred: Answer[] | null = null;

  deferChecks(): void {
    this.deferred ??= [];
  }

  /** Checks the answers kept so far. */
  flush(): void {
    for (const answer of this.deferred?.splice(0) ?? []) this.checkRecorded(answer);
  }

  /** The onSend hook: records what does not match, never changes the answer. */
  readonly hook = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs') || request.method === 'HEAD') {
      return payload;
    }
    const answer: Answer = {
      method: request.method,
      url: request.url,
      routeUrl: request.routeOptions.url,
      statusCode: reply.statusCode,
      contentType: reply.getHeader('content-type'),
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null,
    };
    if (this.deferred) this.deferred.push(answer);
    else this.checkRecorded(answer);
    return payload;
  };

  private checkRecorded(answer: Answer) {
    try {
      this.check(answer);
    } catch (error) {
      this.problems.push(`${answer.method} ${answer.url}: checking failed: ${(error as Error).message}`);
    }
  }

  private check(answer: Answer) {
    const request = { method: answer.method, url: answer.url };
    const reply = { statusCode: answer.statusCode };
    const document = this.load();
    const status = String(reply.statusCode);
    const media = mediaOf(answer.contentType);
    const body = answer.body;
    const url = answer.routeUrl;
    const operation = url ? document.paths[pathOf(url)]?.[request.method.toLowerCase()] : undefined;
    const where = `${request.method} ${url ?? request.url} ${status}`;
    if (!operation) {
      // No route (404, 405) or an undocumented one: a JSON error must still be the envelope.
      if (url && !url.startsWith('/api/docs')) this.problems.push(`${where}: not in the document`);
      if (media === 'application/json' && body !== null && reply.statusCode >= 400) {
        this.validate('/components/schemas/ErrorEnvelope', body, where);
      }
      return;
    }
    this.seen.add(where);
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in operation.responses);
    if (!key) {
      this.problems.push(`${where}: status not documented (${Object.keys(operation.responses).join(', ')})`);
      return;
    }
    let responsePointer = pointer('', 'paths', pathOf(url ?? ''), request.method.toLowerCase(), 'responses', key);
    let response = operation.responses[key] ?? {};
    if (typeof response.$ref === 'string') {
      responsePointer = response.$ref.slice(1);
      response = document.components.responses[response.$ref.split('/').at(-1) ?? ''] ?? {};
    }
    const content = response.content as Json | undefined;
    if (!content) {
      if (body) this.problems.push(`${where}: a body, and the document gives the response none`);
      return;
    }
    if (reply.statusCode === 304 || (body === '' && reply.statusCode === 206)) return;
    const contentKey = contentKeyFor(content, media);
    if (!contentKey) {
      this.problems.push(`${where}: ${media || 'no content type'} is not among ${Object.keys(content).join(', ')}`);
      return;
    }
    if (media === 'application/json' && body !== null) {
      this.validate(`${responsePointer}/content/${pointer(contentKey)}/schema`, body, where);
    }
  }

  private validate(ref: string, body: string, where: string) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      this.problems.push(`${where}: not JSON`);
      return;
    }
    const validate = this.validator(ref);
    if (!validate(data)) {
      const [first] = validate.errors ?? [];
      this.problems.push(
        `${where}: ${first?.instancePath || '(root)'} ${first?.message ?? 'invalid'} (${JSON.stringify(first?.params)}) in ${body.slice(0, 300)}`,
      );
    }
  }
}
