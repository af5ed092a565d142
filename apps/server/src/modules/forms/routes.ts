import { eventFormSchema, formFieldSchema, saveFormSchema } from '@funkis/shared';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { eventParams, ok } from '../../lib/http.js';
import { bodyValidationError, parseSliced } from '../../lib/sliced-parse.js';
import { currentUser } from '../../plugins/auth.js';
import { formsService } from './service.js';

/** The application form's builder (admins only). The apply page is the applications module's. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const forms = formsService(app.serverContext);
  const admin = app.requireEventRole(0);

  app.get(
    '/event/:id/form',
    {
      onRequest: admin,
      schema: { tags: ['forms'], params: eventParams, response: { 200: eventFormSchema } },
    },
    async (request) => forms.getForm(request.params.id),
  );

  app.post(
    '/event/:id/form',
    {
      onRequest: admin,
      // The biggest form is checked a slice of fields at a time (docs/decisions/021); params as every route.
      validatorCompiler: saveFormValidators,
      schema: {
        tags: ['forms'],
        params: eventParams,
        body: saveFormSchema,
        response: { 200: ok(eventFormSchema.shape) },
      },
    },
    async (request) => {
      const saved = await forms.saveForm({
        eventId: request.params.id,
        actorId: currentUser(request).id,
        fields: request.body.fields,
        expectedUpdatedAt: request.body.updatedAt,
      });
      // The answer is written in a turn of its own.
      await turnOfTheLoop();
      return saved;
    },
  );
};

const FIELDS_MAXIMUM = 200;

/** The route's validators: its own for the body, zod's for the rest (an async validator is Fastify's too). */
const saveFormValidators = ((route: Parameters<typeof validatorCompiler>[0]) =>
  route.httpPart === 'body' ? validateSaveForm : validatorCompiler(route)) as never;

/**
 * `saveFormSchema` on the builder's body, its fields a slice at a time: the same values and the same issues (in
 * the same order: the fields', then the other properties') as one parse. A body that is not an object with at most
 * 200 fields is parsed whole. The parsed values replace the body's in place, as the validator's result would.
 */
async function validateSaveForm(data: unknown): Promise<true> {
  const body = data as { fields?: unknown; updatedAt?: unknown } | null;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.fields) || body.fields.length > FIELDS_MAXIMUM) {
    const whole = saveFormSchema.safeParse(data);
    if (!whole.success) throw bodyValidationError(whole.error.issues);
    Object.assign(body as object, whole.data);
    return true;
  }
  const rest = saveFormSchema.safeParse({ ...body, fields: [] });
  const fields = await parseSliced(formFieldSchema, body.fields, ['fields']);
  const issues = [...(fields.success ? [] : fields.issues), ...(rest.success ? [] : rest.error.issues)];
  if (!fields.success || !rest.success) throw bodyValidationError(issues);
  for (const key of Object.keys(body)) delete (body as Record<string, unknown>)[key];
  Object.assign(body, rest.data, { fields: fields.data });
  return true;
}
